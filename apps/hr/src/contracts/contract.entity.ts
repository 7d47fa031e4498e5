import { bigintToNumber } from '@platform/data';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const CONTRACT_TYPES = ['permanent', 'fixed_term', 'internship', 'apprenticeship', 'consultant'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
/** These types end by nature: they need an endDate. */
export const TYPES_NEEDING_END_DATE: readonly ContractType[] = ['fixed_term', 'internship'];

export const CONTRACT_STATUSES = ['draft', 'active', 'ended'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const PAY_FREQUENCIES = ['monthly', 'biweekly', 'weekly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

/** A recurring amount added to base pay, in minor units. */
export interface Allowance {
  code: string;
  name: string;
  amount: number;
  taxable: boolean;
  contributory: boolean;
}

/** A recurring amount withheld from pay, in minor units. */
export interface Deduction {
  code: string;
  name: string;
  amount: number;
}

@Entity({ name: 'contracts' })
@Index('idx_contracts_company_id', ['companyId', 'id'])
@Index('idx_contracts_company_updated', ['companyId', 'updatedAt'])
@Index('idx_contracts_company_employee_start', ['companyId', 'employeeId', 'startDate'])
@Index('idx_contracts_company_created', ['companyId', 'createdAt', 'id'])
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_contracts_company_status_created', ['companyId', 'status', 'createdAt', 'id'])
@Index('idx_contracts_company_status', ['companyId', 'status', 'id'])
@Index('uq_contracts_company_external_id', ['companyId', 'externalId'], { unique: true })
export class Contract {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'employee_id', type: 'uuid' })
  employeeId: string;

  /** The client's id for the contract, unique within the company; null when none was given. */
  @Column({ name: 'external_id', type: 'varchar', length: 100, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 20 })
  type: ContractType;

  @Column({ type: 'varchar', length: 10 })
  status: ContractStatus;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  /** Null: open-ended. */
  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  @Column({ name: 'base_salary', type: 'bigint', transformer: bigintToNumber })
  baseSalary: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'pay_frequency', type: 'varchar', length: 10 })
  payFrequency: PayFrequency;

  @Column({ type: 'jsonb' })
  allowances: Allowance[];

  @Column({ type: 'jsonb' })
  deductions: Deduction[];

  @Column({ name: 'job_title', type: 'varchar', length: 150, nullable: true })
  jobTitle: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
