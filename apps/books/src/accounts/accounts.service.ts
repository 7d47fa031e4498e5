import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, IsNull, Like } from 'typeorm';
import { findPage, isUniqueViolation, Page, PlatformException, SerializedJson, Transactions } from '@platform/common';
import { JournalEntry } from '../journal/journal-entry.entity';
import { JournalLine } from '../journal/journal-line.entity';
import { BooksSettings } from '../settings/books-settings.entity';
import { BooksSettingsService } from '../settings/books-settings.service';
import { Account } from './account.entity';
import { DEFAULT_CHART } from './default-chart';
import { CreateAccountDto, InstallChartDto, ListAccountsQueryDto, UpdateAccountDto } from './dto/account.dto';

export interface ChartInstallation {
  currency: string;
  created: number;
  alreadyPresent: number;
}

@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly settings: BooksSettingsService,
  ) {}

  async create(companyId: string, input: CreateAccountDto): Promise<Account> {
    const repository = this.dataSource.getRepository(Account);
    try {
      return await repository.save(repository.create({ companyId, code: input.code, name: input.name, type: input.type, active: input.active ?? true }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('ACCOUNT_CODE_CONFLICT', { details: { code: input.code } });
      throw error;
    }
  }

  async list(companyId: string, query: ListAccountsQueryDto): Promise<Page<Account> | SerializedJson> {
    const where: FindOptionsWhere<Account> = { companyId };
    if (query.type) where.type = query.type;
    if (query.active !== undefined) where.active = query.active;
    if (query.codePrefix) where.code = Like(`${query.codePrefix}%`);
    return findPage(this.dataSource.getRepository(Account), where, { code: 'ASC' }, query);
  }

  /** Another company's account is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<Account> {
    const account = await this.dataSource.getRepository(Account).findOneBy({ id, companyId });
    if (!account) throw new PlatformException('ACCOUNT_NOT_FOUND');
    return account;
  }

  /** Renames, (de)activates, or retypes an account that has no entry; under the company lock, so a posting cannot slip in between. */
  update(companyId: string, id: string, input: UpdateAccountDto): Promise<Account> {
    return this.transactions.run(async (manager) => {
      await this.settings.lock(manager, companyId);
      const account = await manager.findOneBy(Account, { id, companyId });
      if (!account) throw new PlatformException('ACCOUNT_NOT_FOUND');
      if (input.type !== undefined && input.type !== account.type && (await manager.existsBy(JournalLine, { companyId, accountId: id }))) {
        throw new PlatformException('ACCOUNT_TYPE_LOCKED', { details: { type: account.type } });
      }
      if (input.name !== undefined) account.name = input.name;
      if (input.type !== undefined) account.type = input.type;
      if (input.active !== undefined) account.active = input.active;
      return manager.save(account);
    });
  }

  /**
   * Installs the default chart and, when asked, sets the book currency (only while no entry is
   * posted). Idempotent: codes already present are kept as they are.
   */
  installDefaultChart(companyId: string, input: InstallChartDto): Promise<ChartInstallation> {
    return this.transactions.run(async (manager) => {
      const settings = await this.settings.lock(manager, companyId);
      if (input.currency && input.currency !== settings.currency) {
        if (await manager.existsBy(JournalEntry, { companyId })) {
          throw new PlatformException('BOOKS_CURRENCY_MISMATCH', { params: { currency: input.currency, bookCurrency: settings.currency } });
        }
        settings.currency = input.currency;
        await manager.save(settings);
      }
      return { currency: settings.currency, ...(await this.installChartLocked(manager, companyId)) };
    });
  }

  /** The chart's missing accounts, added in the caller's transaction, which holds the company lock. */
  async installChartLocked(manager: EntityManager, companyId: string): Promise<{ created: number; alreadyPresent: number }> {
    const present = new Set((await manager.find(Account, { select: { code: true }, where: { companyId } })).map((account) => account.code));
    const missing = DEFAULT_CHART.filter((account) => !present.has(account.code));
    // an account created through the API meanwhile (it takes no company lock) wins over the chart's
    if (missing.length) await manager.createQueryBuilder().insert().into(Account).values(missing.map((account) => ({ companyId, ...account, active: true }))).orIgnore().execute();
    await manager.update(BooksSettings, { companyId, chartInstalledAt: IsNull() }, { chartInstalledAt: new Date() });
    return { created: missing.length, alreadyPresent: DEFAULT_CHART.length - missing.length };
  }
}
