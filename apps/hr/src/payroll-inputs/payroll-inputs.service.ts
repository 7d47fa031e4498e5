import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { HrContract, PlatformException } from '@platform/common';
import { Contract } from '../contracts/contract.entity';
import { Employee } from '../employees/employee.entity';
import { LeaveRequest } from '../leave/leave-request.entity';
import { LeaveType } from '../leave/leave-type.entity';
import { calendarDays, countLeaveDays, DateRange } from '../shared/dates';
import { PayrollInputsQueryDto } from './dto/payroll-inputs.dto';

const MAX_PERIOD_DAYS = 366;

/** What payroll needs from HR for one period; payroll never reads HR's tables. */
@Injectable()
export class PayrollInputsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async inputs(query: PayrollInputsQueryDto): Promise<HrContract.PayrollInputs> {
    const period: DateRange = { start: query.periodStart, end: query.periodEnd };
    if (period.end < period.start) throw PlatformException.validation({ periodEnd: ['periodEnd must not be before periodStart'] });
    if (calendarDays(period) > MAX_PERIOD_DAYS) throw PlatformException.validation({ periodEnd: [`a period spans at most ${MAX_PERIOD_DAYS} days`] });
    const { companyId, employeeIds } = query;

    const known = employeeIds ? await this.dataSource.getRepository(Employee).findBy({ companyId, id: In(employeeIds) }) : undefined;
    const knownIds = known?.map((employee) => employee.id);
    const contracts = knownIds?.length === 0 ? [] : await this.contractsInForce(companyId, period, knownIds);

    const contractsByEmployee = new Map<string, Contract[]>();
    for (const contract of contracts) contractsByEmployee.set(contract.employeeId, [...(contractsByEmployee.get(contract.employeeId) ?? []), contract]);
    const eligibleIds = [...contractsByEmployee.keys()];
    const eligible = known
      ? known.filter((employee) => contractsByEmployee.has(employee.id))
      : eligibleIds.length
        ? await this.dataSource.getRepository(Employee).findBy({ companyId, id: In(eligibleIds) })
        : [];
    const unpaidDays = await this.unpaidLeaveDays(companyId, period, eligibleIds);

    const knownSet = new Set(knownIds ?? []);
    return {
      unknownEmployeeIds: (employeeIds ?? []).filter((id) => !knownSet.has(id)),
      ineligibleEmployeeIds: (employeeIds ?? []).filter((id) => knownSet.has(id) && !contractsByEmployee.has(id)),
      employees: eligible
        .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id))
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
    };
  }

  /** Active or ended contracts overlapping the period, by employee then startDate. */
  private contractsInForce(companyId: string, period: DateRange, employeeIds?: string[]): Promise<Contract[]> {
    const query = this.dataSource.getRepository(Contract)
      .createQueryBuilder('contract')
      .where('contract.companyId = :companyId', { companyId })
      .andWhere("contract.status IN ('active', 'ended')")
      .andWhere('contract.startDate <= :end AND (contract.endDate IS NULL OR contract.endDate >= :start)', period);
    if (employeeIds) query.andWhere('contract.employeeId IN (:...employeeIds)', { employeeIds });
    return query.orderBy('contract.employeeId', 'ASC').addOrderBy('contract.startDate', 'ASC').getMany();
  }

  /** Approved leave of unpaid types, in working days (halves allowed) inside the period. */
  private async unpaidLeaveDays(companyId: string, period: DateRange, employeeIds: string[]): Promise<Map<string, number>> {
    const days = new Map<string, number>();
    if (!employeeIds.length) return days;
    const requests = await this.dataSource.getRepository(LeaveRequest)
      .createQueryBuilder('request')
      .innerJoin(LeaveType, 'type', 'type.id = request.leaveTypeId AND type.companyId = request.companyId')
      .where('request.companyId = :companyId AND request.employeeId IN (:...employeeIds)', { companyId, employeeIds })
      .andWhere("request.status = 'approved' AND type.paid = false")
      .andWhere('request.startDate <= :end AND request.endDate >= :start', period)
      .getMany();
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
