import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';

export const RUN_STATUSES = ['draft', 'approved', 'paid', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Where paying the run's payslips stands, counted in payslips. */
export interface PaymentProgress {
  total: number;
  succeeded: number;
  failed: number;
  /** neither succeeded nor failed: not paid yet, or waiting for Pay's outcome */
  pending: number;
}

export const unpaid = (total: number): PaymentProgress => ({ total, succeeded: 0, failed: 0, pending: total });

/** A payroll run: draft → approved → paid, and draft | approved → cancelled. Only a draft changes. */
@Entity({ name: 'payroll_runs' })
@Index('idx_payroll_runs_company_id', ['companyId', 'id'])
@Index('idx_payroll_runs_company_updated', ['companyId', 'updatedAt'])
@Index('idx_payroll_runs_company_created', ['companyId', 'createdAt', 'id'])
@Index('idx_payroll_runs_company_period', ['companyId', 'periodStart'])
// the list's filters within the company: in the list's order (page mode) and in the cursor's key's
@Index('idx_payroll_runs_company_status_created', ['companyId', 'status', 'createdAt', 'id'])
@Index('idx_payroll_runs_company_status', ['companyId', 'status', 'id'])
export class PayrollRun {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 12 })
  status: RunStatus;

  @Column({ type: 'varchar', length: 2 })
  country: string;

  @Column({ name: 'period_start', type: 'date' })
  periodStart: string;

  @Column({ name: 'period_end', type: 'date' })
  periodEnd: string;

  /** The employees asked for; null means every employee with a contract in force. */
  @Column({ name: 'employee_ids', type: 'jsonb', nullable: true })
  employeeIds: string[] | null;

  @Column({ name: 'rule_set_version', type: 'varchar', length: 40 })
  ruleSetVersion: string;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'employee_count', type: 'integer' })
  employeeCount: number;

  @Column({ name: 'total_gross', type: 'bigint', transformer: bigintToNumber })
  totalGross: number;

  @Column({ name: 'total_deductions', type: 'bigint', transformer: bigintToNumber })
  totalDeductions: number;

  @Column({ name: 'total_net', type: 'bigint', transformer: bigintToNumber })
  totalNet: number;

  @Column({ name: 'total_employer_contributions', type: 'bigint', transformer: bigintToNumber })
  totalEmployerContributions: number;

  @Column({ name: 'total_employer_cost', type: 'bigint', transformer: bigintToNumber })
  totalEmployerCost: number;

  /** Counted again from the payslips each time a part of the run is paid. */
  @Column({ name: 'payment_progress', type: 'jsonb' })
  paymentProgress: PaymentProgress;

  /** Bumped by every change: a recalculation only lands on the version it started from. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'calculated_at', type: 'timestamptz' })
  calculatedAt: Date;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
