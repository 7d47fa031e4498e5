import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, jsonRecordset, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { EDITABLE_FIELDS } from './contract-changes';
import { Contract } from './contract.entity';
import { ListContractsQueryDto } from './dto/contract.dto';

/** The columns a sync rewrites: every field a change may set, status included. */
export const SYNCED_FIELDS = ['id', ...EDITABLE_FIELDS, 'status'] as const;
/** The columns of a new contract. */
export const NEW_FIELDS = [...SYNCED_FIELDS, 'employeeId'] as const;

/** What a contract is written with (the company and the keys aside). */
export type ContractFields = Omit<Contract, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
/** A row of a bulk insert (with its id, made beforehand) or of a bulk update. */
export type NewContractRow = Pick<Contract, (typeof NEW_FIELDS)[number]>;
export type SyncedContractRow = Pick<Contract, (typeof SYNCED_FIELDS)[number]>;
/** A contract's stamps as a bulk write answers them. */
export interface ContractStamp {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

const SAMPLE_CONTRACT: ContractFields = {
  employeeId: SAMPLE.otherId,
  externalId: 'CTR-0042-2025',
  type: 'permanent',
  status: 'active',
  startDate: '2025-01-01',
  endDate: null,
  baseSalary: 350_000,
  currency: 'XAF',
  payFrequency: 'monthly',
  allowances: [],
  deductions: [],
  jobTitle: null,
};
const { employeeId: _employeeId, ...SAMPLE_SYNCED } = { id: SAMPLE.id, ...SAMPLE_CONTRACT };

/** Employment contracts (`contracts`). Their employee's row is their lock (EmployeesRepository.lockEmployeesNamed). */
@Injectable()
export class ContractsRepository {
  /** PostgreSQL unpacks the rows of a JSON document with json_to_recordset: one statement for every new contract, one for every changed one. */
  private readonly insertSql: string;
  private readonly updateSql: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const table = qualifiedTable(dataSource, Contract);
    const created = jsonRecordset(dataSource, Contract, NEW_FIELDS);
    this.insertSql =
      `INSERT INTO ${table} ("company_id", ${created.names}) SELECT $1, ${created.fields} FROM ${created.from('$2', 'item')} ` +
      'RETURNING "id", "created_at" AS "createdAt", "updated_at" AS "updatedAt"';
    const synced = jsonRecordset(dataSource, Contract, SYNCED_FIELDS);
    const set = synced.columns
      .filter((column) => column.propertyName !== 'id')
      .map((column) => `"${column.databaseName}" = item."${column.propertyName}"`)
      .join(', ');
    this.updateSql =
      `UPDATE ${table} AS contract SET ${set}, "updated_at" = now() FROM ${synced.from('$2', 'item')} WHERE contract."company_id" = $1 AND contract."id" = item."id" ` +
      'RETURNING contract."id", contract."created_at" AS "createdAt", contract."updated_at" AS "updatedAt"';
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { employeeId: SAMPLE.otherId, page: 2, limit: 20 }], 'by employee')
  @QuerySample([SAMPLE.companyId, { externalId: 'CTR-0042-2025', page: 2, limit: 20 }], 'by externalId')
  @QuerySample([SAMPLE.companyId, { status: 'active' as const, page: 2, limit: 20 }], 'by status')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { employeeId: SAMPLE.otherId, cursor: SAMPLE.cursor, limit: 20 }], 'by employee, after a cursor')
  @QuerySample([SAMPLE.companyId, { externalId: 'CTR-0042-2025', cursor: SAMPLE.cursor, limit: 20 }], 'by externalId, after a cursor')
  @QuerySample([SAMPLE.companyId, { status: 'active' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by status, after a cursor')
  listContractsPage(companyId: string, query: ListContractsQueryDto): Promise<Page<Contract>> {
    const where: FindOptionsWhere<Contract> = { companyId };
    if (query.employeeId) where.employeeId = query.employeeId;
    if (query.externalId) where.externalId = query.externalId;
    if (query.status) where.status = query.status;
    return findPage(this.dataSource.getRepository(Contract), where, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** Another company's contract is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findContract(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Contract | null> {
    return manager.findOneBy(Contract, { id, companyId });
  }

  /**
   * The contracts a change to these employees' contracts must see, in one read: the company's
   * contracts with these externalIds (to sync), and the employees' contracts in force (active or
   * ended) that end on `from` or later, or never: those a contract starting on `from` or later may
   * meet. The caller holds the employees' locks.
   */
  @QuerySample([SAMPLE.companyId, ['CTR-0042-2025'], [SAMPLE.otherId], '2025-01-01', SAMPLE.tx])
  contractsConcerned(companyId: string, externalIds: string[], employeeIds: string[], from: string, manager: EntityManager): Promise<Contract[]> {
    return manager
      .createQueryBuilder(Contract, 'contract')
      .where('contract.companyId = :companyId', { companyId })
      .andWhere(
        new Brackets((concerned) =>
          concerned
            .where('contract.externalId = ANY(:externalIds)', { externalIds })
            .orWhere(
              new Brackets((inForce) =>
                inForce
                  .where('contract.employeeId = ANY(:employeeIds)', { employeeIds })
                  .andWhere("contract.status IN ('active', 'ended')")
                  .andWhere('(contract.endDate IS NULL OR contract.endDate >= :from)', { from }),
              ),
            ),
        ),
      )
      .getMany();
  }

  @QuerySample([SAMPLE.companyId, SAMPLE_CONTRACT, SAMPLE.tx])
  insertContract(companyId: string, fields: ContractFields, manager: EntityManager): Promise<Contract> {
    return manager.save(manager.create(Contract, { ...fields, companyId }));
  }

  /** Sets the fields on the company's contract; answers its new updatedAt (null when no such contract). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { status: 'ended' as const, endDate: '2026-03-31' }, SAMPLE.tx])
  async updateContract(companyId: string, id: string, changes: Partial<ContractFields>, manager: EntityManager): Promise<Date | null> {
    const result = await manager
      .createQueryBuilder()
      .update(Contract)
      .set(changes)
      .where('id = :id AND company_id = :companyId', { id, companyId })
      .returning(['updatedAt'])
      .execute();
    return (result.raw as { updated_at: Date }[])[0]?.updated_at ?? null;
  }

  /** New contracts, every row in one statement. */
  @QuerySample([SAMPLE.companyId, [{ id: SAMPLE.id, ...SAMPLE_CONTRACT }], SAMPLE.tx])
  insertContracts(companyId: string, rows: NewContractRow[], manager: EntityManager): Promise<ContractStamp[]> {
    return manager.query(this.insertSql, [companyId, JSON.stringify(rows)]);
  }

  /** Changed contracts of the company, every row in one statement. */
  @QuerySample([SAMPLE.companyId, [SAMPLE_SYNCED], SAMPLE.tx])
  async updateContracts(companyId: string, rows: SyncedContractRow[], manager: EntityManager): Promise<ContractStamp[]> {
    // TypeORM answers an UPDATE with its rows and their count
    return ((await manager.query(this.updateSql, [companyId, JSON.stringify(rows)])) as [ContractStamp[], number])[0];
  }
}
