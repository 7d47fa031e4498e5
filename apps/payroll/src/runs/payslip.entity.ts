import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { HrContract, PayrollContract } from '@platform/contracts';
import { bigintToNumber } from '@platform/data';

export type PayslipPaymentStatus = 'pending' | 'succeeded' | 'failed';

const decimalToNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/** One employee's line of a run, with every earning, deduction and employer contribution. */
@Entity({ name: 'payslips' })
@Index('idx_payslips_company_run_id', ['companyId', 'runId', 'id'])
@Index('idx_payslips_company_run', ['companyId', 'runId', 'employeeName', 'id'])
@Index('idx_payslips_company_employee', ['companyId', 'employeeId'])
export class Payslip {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @Column({ name: 'employee_id', type: 'uuid' })
  employeeId: string;

  @Column({ name: 'employee_external_id', type: 'varchar', length: 100 })
  employeeExternalId: string;

  @Column({ name: 'employee_name', type: 'varchar', length: 201 })
  employeeName: string;

  @Column({ name: 'national_id', type: 'varchar', length: 50, nullable: true })
  nationalId: string | null;

  @Column({ name: 'social_insurance_number', type: 'varchar', length: 50, nullable: true })
  socialInsuranceNumber: string | null;

  @Column({ type: 'jsonb', nullable: true })
  payout: HrContract.Payout | null;

  @Column({ name: 'contract_ids', type: 'jsonb' })
  contractIds: string[];

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'working_days_in_month', type: 'integer' })
  workingDaysInMonth: number;

  @Column({ name: 'worked_days', type: 'numeric', precision: 5, scale: 1, transformer: decimalToNumber })
  workedDays: number;

  @Column({ name: 'unpaid_leave_days', type: 'numeric', precision: 5, scale: 1, transformer: decimalToNumber })
  unpaidLeaveDays: number;

  @Column({ type: 'jsonb' })
  earnings: PayrollContract.PayslipItem[];

  @Column({ type: 'jsonb' })
  deductions: PayrollContract.PayslipItem[];

  @Column({ name: 'employer_contributions', type: 'jsonb' })
  employerContributions: PayrollContract.PayslipItem[];

  @Column({ name: 'gross_pay', type: 'bigint', transformer: bigintToNumber })
  grossPay: number;

  @Column({ name: 'taxable_pay', type: 'bigint', transformer: bigintToNumber })
  taxablePay: number;

  @Column({ name: 'total_deductions', type: 'bigint', transformer: bigintToNumber })
  totalDeductions: number;

  @Column({ name: 'net_pay', type: 'bigint', transformer: bigintToNumber })
  netPay: number;

  @Column({ name: 'total_employer_contributions', type: 'bigint', transformer: bigintToNumber })
  totalEmployerContributions: number;

  @Column({ name: 'employer_cost', type: 'bigint', transformer: bigintToNumber })
  employerCost: number;

  /** Pay's payment of the net pay, once the run is paid: null until tried. */
  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId: string | null;

  @Column({ name: 'payment_status', type: 'varchar', length: 12, nullable: true })
  paymentStatus: PayslipPaymentStatus | null;

  @Column({ name: 'payment_failure_reason', type: 'varchar', length: 200, nullable: true })
  paymentFailureReason: string | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  /** The run's settlement entry for Books that counts this payment (a posting's source id): null until one does. */
  @Column({ name: 'settlement_id', type: 'uuid', nullable: true, select: false })
  settlementId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
