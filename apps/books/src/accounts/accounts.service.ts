import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Page, PlatformException } from '@platform/pipeline';
import { isUniqueViolation, Transactions } from '@platform/data';
import { BooksSettingsRepository } from '../settings/books-settings.repository';
import { Account } from './account.entity';
import { AccountChanges, AccountsRepository } from './accounts.repository';
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
    private readonly accounts: AccountsRepository,
    private readonly transactions: Transactions,
    private readonly settings: BooksSettingsRepository,
  ) {}

  async create(companyId: string, input: CreateAccountDto): Promise<Account> {
    try {
      return await this.accounts.insertAccount(companyId, { code: input.code, name: input.name, type: input.type, active: input.active ?? true });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PlatformException('ACCOUNT_CODE_CONFLICT', { details: { code: input.code } });
      throw error;
    }
  }

  list(companyId: string, query: ListAccountsQueryDto): Promise<Page<Account>> {
    return this.accounts.listAccountsPage(companyId, query);
  }

  /** Another company's account is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<Account> {
    const account = await this.accounts.findAccount(companyId, id);
    if (!account) throw new PlatformException('ACCOUNT_NOT_FOUND');
    return account;
  }

  /** Renames, (de)activates, or retypes an account that has no entry; under the company lock, so a posting cannot slip in between. */
  update(companyId: string, id: string, input: UpdateAccountDto): Promise<Account> {
    return this.transactions.run(async (manager) => {
      await this.settings.lockSettings(companyId, manager);
      const account = await this.accounts.findAccount(companyId, id, manager);
      if (!account) throw new PlatformException('ACCOUNT_NOT_FOUND');
      if (input.type !== undefined && input.type !== account.type && (await this.accounts.hasLines(companyId, id, manager))) {
        throw new PlatformException('ACCOUNT_TYPE_LOCKED', { details: { type: account.type } });
      }
      // only what changes is written: an account sent as it is keeps its updatedAt
      const changes: AccountChanges = {};
      if (input.name !== undefined && input.name !== account.name) changes.name = input.name;
      if (input.type !== undefined && input.type !== account.type) changes.type = input.type;
      if (input.active !== undefined && input.active !== account.active) changes.active = input.active;
      if (!Object.keys(changes).length) return account;
      return (await this.accounts.updateAccount(companyId, id, changes, manager))!;
    });
  }

  /**
   * Installs the default chart and, when asked, sets the book currency (only while no entry is
   * posted). Idempotent: codes already present are kept as they are.
   */
  installDefaultChart(companyId: string, input: InstallChartDto): Promise<ChartInstallation> {
    return this.transactions.run(async (manager) => {
      const settings = await this.settings.lockSettings(companyId, manager);
      if (input.currency && input.currency !== settings.currency) {
        if (await this.accounts.hasEntries(companyId, manager)) {
          throw new PlatformException('BOOKS_CURRENCY_MISMATCH', { params: { currency: input.currency, bookCurrency: settings.currency } });
        }
        settings.currency = input.currency;
        await this.settings.setCurrency(companyId, input.currency, manager);
      }
      return { currency: settings.currency, ...(await this.installChartLocked(manager, companyId)) };
    });
  }

  /** The chart's missing accounts, added in the caller's transaction, which holds the company lock. */
  async installChartLocked(manager: EntityManager, companyId: string): Promise<{ created: number; alreadyPresent: number }> {
    const present = await this.accounts.codesOf(companyId, undefined, manager);
    const missing = DEFAULT_CHART.filter((account) => !present.has(account.code));
    // an account created through the API meanwhile (it takes no company lock) wins over the chart's
    if (missing.length) await this.accounts.insertMissingAccounts(companyId, missing, manager);
    await this.settings.markChartInstalled(companyId, manager);
    return { created: missing.length, alreadyPresent: DEFAULT_CHART.length - missing.length };
  }
}
