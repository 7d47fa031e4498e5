import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { QuerySample, SAMPLE } from '@platform/data';
import { JournalLine } from '../journal/journal-line.entity';
import { fromMonthEnd, LedgerKey, MonthPlace, monthOf, MonthSums, nextMonthOf, Sums } from './month-sums';
import { AccountActivity, sumValue } from './trial-balance';

export interface DateRange {
  from: string | null;
  to: string | null;
}

/**
 * Totals up to a bound: through a date (inclusive), before it, or before a line of the ledger.
 * Dates are `YYYY-MM-DD`; a key names a line by (date, entry sequence, line number).
 */
export type Bound = { date: string; through: boolean } | { key: LedgerKey };

/** A bound, and whether its month's lines are counted from the month's end (see fromMonthEnd). */
export interface BoundLines {
  bound: Bound;
  fromEnd: boolean;
}

/** Where a ledger page starts: at a line (inclusive) or right after it. */
export interface LedgerStart {
  key: LedgerKey;
  inclusive: boolean;
}

/**
 * What the reports read: the accounts' monthly sums (`books_account_months`) and at most half a
 * month of lines per bound, on the lines' (company, account, date, sequence, line) index. Sums
 * are made in the database on bigint and come back as bigint: no floating point.
 */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Per account of the company, the opening (before `from`) and the movements (within the
   * range), in one statement so that both read the same snapshot: the totals through `to` less
   * the totals before `from`. Totals through a date are the account's months up to the nearer
   * end of the date's month, and that month's lines between the end and the date.
   */
  @QuerySample([SAMPLE.companyId, { from: null, to: null }], 'everything')
  @QuerySample([SAMPLE.companyId, { from: null, to: '2026-03-20' }], 'through a date late in its month')
  @QuerySample([SAMPLE.companyId, { from: null, to: '2026-03-10' }], 'through a date early in its month')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-10', to: null }], 'from a date early in its month')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-10', to: '2026-03-20' }], 'from a date early in its month through one late in its month')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-20', to: '2026-03-10' }], 'from a date late in its month through one early in its month')
  async accountActivity(companyId: string, range: DateRange): Promise<AccountActivity[]> {
    const parameters = new Parameters();
    const company = parameters.add(companyId);
    const through = companySums(parameters, company, range.to ? { date: range.to, through: true } : null);
    const before = range.from ? companySums(parameters, company, { date: range.from, through: false }) : null;
    const rows: { account_id: string; opening: string; debits: string; credits: string }[] = await this.dataSource.query(
      `SELECT "account_id", sum("opening") AS "opening", sum("debits") AS "debits", sum("credits") AS "credits" FROM (
         SELECT "account_id", 0 AS "opening", "debits", "credits" FROM (${through}) AS "through"
         ${before ? `UNION ALL SELECT "account_id", "debits" - "credits", -"debits", -"credits" FROM (${before}) AS "before"` : ''}
       ) AS "sums" GROUP BY "account_id"`,
      parameters.values,
    );
    return rows.map((row) => ({ accountId: row.account_id, opening: sumValue(row.opening), debits: sumValue(row.debits), credits: sumValue(row.credits) }));
  }

  /** The account's months, summed, put in order here: a few rows a year need no sort in the database. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  async accountMonths(companyId: string, accountId: string): Promise<MonthSums[]> {
    const rows: { month: string; debits: string; credits: string; lines: number }[] = await this.dataSource.query(
      `SELECT "month"::text AS "month", "debits", "credits", "lines" FROM "books"."books_account_months" WHERE "company_id" = $1 AND "account_id" = $2`,
      [companyId, accountId],
    );
    return rows
      .map((row) => ({ month: row.month, debits: BigInt(row.debits), credits: BigInt(row.credits), lines: row.lines }))
      .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  }

  /**
   * The sums of the account's lines between each bound and the nearer end of its month (one per
   * bound, in order), read from the index alone, in one statement.
   */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, [{ bound: { date: '2026-03-20', through: true }, fromEnd: true }]], 'through a date, from its month’s end')
  @QuerySample([SAMPLE.companyId, SAMPLE.id, [{ bound: { date: '2026-03-10', through: true }, fromEnd: false }]], 'through a date, from its month’s start')
  @QuerySample(
    [
      SAMPLE.companyId,
      SAMPLE.id,
      [
        { bound: { date: '2026-03-20', through: true }, fromEnd: true },
        { bound: { date: '2026-01-10', through: false }, fromEnd: false },
      ],
    ],
    'through a date from its month’s end, before another from its month’s start',
  )
  @QuerySample(
    [
      SAMPLE.companyId,
      SAMPLE.id,
      [
        { bound: { date: '2026-03-10', through: true }, fromEnd: false },
        { bound: { date: '2026-01-20', through: false }, fromEnd: true },
      ],
    ],
    'through a date from its month’s start, before another from its month’s end',
  )
  @QuerySample(
    [SAMPLE.companyId, SAMPLE.id, [{ bound: { key: { date: '2026-03-20', sequence: 7, line: 2 } }, fromEnd: true }]],
    'before a line, from its month’s end',
  )
  @QuerySample(
    [SAMPLE.companyId, SAMPLE.id, [{ bound: { key: { date: '2026-03-10', sequence: 7, line: 2 } }, fromEnd: false }]],
    'before a line, from its month’s start',
  )
  async linesToBounds(companyId: string, accountId: string, bounds: BoundLines[]): Promise<Sums[]> {
    const parameters = new Parameters();
    const company = parameters.add(companyId);
    const account = parameters.add(accountId);
    const partials = bounds.map(
      ({ bound, fromEnd }, i) =>
        `SELECT ${i} AS "bound", sum("debit") AS "debits", sum("credit") AS "credits", count(*)::int AS "lines" FROM "books"."books_journal_lines"
         WHERE "company_id" = ${company} AND "account_id" = ${account} AND ${boundCondition(parameters, bound, fromEnd)}`,
    );
    const rows: { bound: number; debits: string | null; credits: string | null; lines: number }[] = await this.dataSource.query(
      partials.join(' UNION ALL '),
      parameters.values,
    );
    const sums: Sums[] = [];
    for (const row of rows) sums[row.bound] = { debits: sumValue(row.debits), credits: sumValue(row.credits), lines: row.lines };
    return sums;
  }

  /** The key of the account's line at a place in its month, from the index alone, counted from the month's nearer end. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { month: '2026-03-01', offset: 3, lines: 10 }], 'from the month’s start')
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { month: '2026-03-01', offset: 7, lines: 10 }], 'from the month’s end')
  async lineKeyAt(companyId: string, accountId: string, place: MonthPlace): Promise<LedgerKey | null> {
    const fromEnd = place.offset >= place.lines / 2;
    const direction = fromEnd ? 'DESC' : 'ASC';
    const [row]: LedgerKey[] = await this.dataSource.query(
      `SELECT line."date"::text AS "date", line."entry_sequence" AS "sequence", line."line_number" AS "line" FROM "books"."books_journal_lines" line
       WHERE line."company_id" = $1 AND line."account_id" = $2 AND line."date" >= $3::date AND line."date" < $4::date
       ORDER BY line."date" ${direction}, line."entry_sequence" ${direction}, line."line_number" ${direction} OFFSET $5 LIMIT 1`,
      [companyId, accountId, place.month, nextMonthOf(place.month), fromEnd ? place.lines - 1 - place.offset : place.offset],
    );
    return row ?? null;
  }

  /** Up to `take` of the account's lines within the range in ledger order, from `start` (or the range's start). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { from: '2026-01-01', to: null }, null, 21], 'from the start')
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { from: '2026-01-01', to: SAMPLE.date }, null, 21], 'from the start, between dates')
  @QuerySample(
    [SAMPLE.companyId, SAMPLE.id, { from: '2026-01-01', to: null }, { key: { date: '2026-03-20', sequence: 7, line: 2 }, inclusive: true }, 20],
    'from a line',
  )
  @QuerySample(
    [SAMPLE.companyId, SAMPLE.id, { from: '2026-01-01', to: SAMPLE.date }, { key: { date: '2026-03-20', sequence: 7, line: 2 }, inclusive: true }, 20],
    'from a line, between dates',
  )
  @QuerySample(
    [SAMPLE.companyId, SAMPLE.id, { from: '2026-01-01', to: null }, { key: { date: '2026-03-20', sequence: 7, line: 2 }, inclusive: false }, 21],
    'after a line',
  )
  @QuerySample(
    [SAMPLE.companyId, SAMPLE.id, { from: '2026-01-01', to: SAMPLE.date }, { key: { date: '2026-03-20', sequence: 7, line: 2 }, inclusive: false }, 21],
    'after a line, between dates',
  )
  ledgerLines(companyId: string, accountId: string, range: DateRange, start: LedgerStart | null, take: number): Promise<JournalLine[]> {
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
