import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventType, Language } from '@platform/contracts';
import { PlatformException } from '@platform/pipeline';
import { EventOutbox, Transactions } from '@platform/data';
import { checkBulkItems, externalIdOf, ValidItem } from '../shared/bulk-items';
import { CreateEmployeeDto, MAX_BULK_EMPLOYEES } from './dto/employee.dto';
import { BulkEmployeeResult, BulkEmployeesView } from './dto/employees-views.dto';
import { applyFields, checkDates, fieldsOf } from './employee-changes';
import { Employee } from './employee.entity';
import { EmployeesRepository } from './employees.repository';

/** What a new employee has where the item is silent, as POST /employees gives it. */
const NEW_EMPLOYEE: Partial<Employee> = { phone: null, terminationDate: null, nationalId: null, socialInsuranceNumber: null, country: 'CM', payout: null };

type Valid = ValidItem<CreateEmployeeDto>;

/**
 * Creates or syncs up to a thousand employees by externalId in one transaction of a few
 * statements: each item checked as POST /employees checks it, every write in one upsert, every
 * event in one insert. An invalid item fails alone.
 */
@Injectable()
export class EmployeesBulkService {
  constructor(
    private readonly employees: EmployeesRepository,
    private readonly transactions: Transactions,
    private readonly outbox: EventOutbox,
  ) {}

  async upsert(companyId: string, items: unknown[], language: Language): Promise<BulkEmployeesView> {
    if (items.length > MAX_BULK_EMPLOYEES) throw PlatformException.validation({ items: [`items must contain no more than ${MAX_BULK_EMPLOYEES} elements`] });
    const results: BulkEmployeeResult[] = items.map((item, index) => ({ index, externalId: externalIdOf(item), status: 'failed', id: null }));
    const { valid, failed } = await checkBulkItems(items, CreateEmployeeDto, language, (input) =>
      checkDates(input.hireDate, input.status, input.terminationDate),
    );
    for (const [index, error] of failed) results[index].error = error;
    if (valid.length) await this.transactions.run((manager) => this.write(manager, companyId, valid, results));
    const count = (status: BulkEmployeeResult['status']) => results.filter((result) => result.status === status).length;
    return { created: count('created'), updated: count('updated'), unchanged: count('unchanged'), failed: count('failed'), items: results };
  }

  private async write(manager: EntityManager, companyId: string, valid: Valid[], results: BulkEmployeeResult[]): Promise<void> {
    // locked in one order, so that two bulk requests naming the same employees wait rather than deadlock
    const externalIds = valid.map(({ input }) => input.externalId).sort();
    const existing = await this.employees.lockByExternalIds(companyId, externalIds, manager);
    const byExternalId = new Map(existing.map((employee) => [employee.externalId, employee]));

    const rows: Partial<Employee>[] = [];
    /** existing employees not terminated before this change: terminating them is announced */
    const activeBefore = new Set<string>();
    for (const { index, input } of valid) {
      const current = byExternalId.get(input.externalId);
      if (!current) {
        rows.push(fieldsOf(Object.assign(new Employee(), NEW_EMPLOYEE, fieldsOf(input))));
        continue;
      }
      const wasTerminated = current.status === 'terminated';
      if (!applyFields(current, input)) {
        Object.assign(results[index], { status: 'unchanged', id: current.id });
        continue;
      }
      rows.push(fieldsOf(current));
      if (!wasTerminated) activeBefore.add(current.externalId);
    }
    if (!rows.length) return;

    rows.sort((a, b) => (a.externalId! < b.externalId! ? -1 : 1));
    const written = await this.employees.upsertEmployees(companyId, rows, manager);
    const rowsByExternalId = new Map(rows.map((row) => [row.externalId!, row]));
    const writtenByExternalId = new Map(written.map((row) => [row.externalId, row]));

    const events: { type: EventType; data: Employee }[] = [];
    for (const { index, input } of valid) {
      const row = writtenByExternalId.get(input.externalId);
      if (!row) continue;
      // the employee as GET /employees/:id answers it, which the events carry
      const employee = Object.assign(new Employee(), {
        id: row.id,
        companyId,
        ...rowsByExternalId.get(input.externalId),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      });
      Object.assign(results[index], { status: row.inserted ? 'created' : 'updated', id: row.id });
      events.push({ type: row.inserted ? 'employee.created' : 'employee.updated', data: employee });
      if (!row.inserted && employee.status === 'terminated' && activeBefore.has(employee.externalId))
        events.push({ type: 'employee.terminated', data: employee });
    }
    await this.outbox.recordMany(manager, companyId, events);
  }
}
