import { ApiProperty } from '@nestjs/swagger';
import { ATTENDANCE_STATUSES, AttendanceStatus } from '../attendance-record.entity';

export class AttendanceRecordView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) employeeId: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ enum: ATTENDANCE_STATUSES }) status: AttendanceStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) checkIn: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) checkOut: Date | null;
  @ApiProperty({ example: 8.5, minimum: 0, description: 'From check-in to check-out, 2 decimals; 0 without both.' }) workedHours: number;
  @ApiProperty({ type: String, format: 'date-time', description: 'When it last changed: what `updatedSince` compares.' }) updatedAt: Date;
}

export class AttendanceDayView {
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({
    enum: [...ATTENDANCE_STATUSES, 'on_leave', 'weekend', 'unrecorded'],
    description: 'The recorded status; otherwise on_leave, weekend or unrecorded.',
  })
  status: string;
  @ApiProperty({ example: 8.5, minimum: 0, description: '2 decimals.' }) workedHours: number;
  @ApiProperty({ description: 'Approved leave covers this working day (fully or half).' }) onLeave: boolean;
}

export class AttendanceSummaryView {
  @ApiProperty({ format: 'uuid' }) employeeId: string;
  @ApiProperty({ example: 42.5, minimum: 0, description: 'Over the range, 2 decimals.' }) workedHours: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Days recorded present or remote.' }) daysPresent: number;
  @ApiProperty({ minimum: 0, multipleOf: 0.5, description: 'Working days of approved leave, halves allowed.' }) daysOnLeave: number;
  @ApiProperty({ type: [AttendanceDayView] }) days: AttendanceDayView[];
}
