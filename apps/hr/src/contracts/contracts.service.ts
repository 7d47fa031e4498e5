import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { Page, PlatformException, SerializedJson } from '@platform/pipeline';
import { EventOutbox, findPage, isUniqueViolation, Transactions } from '@platform/data';
import { todayIso } from '../shared/dates';
import { applyChange, ContractEvent, createOrSync, findClash, overlapError } from './contract-changes';
import { Contract } from './contract.entity';
import { contractsConcerned, lockEmployees } from './contract-reads';
import { CreateContractDto, ListContractsQueryDto, UpdateContractDto } from './dto/contract.dto';

export interface ContractSyncResult {
  contract: Contract;
  created: boolean;
}

@Injectable()
export class ContractsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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

  async list(companyId: string, query: ListContractsQueryDto): Promise<Page<Contract> | SerializedJson> {
    const where: FindOptionsWhere<Contract> = { companyId };
    if (query.employeeId) where.employeeId = query.employeeId;
    if (query.externalId) where.externalId = query.externalId;
    if (query.status) where.status = query.status;
    return findPage(this.dataSource.getRepository(Contract), where, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  async get(companyId: string, id: string): Promise<Contract> {
    const contract = await this.dataSource.getRepository(Contract).findOneBy({ id, companyId });
    if (!contract) throw new PlatformException('CONTRACT_NOT_FOUND');
    return contract;
  }

  /** Edits a draft or active contract and moves it draft → active or active → ended (applyChange). */
  async update(companyId: string, id: string, input: UpdateContractDto): Promise<Contract> {
    try {
      return await this.transactions.run(async (manager) => {
        const current = await manager.findOneBy(Contract, { id, companyId });
        if (!current) throw new PlatformException('CONTRACT_NOT_FOUND');
        // The employee row is the lock of every contract of the employee; re-read after taking it.
        await lockEmployees(manager, companyId, [current.employeeId], []);
        const contract = await manager.findOneByOrFail(Contract, { id, companyId });
        const events = applyChange(contract, input, todayIso());
        if (contract.status !== 'draft') await this.refuseOverlap(manager, contract);
        return this.save(manager, contract, events);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('CONTRACT_EXTERNAL_ID_CONFLICT');
      throw error;
    }
  }

  private async createOrSyncIn(manager: EntityManager, companyId: string, input: CreateContractDto): Promise<ContractSyncResult> {
    const [employee] = await lockEmployees(
      manager,
      companyId,
      input.employeeId === undefined ? [] : [input.employeeId],
      input.employeeExternalId === undefined ? [] : [input.employeeExternalId],
    );
    if (!employee) throw new PlatformException('USER_NOT_FOUND');
    const concerned = await contractsConcerned(manager, companyId, input.externalId === undefined ? [] : [input.externalId], [employee.id], input.startDate);
    const existing = concerned.find((contract) => input.externalId !== undefined && contract.externalId === input.externalId) ?? null;
    const { contract, change, events } = createOrSync(existing, companyId, employee.id, input, todayIso());
    if (change === 'unchanged') return { contract, created: false };
    const clash = findClash(
      contract,
      concerned.filter((other) => other.employeeId === employee.id),
    );
    if (clash) throw overlapError(clash);
    return { contract: await this.save(manager, contract, events), created: change === 'created' };
  }

  /** One contract in force per employee: the caller holds the employee's lock. */
  private async refuseOverlap(manager: EntityManager, contract: Contract): Promise<void> {
    const clash = findClash(contract, await contractsConcerned(manager, contract.companyId, [], [contract.employeeId], contract.startDate));
    if (clash) throw overlapError(clash);
  }

  private async save(manager: EntityManager, contract: Contract, events: ContractEvent[]): Promise<Contract> {
    const saved = await manager.save(contract);
    for (const type of events) await this.outbox.record(manager, saved.companyId, type, saved);
    return saved;
  }
}
