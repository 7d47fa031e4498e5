import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, LessThanOrEqual, MoreThanOrEqual, FindOptionsWhere } from 'typeorm';
import { EventOutbox, findPage, HrContract, isUniqueViolation, jsonRecordset, Page, PageQueryDto, PlatformException, qualifiedTable, SerializedJson, Transactions } from '@platform/common';
import { accrualLines } from '../accounting/journal-lines';
import { PostingsService } from '../accounting/postings.service';
import { HrClient } from '../hr/hr.client';
import { calculatePayslip, PayslipInputError, PeriodFacts, periodFacts } from '../statutory/payslip-calculator';
import { RuleSet, ruleSetFor } from '../statutory/rule-set';
import { CreateRunDto, ListRunsQueryDto, UpdateRunDto } from './dto/run.dto';
import { PeriodClaim } from './period-claim.entity';
import { PayrollRun, RunStatus, unpaid } from './payroll-run.entity';
import { Payslip } from './payslip.entity';

interface RunScope {
  periodStart: string;
  periodEnd: string;
  employeeIds: string[] | null;
  country: string;
}

/** A payslip as calculated, before it is written. */
type NewPayslip = Omit<Payslip, 'id' | 'runId' | 'createdAt' | 'updatedAt' | 'paymentId' | 'paymentStatus' | 'paymentFailureReason' | 'paidAt' | 'settlementId'>;

/** What a run says of its payslips as a whole. */
type RunTotals = Pick<
  PayrollRun,
  'ruleSetVersion' | 'currency' | 'employeeCount' | 'paymentProgress' | 'totalGross' | 'totalDeductions' | 'totalNet' | 'totalEmployerContributions' | 'totalEmployerCost'
>;

/** Payslips per INSERT: each statement carries its rows as one JSON document, three bound values whatever their number. */
const PAYSLIPS_PER_STATEMENT = 1_000;

/** The rule set of a run's scope, or why there is none. */
function rulesFor(scope: RunScope): RuleSet {
  checkPeriod(scope.periodStart, scope.periodEnd);
  const rules = ruleSetFor(scope.country, scope.periodStart);
  if (!rules) throw new PlatformException('PAYROLL_RULES_UNAVAILABLE', { params: { country: scope.country, date: scope.periodStart } });
  return rules;
}

function noTotals(rules: RuleSet): RunTotals {
  return { ruleSetVersion: rules.version, currency: rules.currency, employeeCount: 0, paymentProgress: unpaid(0), totalGross: 0, totalDeductions: 0, totalNet: 0, totalEmployerContributions: 0, totalEmployerCost: 0 };
}

function addTo(totals: RunTotals, payslips: NewPayslip[]): void {
  for (const slip of payslips) {
    totals.totalGross += slip.grossPay;
    totals.totalDeductions += slip.totalDeductions;
    totals.totalNet += slip.netPay;
    totals.totalEmployerContributions += slip.totalEmployerContributions;
    totals.totalEmployerCost += slip.employerCost;
  }
  totals.employeeCount += payslips.length;
  totals.paymentProgress = unpaid(totals.employeeCount);
}

/** The order a run lists its payslips in: by name. */
function byName(a: HrContract.PayrollEmployee, b: HrContract.PayrollEmployee): number {
  return a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id);
}

