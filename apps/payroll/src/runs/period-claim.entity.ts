import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Which approved or paid run pays an employee for a month. The primary key makes "one approved
 * or paid run per employee per period" hold under concurrency; cancelling a run frees its claims.
 */
@Entity({ name: 'payroll_period_claims' })
@Index('idx_payroll_period_claims_run', ['runId'])
export class PeriodClaim {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @PrimaryColumn({ name: 'employee_id', type: 'uuid' })
  employeeId: string;

  /** YYYY-MM */
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;
}
