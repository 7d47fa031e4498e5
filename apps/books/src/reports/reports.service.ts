import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, SelectQueryBuilder } from 'typeorm';
import { BooksContract, Page, PlatformException } from '@platform/common';
import { Account } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { JournalEntry } from '../journal/journal-entry.entity';
import { JournalLine } from '../journal/journal-line.entity';
import { BooksSettingsService } from '../settings/books-settings.service';
import { GeneralLedgerQueryDto, TrialBalanceQueryDto } from './dto/report.dto';
import { buildTrialBalance, sumValue, toSafeNumber, withRunningBalance } from './trial-balance';

export interface DateRange {
  from: string | null;
  to: string | null;
}

export interface LedgerLine {
  entryId: string;
  entryNumber: string;
  date: string;
  memo: string;
  reference: string | null;
  description: string | null;
  debit: number;
  credit: number;
  /** After this line, debit positive. */
  balance: number;
}

export interface GeneralLedger extends DateRange, Page<LedgerLine> {
  account: Pick<Account, 'id' | 'code' | 'name' | 'type' | 'active'>;
  currency: string;
  openingBalance: number;
  totalDebits: number;
  totalCredits: number;
  closingBalance: number;
}

/** Reports sum integer amounts in the database and add them up as bigint: no floating point anywhere. */
@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly settings: BooksSettingsService,
  ) {}

  async trialBalance(companyId: string, query: TrialBalanceQueryDto): Promise<BooksContract.TrialBalance> {
    const range = checkRange(query);
    const builder = this.dataSource.createQueryBuilder(JournalLine, 'line').select('line.accountId', 'accountId').where('line.companyId = :companyId', { companyId });
    if (range.from) {
      builder
        .addSelect('SUM(CASE WHEN line.date < :from THEN line.debit - line.credit ELSE 0 END)', 'opening')
        .addSelect('SUM(CASE WHEN line.date >= :from THEN line.debit ELSE 0 END)', 'debits')
        .addSelect('SUM(CASE WHEN line.date >= :from THEN line.credit ELSE 0 END)', 'credits')
        .setParameter('from', range.from);
    } else {
      builder.addSelect('SUM(line.debit)', 'debits').addSelect('SUM(line.credit)', 'credits');
    }
    if (range.to) builder.andWhere('line.date <= :to', { to: range.to });
    const sums = await builder.groupBy('line.accountId').getRawMany<{ accountId: string; opening?: unknown; debits: unknown; credits: unknown }>();
    const accounts = sums.length ? await this.dataSource.getRepository(Account).findBy({ companyId, id: In(sums.map((sum) => sum.accountId)) }) : [];
    const balance = buildTrialBalance(
      new Map(accounts.map((account) => [account.id, account])),
      sums.map((sum) => ({ accountId: sum.accountId, opening: sumValue(sum.opening), debits: sumValue(sum.debits), credits: sumValue(sum.credits) })),
    );
    return { ...range, currency: (await this.settings.view(companyId)).currency, ...balance };
  }

  /** One account's lines in date order, a page at a time, each with the running balance, between the opening and closing balances. */
  async generalLedger(companyId: string, query: GeneralLedgerQueryDto): Promise<GeneralLedger> {
    const range = checkRange(query);
    const account = await this.accounts.get(companyId, query.accountId);
    const lines = () =>
      this.dataSource.createQueryBuilder(JournalLine, 'line').where('line.companyId = :companyId AND line.accountId = :accountId', { companyId, accountId: account.id });
    const inRange = () => {
      const builder = lines();
      if (range.from) builder.andWhere('line.date >= :from', { from: range.from });
      if (range.to) builder.andWhere('line.date <= :to', { to: range.to });
      return builder;
    };
    const opening = range.from ? await netOf(lines().andWhere('line.date < :from', { from: range.from })) : 0n;
    const totals = await inRange().select('COUNT(*)', 'count').addSelect('SUM(line.debit)', 'debits').addSelect('SUM(line.credit)', 'credits').getRawOne();
    const debits = sumValue(totals?.debits);
    const credits = sumValue(totals?.credits);
    const page = await inRange()
      .orderBy('line.date', 'ASC')
      .addOrderBy('line.entrySequence', 'ASC')
      .addOrderBy('line.lineNumber', 'ASC')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getMany();

    let before = opening;
    if (page.length && query.page > 1) {
      const first = page[0];
      before += await netOf(
        inRange().andWhere('(line.date < :date OR (line.date = :date AND (line.entrySequence < :sequence OR (line.entrySequence = :sequence AND line.lineNumber < :lineNumber))))', {
          date: first.date,
          sequence: first.entrySequence,
          lineNumber: first.lineNumber,
        }),
      );
    }
    const entries = page.length ? await this.dataSource.getRepository(JournalEntry).findBy({ companyId, id: In([...new Set(page.map((line) => line.entryId))]) }) : [];
    const entryById = new Map(entries.map((entry) => [entry.id, entry]));
    const items = withRunningBalance(
      before,
      page.map((line) => {
        const entry = entryById.get(line.entryId)!;
        return { entryId: entry.id, entryNumber: entry.number, date: line.date, memo: entry.memo, reference: entry.reference, description: line.description, debit: line.debit, credit: line.credit };
      }),
    );
    return {
      account: { id: account.id, code: account.code, name: account.name, type: account.type, active: account.active },
      ...range,
      currency: (await this.settings.view(companyId)).currency,
      openingBalance: toSafeNumber(opening),
      totalDebits: toSafeNumber(debits),
      totalCredits: toSafeNumber(credits),
      closingBalance: toSafeNumber(opening + debits - credits),
      items,
      page: query.page,
      limit: query.limit,
      total: Number(totals?.count ?? 0),
    };
  }
}

async function netOf(builder: SelectQueryBuilder<JournalLine>): Promise<bigint> {
  const row = await builder.select('SUM(line.debit - line.credit)', 'net').getRawOne<{ net: unknown }>();
  return sumValue(row?.net);
}

function checkRange(query: { from?: string; to?: string }): DateRange {
  if (query.from && query.to && query.from > query.to) throw PlatformException.validation({ to: ['to must be on or after from'] });
  return { from: query.from ?? null, to: query.to ?? null };
}
