import { Injectable } from '@nestjs/common';
import { BooksContract } from '@platform/contracts';
import { decodeCursor, encodeCursor, isCursorStart, Page, PlatformException } from '@platform/pipeline';
import { Account } from '../accounts/account.entity';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountsService } from '../accounts/accounts.service';
import { JournalLine } from '../journal/journal-line.entity';
import { JournalRepository } from '../journal/journal.repository';
import { BooksSettingsService } from '../settings/books-settings.service';
import { GeneralLedgerQueryDto, TrialBalanceQueryDto } from './dto/report.dto';
import {
  addSums,
  fromMonthEnd,
  LedgerKey,
  ledgerKeyOf,
  locateLine,
  monthOf,
  MonthSums,
  net,
  nextMonthOf,
  NO_SUMS,
  subtractSums,
  Sums,
  sumsBefore,
} from './month-sums';
import { Bound, BoundLines, DateRange, ReportsRepository } from './reports.repository';
import { buildTrialBalance, toSafeNumber, withRunningBalance } from './trial-balance';

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
    private readonly reports: ReportsRepository,
    private readonly journal: JournalRepository,
    private readonly accounts: AccountsRepository,
    private readonly chart: AccountsService,
    private readonly settings: BooksSettingsService,
  ) {}

  /**
   * Opening (before `from`) and movements (within the range) per account, in one statement, so
   * that both read the same snapshot: the totals through `to` less the totals before `from`.
   * Totals through a date are its account's months up to the nearer end of the date's month,
   * and that month's lines between the end and the date: a row per account and month, and at
   * most half a month of lines.
   */
  async trialBalance(companyId: string, query: TrialBalanceQueryDto): Promise<BooksContract.TrialBalance> {
    const range = checkRange(query);
    const activity = await this.reports.accountActivity(companyId, range);
    const accounts = activity.length
      ? await this.accounts.accountsBy(
          companyId,
          'id',
          activity.map((sums) => sums.accountId),
        )
      : [];
    const balance = buildTrialBalance(new Map(accounts.map((account) => [account.id, account])), activity);
    return { ...range, currency: (await this.settings.view(companyId)).currency, ...balance };
  }

  /**
   * One account's lines in ledger order, a page at a time, each with the running balance,
   * between the opening and closing balances. The balances and totals come from the account's
   * months and at most half a month of its lines at each edge (the range's ends, the page's
   * first line). A page in page mode starts at the line the months' counts place it at, found
   * within its month; in cursor mode, after the cursor's line. Either reads the page from the
   * lines' (company, account, date, sequence, line) index, so any page costs what the first does.
   */
  async generalLedger(companyId: string, query: GeneralLedgerQueryDto): Promise<GeneralLedger> {
    const range = checkRange(query);
    const after = query.cursor === undefined ? undefined : ledgerCursor(query.cursor);
    const account = await this.chart.get(companyId, query.accountId);
    const months = await this.reports.accountMonths(companyId, account.id);
    const [through, before = NO_SUMS] = await this.totalsTo(companyId, account.id, months, [
      range.to ? { date: range.to, through: true } : null,
      ...(range.from ? [{ date: range.from, through: false }] : []),
    ]);
    const inRange = subtractSums(through, before);

    // the account's lines begin in its first month: a bound for the scan to start at when the range has none
    const bounds = { from: range.from ?? months[0]?.month ?? null, to: range.to };
    let rows: JournalLine[] = [];
    if (months.length && after !== undefined) {
      rows = await this.reports.ledgerLines(companyId, account.id, bounds, after && { key: after.key, inclusive: false }, query.limit + 1);
    } else if (months.length) {
      const page = query.page ?? 1;
      const index = before.lines + (page - 1) * query.limit;
      const place = page === 1 ? null : locateLine(months, index);
      const first = place && index < through.lines ? await this.reports.lineKeyAt(companyId, account.id, place) : null;
      if (page === 1 || first) rows = await this.reports.ledgerLines(companyId, account.id, bounds, first && { key: first, inclusive: true }, query.limit);
    }
    const items = rows.slice(0, query.limit);

    const openingOfPage = items.length ? net((await this.totalsTo(companyId, account.id, months, [{ key: keyOf(items[0]) }]))[0]) : 0n;
    const entries = items.length ? await this.journal.entriesByIds(companyId, [...new Set(items.map((line) => line.entryId))]) : [];
    const entryById = new Map(entries.map((entry) => [entry.id, entry]));
    const lines = withRunningBalance(
      openingOfPage,
      items.map((line) => {
        const entry = entryById.get(line.entryId)!;
        return {
          entryId: entry.id,
          entryNumber: entry.number,
          date: line.date,
          memo: entry.memo,
          reference: entry.reference,
          description: line.description,
          debit: line.debit,
          credit: line.credit,
        };
      }),
    );
    let paging: Pick<GeneralLedger, 'page' | 'limit' | 'total' | 'nextCursor'>;
    if (after === undefined) {
      paging = { page: query.page ?? 1, limit: query.limit, total: inRange.lines };
    } else {
      // the walk's total, counted on its first page, is carried by its cursors (as a list's)
      const total = after?.total ?? inRange.lines;
      const last = rows.length > query.limit ? keyOf(items[items.length - 1]) : null;
      paging = { page: null, limit: query.limit, total, nextCursor: last && encodeCursor([last.date, last.sequence, last.line], total) };
    }
    const opening = net(before);
    return {
      account: { id: account.id, code: account.code, name: account.name, type: account.type, active: account.active },
      ...range,
      currency: (await this.settings.view(companyId)).currency,
      openingBalance: toSafeNumber(opening),
      totalDebits: toSafeNumber(inRange.debits),
      totalCredits: toSafeNumber(inRange.credits),
      closingBalance: toSafeNumber(opening + net(inRange)),
      items: lines,
      ...paging,
    };
  }

  /**
   * The account's totals up to each bound (all its lines for null): its months up to the nearer
   * end of the bound's month, and the lines between that end and the bound, added or taken off.
   * At most half a month of lines a bound, read from the index alone, in one statement.
   */
  private async totalsTo(companyId: string, accountId: string, months: MonthSums[], bounds: (Bound | null)[]): Promise<Sums[]> {
    const totals: Sums[] = [];
    const partial: { index: number; lines: BoundLines }[] = [];
    for (const [index, bound] of bounds.entries()) {
      if (!bound) {
        totals.push(sumsBefore(months, null));
        continue;
      }
      const date = 'key' in bound ? bound.key.date : bound.date;
      const fromEnd = fromMonthEnd(date);
      totals.push(sumsBefore(months, fromEnd ? nextMonthOf(date) : monthOf(date)));
      partial.push({ index, lines: { bound, fromEnd } });
    }
    if (!partial.length) return totals;
    const sums = await this.reports.linesToBounds(
      companyId,
      accountId,
      partial.map(({ lines }) => lines),
    );
    for (const [i, { index, lines }] of partial.entries())
      totals[index] = lines.fromEnd ? subtractSums(totals[index], sums[i]) : addSums(totals[index], sums[i]);
    return totals;
  }
}

function keyOf(line: JournalLine): LedgerKey {
  return { date: line.date, sequence: line.entrySequence, line: line.lineNumber };
}

/** Where a `cursor` resumes: null for the start; a cursor whose key is not a ledger position is the client's error. */
function ledgerCursor(cursor: string): { key: LedgerKey; total: number | null } | null {
  if (isCursorStart(cursor)) return null;
  const position = decodeCursor(cursor);
  const key = position && ledgerKeyOf(position.key);
  if (!position || !key) throw PlatformException.validation({ cursor: ['cursor must be start or the nextCursor of a page'] });
  return { key, total: position.total };
}

function checkRange(query: { from?: string; to?: string }): DateRange {
  if (query.from && query.to && query.from > query.to) throw PlatformException.validation({ to: ['to must be on or after from'] });
  return { from: query.from ?? null, to: query.to ?? null };
}
