import { ApiProperty } from '@nestjs/swagger';
import { LEAVE_REQUEST_STATUSES, LeaveRequestStatus } from '../leave-request.entity';

export class LeaveBalanceView {
  @ApiProperty({ format: 'uuid' }) leaveTypeId: string;
  @ApiProperty({ example: 'Annual leave' }) name: string;
  @ApiProperty() paid: boolean;
  @ApiProperty({ example: 18, multipleOf: 0.5, description: 'Days granted for the year.' }) allowance: number;
  @ApiProperty({ example: 5, multipleOf: 0.5, description: 'Approved working days in the year.' }) taken: number;
  @ApiProperty({ example: 2.5, multipleOf: 0.5, description: 'Pending working days in the year.' }) pending: number;
  @ApiProperty({ example: 10.5, multipleOf: 0.5, description: 'allowance − taken − pending' }) remaining: number;
}

/** A leave type as the API returns it. */
export class LeaveTypeView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty({ example: 'Annual leave' }) name: string;
  @ApiProperty({ example: 18, multipleOf: 0.5, description: 'Working days per calendar year.' }) annualAllowanceDays: number;
  @ApiProperty({ description: 'Unpaid types have no balance check.' }) paid: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** A leave request as the API returns it. */
export class LeaveRequestView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty({ format: 'uuid' }) employeeId: string;
  @ApiProperty({ format: 'uuid' }) leaveTypeId: string;
  @ApiProperty({ format: 'date', example: '2025-08-04' }) startDate: string;
  @ApiProperty({ format: 'date', example: '2025-08-15' }) endDate: string;
  @ApiProperty({ description: 'The leave starts at midday on startDate.' }) startHalfDay: boolean;
  @ApiProperty({ description: 'The leave ends at midday on endDate.' }) endHalfDay: boolean;
  @ApiProperty({ example: 10, multipleOf: 0.5, description: 'Working days (Mon–Fri) the request takes, in halves.' }) days: number;
  @ApiProperty({ enum: LEAVE_REQUEST_STATUSES }) status: LeaveRequestStatus;
  @ApiProperty({ type: String, nullable: true, example: 'Family visit' }) reason: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was approved, rejected or cancelled.' }) decidedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}
