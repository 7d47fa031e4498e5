import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericToNumber } from './leave-type.entity';

export const LEAVE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveRequestStatus = (typeof LEAVE_REQUEST_STATUSES)[number];

@Entity({ name: 'leave_requests' })
@Index('idx_leave_requests_company_id', ['companyId', 'id'])
@Index('idx_leave_requests_company_updated', ['companyId', 'updatedAt'])
@Index('idx_leave_requests_company_employee_start', ['companyId', 'employeeId', 'startDate'])
@Index('idx_leave_requests_company_created', ['companyId', 'createdAt', 'id'])
// the list's order (page mode), and its status filter in that order and in the cursor's key's
@Index('idx_leave_requests_company_start', ['companyId', 'startDate', 'id'])
@Index('idx_leave_requests_company_status_start', ['companyId', 'status', 'startDate', 'id'])
@Index('idx_leave_requests_company_status', ['companyId', 'status', 'id'])
export class LeaveRequest {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'employee_id', type: 'uuid' })
  employeeId: string;

  @Column({ name: 'leave_type_id', type: 'uuid' })
  leaveTypeId: string;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  /** The leave starts at midday on startDate. */
  @Column({ name: 'start_half_day', type: 'boolean', default: false })
  startHalfDay: boolean;

  /** The leave ends at midday on endDate. */
  @Column({ name: 'end_half_day', type: 'boolean', default: false })
  endHalfDay: boolean;

  /** Working days (Mon–Fri) the request takes, in halves. */
  @Column({ type: 'numeric', precision: 5, scale: 1, transformer: numericToNumber })
  days: number;

  @Column({ type: 'varchar', length: 10 })
  status: LeaveRequestStatus;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  reason: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
