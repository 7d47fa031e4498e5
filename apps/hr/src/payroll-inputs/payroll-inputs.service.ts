import { Injectable } from '@nestjs/common';
import { HrContract } from '@platform/contracts';
import { PlatformException } from '@platform/pipeline';
import { Contract } from '../contracts/contract.entity';
import { calendarDays, countLeaveDays, DateRange } from '../shared/dates';
import { PayrollInputsRequestDto } from './dto/payroll-inputs.dto';
import { PayrollInputsRepository } from './payroll-inputs.repository';

const MAX_PERIOD_DAYS = 366;

/** What payroll needs from HR for one period; payroll never reads HR's tables. */
@Injectable()
export class PayrollInputsService {
  constructor(private readonly repository: PayrollInputsRepository) {}

  /**
   * One page: the listed employees (at most a page of them), or the employees with a contract
   * in force whose id follows `after`. Every query is on the company's (company, employee)
   * indexes and names at most a page of employees, so a page costs the same at any company size.
   */
  async page(request: PayrollInputsRequestDto): Promise<HrContract.PayrollInputsPage> {
    const period: DateRange = { start: request.periodStart, end: request.periodEnd };
    if (period.end < period.start) throw PlatformException.validation({ periodEnd: ['periodEnd must not be before periodStart'] });
    if (calendarDays(period) > MAX_PERIOD_DAYS) throw PlatformException.validation({ periodEnd: [`a period spans at most ${MAX_PERIOD_DAYS} days`] });
    const { companyId, employeeIds } = request;
    if (employeeIds && (request.after !== undefined || request.limit !== undefined)) {
      throw PlatformException.validation({ after: ['after and limit page through every employee; leave them out with employeeIds'] });
    }

    let candidateIds: string[];
    let nextAfter: string | null = null;
    if (employeeIds) {
      candidateIds = employeeIds;
    } else {
      const limit = request.limit ?? HrContract.PAYROLL_INPUTS_PAGE_SIZE;
      candidateIds = await this.repository.employeesInForce(companyId, period, request.after, limit + 1);
      if (candidateIds.length > limit) {
        candidateIds = candidateIds.slice(0, limit);
        nextAfter = candidateIds[limit - 1];
      }
    }

    const known = candidateIds.length ? await this.repository.employeesOf(companyId, candidateIds) : [];
    const knownIds = known.map((employee) => employee.id);
    const contracts = knownIds.length ? await this.repository.contractsInForce(companyId, period, knownIds) : [];
    const contractsByEmployee = new Map<string, Contract[]>();
    for (const contract of contracts) contractsByEmployee.set(contract.employeeId, [...(contractsByEmployee.get(contract.employeeId) ?? []), contract]);
    const eligible = known.filter((employee) => contractsByEmployee.has(employee.id));
    const unpaidDays = await this.unpaidLeaveDays(
      companyId,
      period,
      eligible.map((employee) => employee.id),
    );

    const knownSet = new Set(knownIds);
    return {
      unknownEmployeeIds: (employeeIds ?? []).filter((id) => !knownSet.has(id)),
      ineligibleEmployeeIds: (employeeIds ?? []).filter((id) => knownSet.has(id) && !contractsByEmployee.has(id)),
      employees: eligible
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((employee) => ({
          id: employee.id,
          externalId: employee.externalId,
          firstName: employee.firstName,
          lastName: employee.lastName,
          email: employee.email,
          status: employee.status,
          hireDate: employee.hireDate,
          terminationDate: employee.terminationDate,
          nationalId: employee.nationalId,
          socialInsuranceNumber: employee.socialInsuranceNumber,
          country: employee.country,
          payout: employee.payout,
          contracts: contractsByEmployee.get(employee.id)!.map(payrollContract),
          unpaidLeaveDays: unpaidDays.get(employee.id) ?? 0,
        })),
      nextAfter,
    };
  }

  /** Approved leave of unpaid types, in working days (halves allowed) inside the period. */
  private async unpaidLeaveDays(companyId: string, period: DateRange, employeeIds: string[]): Promise<Map<string, number>> {
    const days = new Map<string, number>();
    if (!employeeIds.length) return days;
    const requests = await this.repository.unpaidLeave(companyId, period, employeeIds);
    for (const request of requests) {
      const span = { start: request.startDate, end: request.endDate, startHalfDay: request.startHalfDay, endHalfDay: request.endHalfDay };
      days.set(request.employeeId, (days.get(request.employeeId) ?? 0) + countLeaveDays(span, period));
    }
    return days;
  }
}

function payrollContract(contract: Contract): HrContract.EmploymentContract {
  return {
    id: contract.id,
    type: contract.type,
    status: contract.status,
    startDate: contract.startDate,
    endDate: contract.endDate,
    baseSalary: contract.baseSalary,
    currency: contract.currency,
    payFrequency: contract.payFrequency,
    allowances: contract.allowances.map(({ code, name, amount, taxable, contributory }) => ({ code, name, amount, taxable, contributory })),
    deductions: contract.deductions.map(({ code, name, amount }) => ({ code, name, amount })),
  };
}
