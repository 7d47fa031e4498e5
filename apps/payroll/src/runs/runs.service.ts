import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EMPLOYEE_NOT_FOUND, HrContract } from '@platform/contracts';
import { Page, PageQueryDto, PlatformException } from '@platform/pipeline';
import { EventOutbox, isUniqueViolation, Transactions } from '@platform/data';
import { accrualLines } from '../accounting/journal-lines';
import { PostingsService } from '../accounting/postings.service';
import { HrClient } from './clients/hr.client';
import { calculatePayslip, PayslipInputError, PeriodFacts, periodFacts } from '../statutory/payslip-calculator';
import { RuleSet, ruleSetFor } from '../statutory/rule-set';
import { CreateRunDto, ListRunsQueryDto, UpdateRunDto } from './dto/run.dto';
import { PayrollRun, RunStatus, unpaid } from './payroll-run.entity';
import { Payslip } from './payslip.entity';
import { CalculatedPayslip, PayslipsRepository } from './payslips.repository';
import { RunFields, RunsRepository, RunTotals } from './runs.repository';

interface RunScope {
  periodStart: string;
  periodEnd: string;
  employeeIds: string[] | null;
  country: string;
}

/** The rule set of a run's scope, or why there is none. */
function rulesFor(scope: RunScope): RuleSet {
  checkPeriod(scope.periodStart, scope.periodEnd);
  const rules = ruleSetFor(scope.country, scope.periodStart);
  if (!rules) throw new PlatformException('PAYROLL_RULES_UNAVAILABLE', { params: { country: scope.country, date: scope.periodStart } });
  return rules;
}

function noTotals(rules: RuleSet): RunTotals {
  return {
    ruleSetVersion: rules.version,
    currency: rules.currency,
    employeeCount: 0,
    paymentProgress: unpaid(0),
    totalGross: 0,
    totalDeductions: 0,
    totalNet: 0,
    totalEmployerContributions: 0,
    totalEmployerCost: 0,
  };
}

