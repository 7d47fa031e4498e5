import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, LessThanOrEqual, MoreThanOrEqual } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { ListRunsQueryDto } from './dto/run.dto';
import { PeriodClaim } from './period-claim.entity';
import { PayrollRun, RunStatus } from './payroll-run.entity';
import { Payslip } from './payslip.entity';

/** What a run is written with (the company and the keys aside). */
export type RunFields = Omit<PayrollRun, 'id' | 'companyId' | 'approvedAt' | 'paidAt' | 'cancelledAt' | 'createdAt' | 'updatedAt'>;

/** What a run says of its payslips as a whole. */
export type RunTotals = Pick<
  PayrollRun,
  | 'ruleSetVersion'
  | 'currency'
  | 'employeeCount'
  | 'paymentProgress'
  | 'totalGross'
  | 'totalDeductions'
  | 'totalNet'
  | 'totalEmployerContributions'
  | 'totalEmployerCost'
>;

const SAMPLE_TOTALS: RunTotals = {
  ruleSetVersion: 'cm.2024-01-01',
  currency: 'XAF',
  employeeCount: 0,
  paymentProgress: { total: 0, succeeded: 0, failed: 0, pending: 0 },
  totalGross: 0,
  totalDeductions: 0,
  totalNet: 0,
  totalEmployerContributions: 0,
  totalEmployerCost: 0,
};

const SAMPLE_RUN: RunFields = {
  status: 'draft',
  country: 'CM',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  employeeIds: null,
  ...SAMPLE_TOTALS,
  version: 1,
  calculatedAt: new Date(0),
};

/** Payroll runs and the months they claim for their employees (`payroll_runs`, `payroll_period_claims`). */
@Injectable()
export class RunsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_RUN, SAMPLE.tx])
  insertRun(companyId: string, fields: RunFields, manager: EntityManager): Promise<PayrollRun> {
    return manager.save(manager.create(PayrollRun, { ...fields, companyId }));
  }

  /** Another company's run is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findRun(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<PayrollRun | null> {
    return manager.findOneBy(PayrollRun, { id, companyId });
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { status: 'draft' as const, page: 2, limit: 20 }], 'by status')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01', page: 2, limit: 20 }], 'from a date')
  @QuerySample([SAMPLE.companyId, { to: '2026-12-31', page: 2, limit: 20 }], 'to a date')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { status: 'draft' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by status, after a cursor')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01', cursor: SAMPLE.cursor, limit: 20 }], 'from a date, after a cursor')
  @QuerySample([SAMPLE.companyId, { to: '2026-12-31', cursor: SAMPLE.cursor, limit: 20 }], 'to a date, after a cursor')
  listRunsPage(companyId: string, query: ListRunsQueryDto): Promise<Page<PayrollRun>> {
    const where: FindOptionsWhere<PayrollRun> = { companyId };
    if (query.status) where.status = query.status;
    if (query.from) where.periodStart = MoreThanOrEqual(query.from);
    if (query.to) where.periodEnd = LessThanOrEqual(query.to);
    return findPage(this.dataSource.getRepository(PayrollRun), where, { createdAt: 'DESC', id: 'DESC' }, query);
  }

  /** Sets a run's totals (after its payslips are written). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE_TOTALS, SAMPLE.tx])
  setTotals(companyId: string, id: string, totals: RunTotals, manager: EntityManager): Promise<void> {
    return manager.update(PayrollRun, { id, companyId }, totals).then(() => undefined);
  }

  /**
   * Changes a draft, only as it was read (at `version`): an approval or another change in
   * between wins, and this one holds the run's row until its transaction ends. Answers whether it landed.
   */
  @QuerySample([
    SAMPLE.companyId,
    SAMPLE.id,
    1,
    { periodStart: '2026-03-01', periodEnd: '2026-03-31', employeeIds: null, country: 'CM', calculatedAt: new Date(0) },
    SAMPLE.tx,
  ])
  async changeDraft(companyId: string, id: string, version: number, changes: Partial<RunFields>, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(PayrollRun)
      .set({ ...changes, version: () => 'version + 1' })
      .where('id = :id AND company_id = :companyId AND status = :draft AND version = :version', { id, companyId, draft: 'draft', version })
      .execute();
    return Boolean(result.affected);
  }

  /** Moves a run from one of `from` to another status: one conditional statement, so that two moves at once cannot both win. Answers whether it moved. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, ['draft', 'approved'] as RunStatus[], { status: 'cancelled' as const, cancelledAt: new Date(0) }, SAMPLE.tx])
  async moveRun(companyId: string, id: string, from: RunStatus[], to: Partial<PayrollRun>, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(PayrollRun)
      .set({ ...to, version: () => 'version + 1' })
      .where('id = :id AND company_id = :companyId AND status IN (:...from)', { id, companyId, from })
      .execute();
    return Boolean(result.affected);
  }

  /**
   * Claims the month for each of the run's employees, from its payslips in one statement: as many
   * claims as payslips, whatever the number, with three bound values. A month an employee already
   * has in another run fails on the claims' key.
   */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, '2026-03', SAMPLE.tx])
  async claimMonth(companyId: string, runId: string, month: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO ${qualifiedTable(this.dataSource, PeriodClaim)} ("company_id", "employee_id", "month", "run_id") SELECT $1, "employee_id", $2, $3 FROM ${qualifiedTable(this.dataSource, Payslip)} WHERE "company_id" = $1 AND "run_id" = $3`,
      [companyId, month, runId],
    );
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  async releaseClaims(companyId: string, runId: string, manager: EntityManager): Promise<void> {
    await manager.delete(PeriodClaim, { companyId, runId });
  }

  /** Other runs' claims of the month on this run's employees (the first thousand), found by a join rather than a list of ids: no limit on the run's size. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, '2026-03'])
  conflictingClaims(companyId: string, runId: string, month: string): Promise<PeriodClaim[]> {
    return this.dataSource
      .getRepository(PeriodClaim)
      .createQueryBuilder('claim')
      .innerJoin(Payslip, 'slip', 'slip.companyId = claim.companyId AND slip.runId = :runId AND slip.employeeId = claim.employeeId', { runId })
      .where('claim.companyId = :companyId AND claim.month = :month AND claim.runId <> :runId', { companyId, month })
      .orderBy('claim.employeeId')
      .limit(1000)
      .getMany();
  }

  /** Counts the run's payment progress again from its payslips. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, new Date(0), SAMPLE.tx])
  async countPaymentProgress(companyId: string, runId: string, now: Date, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, PayrollRun)} r SET "payment_progress" = counted.progress, "updated_at" = $3
       FROM (
         SELECT jsonb_build_object(
           'total', count(*),
           'succeeded', count(*) FILTER (WHERE "payment_status" = 'succeeded'),
           'failed', count(*) FILTER (WHERE "payment_status" = 'failed'),
           'pending', count(*) FILTER (WHERE "payment_status" IS NULL OR "payment_status" = 'pending')
         ) AS progress
         FROM ${qualifiedTable(this.dataSource, Payslip)} WHERE "company_id" = $1 AND "run_id" = $2
       ) counted
       WHERE r."company_id" = $1 AND r."id" = $2`,
      [companyId, runId, now],
    );
  }
}
