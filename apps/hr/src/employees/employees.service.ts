import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Page, PlatformException } from '@platform/pipeline';
import { EventOutbox, isUniqueViolation, Transactions } from '@platform/data';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { CreateEmployeeDto, ListEmployeesQueryDto, UpdateEmployeeDto } from './dto/employee.dto';
import { applyFields, checkDates, fieldsOf } from './employee-changes';
import { Employee } from './employee.entity';
import { EmployeesRepository } from './employees.repository';

export interface SyncResult {
  employee: Employee;
  created: boolean;
}

@Injectable()
export class EmployeesService {
  constructor(
    private readonly employees: EmployeesRepository,
    private readonly transactions: Transactions,
    private readonly outbox: EventOutbox,
  ) {}

  /** Creates the employee, or updates the one with the same externalId in this company. */
  async createOrSync(companyId: string, input: CreateEmployeeDto): Promise<SyncResult> {
    checkDates(input.hireDate, input.status, input.terminationDate);
    const attempt = () => this.transactions.run((manager) => this.createOrSyncIn(manager, companyId, input));
    try {
      return await attempt();
    } catch (error) {
      // A concurrent create with the same externalId won: sync onto it.
      if (!isUniqueViolation(error)) throw error;
      return attempt();
    }
  }

  list(companyId: string, query: ListEmployeesQueryDto): Promise<Page<Employee>> {
    return this.employees.listEmployeesPage(companyId, query);
  }

  /** Another company's employee is not found, exactly like a missing one. */
  async get(companyId: string, id: string): Promise<Employee> {
    const employee = await this.employees.findEmployee(companyId, id);
    if (!employee) throw new PlatformException(EMPLOYEE_NOT_FOUND);
    return employee;
  }

  async update(companyId: string, id: string, input: UpdateEmployeeDto): Promise<Employee> {
    try {
      return await this.transactions.run(async (manager) => {
        const employee = await this.employees.lockEmployee(companyId, id, manager);
        if (!employee) throw new PlatformException(EMPLOYEE_NOT_FOUND);
        const status = input.status ?? employee.status;
        const terminationDate = status === 'terminated' ? (input.terminationDate ?? employee.terminationDate ?? undefined) : input.terminationDate;
        checkDates(input.hireDate ?? employee.hireDate, status, terminationDate);
        return this.apply(manager, employee, input);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('EMPLOYEE_EXTERNAL_ID_CONFLICT');
      throw error;
    }
  }

  private async createOrSyncIn(manager: EntityManager, companyId: string, input: CreateEmployeeDto): Promise<SyncResult> {
    const existing = await this.employees.findByExternalId(companyId, input.externalId, manager);
    if (existing) return { employee: await this.apply(manager, existing, input), created: false };
    const employee = await this.employees.insertEmployee(companyId, { country: 'CM', payout: null, ...fieldsOf(input) }, manager);
    await this.outbox.record(manager, companyId, 'employee.created', employee);
    return { employee, created: true };
  }

  /** Saves the changes; a change is announced as employee.updated, a termination also as employee.terminated. */
  private async apply(manager: EntityManager, employee: Employee, input: UpdateEmployeeDto): Promise<Employee> {
    const wasTerminated = employee.status === 'terminated';
    if (!applyFields(employee, input)) return employee;
    const updatedAt = await this.employees.updateEmployee(employee.companyId, employee.id, fieldsOf(employee), manager);
    const saved = Object.assign(employee, { updatedAt: updatedAt ?? employee.updatedAt });
    await this.outbox.record(manager, saved.companyId, 'employee.updated', saved);
    if (saved.status === 'terminated' && !wasTerminated) await this.outbox.record(manager, saved.companyId, 'employee.terminated', saved);
    return saved;
  }
}