function addTo(totals: RunTotals, payslips: CalculatedPayslip[]): void {
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

/** A page of a run's payslips in name order, for other services (utilities renders them). */
export interface RunPayslipsPage {
  run: PayrollRun;
  payslips: Payslip[];
  /** The last payslip's id when another page follows. */
  nextAfter: string | null;
}

@Injectable()
export class RunsService {
  constructor(
    private readonly runs: RunsRepository,
    private readonly payslips: PayslipsRepository,
    private readonly transactions: Transactions,
    private readonly hr: HrClient,
    private readonly postings: PostingsService,
    private readonly outbox: EventOutbox,
  ) {}

  /** A draft run: one payslip per employee with a contract in force, from HR's data. Nothing is written when HR fails. */
  async create(companyId: string, input: CreateRunDto): Promise<PayrollRun> {
    const scope: RunScope = {
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      employeeIds: input.employeeIds ?? null,
      country: input.country ?? 'CM',
    };
    const rules = rulesFor(scope);
    return this.transactions.run(async (manager) => {
      const fields: RunFields = { status: 'draft', ...scope, ...noTotals(rules), version: 1, calculatedAt: new Date() };
      const run = await this.runs.insertRun(companyId, fields, manager);
      const totals = await this.calculateInto(manager, companyId, run.id, scope, rules);
      await this.runs.setTotals(companyId, run.id, totals, manager);
      Object.assign(run, totals);
      await this.outbox.record(manager, companyId, 'payroll_run.created', run);
      return run;
    });
  }

  list(companyId: string, query: ListRunsQueryDto): Promise<Page<PayrollRun>> {
    return this.runs.listRunsPage(companyId, query);
  }

  /** Another company's run is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<PayrollRun> {
    const run = await this.runs.findRun(companyId, id);
    if (!run) throw new PlatformException('PAYROLL_RUN_NOT_FOUND');
    return run;
  }

  async listPayslips(companyId: string, id: string, query: PageQueryDto): Promise<Page<Payslip>> {
    await this.get(companyId, id);
    return this.payslips.listPayslipsPage(companyId, id, query);
  }

  /**
   * The run's payslips after `after` in name order (one employee's when asked), `limit` at most:
   * one page costs the same at any depth. A payslip no longer in the run (recalculated meanwhile)
   * ends the walk: the run's version says why.
   */
  async payslipsAfter(companyId: string, id: string, query: { employeeId?: string; after?: string; limit: number }): Promise<RunPayslipsPage> {
    const run = await this.get(companyId, id);
    const after = query.after ? await this.payslips.findPayslipPlace(companyId, id, query.after) : undefined;
    if (after === null) return { run, payslips: [], nextAfter: null };
    // one payslip more than asked says whether another page follows
    const rows = await this.payslips.payslipsInNameOrder(companyId, id, { take: query.limit + 1, employeeId: query.employeeId, after });
    const payslips = rows.slice(0, query.limit);
    return { run, payslips, nextAfter: rows.length > query.limit ? payslips[payslips.length - 1].id : null };
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
      if (!(await this.runs.changeDraft(companyId, id, run.version, { ...scope, calculatedAt: new Date() }, manager))) {
        throw locked((await this.runs.findRun(companyId, id, manager))?.status ?? 'changed');
      }
      await this.payslips.deletePayslips(companyId, id, manager);
      await this.runs.setTotals(companyId, id, await this.calculateInto(manager, companyId, id, scope, rules), manager);
      return (await this.runs.findRun(companyId, id, manager))!;
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
        const slips = await this.payslips.amountsOfRun(companyId, id, manager);
        const month = run.periodStart.slice(0, 7);
        await this.runs.claimMonth(companyId, id, month, manager);
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
      const claims = await this.runs.conflictingClaims(companyId, id, run.periodStart.slice(0, 7));
      throw new PlatformException('PAYROLL_RUN_PERIOD_CONFLICT', {
        details: { month: run.periodStart.slice(0, 7), conflicts: claims.map((c) => ({ employeeId: c.employeeId, runId: c.runId })) },
      });
    }
    await this.postings.deliverDue(companyId, id);
    return approved;
  }

  /** draft | approved → cancelled; an approved run's month claims are released. */
  async cancel(companyId: string, id: string): Promise<PayrollRun> {
    return this.transactions.run(async (manager) => {
      const run = await this.move(manager, companyId, id, ['draft', 'approved'], { status: 'cancelled', cancelledAt: new Date() });
      await this.runs.releaseClaims(companyId, id, manager);
      await this.outbox.record(manager, companyId, 'payroll_run.cancelled', run);
      return run;
    });
  }

  /** One conditional statement per transition, so two concurrent moves cannot both win. */
  private async move(manager: EntityManager, companyId: string, id: string, from: RunStatus[], to: Partial<PayrollRun>): Promise<PayrollRun> {
    const moved = await this.runs.moveRun(companyId, id, from, to, manager);
    const current = await this.runs.findRun(companyId, id, manager);
    if (!current) throw new PlatformException('PAYROLL_RUN_NOT_FOUND');
    if (!moved) throw locked(current.status);
    return current;
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
      const payslips: CalculatedPayslip[] = [];
      for (const employee of page.employees) {
        const monthly = employee.contracts.filter((contract) => contract.payFrequency === 'monthly');
        if (monthly.length !== employee.contracts.length) {
          refused.push({ employee, reason: `${employee.id} has a contract not paid monthly; runs pay monthly contracts` });
          continue;
        }
        try {
          payslips.push(payslipFor(employee, scope, rules, facts));
        } catch (error) {
          if (!(error instanceof PayslipInputError)) throw error;
          refused.push({ employee, reason: `${employee.id}: ${error.message}` });
        }
      }
      // once the run cannot be made, the rest is only read for its refusals
      if (unknown.length || ineligible.length || refused.length || !payslips.length) continue;
      await writing;
      addTo(totals, payslips);
      writing = this.payslips.insertPayslips(companyId, runId, payslips, manager);
      // awaited before the next write or at the end; meanwhile a failure must not count as unhandled
      writing.catch(() => undefined);
    }
    await writing;
    if (unknown.length) throw new PlatformException(EMPLOYEE_NOT_FOUND, { details: { employeeIds: unknown } });
    if (ineligible.length || refused.length) {
      refused.sort((a, b) => byName(a.employee, b.employee));
      throw PlatformException.validation({
        employeeIds: [
          ...ineligible.map((id) => `${id} has no contract in force between ${scope.periodStart} and ${scope.periodEnd}`),
          ...refused.map((refusal) => refusal.reason),
        ],
      });
    }
    if (!totals.employeeCount) throw new PlatformException('PAYROLL_NO_ELIGIBLE_EMPLOYEES');
    return totals;
  }
}

/** A payslip of the run's scope, calculated from HR's data. */
function payslipFor(employee: HrContract.PayrollEmployee, scope: RunScope, rules: RuleSet, facts: PeriodFacts): CalculatedPayslip {
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

function locked(status: string): PlatformException {
  return new PlatformException('PAYROLL_RUN_LOCKED', { details: { status } });
}

function checkPeriod(start: string, end: string): void {
  if (end < start) throw PlatformException.validation({ periodEnd: ['periodEnd must not be before periodStart'] });
  if (start.slice(0, 7) !== end.slice(0, 7)) throw PlatformException.validation({ periodEnd: ['the period must lie within one calendar month'] });
}