@Injectable()
export class RunsService {
  /** The INSERT of a chunk of payslips (see writePayslips). */
  private insertPayslips?: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly hr: HrClient,
    private readonly postings: PostingsService,
    private readonly outbox: EventOutbox,
  ) {}

  /** A draft run: one payslip per employee with a contract in force, from HR's data. Nothing is written when HR fails. */
  async create(companyId: string, input: CreateRunDto): Promise<PayrollRun> {
    const scope: RunScope = { periodStart: input.periodStart, periodEnd: input.periodEnd, employeeIds: input.employeeIds ?? null, country: input.country ?? 'CM' };
    const rules = rulesFor(scope);
    return this.transactions.run(async (manager) => {
      const run = await manager.save(manager.create(PayrollRun, { companyId, status: 'draft' as RunStatus, ...scope, ...noTotals(rules), version: 1, calculatedAt: new Date() }));
      const totals = await this.calculateInto(manager, companyId, run.id, scope, rules);
      await manager.update(PayrollRun, { id: run.id, companyId }, totals);
      Object.assign(run, totals);
      await this.outbox.record(manager, companyId, 'payroll_run.created', run);
      return run;
    });
  }

  async list(companyId: string, query: ListRunsQueryDto): Promise<Page<PayrollRun> | SerializedJson> {
    const where: FindOptionsWhere<PayrollRun> = { companyId };
    if (query.status) where.status = query.status;
    if (query.from) where.periodStart = MoreThanOrEqual(query.from);
    if (query.to) where.periodEnd = LessThanOrEqual(query.to);
    return findPage(this.dataSource.getRepository(PayrollRun), where, { createdAt: 'DESC', id: 'DESC' }, query);
  }

  /** Another company's run is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<PayrollRun> {
    const run = await this.dataSource.getRepository(PayrollRun).findOneBy({ id, companyId });
    if (!run) throw new PlatformException('PAYROLL_RUN_NOT_FOUND');
    return run;
  }

  async payslips(companyId: string, id: string, query: PageQueryDto): Promise<Page<Payslip> | SerializedJson> {
    await this.get(companyId, id);
    return findPage(this.dataSource.getRepository(Payslip), { runId: id, companyId }, { employeeName: 'ASC', id: 'ASC' }, query);
  }

  /** The run and its payslips (one employee's when asked), in name order, for other services. */
  async runWithPayslips(companyId: string, id: string, employeeId?: string): Promise<{ run: PayrollRun; payslips: Payslip[] }> {
    const run = await this.get(companyId, id);
    const payslips = await this.dataSource.getRepository(Payslip).find({
      where: { runId: id, companyId, ...(employeeId ? { employeeId } : {}) },
      order: { employeeName: 'ASC', id: 'ASC' },
    });
    return { run, payslips };
  }

  /** Changes a draft's scope (or just refreshes it from HR) and recalculates every payslip. */
  async update(companyId: string, id: string, input: UpdateRunDto): Promise<PayrollRun> {
    const run = await this.get(companyId, id);
    if (run.status !== 'draft') throw locked(run.status);
    const scope: RunScope = {
      periodStart: input.periodStart ?? run.periodStart,
      periodEnd: input.periodEnd ?? run.periodEnd,
      employeeIds: input.employeeIds === undefined ? run.employeeIds : input.employeeIds,
      country: run.country,
    };
    const rules = rulesFor(scope);
    return this.transactions.run(async (manager) => {
      // lands only on the draft it was read as: an approval or another change in between wins (and
      // this one holds the run's row until it commits)
      const result = await manager
        .createQueryBuilder()
        .update(PayrollRun)
        .set({ ...scope, calculatedAt: new Date(), version: () => 'version + 1' })
        .where('id = :id AND company_id = :companyId AND status = :draft AND version = :version', { id, companyId, draft: 'draft', version: run.version })
        .execute();
      if (!result.affected) throw locked((await manager.findOneBy(PayrollRun, { id }))?.status ?? 'changed');
      await manager.delete(Payslip, { runId: id, companyId });
      await manager.update(PayrollRun, { id, companyId }, await this.calculateInto(manager, companyId, id, scope, rules));
      return manager.findOneByOrFail(PayrollRun, { id });
    });
  }

  /**
   * draft → approved, claiming the month for each employee (a second approved run for them is
   * refused) and recording the run's accrual for Books in the same transaction.
   */
  async approve(companyId: string, id: string): Promise<PayrollRun> {
    let approved: PayrollRun;
    try {
      approved = await this.transactions.run(async (manager) => {
        const run = await this.move(manager, companyId, id, ['draft'], { status: 'approved', approvedAt: new Date() });
        const slips = await manager.find(Payslip, { select: { grossPay: true, netPay: true, deductions: true, employerContributions: true }, where: { runId: id, companyId } });
        const month = run.periodStart.slice(0, 7);
        // one statement from the run's payslips: as many claims as payslips, whatever the number, with three bound values
        await manager.query(
          `INSERT INTO ${qualifiedTable(this.dataSource, PeriodClaim)} ("company_id", "employee_id", "month", "run_id") SELECT $1, "employee_id", $2, $3 FROM ${qualifiedTable(this.dataSource, Payslip)} WHERE "company_id" = $1 AND "run_id" = $3`,
          [companyId, month, id],
        );
        await this.postings.record(manager, 'accrual', id, id, {
          companyId,
          date: run.periodEnd,
          memo: `Payroll ${month}: ${slips.length} payslip(s)`,
          reference: `payroll-run:${id}`,
          currency: run.currency,
          source: { type: 'payroll_run', id },
          lines: accrualLines(slips, ruleSetFor(run.country, run.periodStart)!),
        });
        await this.outbox.record(manager, companyId, 'payroll_run.approved', run);
        return run;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const run = await this.get(companyId, id);
      // the claims of other runs on this run's employees, found by a join rather than a list of ids (no limit on the run's size)
      const claims = await this.dataSource
        .getRepository(PeriodClaim)
        .createQueryBuilder('claim')
        .innerJoin(Payslip, 'slip', 'slip.companyId = claim.companyId AND slip.runId = :id AND slip.employeeId = claim.employeeId', { id })
        .where('claim.companyId = :companyId AND claim.month = :month AND claim.runId <> :id', { companyId, month: run.periodStart.slice(0, 7) })
        .orderBy('claim.employeeId')
        .limit(1000)
        .getMany();
      throw new PlatformException('PAYROLL_RUN_PERIOD_CONFLICT', {
        details: { month: run.periodStart.slice(0, 7), conflicts: claims.map((c) => ({ employeeId: c.employeeId, runId: c.runId })) },
      });
    }
    await this.postings.deliverDue(id);
    return approved;
  }

  /** draft | approved → cancelled; an approved run's month claims are released. */
  async cancel(companyId: string, id: string): Promise<PayrollRun> {
    return this.transactions.run(async (manager) => {
      const run = await this.move(manager, companyId, id, ['draft', 'approved'], { status: 'cancelled', cancelledAt: new Date() });
      await manager.delete(PeriodClaim, { runId: id });
      await this.outbox.record(manager, companyId, 'payroll_run.cancelled', run);
      return run;
    });
  }

  /** One conditional statement per transition, so two concurrent moves cannot both win. */
  private async move(manager: EntityManager, companyId: string, id: string, from: RunStatus[], to: Partial<PayrollRun>): Promise<PayrollRun> {
    const result = await manager
      .createQueryBuilder()
      .update(PayrollRun)
      .set({ ...to, version: () => 'version + 1' })
      .where('id = :id AND company_id = :companyId AND status IN (:...from)', { id, companyId, from })
      .execute();
    if (!result.affected) {
      const current = await manager.findOneBy(PayrollRun, { id, companyId });
      if (!current) throw new PlatformException('PAYROLL_RUN_NOT_FOUND');
      throw locked(current.status);
    }
    return manager.findOneByOrFail(PayrollRun, { id });
  }

  /**
   * Calculates the scope's payslips from HR's pages and writes them to the run as they come, in
   * the caller's transaction: a page is written while the next is asked, and no more than a page
   * is held. Throws (so that the transaction writes nothing) when HR does not know a listed
   * employee, with every refusal when some employee cannot be paid, or when nobody is eligible.
   */
  private async calculateInto(manager: EntityManager, companyId: string, runId: string, scope: RunScope, rules: RuleSet): Promise<RunTotals> {
    const facts = periodFacts(scope.periodStart, rules);
    const totals = noTotals(rules);
    const unknown: string[] = [];
    const ineligible: string[] = [];
    const refused: { employee: HrContract.PayrollEmployee; reason: string }[] = [];
    let writing: Promise<void> = Promise.resolve();
    for await (const page of this.hr.payrollInputPages(companyId, scope.periodStart, scope.periodEnd, scope.employeeIds)) {
      unknown.push(...page.unknownEmployeeIds);
      ineligible.push(...page.ineligibleEmployeeIds);
      const payslips: NewPayslip[] = [];
      for (const employee of page.employees) {
        const monthly = employee.contracts.filter((contract) => contract.payFrequency === 'monthly');
        if (monthly.length !== employee.contracts.length) {
          refused.push({ employee, reason: `${employee.id} has a contract not paid monthly; runs pay monthly contracts` });
          continue;
        }
        try {
          payslips.push(this.payslipFor(companyId, employee, scope, rules, facts));
        } catch (error) {
          if (!(error instanceof PayslipInputError)) throw error;
          refused.push({ employee, reason: `${employee.id}: ${error.message}` });
        }
      }
      // once the run cannot be made, the rest is only read for its refusals
      if (unknown.length || ineligible.length || refused.length || !payslips.length) continue;
      await writing;
      addTo(totals, payslips);
      writing = this.writePayslips(manager, companyId, runId, payslips);
      // awaited before the next write or at the end; meanwhile a failure must not count as unhandled
      writing.catch(() => undefined);
    }
    await writing;
    if (unknown.length) throw new PlatformException('USER_NOT_FOUND', { details: { employeeIds: unknown } });
    if (ineligible.length || refused.length) {
      refused.sort((a, b) => byName(a.employee, b.employee));
      throw PlatformException.validation({
        employeeIds: [...ineligible.map((id) => `${id} has no contract in force between ${scope.periodStart} and ${scope.periodEnd}`), ...refused.map((refusal) => refusal.reason)],
      });
    }
    if (!totals.employeeCount) throw new PlatformException('PAYROLL_NO_ELIGIBLE_EMPLOYEES');
    return totals;
  }

  private payslipFor(companyId: string, employee: HrContract.PayrollEmployee, scope: RunScope, rules: RuleSet, facts: PeriodFacts): NewPayslip {
    const slip = calculatePayslip(
      {
        periodStart: scope.periodStart,
        periodEnd: scope.periodEnd,
        hireDate: employee.hireDate,
        terminationDate: employee.terminationDate,
        contracts: employee.contracts,
        unpaidLeaveDays: employee.unpaidLeaveDays,
      },
      rules,
      facts,
    );
    return {
      companyId,
      employeeId: employee.id,
      employeeExternalId: employee.externalId,
      employeeName: `${employee.firstName} ${employee.lastName}`,
      nationalId: employee.nationalId,
      socialInsuranceNumber: employee.socialInsuranceNumber,
      payout: employee.payout,
      contractIds: employee.contracts.map((contract) => contract.id),
      currency: slip.currency,
      workingDaysInMonth: slip.workingDaysInMonth,
      workedDays: slip.workedDays,
      unpaidLeaveDays: slip.unpaidLeaveDays,
      earnings: slip.earnings,
      deductions: slip.deductions,
      employerContributions: slip.employerContributions,
      grossPay: slip.grossPay,
      taxablePay: slip.taxablePay,
      totalDeductions: slip.totalDeductions,
      netPay: slip.netPay,
      totalEmployerContributions: slip.totalEmployerContributions,
      employerCost: slip.employerCost,
    };
  }

  /** Calculated payslips, a chunk per statement, as one JSON document each (its statement written once, from the first payslips' fields). */
  private async writePayslips(manager: EntityManager, companyId: string, runId: string, payslips: NewPayslip[]): Promise<void> {
    if (!this.insertPayslips) {
      const slips = jsonRecordset(this.dataSource, Payslip, Object.keys(payslips[0]).filter((property) => property !== 'companyId'));
      this.insertPayslips = `INSERT INTO ${qualifiedTable(this.dataSource, Payslip)} ("company_id", "run_id", ${slips.names}) SELECT $1, $2, ${slips.fields} FROM ${slips.from('$3', 'slip')}`;
    }
    for (let i = 0; i < payslips.length; i += PAYSLIPS_PER_STATEMENT) {
      await manager.query(this.insertPayslips, [companyId, runId, JSON.stringify(payslips.slice(i, i + PAYSLIPS_PER_STATEMENT))]);
    }
  }
}

function locked(status: string): PlatformException {
  return new PlatformException('PAYROLL_RUN_LOCKED', { details: { status } });
}

function checkPeriod(start: string, end: string): void {
  if (end < start) throw PlatformException.validation({ periodEnd: ['periodEnd must not be before periodStart'] });
  if (start.slice(0, 7) !== end.slice(0, 7)) throw PlatformException.validation({ periodEnd: ['the period must lie within one calendar month'] });
}
