import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { EMPLOYEE_NOT_FOUND, Language } from '@platform/contracts';
import { buildErrorEnvelope, ErrorEnvelope, PlatformException } from '@platform/pipeline';
import { EventOutbox, isUniqueViolation, Transactions } from '@platform/data';
import { Employee } from '../employees/employee.entity';
import { EmployeesRepository } from '../employees/employees.repository';
import { todayIso } from '../shared/dates';
import { checkBulkItems, externalIdOf, ValidItem } from '../shared/bulk-items';
import { ContractOutcome, createOrSync, findClash, overlapError } from './contract-changes';
import { Contract } from './contract.entity';
import { ContractStamp, ContractsRepository, NEW_FIELDS, NewContractRow, SYNCED_FIELDS, SyncedContractRow } from './contracts.repository';
import { CreateContractDto, MAX_BULK_CONTRACTS } from './dto/contract.dto';
import { BulkContractResult, BulkContractsView } from './dto/contracts-views.dto';

type BulkItem = CreateContractDto & { externalId: string };

type Valid = ValidItem<BulkItem>;

/** What became of a valid item in the transaction: its employee, and its outcome or its error. */
interface Settled {
  employee?: Pick<Employee, 'id' | 'externalId'>;
  outcome?: ContractOutcome;
  error?: ErrorEnvelope;
}

/**
 * Creates or syncs up to a thousand contracts by externalId in one transaction of a few
 * statements: each item checked as POST /contracts checks it and applied in the order sent, so
 * that an item sees the contracts the items before it made or changed (one in force per employee,
 * across the batch and the database); every new contract in one insert, every changed one in one
 * update, every event in one insert. An item that fails fails alone.
 */
@Injectable()
export class ContractsBulkService {
  constructor(
    private readonly contracts: ContractsRepository,
    private readonly employees: EmployeesRepository,
    private readonly transactions: Transactions,
    private readonly outbox: EventOutbox,
  ) {}

  async upsert(companyId: string, items: unknown[], language: Language): Promise<BulkContractsView> {
    if (items.length > MAX_BULK_CONTRACTS) throw PlatformException.validation({ items: [`items must contain no more than ${MAX_BULK_CONTRACTS} elements`] });
    const results: BulkContractResult[] = items.map((item, index) => ({
      index,
      externalId: externalIdOf(item),
      employeeId: null,
      employeeExternalId: null,
      status: 'failed',
      id: null,
    }));
    const { valid, failed } = await checkBulkItems(items, CreateContractDto, language);
    for (const [index, error] of failed) results[index].error = error;

    if (valid.length) {
      const attempt = () => this.transactions.run((manager) => this.write(manager, companyId, valid, language));
      // a concurrent request created a contract with one of these externalIds: the second attempt sees it
      const settled = await attempt().catch((error: unknown) => (isUniqueViolation(error) ? attempt() : Promise.reject(error)));
      for (const [index, { employee, outcome, error }] of settled) {
        Object.assign(results[index], { employeeId: employee?.id ?? null, employeeExternalId: employee?.externalId ?? null });
        if (outcome) Object.assign(results[index], { status: outcome.change, id: outcome.contract.id });
        if (error) results[index].error = error;
      }
    }
    const count = (status: BulkContractResult['status']) => results.filter((result) => result.status === status).length;
    return { created: count('created'), updated: count('updated'), unchanged: count('unchanged'), failed: count('failed'), items: results };
  }

