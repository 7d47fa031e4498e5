import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FindOptionsWhere, Repository } from 'typeorm';
import { isUniqueViolation, Page, PlatformException, toPage } from '@platform/common';
import { CreateEmployeeDto, ListEmployeesQueryDto, UpdateEmployeeDto } from './dto/employee.dto';
import { Employee } from './employee.entity';

export interface SyncResult {
  employee: Employee;
  created: boolean;
}

@Injectable()
export class EmployeesService {
  constructor(@InjectRepository(Employee) private readonly employees: Repository<Employee>) {}

  /** Creates the employee, or updates the one with the same externalId in this company. */
  async createOrSync(companyId: string, input: CreateEmployeeDto): Promise<SyncResult> {
    checkDates(input.hireDate, input.status, input.terminationDate);
    const existing = await this.employees.findOneBy({ companyId, externalId: input.externalId });
    if (existing) return { employee: await this.apply(existing, input), created: false };
    try {
      const employee = await this.employees.save(this.employees.create({ ...fieldsOf(input), companyId }));
      return { employee, created: true };
    } catch (error) {
      // A concurrent create with the same externalId won: sync onto it.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.employees.findOneByOrFail({ companyId, externalId: input.externalId });
      return { employee: await this.apply(winner, input), created: false };
    }
  }

  async list(companyId: string, query: ListEmployeesQueryDto): Promise<Page<Employee>> {
    const where: FindOptionsWhere<Employee> = { companyId };
    if (query.status) where.status = query.status;
    if (query.department) where.department = query.department;
    if (query.externalId) where.externalId = query.externalId;
    if (query.email) where.email = query.email.toLowerCase();
    const [items, total] = await this.employees.findAndCount({
      where,
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return toPage(items, total, query);
  }

  /** Another company's employee is not found, exactly like a missing one. */
  async get(companyId: string, id: string): Promise<Employee> {
    const employee = await this.employees.findOneBy({ id, companyId });
    if (!employee) throw new PlatformException('USER_NOT_FOUND');
    return employee;
  }

  async update(companyId: string, id: string, input: UpdateEmployeeDto): Promise<Employee> {
    const employee = await this.get(companyId, id);
    const status = input.status ?? employee.status;
    const terminationDate = status === 'terminated' ? input.terminationDate ?? employee.terminationDate ?? undefined : input.terminationDate;
    checkDates(input.hireDate ?? employee.hireDate, status, terminationDate);
    try {
      return await this.apply(employee, input);
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('EMPLOYEE_EXTERNAL_ID_CONFLICT');
      throw error;
    }
  }

  private apply(employee: Employee, input: UpdateEmployeeDto): Promise<Employee> {
    Object.assign(employee, fieldsOf(input));
    if (employee.status !== 'terminated') employee.terminationDate = null;
    return this.employees.save(employee);
  }
}

function fieldsOf(input: UpdateEmployeeDto): Partial<Employee> {
  const fields: Partial<Employee> = {};
  for (const key of ['externalId', 'firstName', 'lastName', 'email', 'phone', 'hireDate', 'jobTitle', 'department', 'status', 'terminationDate'] as const) {
    if (input[key] !== undefined) (fields as Record<string, unknown>)[key] = input[key];
  }
  return fields;
}

function checkDates(hireDate: string, status: string, terminationDate: string | null | undefined): void {
  if (status === 'terminated' && !terminationDate) {
    throw PlatformException.validation({ terminationDate: ['terminationDate is required when status is terminated'] });
  }
  if (terminationDate && terminationDate < hireDate) {
    throw PlatformException.validation({ terminationDate: ['terminationDate must not be before hireDate'] });
  }
}
