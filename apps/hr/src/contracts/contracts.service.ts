import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Page, PlatformException } from '@platform/pipeline';
import { EventOutbox, isUniqueViolation, Transactions } from '@platform/data';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { EmployeesRepository } from '../employees/employees.repository';
import { changedFields } from '../shared/changes';
import { todayIso } from '../shared/dates';
import { applyChange, ContractEvent, createOrSync, EDITABLE_FIELDS, findClash, overlapError } from './contract-changes';
import { Contract } from './contract.entity';
import { ContractsRepository } from './contracts.repository';
import { CreateContractDto, ListContractsQueryDto, UpdateContractDto } from './dto/contract.dto';

export interface ContractSyncResult {
  contract: Contract;
  created: boolean;
}

/** The columns a change may set. */
const CHANGED_FIELDS = [...EDITABLE_FIELDS, 'status'] as const;

@Injectable()
export class ContractsService {
  constructor(
    private readonly contracts: ContractsRepository,
    private readonly employees: EmployeesRepository,
    private readonly transactions: Transactions,
    private readonly outbox: EventOutbox,
  ) {}

  /** Creates the contract, or syncs the company's contract with the same externalId. */
  async createOrSync(companyId: string, input: CreateContractDto): Promise<ContractSyncResult> {
    const attempt = () => this.transactions.run((manager) => this.createOrSyncIn(manager, companyId, input));
    try {
      return await attempt();
    } catch (error) {
      // A concurrent create with the same externalId won: sync onto it.
      if (!isUniqueViolation(error)) throw error;
      return attempt();
    }
  }

  list(companyId: string, query: ListContractsQueryDto): Promise<Page<Contract>> {
    return this.contracts.listContractsPage(companyId, query);
  }

  async get(companyId: string, id: string): Promise<Contract> {
    const contract = await this.contracts.findContract(companyId, id);
    if (!contract) throw new PlatformException('CONTRACT_NOT_FOUND');
    return contract;
  }

  /** Edits a draft or active contract and moves it draft → active or active → ended (applyChange). */
  async update(companyId: string, id: string, input: UpdateContractDto): Promise<Contract> {
    try {
      return await this.transactions.run(async (manager) => {
        const current = await this.contracts.findContract(companyId, id, manager);
        if (!current) throw new PlatformException('CONTRACT_NOT_FOUND');
        // The employee row is the lock of every contract of the employee; re-read after taking it.
        await this.employees.lockEmployeesNamed(companyId, [current.employeeId], [], manager);
        const stored = await this.contracts.findContract(companyId, id, manager);
        if (!stored) throw new PlatformException('CONTRACT_NOT_FOUND');
        const contract = Object.assign(new Contract(), stored);
        const events = applyChange(contract, input, todayIso());
        if (contract.status !== 'draft') await this.refuseOverlap(manager, contract);
        return this.save(manager, stored, contract, events);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('CONTRACT_EXTERNAL_ID_CONFLICT');
      throw error;
    }
  }

  private async createOrSyncIn(manager: EntityManager, companyId: string, input: CreateContractDto): Promise<ContractSyncResult> {
    const [employee] = await this.employees.lockEmployeesNamed(
      companyId,
      input.employeeId === undefined ? [] : [input.employeeId],
      input.employeeExternalId === undefined ? [] : [input.employeeExternalId],
      manager,
    );
    if (!employee) throw new PlatformException(EMPLOYEE_NOT_FOUND);
    const concerned = await this.contracts.contractsConcerned(
      companyId,
      input.externalId === undefined ? [] : [input.externalId],
      [employee.id],
      input.startDate,
      manager,
    );
    const existing = concerned.find((contract) => input.externalId !== undefined && contract.externalId === input.externalId) ?? null;
    const { contract, change, events } = createOrSync(existing, companyId, employee.id, input, todayIso());
    if (change === 'unchanged') return { contract, created: false };
    const clash = findClash(
      contract,
      concerned.filter((other) => other.employeeId === employee.id),
    );
    if (clash) throw overlapError(clash);
    return { contract: await this.save(manager, existing, contract, events), created: change === 'created' };
  }

  /** One contract in force per employee: the caller holds the employee's lock. */
  private async refuseOverlap(manager: EntityManager, contract: Contract): Promise<void> {
    const clash = findClash(contract, await this.contracts.contractsConcerned(contract.companyId, [], [contract.employeeId], contract.startDate, manager));
    if (clash) throw overlapError(clash);
  }

  /** Writes a new contract, or the fields of `stored` that `contract` changed (nothing when none), then records the events. */
  private async save(manager: EntityManager, stored: Contract | null, contract: Contract, events: ContractEvent[]): Promise<Contract> {
    let saved: Contract;
    if (!stored) {
      const { id: _id, companyId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = contract;
      saved = await this.contracts.insertContract(companyId, fields, manager);
    } else {
      const changes = changedFields(stored, contract, CHANGED_FIELDS);
      const updatedAt = Object.keys(changes).length ? await this.contracts.updateContract(contract.companyId, contract.id, changes, manager) : null;
      saved = Object.assign(contract, { updatedAt: updatedAt ?? contract.updatedAt });
    }
    for (const type of events) await this.outbox.record(manager, saved.companyId, type, saved);
    return saved;
  }
}
