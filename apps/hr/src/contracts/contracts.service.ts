import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { EventOutbox, findPage, Page, PlatformException, SerializedJson, Transactions } from '@platform/common';
import { Employee } from '../employees/employee.entity';
import { todayIso } from '../shared/dates';
import { Contract, ContractStatus, TYPES_NEEDING_END_DATE } from './contract.entity';
import { CreateContractDto, ListContractsQueryDto, UpdateContractDto } from './dto/contract.dto';

/** The moves PATCH `status` may make; anything else is CONTRACT_INVALID_TRANSITION. */
const TRANSITIONS: Record<ContractStatus, ContractStatus[]> = { draft: ['active'], active: ['ended'], ended: [] };

@Injectable()
export class ContractsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly outbox: EventOutbox,
  ) {}

  create(companyId: string, input: CreateContractDto): Promise<Contract> {
    const contract = this.dataSource.getRepository(Contract).create({
      companyId,
      employeeId: input.employeeId,
      type: input.type,
      status: input.status ?? 'active',
      startDate: input.startDate,
      endDate: input.endDate ?? null,
      baseSalary: input.baseSalary,
      currency: input.currency,
      payFrequency: input.payFrequency,
      allowances: input.allowances ?? [],
      deductions: input.deductions ?? [],
      jobTitle: input.jobTitle ?? null,
    });
    checkDates(contract);
    return this.transactions.run(async (manager) => {
      if (!(await this.transactions.lockOne(manager, Employee, companyId, input.employeeId))) throw new PlatformException('USER_NOT_FOUND');
      if (contract.status === 'active') await this.refuseOverlap(manager, contract);
      const saved = await manager.save(contract);
      if (saved.status === 'active') await this.outbox.record(manager, companyId, 'contract.activated', saved);
      return saved;
    });
  }

  async list(companyId: string, query: ListContractsQueryDto): Promise<Page<Contract> | SerializedJson> {
    const where: FindOptionsWhere<Contract> = { companyId };
    if (query.employeeId) where.employeeId = query.employeeId;
    if (query.status) where.status = query.status;
    return findPage(this.dataSource.getRepository(Contract), where, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  async get(companyId: string, id: string): Promise<Contract> {
    const contract = await this.dataSource.getRepository(Contract).findOneBy({ id, companyId });
    if (!contract) throw new PlatformException('CONTRACT_NOT_FOUND');
    return contract;
  }

  /**
   * Edits a draft or active contract and moves it draft → active or active → ended. Ending
   * without an endDate ends it today, or on its planned endDate if that has already passed.
   */
  async update(companyId: string, id: string, input: UpdateContractDto): Promise<Contract> {
    return this.transactions.run(async (manager) => {
      const current = await manager.findOneBy(Contract, { id, companyId });
      if (!current) throw new PlatformException('CONTRACT_NOT_FOUND');
      // The employee row is the lock of every contract of the employee; re-read after taking it.
      await this.transactions.lockOne(manager, Employee, companyId, current.employeeId);
      const contract = await manager.findOneByOrFail(Contract, { id, companyId });
      if (contract.status === 'ended') throw new PlatformException('CONTRACT_NOT_EDITABLE');
      const from = contract.status;
      const to = input.status ?? from;
      if (to !== from && !TRANSITIONS[from].includes(to)) throw new PlatformException('CONTRACT_INVALID_TRANSITION', { params: { from, to } });

      for (const [key, value] of Object.entries(input)) if (key !== 'status' && value !== undefined) (contract as unknown as Record<string, unknown>)[key] = value;
      if (to === 'ended' && input.endDate === undefined) {
        const today = todayIso();
        contract.endDate = contract.endDate !== null && contract.endDate < today ? contract.endDate : today;
      }
      if (to === 'ended' && contract.endDate === null) throw PlatformException.validation({ endDate: ['an ended contract needs an endDate'] });
      contract.status = to;
      checkDates(contract);
      if (to !== 'draft') await this.refuseOverlap(manager, contract);
      const saved = await manager.save(contract);
      if (from === 'draft' && to === 'active') await this.outbox.record(manager, companyId, 'contract.activated', saved);
      if (to === 'ended') await this.outbox.record(manager, companyId, 'contract.ended', saved);
      return saved;
    });
  }

  /** One contract in force per employee: the caller holds the employee's lock. */
  private async refuseOverlap(manager: EntityManager, contract: Contract): Promise<void> {
    const query = manager
      .createQueryBuilder(Contract, 'other')
      .where('other.companyId = :companyId AND other.employeeId = :employeeId', { companyId: contract.companyId, employeeId: contract.employeeId })
      .andWhere('other.status IN (:...inForce)', { inForce: ['active', 'ended'] })
      .andWhere(new Brackets((range) => range.where('other.endDate IS NULL').orWhere('other.endDate >= :start', { start: contract.startDate })));
    if (contract.endDate !== null) query.andWhere('other.startDate <= :end', { end: contract.endDate });
    if (contract.id) query.andWhere('other.id <> :id', { id: contract.id });
    const clash = await query.getOne();
    if (clash) throw new PlatformException('CONTRACT_OVERLAP', { details: { contractId: clash.id, startDate: clash.startDate, endDate: clash.endDate } });
  }
}

function checkDates(contract: Contract): void {
  if (contract.endDate === null && TYPES_NEEDING_END_DATE.includes(contract.type)) {
    throw PlatformException.validation({ endDate: [`endDate is required for a ${contract.type} contract`] });
  }
  if (contract.endDate !== null && contract.endDate < contract.startDate) {
    throw PlatformException.validation({ endDate: ['endDate must not be before startDate'] });
  }
}
