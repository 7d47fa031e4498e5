import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const ATTENDANCE_STATUSES = ['present', 'absent', 'remote', 'sick', 'holiday'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** Statuses under which the employee worked, and so may have check-in/check-out times. */
export const WORKING_STATUSES: readonly AttendanceStatus[] = ['present', 'remote'];

/** One employee's attendance on one date. */
@Entity({ name: 'attendance_records' })
@Index('idx_attendance_records_company_id', ['companyId', 'id'])
@Index('idx_attendance_records_company_updated', ['companyId', 'updatedAt'])
@Index('uq_attendance_records_company_employee_date', ['companyId', 'employeeId', 'date'], { unique: true })
@Index('idx_attendance_records_company_date', ['companyId', 'date'])
export class AttendanceRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'employee_id', type: 'uuid' })
  employeeId: string;

  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'varchar', length: 10 })
  status: AttendanceStatus;

  @Column({ name: 'check_in', type: 'timestamptz', nullable: true })
  checkIn: Date | null;

  @Column({ name: 'check_out', type: 'timestamptz', nullable: true })
  checkOut: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
