import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { HrContract } from '@platform/contracts';

export const EMPLOYEE_STATUSES = ['active', 'on_leave', 'suspended', 'terminated'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export const PAYOUT_METHODS = ['bank', 'mobile_money'] as const satisfies readonly Payout['method'][];
export const MOBILE_MONEY_PROVIDERS = ['mtn_momo', 'orange_money'] as const satisfies readonly Payout['provider'][];

export type Payout = HrContract.Payout;

/** The canonical employee record; every row belongs to one company. */
@Entity({ name: 'employees' })
@Index('idx_employees_company_id', ['companyId', 'id'])
@Index('idx_employees_company_updated', ['companyId', 'updatedAt'])
@Index('uq_employees_company_external_id', ['companyId', 'externalId'], { unique: true })
@Index('idx_employees_company_created', ['companyId', 'createdAt', 'id'])
// the list's filters, each within the company and in the order of the cursor's key
@Index('idx_employees_company_status', ['companyId', 'status', 'id'])
@Index('idx_employees_company_department', ['companyId', 'department', 'id'])
@Index('idx_employees_company_email', ['companyId', 'email', 'id'])
// and in the list's order (page mode)
@Index('idx_employees_company_status_created', ['companyId', 'status', 'createdAt', 'id'])
@Index('idx_employees_company_department_created', ['companyId', 'department', 'createdAt', 'id'])
export class Employee {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'external_id', type: 'varchar', length: 100 })
  externalId: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;

  @Column({ name: 'hire_date', type: 'date' })
  hireDate: string;

  @Column({ name: 'job_title', type: 'varchar', length: 150 })
  jobTitle: string;

  @Column({ type: 'varchar', length: 150 })
  department: string;

  @Column({ type: 'varchar', length: 20 })
  status: EmployeeStatus;

  @Column({ name: 'termination_date', type: 'date', nullable: true })
  terminationDate: string | null;

  @Column({ name: 'national_id', type: 'varchar', length: 50, nullable: true })
  nationalId: string | null;

  /** The CNPS number in Cameroon. */
  @Column({ name: 'social_insurance_number', type: 'varchar', length: 50, nullable: true })
  socialInsuranceNumber: string | null;

  /** ISO 3166-1 alpha-2; decides which statutory payroll rules apply. */
  @Column({ type: 'varchar', length: 2, default: 'CM' })
  country: string;

  @Column({ type: 'jsonb', nullable: true })
  payout: Payout | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