  private async write(manager: EntityManager, companyId: string, valid: Valid[], language: Language): Promise<Map<number, Settled>> {
    const named = (key: 'employeeId' | 'employeeExternalId') => [...new Set(valid.flatMap(({ input }) => (input[key] === undefined ? [] : [input[key]])))];
    const employees = await this.employees.lockEmployeesNamed(companyId, named('employeeId'), named('employeeExternalId'), manager);
    const byId = new Map(employees.map((employee) => [employee.id, employee]));
    const byExternalId = new Map(employees.map((employee) => [employee.externalId, employee]));
    const from = valid.reduce((earliest, { input }) => (input.startDate < earliest ? input.startDate : earliest), valid[0].input.startDate);
    const book = new ContractBook(
      await this.contracts.contractsConcerned(
        companyId,
        valid.map(({ input }) => input.externalId),
        employees.map((employee) => employee.id),
        from,
        manager,
      ),
    );

    const today = todayIso();
    const settled = new Map<number, Settled>();
    for (const { index, input } of valid) {
      const employee = input.employeeId !== undefined ? byId.get(input.employeeId) : byExternalId.get(input.employeeExternalId!);
      try {
        if (!employee) throw new PlatformException(EMPLOYEE_NOT_FOUND);
        const outcome = createOrSync(book.withExternalId(input.externalId), companyId, employee.id, input, today);
        if (outcome.change === 'created') outcome.contract.id = randomUUID();
        if (outcome.change !== 'unchanged') {
          const clash = findClash(outcome.contract, book.ofEmployee(employee.id));
          if (clash) throw overlapError(clash);
          book.put(outcome.contract);
        }
        settled.set(index, { employee, outcome });
      } catch (error) {
        if (!(error instanceof PlatformException)) throw error;
        settled.set(index, { employee, error: buildErrorEnvelope(error, language) });
      }
    }
    await this.save(
      manager,
      companyId,
      [...settled.values()].flatMap(({ outcome }) => (outcome ? [outcome] : [])),
    );
    return settled;
  }

  /** Writes the new and changed contracts, then records their events in the order of the items, as the single routes record them. */
  private async save(manager: EntityManager, companyId: string, outcomes: ContractOutcome[]): Promise<void> {
    const rows = <T>(change: ContractOutcome['change'], fields: readonly string[]) =>
      outcomes
        .filter((outcome) => outcome.change === change)
        .map(({ contract }) => Object.fromEntries(fields.map((field) => [field, contract[field as keyof Contract]])) as T);
    // inserted in externalId order, so that requests creating the same externalIds wait for one another on the unique index rather than deadlock
    const inserted = rows<NewContractRow>('created', NEW_FIELDS).sort((a, b) => ((a.externalId as string) < (b.externalId as string) ? -1 : 1));
    const updated = rows<SyncedContractRow>('updated', SYNCED_FIELDS);
    const stamps: ContractStamp[] = inserted.length ? await this.contracts.insertContracts(companyId, inserted, manager) : [];
    if (updated.length) stamps.push(...(await this.contracts.updateContracts(companyId, updated, manager)));
    const stampOf = new Map(stamps.map(({ id, createdAt, updatedAt }) => [id, { createdAt, updatedAt }]));
    // the contract as GET /contracts/:id answers it, which the events carry
    const events = outcomes.flatMap(({ contract, events: types }) => types.map((type) => ({ type, data: Object.assign(contract, stampOf.get(contract.id)) })));
    await this.outbox.recordMany(manager, companyId, events);
  }
}

/** The contracts a batch sees as its items apply: by externalId, and each employee's. */
class ContractBook {
  private readonly byExternalId = new Map<string, Contract>();
  private readonly byEmployee = new Map<string, Map<string, Contract>>();

  constructor(contracts: Contract[]) {
    for (const contract of contracts) this.put(contract);
  }

  withExternalId(externalId: string): Contract | null {
    return this.byExternalId.get(externalId) ?? null;
  }

  ofEmployee(employeeId: string): Iterable<Contract> {
    return this.byEmployee.get(employeeId)?.values() ?? [];
  }

  /** Adds a contract, or puts its new state in place of the one it had. */
  put(contract: Contract): void {
    if (contract.externalId !== null) this.byExternalId.set(contract.externalId, contract);
    const employees = this.byEmployee.get(contract.employeeId) ?? new Map<string, Contract>();
    this.byEmployee.set(contract.employeeId, employees.set(contract.id, contract));
  }
}
