import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { Page, PageQueryDto } from '@platform/pipeline';
import { findPage, jsonRecordset, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { Payslip, PayslipPaymentStatus } from './payslip.entity';

/** What a payslip is written with when calculated: the payment's columns come later. */
const NOT_CALCULATED = [
  'id',
  'companyId',
  'runId',
  'createdAt',
  'updatedAt',
  'paymentId',
  'paymentStatus',
  'paymentFailureReason',
  'paidAt',
  'settlementId',
] as const;
export type CalculatedPayslip = Omit<Payslip, (typeof NOT_CALCULATED)[number]>;

/** Payslips per INSERT: each statement carries its rows as one JSON document, three bound values whatever their number. */
const PAYSLIPS_PER_STATEMENT = 1_000;

/** A payslip's place in its run's name order: where a page after it starts. */
export type PayslipPlace = Pick<Payslip, 'id' | 'employeeName'>;

/** The payment of a payslip as Pay answered it. */
export interface PaymentOutcome {
  id: string;
  status: PayslipPaymentStatus;
  paymentId: string | null;
  failureReason: string | null;
  paidAt: Date | null;
}

const SAMPLE_PAYSLIP: CalculatedPayslip = {
  employeeId: SAMPLE.otherId,
  employeeExternalId: 'EMP-0042',
  employeeName: 'Amina Nkemelu',
  nationalId: null,
  socialInsuranceNumber: null,
  payout: null,
  contractIds: [],
  currency: 'XAF',
  workingDaysInMonth: 22,
  workedDays: 22,
  unpaidLeaveDays: 0,
  earnings: [],
  deductions: [],
  employerContributions: [],
  grossPay: 0,
  taxablePay: 0,
  totalDeductions: 0,
  netPay: 0,
  totalEmployerContributions: 0,
  employerCost: 0,
};

/** A run's payslips (`payroll_payslips`): written when the run is calculated, then their payments. */
@Injectable()
export class PayslipsRepository {
  /** The INSERT of a chunk of payslips, written once from the entity (see insertPayslips). */
  private insertStatement?: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Calculated payslips, a chunk per statement, each chunk one JSON document unpacked by PostgreSQL. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, [SAMPLE_PAYSLIP], SAMPLE.tx])
  async insertPayslips(companyId: string, runId: string, payslips: CalculatedPayslip[], manager: EntityManager): Promise<void> {
    if (!this.insertStatement) {
      const calculated = this.dataSource
        .getMetadata(Payslip)
        .columns.map((column) => column.propertyName)
        .filter((property) => !(NOT_CALCULATED as readonly string[]).includes(property));
      const slips = jsonRecordset(this.dataSource, Payslip, calculated);
      this.insertStatement = `INSERT INTO ${qualifiedTable(this.dataSource, Payslip)} ("company_id", "run_id", ${slips.names}) SELECT $1, $2, ${slips.fields} FROM ${slips.from('$3', 'slip')}`;
    }
    for (let i = 0; i < payslips.length; i += PAYSLIPS_PER_STATEMENT) {
      await manager.query(this.insertStatement, [companyId, runId, JSON.stringify(payslips.slice(i, i + PAYSLIPS_PER_STATEMENT))]);
    }
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  async deletePayslips(companyId: string, runId: string, manager: EntityManager): Promise<void> {
    await manager.delete(Payslip, { runId, companyId });
  }

  /** A page of the run's payslips, by name. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  listPayslipsPage(companyId: string, runId: string, query: PageQueryDto): Promise<Page<Payslip>> {
    return findPage(this.dataSource.getRepository(Payslip), { runId, companyId }, { employeeName: 'ASC', id: 'ASC' }, query);
  }

  /** Where a payslip of the run stands in name order; null once it is no longer in the run. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.otherId])
  findPayslipPlace(companyId: string, runId: string, id: string): Promise<PayslipPlace | null> {
    return this.dataSource.getRepository(Payslip).findOne({ select: { id: true, employeeName: true }, where: { companyId, runId, id } });
  }

  /**
   * Up to `take` of the run's payslips in name order (one employee's when asked), after a place
   * when given: on the (company, run, name, id) index, a page costs the same at any depth.
   */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { take: 51 }])
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { take: 51, after: { id: SAMPLE.otherId, employeeName: 'Amina Nkemelu' } }], 'after a payslip')
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { take: 51, employeeId: SAMPLE.otherId }], 'one employee')
  payslipsInNameOrder(companyId: string, runId: string, options: { take: number; employeeId?: string; after?: PayslipPlace }): Promise<Payslip[]> {
    const builder = this.dataSource
      .getRepository(Payslip)
      .createQueryBuilder('slip')
      .where('slip.companyId = :companyId AND slip.runId = :runId', { companyId, runId })
      .orderBy('slip.employeeName', 'ASC')
      .addOrderBy('slip.id', 'ASC')
      .limit(options.take);
    if (options.employeeId) builder.andWhere('slip.employeeId = :employeeId', { employeeId: options.employeeId });
    if (options.after)
      builder.andWhere('(slip.employeeName, slip.id) > (:lastName, :lastId)', { lastName: options.after.employeeName, lastId: options.after.id });
    return builder.getMany();
  }

  /** Every payslip of the run, by name. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  payslipsOfRun(companyId: string, runId: string): Promise<Payslip[]> {
    return this.dataSource.getRepository(Payslip).find({ where: { runId, companyId }, order: { employeeName: 'ASC', id: 'ASC' } });
  }

  /** What the run's accrual is made of: each payslip's pay, deductions and employer contributions. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  amountsOfRun(
    companyId: string,
    runId: string,
    manager: EntityManager,
  ): Promise<Pick<Payslip, 'grossPay' | 'netPay' | 'deductions' | 'employerContributions'>[]> {
    return manager.find(Payslip, { select: { grossPay: true, netPay: true, deductions: true, employerContributions: true }, where: { runId, companyId } });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, [SAMPLE.otherId], SAMPLE.tx])
  findPayslips(companyId: string, runId: string, ids: string[], manager: EntityManager): Promise<Payslip[]> {
    return manager.findBy(Payslip, { companyId, runId, id: In(ids) });
  }

  /** Records payments on their payslips, in one UPDATE for all. */
  @QuerySample([
    SAMPLE.companyId,
    SAMPLE.id,
    new Date(0),
    [{ id: SAMPLE.otherId, status: 'succeeded' as const, paymentId: SAMPLE.otherId, failureReason: null, paidAt: new Date(0) }],
    SAMPLE.tx,
  ])
  async recordPayments(companyId: string, runId: string, now: Date, outcomes: PaymentOutcome[], manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, Payslip)} p
       SET "payment_status" = o."status", "payment_id" = o."paymentId", "payment_failure_reason" = o."failureReason", "paid_at" = o."paidAt", "updated_at" = $3
       FROM json_to_recordset($4::json) AS o("id" uuid, "status" varchar, "paymentId" uuid, "failureReason" varchar, "paidAt" timestamptz)
       WHERE p."company_id" = $1 AND p."run_id" = $2 AND p."id" = o."id"`,
      [companyId, runId, now, JSON.stringify(outcomes)],
    );
  }

  /** The run's payslips paid and not yet settled, claimed by one settlement: their net pay. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.otherId, SAMPLE.tx])
  async claimForSettlement(companyId: string, runId: string, settlementId: string, manager: EntityManager): Promise<number[]> {
    const [paid] = (await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, Payslip)} SET "settlement_id" = $3
       WHERE "company_id" = $1 AND "run_id" = $2 AND "payment_status" = 'succeeded' AND "settlement_id" IS NULL
       RETURNING "net_pay"`,
      [companyId, runId, settlementId],
    )) as [{ net_pay: string }[], number];
    return paid.map((row) => Number(row.net_pay));
  }
}
