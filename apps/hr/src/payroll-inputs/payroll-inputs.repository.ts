import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { QuerySample, SAMPLE } from '@platform/data';
import { Contract } from '../contracts/contract.entity';
import { Employee } from '../employees/employee.entity';
import { LeaveRequest } from '../leave/leave-request.entity';
import { LeaveType } from '../leave/leave-type.entity';
import { DateRange } from '../shared/dates';

const PERIOD: DateRange = { start: '2026-03-01', end: '2026-03-31' };

/** What payroll reads of HR for a period: employees, their contracts in force and their unpaid leave. Every read names at most a page of employees. */
@Injectable()
export class PayrollInputsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Ids of employees with a contract in force, after `after` in id order: a walk of the (company, employee) contract index that stops at `limit`. */
  @QuerySample([SAMPLE.companyId, PERIOD, undefined, 1001])
  @QuerySample([SAMPLE.companyId, PERIOD, SAMPLE.otherId, 1001], 'after an employee')
  async employeesInForce(companyId: string, period: DateRange, after: string | undefined, limit: number): Promise<string[]> {
    const query = this.dataSource
      .getRepository(Contract)
      .createQueryBuilder('contract')
      .select('contract.employeeId', 'employeeId')
      .where('contract.companyId = :companyId', { companyId })
      .andWhere("contract.status IN ('active', 'ended')")
      .andWhere('contract.startDate <= :end AND (contract.endDate IS NULL OR contract.endDate >= :start)', period);
    if (after) query.andWhere('contract.employeeId > :after', { after });
    const rows = await query.groupBy('contract.employeeId').orderBy('contract.employeeId', 'ASC').limit(limit).getRawMany<{ employeeId: string }>();
    return rows.map((row) => row.employeeId);
  }

  /** The company's employees among `ids`. */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId]])
  employeesOf(companyId: string, ids: string[]): Promise<Employee[]> {
    return this.dataSource.getRepository(Employee).findBy({ companyId, id: In(ids) });
  }

  /** Active or ended contracts of the employees overlapping the period, by employee then startDate. */
  @QuerySample([SAMPLE.companyId, PERIOD, [SAMPLE.id, SAMPLE.otherId]])
  contractsInForce(companyId: string, period: DateRange, employeeIds: string[]): Promise<Contract[]> {
    return this.dataSource
      .getRepository(Contract)
      .createQueryBuilder('contract')
      .where('contract.companyId = :companyId AND contract.employeeId IN (:...employeeIds)', { companyId, employeeIds })
      .andWhere("contract.status IN ('active', 'ended')")
      .andWhere('contract.startDate <= :end AND (contract.endDate IS NULL OR contract.endDate >= :start)', period)
      .orderBy('contract.employeeId', 'ASC')
      .addOrderBy('contract.startDate', 'ASC')
      .getMany();
  }

  /** The employees' approved leave of unpaid types touching the period. */
  @QuerySample([SAMPLE.companyId, PERIOD, [SAMPLE.id, SAMPLE.otherId]])
  unpaidLeave(companyId: string, period: DateRange, employeeIds: string[]): Promise<LeaveRequest[]> {
    return this.dataSource
      .getRepository(LeaveRequest)
      .createQueryBuilder('request')
      .innerJoin(LeaveType, 'type', 'type.id = request.leaveTypeId AND type.companyId = request.companyId')
      .where('request.companyId = :companyId AND request.employeeId IN (:...employeeIds)', { companyId, employeeIds })
      .andWhere("request.status = 'approved' AND type.paid = false")
      .andWhere('request.startDate <= :end AND request.endDate >= :start', period)
      .getMany();
  }
}
