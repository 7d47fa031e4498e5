import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, Like } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { JournalEntry } from '../journal/journal-entry.entity';
import { JournalLine } from '../journal/journal-line.entity';
import { Account, AccountType } from './account.entity';
import type { ChartAccount } from './default-chart';
import { ListAccountsQueryDto } from './dto/account.dto';

/** What an account is changed with: its name, type and state. */
export type AccountChanges = Partial<Pick<Account, 'name' | 'type' | 'active'>>;

const SAMPLE_ACCOUNT = { code: '6611', name: 'Salaries: head office', type: 'expense' as AccountType, active: true };

/** The company's chart of accounts (`books_accounts`). */
@Injectable()
export class AccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new account; a code the company already has fails on the (company, code) key. */
  @QuerySample([SAMPLE.companyId, SAMPLE_ACCOUNT])
  insertAccount(companyId: string, account: Pick<Account, 'code' | 'name' | 'type' | 'active'>): Promise<Account> {
    const repository = this.dataSource.getRepository(Account);
    return repository.save(repository.create({ ...account, companyId }));
  }

  /** The chart's accounts the company lacks, in the caller's transaction; a code the company has meanwhile is left as it is. */
  @QuerySample([SAMPLE.companyId, [{ code: '101', name: 'Share capital', type: 'equity' as const }], SAMPLE.tx])
  async insertMissingAccounts(companyId: string, accounts: readonly ChartAccount[], manager: EntityManager): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(Account)
      .values(accounts.map((account) => ({ companyId, ...account, active: true })))
      .orIgnore()
      .execute();
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { type: 'expense' as AccountType, page: 2, limit: 20 }], 'by type')
  @QuerySample([SAMPLE.companyId, { active: true, page: 2, limit: 20 }], 'by state')
  @QuerySample([SAMPLE.companyId, { codePrefix: '66', page: 2, limit: 20 }], 'by code prefix')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { type: 'expense' as AccountType, cursor: SAMPLE.cursor, limit: 20 }], 'by type, after a cursor')
  @QuerySample([SAMPLE.companyId, { active: true, cursor: SAMPLE.cursor, limit: 20 }], 'by state, after a cursor')
  @QuerySample([SAMPLE.companyId, { codePrefix: '66', cursor: SAMPLE.cursor, limit: 20 }], 'by code prefix, after a cursor')
  listAccountsPage(companyId: string, query: ListAccountsQueryDto): Promise<Page<Account>> {
    const where: FindOptionsWhere<Account> = { companyId };
    if (query.type) where.type = query.type;
    if (query.active !== undefined) where.active = query.active;
    if (query.codePrefix) where.code = Like(`${query.codePrefix}%`);
    return findPage(this.dataSource.getRepository(Account), where, { code: 'ASC' }, query);
  }

  /** Another company's account is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findAccount(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Account | null> {
    return manager.findOneBy(Account, { id, companyId });
  }

  /** The company's accounts among `values`, by id or by code. */
  @QuerySample([SAMPLE.companyId, 'id' as const, [SAMPLE.id, SAMPLE.otherId]], 'by id')
  @QuerySample([SAMPLE.companyId, 'code' as const, ['421', '661']], 'by code')
  accountsBy(companyId: string, key: 'id' | 'code', values: string[], manager: EntityManager = this.dataSource.manager): Promise<Account[]> {
    return manager.findBy(Account, { companyId, [key]: In(values) });
  }

  /** The codes among `codes` the company has (all of its codes without `codes`). */
  @QuerySample([SAMPLE.companyId, ['421', '661'], SAMPLE.tx])
  @QuerySample([SAMPLE.companyId, undefined, SAMPLE.tx], 'every code')
  async codesOf(companyId: string, codes: string[] | undefined, manager: EntityManager): Promise<Set<string>> {
    const accounts = await manager.find(Account, { select: { code: true }, where: { companyId, ...(codes ? { code: In(codes) } : {}) } });
    return new Set(accounts.map((account) => account.code));
  }

  /** Whether the company has posted any entry (its book currency is then fixed). */
  @QuerySample([SAMPLE.companyId, SAMPLE.tx])
  hasEntries(companyId: string, manager: EntityManager): Promise<boolean> {
    return manager.existsBy(JournalEntry, { companyId });
  }

  /** Whether any entry has a line on the account (its type is then fixed). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  hasLines(companyId: string, accountId: string, manager: EntityManager): Promise<boolean> {
    return manager.existsBy(JournalLine, { companyId, accountId });
  }

  /** Changes the account, its changed fields only, and answers it as it is now. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { name: 'Salaries', type: 'expense' as AccountType, active: false }, SAMPLE.tx])
  async updateAccount(companyId: string, id: string, changes: AccountChanges, manager: EntityManager): Promise<Account | null> {
    await manager.update(Account, { id, companyId }, changes);
    return manager.findOneBy(Account, { id, companyId });
  }
}
