import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, jsonRecordset, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { ListEmployeesQueryDto } from './dto/employee.dto';
import { FIELDS } from './employee-changes';
import { Employee } from './employee.entity';

/** What a client sets on an employee (the company and the keys aside). */
export type EmployeeFields = Pick<Employee, (typeof FIELDS)[number]>;

/** An employee as a bulk upsert wrote it: its keys, its stamps, and whether it is new. */
export interface UpsertedEmployee {
  id: string;
  externalId: string;
  createdAt: Date;
  updatedAt: Date;
  inserted: boolean;
}

const SAMPLE_EMPLOYEE: EmployeeFields = {
  externalId: 'EMP-0042',
  firstName: 'Amina',
  lastName: 'Nkemelu',
  email: 'amina.nkemelu@example.cm',
  phone: null,
  hireDate: '2024-03-01',
  jobTitle: 'Accountant',
  department: 'Finance',
  status: 'active',
  terminationDate: null,
  nationalId: null,
  socialInsuranceNumber: null,
  country: 'CM',
  payout: null,
};

/** The company's employees (`employees`); an employee's row is also the lock of their contracts, leave and attendance. */
@Injectable()
export class EmployeesRepository {
  /** One statement for every item of a bulk upsert: PostgreSQL unpacks the rows of a JSON document with json_to_recordset. */
  private readonly upsertSql: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const items = jsonRecordset(dataSource, Employee, FIELDS);
    const overwrite = items.columns
      .filter((column) => column.propertyName !== 'externalId')
      .map((column) => `"${column.databaseName}" = EXCLUDED."${column.databaseName}"`)
      .join(', ');
    this.upsertSql =
      `INSERT INTO ${qualifiedTable(dataSource, Employee)} ("company_id", ${items.names}) SELECT $1, ${items.fields} FROM ${items.from('$2', 'item')} ` +
      `ON CONFLICT ("company_id", "external_id") DO UPDATE SET ${overwrite}, "updated_at" = now() ` +
      'RETURNING "id", "external_id" AS "externalId", "created_at" AS "createdAt", "updated_at" AS "updatedAt", (xmax = 0) AS "inserted"';
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { status: 'active' as const, page: 2, limit: 20 }], 'by status')
  @QuerySample([SAMPLE.companyId, { department: 'Finance', page: 2, limit: 20 }], 'by department')
  @QuerySample([SAMPLE.companyId, { externalId: 'EMP-0042', page: 2, limit: 20 }], 'by externalId')
  @QuerySample([SAMPLE.companyId, { email: 'amina@example.cm', page: 2, limit: 20 }], 'by email')
  @QuerySample([SAMPLE.companyId, { updatedSince: '2026-03-01T00:00:00Z', page: 2, limit: 20 }], 'changed since')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { status: 'active' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by status, after a cursor')
  @QuerySample([SAMPLE.companyId, { department: 'Finance', cursor: SAMPLE.cursor, limit: 20 }], 'by department, after a cursor')
  @QuerySample([SAMPLE.companyId, { externalId: 'EMP-0042', cursor: SAMPLE.cursor, limit: 20 }], 'by externalId, after a cursor')
  @QuerySample([SAMPLE.companyId, { email: 'amina@example.cm', cursor: SAMPLE.cursor, limit: 20 }], 'by email, after a cursor')
  listEmployeesPage(companyId: string, query: ListEmployeesQueryDto): Promise<Page<Employee>> {
    const where: FindOptionsWhere<Employee> = { companyId };
    if (query.status) where.status = query.status;
    if (query.department) where.department = query.department;
    if (query.externalId) where.externalId = query.externalId;
    if (query.email) where.email = query.email.toLowerCase();
    return findPage(this.dataSource.getRepository(Employee), where, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** Another company's employee is not found, exactly like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findEmployee(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Employee | null> {
    return manager.findOneBy(Employee, { id, companyId });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  employeeExists(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.existsBy(Employee, { id, companyId });
  }

  @QuerySample([SAMPLE.companyId, 'EMP-0042', SAMPLE.tx])
  findByExternalId(companyId: string, externalId: string, manager: EntityManager): Promise<Employee | null> {
    return manager.findOneBy(Employee, { companyId, externalId });
  }

  /**
   * Reads the employee and locks the row until the transaction ends (`SELECT … FOR UPDATE`): the
   * lock a change to the employee, or to their leave or attendance, takes before it checks.
   */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  lockEmployee(companyId: string, id: string, manager: EntityManager): Promise<Employee | null> {
    return manager
      .createQueryBuilder(Employee, 'row')
      .where('row.id = :id AND row.companyId = :companyId', { id, companyId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /**
   * Reads the company's employees named by id or by externalId and locks them until the
   * transaction ends: an employee's row is the lock of all their contracts. Locked in externalId
   * order, the order POST /employees/bulk takes them in, so that bulk requests naming the same
   * employees wait for one another rather than deadlock.
   */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id], ['EMP-0042'], SAMPLE.tx])
  lockEmployeesNamed(companyId: string, ids: string[], externalIds: string[], manager: EntityManager): Promise<Pick<Employee, 'id' | 'externalId'>[]> {
    return manager
      .createQueryBuilder(Employee, 'employee')
      .select(['employee.id', 'employee.externalId'])
      .where('employee.companyId = :companyId', { companyId })
      .andWhere(new Brackets((named) => named.where('employee.id = ANY(:ids)', { ids }).orWhere('employee.externalId = ANY(:externalIds)', { externalIds })))
      .orderBy('employee.externalId')
      .setLock('pessimistic_write')
      .getMany();
  }

  /** The company's employees with these externalIds, locked in externalId order: two bulk requests naming the same employees wait rather than deadlock. */
  @QuerySample([SAMPLE.companyId, ['EMP-0042'], SAMPLE.tx])
  lockByExternalIds(companyId: string, externalIds: string[], manager: EntityManager): Promise<Employee[]> {
    return manager
      .createQueryBuilder(Employee, 'employee')
      .where('employee.companyId = :companyId AND employee.externalId IN (:...externalIds)', { companyId, externalIds })
      .orderBy('employee.externalId')
      .setLock('pessimistic_write')
      .getMany();
  }

  @QuerySample([SAMPLE.companyId, SAMPLE_EMPLOYEE, SAMPLE.tx])
  insertEmployee(companyId: string, fields: Partial<EmployeeFields>, manager: EntityManager): Promise<Employee> {
    return manager.save(manager.create(Employee, { ...fields, companyId }));
  }

  /** Sets the fields on the company's employee; answers its new updatedAt (null when no such employee). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { status: 'terminated' as const, terminationDate: '2026-03-31' }, SAMPLE.tx])
  async updateEmployee(companyId: string, id: string, changes: Partial<EmployeeFields>, manager: EntityManager): Promise<Date | null> {
    const result = await manager
      .createQueryBuilder()
      .update(Employee)
      .set(changes)
      .where('id = :id AND company_id = :companyId', { id, companyId })
      .returning(['updatedAt'])
      .execute();
    return (result.raw as { updated_at: Date }[])[0]?.updated_at ?? null;
  }

  /** Creates or overwrites the company's employees by externalId, every row in one statement. */
  @QuerySample([SAMPLE.companyId, [SAMPLE_EMPLOYEE], SAMPLE.tx])
  upsertEmployees(companyId: string, rows: Partial<EmployeeFields>[], manager: EntityManager): Promise<UpsertedEmployee[]> {
    return manager.query(this.upsertSql, [companyId, JSON.stringify(rows)]);
  }
}
