import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsDateOnly, PageQueryDto } from '@platform/pipeline';
import { IsHalfDayMultiple, trim, UUID } from '../../shared/validation';
import { LEAVE_REQUEST_STATUSES, LeaveRequestStatus } from '../leave-request.entity';

export class CreateLeaveTypeDto {
  @ApiProperty({ example: 'Annual leave', minLength: 1, maxLength: 100, description: 'Unique in the company.' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ example: 18, minimum: 0, maximum: 366, multipleOf: 0.5, description: 'Working days per calendar year, in steps of 0.5.' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(366)
  @IsHalfDayMultiple()
  annualAllowanceDays: number;

  @ApiPropertyOptional({ default: true, description: 'Unpaid types have no balance check and are reported to payroll as unpaid leave days.' })
  @ValidateIf((dto: CreateLeaveTypeDto) => dto.paid !== undefined)
  @IsBoolean()
  paid: boolean = true;
}

export class CreateLeaveRequestDto {
  @ApiProperty({ ...UUID })
  @IsUUID()
  employeeId: string;

  @ApiProperty({ ...UUID })
  @IsUUID()
  leaveTypeId: string;

  @ApiProperty({ example: '2025-08-04', format: 'date' })
  @IsDateOnly()
  startDate: string;

  @ApiProperty({ example: '2025-08-15', format: 'date', description: 'Inclusive; at most 366 days after startDate.' })
  @IsDateOnly()
  endDate: string;

  @ApiPropertyOptional({ default: false, description: 'The leave starts at midday on startDate. Alone on a one-day request: the afternoon.' })
  @IsOptional()
  @IsBoolean()
  startHalfDay: boolean = false;

  @ApiPropertyOptional({ default: false, description: 'The leave ends at midday on endDate. Alone on a one-day request: the morning.' })
  @IsOptional()
  @IsBoolean()
  endHalfDay: boolean = false;

  @ApiPropertyOptional({ type: String, example: 'Family visit', maxLength: 1000, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(1000)
  reason?: string | null;
}

export class ListLeaveRequestsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...UUID })
  @IsOptional()
  @IsUUID()
  employeeId?: string;

  @ApiPropertyOptional({ enum: LEAVE_REQUEST_STATUSES })
  @IsOptional()
  @IsIn(LEAVE_REQUEST_STATUSES)
  status?: LeaveRequestStatus;

  @ApiPropertyOptional({ format: 'date', description: 'Requests ending on or after this date.' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Requests starting on or before this date.' })
  @IsOptional()
  @IsDateOnly()
  to?: string;
}

export class LeaveBalancesQueryDto {
  @ApiPropertyOptional({ type: 'integer', example: 2025, minimum: 2000, maximum: 2100, description: 'Calendar year; defaults to the current one.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(2000)
  @Max(2100)
  year?: number;
}
