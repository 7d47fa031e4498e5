import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, ValidateBy, ValidateIf } from 'class-validator';
import { IsDateOnly, PageOnlyQueryDto, PageQueryDto } from '@platform/pipeline';
import { UUID } from '../../shared/validation';
import { ATTENDANCE_STATUSES, AttendanceStatus } from '../attendance-record.entity';
import { isAttendanceTime, TIME_FORMAT_MESSAGE } from '../attendance-time';

const IsAttendanceTime = () =>
  ValidateBy({ name: 'isAttendanceTime', validator: { validate: isAttendanceTime, defaultMessage: (args) => `${args?.property} ${TIME_FORMAT_MESSAGE}` } });

export class RecordAttendanceDto {
  @ApiProperty({ ...UUID })
  @IsUUID()
  employeeId: string;

  @ApiProperty({ example: '2025-03-03', format: 'date' })
  @IsDateOnly()
  date: string;

  @ApiPropertyOptional({
    type: String,
    example: '08:00',
    nullable: true,
    description: 'HH:mm (UTC, on `date`) or an ISO 8601 date-time with offset written on `date`; null removes it.',
  })
  @ValidateIf((dto: RecordAttendanceDto) => dto.checkIn !== undefined && dto.checkIn !== null)
  @IsAttendanceTime()
  checkIn?: string | null;

  @ApiPropertyOptional({
    type: String,
    example: '17:30',
    nullable: true,
    description: 'After checkIn; a date-time may fall on the next day (night shift); null removes it.',
  })
  @ValidateIf((dto: RecordAttendanceDto) => dto.checkOut !== undefined && dto.checkOut !== null)
  @IsAttendanceTime()
  checkOut?: string | null;

  @ApiPropertyOptional({ enum: ATTENDANCE_STATUSES, description: 'Defaults to present when times are sent; times go only with present or remote.' })
  @IsOptional()
  @IsIn(ATTENDANCE_STATUSES)
  status?: AttendanceStatus;
}

/** from/to are checked by the service: a bad range is ATTENDANCE_INVALID_DATE_RANGE, not VALIDATION_FAILED. */
export class AttendanceRangeDto {
  @ApiProperty({ example: '2025-03-01', format: 'date' })
  @IsOptional()
  @IsString()
  from?: string;

  @ApiProperty({ example: '2025-03-31', format: 'date', description: 'Inclusive; at most 366 days from `from`.' })
  @IsOptional()
  @IsString()
  to?: string;

  @ApiPropertyOptional({ ...UUID })
  @IsOptional()
  @IsUUID()
  employeeId?: string;
}

/** The records of a range: a list, which syncs (`updatedSince`, `cursor`). */
export class AttendanceRangeQueryDto extends IntersectionType(PageQueryDto, AttendanceRangeDto) {}

/** The summary per employee: a view computed from the records, paginated by employee only. */
export class AttendanceSummaryQueryDto extends IntersectionType(PageOnlyQueryDto, AttendanceRangeDto) {}
