import type { CursorKey } from '@platform/pipeline';
import { DATE_ONLY } from '@platform/pipeline';

/**
 * Sums of an account's lines: amounts as bigint (a database sum may pass 2^53 − 1 before a
 * subtraction brings it back), how many lines.
 */
export interface Sums {
  debits: bigint;
  credits: bigint;
  lines: number;
}

/** One month of an account's lines, summed (a row of books_account_months); `month` is its first day. */
export interface MonthSums extends Sums {
  month: string;
}

/** A line's place in its account's ledger: ledger order is (date, entry sequence, line number). */
export interface LedgerKey {
  date: string;
  sequence: number;
  line: number;
}

export const NO_SUMS: Sums = { debits: 0n, credits: 0n, lines: 0 };

/** The month a `YYYY-MM-DD` date falls in, as its first day. */
export function monthOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month after a date's. */
export function nextMonthOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${date.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * Whether the lines of a date's month up to it are better counted from the month's end: the
 * month's sum less its lines after the date, rather than its lines before it. Past mid-month,
 * that reads fewer lines: a total through any date reads at most half a month of lines.
 */
export function fromMonthEnd(date: string): boolean {
  return Number(date.slice(8, 10)) > 15;
}

export function addSums(a: Sums, b: Sums): Sums {
  return { debits: a.debits + b.debits, credits: a.credits + b.credits, lines: a.lines + b.lines };
}

export function subtractSums(a: Sums, b: Sums): Sums {
  return { debits: a.debits - b.debits, credits: a.credits - b.credits, lines: a.lines - b.lines };
}

export function net(sums: Sums): bigint {
  return sums.debits - sums.credits;
}

/** The sums of the months before `month` (all of them for null); `months` in ascending order. */
export function sumsBefore(months: MonthSums[], month: string | null): Sums {
  let sums = NO_SUMS;
  for (const row of months) {
    if (month !== null && row.month >= month) break;
    sums = addSums(sums, row);
  }
  return sums;
}

/** A line's place within its month: how many of the month's `lines` come before it. */
export interface MonthPlace {
  month: string;
  offset: number;
  lines: number;
}

/**
 * Where the account's line at `index` (0-based, in ledger order over its whole history) is:
 * its month and how many lines of that month come before it. Null past the last line.
 * `months` in ascending order, each with its count of lines.
 */
export function locateLine(months: MonthSums[], index: number): MonthPlace | null {
  let before = 0;
  for (const row of months) {
    if (index < before + row.lines) return { month: row.month, offset: index - before, lines: row.lines };
    before += row.lines;
  }
  return null;
}

const POSITIVE = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The ledger position a cursor's key names: a real calendar date, an entry sequence and a line number; null for any other key. */
export function ledgerKeyOf(key: CursorKey): LedgerKey | null {
  const [date, sequence, line] = key;
  if (key.length !== 3 || typeof date !== 'string' || !DATE_ONLY.test(date) || !POSITIVE(sequence) || !POSITIVE(line)) return null;
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) return null;
  return { date, sequence, line };
}
