import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { Page, PlatformException, SerializedJson } from '@platform/pipeline';
import { EventOutbox, findPage, isUniqueViolation, Transactions } from '@platform/data';
import { CreateEmployeeDto, ListEmployeesQueryDto, UpdateEmployeeDto } from './dto/employee.dto';
import { applyFields, checkDates, fieldsOf } from './employee-changes';
import { Employee } from './employee.entity';

export interface SyncResult {
  employee: Employee;
  created: boolean;
}

@Injectable()
export class EmployeesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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

  async list(companyId: string, query: ListEmployeesQueryDto): Promise<Page<Employee> | SerializedJson> {
    const where: FindOptionsWhere<Employee> = { companyId };
    if (query.status) where.status = query.status;
    if (query.department) where.department = query.department;
    if (query.externalId) where.externalId = query.externalId;
    if (query.email) where.email = query.email.toLowerCase();
    return findPage(this.dataSource.getRepository(Employee), where, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** Another company's employee is not found, exactly like a missing one. */
  async get(companyId: string, id: string): Promise<Employee> {
    const employee = await this.dataSource.getRepository(Employee).findOneBy({ id, companyId });
    if (!employee) throw new PlatformException('USER_NOT_FOUND');
    return employee;
  }

  async update(companyId: string, id: string, input: UpdateEmployeeDto): Promise<Employee> {
    try {
      return await this.transactions.run(async (manager) => {
        const employee = await this.transactions.lockOne(manager, Employee, companyId, id);
        if (!employee) throw new PlatformException('USER_NOT_FOUND');
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
    const existing = await manager.findOneBy(Employee, { companyId, externalId: input.externalId });
    if (existing) return { employee: await this.apply(manager, existing, input), created: false };
    const employee = await manager.save(manager.create(Employee, { country: 'CM', payout: null, ...fieldsOf(input), companyId }));
    await this.outbox.record(manager, companyId, 'employee.created', employee);
    return { employee, created: true };
  }

  /** Saves the changes; a change is announced as employee.updated, a termination also as employee.terminated. */
  private async apply(manager: EntityManager, employee: Employee, input: UpdateEmployeeDto): Promise<Employee> {
    const wasTerminated = employee.status === 'terminated';
    if (!applyFields(employee, input)) return employee;
    const saved = await manager.save(employee);
    await this.outbox.record(manager, saved.companyId, 'employee.updated', saved);
    if (saved.status === 'terminated' && !wasTerminated) await this.outbox.record(manager, saved.companyId, 'employee.terminated', saved);
    return saved;
  }
}
