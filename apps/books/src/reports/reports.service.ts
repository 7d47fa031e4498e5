import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { BooksContract, decodeCursor, encodeCursor, isCursorStart, Page, PlatformException } from '@platform/common';
import { Account } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { JournalEntry } from '../journal/journal-entry.entity';
import { JournalLine } from '../journal/journal-line.entity';
import { BooksSettingsService } from '../settings/books-settings.service';
import { GeneralLedgerQueryDto, TrialBalanceQueryDto } from './dto/report.dto';
import { addSums, fromMonthEnd, LedgerKey, ledgerKeyOf, locateLine, monthOf, MonthPlace, MonthSums, net, nextMonthOf, NO_SUMS, subtractSums, Sums, sumsBefore } from './month-sums';
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

  /**
   * Opening (before `from`) and movements (within the range) per account, in one statement, so
   * that both read the same snapshot: the totals through `to` less the totals before `from`.
   * Totals through a date are its account's months up to the nearer end of the date's month,
   * and that month's lines between the end and the date: a row per account and month, and at
   * most half a month of lines.
   */
  async trialBalance(companyId: string, query: TrialBalanceQueryDto): Promise<BooksContract.TrialBalance> {
    const range = checkRange(query);
    const parameters = new Parameters();
    const company = parameters.add(companyId);
    const through = companySums(parameters, company, range.to ? { date: range.to, through: true } : null);
    const before = range.from ? companySums(parameters, company, { date: range.from, through: false }) : null;
    const sums: { account_id: string; opening: string; debits: string; credits: string }[] = await this.dataSource.query(
      `SELECT "account_id", sum("opening") AS "opening", sum("debits") AS "debits", sum("credits") AS "credits" FROM (
         SELECT "account_id", 0 AS "opening", "debits", "credits" FROM (${through}) AS "through"
         ${before ? `UNION ALL SELECT "account_id", "debits" - "credits", -"debits", -"credits" FROM (${before}) AS "before"` : ''}
       ) AS "sums" GROUP BY "account_id"`,
      parameters.values,
    );
    const accounts = sums.length ? await this.dataSource.getRepository(Account).findBy({ companyId, id: In(sums.map((sum) => sum.account_id)) }) : [];
    const balance = buildTrialBalance(
      new Map(accounts.map((account) => [account.id, account])),
      sums.map((sum) => ({ accountId: sum.account_id, opening: sumValue(sum.opening), debits: sumValue(sum.debits), credits: sumValue(sum.credits) })),
    );
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
    const account = await this.accounts.get(companyId, query.accountId);
    const months = await this.accountMonths(companyId, account.id);
    const [through, before = NO_SUMS] = await this.totalsTo(companyId, account.id, months, [
      range.to ? { date: range.to, through: true } : null,
      ...(range.from ? [{ date: range.from, through: false }] : []),
    ]);
    const inRange = subtractSums(through, before);

    // the account's lines begin in its first month: a bound for the scan to start at when the range has none
    const bounds = { from: range.from ?? months[0]?.month ?? null, to: range.to };
    let rows: JournalLine[] = [];
    if (months.length && after !== undefined) {
      rows = await this.ledgerLines(companyId, account.id, bounds, after && { key: after.key, inclusive: false }, query.limit + 1);
    } else if (months.length) {
      const page = query.page ?? 1;
      const index = before.lines + (page - 1) * query.limit;
      const place = page === 1 ? null : locateLine(months, index);
      const first = place && index < through.lines ? await this.keyAt(companyId, account.id, place) : null;
      if (page === 1 || first) rows = await this.ledgerLines(companyId, account.id, bounds, first && { key: first, inclusive: true }, query.limit);
    }
    const items = rows.slice(0, query.limit);

    const openingOfPage = items.length ? net((await this.totalsTo(companyId, account.id, months, [{ key: keyOf(items[0]) }]))[0]) : 0n;
    const entries = items.length ? await this.dataSource.getRepository(JournalEntry).findBy({ companyId, id: In([...new Set(items.map((line) => line.entryId))]) }) : [];
    const entryById = new Map(entries.map((entry) => [entry.id, entry]));
    const lines = withRunningBalance(
      openingOfPage,
      items.map((line) => {
        const entry = entryById.get(line.entryId)!;
        return { entryId: entry.id, entryNumber: entry.number, date: line.date, memo: entry.memo, reference: entry.reference, description: line.description, debit: line.debit, credit: line.credit };
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

  /** The account's months, summed, put in order here: a few rows a year need no sort in the database. */
  private async accountMonths(companyId: string, accountId: string): Promise<MonthSums[]> {
    const rows: { month: string; debits: string; credits: string; lines: number }[] = await this.dataSource.query(
      `SELECT "month"::text AS "month", "debits", "credits", "lines" FROM "books"."books_account_months" WHERE "company_id" = $1 AND "account_id" = $2`,
      [companyId, accountId],
    );
    return rows
      .map((row) => ({ month: row.month, debits: BigInt(row.debits), credits: BigInt(row.credits), lines: row.lines }))
      .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  }

  /**
   * The account's totals up to each bound (all its lines for null): its months up to the nearer
   * end of the bound's month, and the lines between that end and the bound, added or taken off.
   * At most half a month of lines a bound, read from the index alone, in one statement.
   */
  private async totalsTo(companyId: string, accountId: string, months: MonthSums[], bounds: (Bound | null)[]): Promise<Sums[]> {
    const parameters = new Parameters();
    const company = parameters.add(companyId);
    const account = parameters.add(accountId);
    const totals: Sums[] = [];
    const fromEnd: boolean[] = [];
    const partials: string[] = [];
    for (const [i, bound] of bounds.entries()) {
      if (!bound) {
        totals.push(sumsBefore(months, null));
        continue;
      }
      const date = 'key' in bound ? bound.key.date : bound.date;
      fromEnd[i] = fromMonthEnd(date);
      totals.push(sumsBefore(months, fromEnd[i] ? nextMonthOf(date) : monthOf(date)));
      const condition = boundCondition(parameters, bound, fromEnd[i]);
      partials.push(
        `SELECT ${i} AS "bound", sum("debit") AS "debits", sum("credit") AS "credits", count(*)::int AS "lines" FROM "books"."books_journal_lines"
         WHERE "company_id" = ${company} AND "account_id" = ${account} AND ${condition}`,
      );
    }
    if (!partials.length) return totals;
    const rows: { bound: number; debits: string | null; credits: string | null; lines: number }[] = await this.dataSource.query(partials.join(' UNION ALL '), parameters.values);
    for (const row of rows) {
      const partial = { debits: sumValue(row.debits), credits: sumValue(row.credits), lines: row.lines };
      totals[row.bound] = fromEnd[row.bound] ? subtractSums(totals[row.bound], partial) : addSums(totals[row.bound], partial);
    }
    return totals;
  }

  /** The key of the account's line at a place in its month, from the index alone, counted from the month's nearer end. */
  private async keyAt(companyId: string, accountId: string, place: MonthPlace): Promise<LedgerKey | null> {
    const fromEnd = place.offset >= place.lines / 2;
    const direction = fromEnd ? 'DESC' : 'ASC';
    const [row]: { date: string; sequence: number; line: number }[] = await this.dataSource.query(
      `SELECT line."date"::text AS "date", line."entry_sequence" AS "sequence", line."line_number" AS "line" FROM "books"."books_journal_lines" line
       WHERE line."company_id" = $1 AND line."account_id" = $2 AND line."date" >= $3::date AND line."date" < $4::date
       ORDER BY line."date" ${direction}, line."entry_sequence" ${direction}, line."line_number" ${direction} OFFSET $5 LIMIT 1`,
      [companyId, accountId, place.month, nextMonthOf(place.month), fromEnd ? place.lines - 1 - place.offset : place.offset],
    );
    return row ?? null;
  }

  /** Up to `take` of the account's lines within the range in ledger order, from `start` (or the range's start). */
  private ledgerLines(companyId: string, accountId: string, range: DateRange, start: { key: LedgerKey; inclusive: boolean } | null, take: number): Promise<JournalLine[]> {
    // the start as a row from the date on, the column after the index's equalities: a bound the scan starts at (a row from the account on would not be one)
    const builder = this.dataSource
      .createQueryBuilder(JournalLine, 'line')
      .where('line.companyId = :companyId AND line.accountId = :accountId', { companyId, accountId });
    if (range.from) builder.andWhere('line.date >= :from', { from: range.from });
    if (range.to) builder.andWhere('line.date <= :to', { to: range.to });
    if (start) {
      builder.andWhere(`(line.date, line.entrySequence, line.lineNumber) ${start.inclusive ? '>=' : '>'} (:startDate, :startSequence, :startLine)`, {
        startDate: start.key.date,
        startSequence: start.key.sequence,
        startLine: start.key.line,
      });
    }
    return builder.orderBy('line.date', 'ASC').addOrderBy('line.entrySequence', 'ASC').addOrderBy('line.lineNumber', 'ASC').limit(take).getMany();
  }
}

/** Numbered parameters of a statement being written. */
class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Totals up to a bound: through a date (inclusive), before it, or before a line of the ledger.
 * Dates are `YYYY-MM-DD`; a key names a line by (date, entry sequence, line number).
 */
type Bound = { date: string; through: boolean } | { key: LedgerKey };

/**
 * The lines of a bound's month between the bound and the month's start (`fromEnd` false: they
 * are added to the months before) or its end (`fromEnd` true: they are taken off the months
 * through it), as a condition on the lines' date (and place in the ledger).
 */
function boundCondition(parameters: Parameters, bound: Bound, fromEnd: boolean): string {
  const date = 'key' in bound ? bound.key.date : bound.date;
  const edge = parameters.add(fromEnd ? nextMonthOf(date) : monthOf(date));
  let side: string;
  if ('key' in bound) {
    const key = `(${parameters.add(bound.key.date)}::date, ${parameters.add(bound.key.sequence)}::int, ${parameters.add(bound.key.line)}::int)`;
    // a row from the date on, right after the index's equalities: a bound the scan starts or stops at
    side = `("date", "entry_sequence", "line_number") ${fromEnd ? '>=' : '<'} ${key}`;
  } else {
    side = `"date" ${fromEnd ? (bound.through ? '>' : '>=') : bound.through ? '<=' : '<'} ${parameters.add(bound.date)}::date`;
  }
  return fromEnd ? `${side} AND "date" < ${edge}::date` : `"date" >= ${edge}::date AND ${side}`;
}

/**
 * Per account of the company, the rows whose sums are its totals through a date (`through`) or
 * before it: the months up to the nearer end of the date's month, and the lines between that end
 * and the date, added or (negated) taken off. Without a date, every month.
 */
function companySums(parameters: Parameters, company: string, bound: { date: string; through: boolean } | null): string {
  const months = `SELECT "account_id", "debits", "credits" FROM "books"."books_account_months" WHERE "company_id" = ${company}`;
  if (!bound) return months;
  const fromEnd = fromMonthEnd(bound.date);
  const condition = boundCondition(parameters, bound, fromEnd);
  const upTo = parameters.add(fromEnd ? nextMonthOf(bound.date) : monthOf(bound.date));
  const sign = fromEnd ? '-' : '';
  return (
    `${months} AND "month" < ${upTo}::date UNION ALL ` +
    `SELECT "account_id", ${sign}"debit", ${sign}"credit" FROM "books"."books_journal_lines" WHERE "company_id" = ${company} AND ${condition}`
  );
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
