import type { BooksContract } from '@platform/contracts';
import type { AccountType } from '../accounts/account.entity';

/** One account's movements as the database sums them: signed opening (debit − credit before `from`), debits and credits within the range. */
export interface AccountActivity {
  accountId: string;
  opening: bigint;
  debits: bigint;
  credits: bigint;
}

export interface AccountInfo {
  id: string;
  code: string;
  name: string;
  type: AccountType;
}

/** A bigint sum as a JSON number; amounts are integers within 2^53 − 1, and a sum past it is an error, never a rounded value. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount ${value} exceeds 2^53 − 1`);
  return Number(value);
}

/** Parses a database sum (a string from PostgreSQL, null when nothing was summed). */
export function sumValue(value: unknown): bigint {
  if (value === null || value === undefined) return 0n;
  return BigInt(String(value));
}

const debitSide = (balance: bigint) => (balance > 0n ? balance : 0n);
const creditSide = (balance: bigint) => (balance < 0n ? -balance : 0n);

/**
 * The six-column trial balance (opening, movements, closing; each debit and credit): one row
 * per account with movements or a balance, by code, and column totals. Debits equal credits
 * in every pair of columns when the journal balances; `balanced` says so.
 */
export function buildTrialBalance(accounts: Map<string, AccountInfo>, activity: AccountActivity[]): Pick<BooksContract.TrialBalance, 'accounts' | 'totals'> {
  const totals = { openingDebit: 0n, openingCredit: 0n, debits: 0n, credits: 0n, closingDebit: 0n, closingCredit: 0n };
  const rows: BooksContract.TrialBalanceRow[] = [];
  for (const { accountId, opening, debits, credits } of activity) {
    const closing = opening + debits - credits;
    if (opening === 0n && debits === 0n && credits === 0n) continue;
    const account = accounts.get(accountId);
    if (!account) throw new Error(`account ${accountId} has lines but is not in the chart`);
    const columns = {
      openingDebit: debitSide(opening),
      openingCredit: creditSide(opening),
      debits,
      credits,
      closingDebit: debitSide(closing),
      closingCredit: creditSide(closing),
    };
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += columns[key];
    rows.push({
      accountId,
      code: account.code,
      name: account.name,
      type: account.type,
      opening: toSafeNumber(opening),
      closing: toSafeNumber(closing),
      ...numbers(columns),
    });
  }
  rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const balanced = totals.openingDebit === totals.openingCredit && totals.debits === totals.credits && totals.closingDebit === totals.closingCredit;
  return { accounts: rows, totals: { ...numbers(totals), balanced } };
}

function numbers(columns: Record<keyof BooksContract.TrialBalanceColumns, bigint>): BooksContract.TrialBalanceColumns {
  return {
    openingDebit: toSafeNumber(columns.openingDebit),
    openingCredit: toSafeNumber(columns.openingCredit),
    debits: toSafeNumber(columns.debits),
    credits: toSafeNumber(columns.credits),
    closingDebit: toSafeNumber(columns.closingDebit),
    closingCredit: toSafeNumber(columns.closingCredit),
  };
}

/** General-ledger lines with the balance after each one (debit positive), from the balance before the first. */
export function withRunningBalance<T extends { debit: number; credit: number }>(before: bigint, lines: T[]): (T & { balance: number })[] {
  let balance = before;
  return lines.map((line) => {
    balance += BigInt(line.debit) - BigInt(line.credit);
    return { ...line, balance: toSafeNumber(balance) };
  });
}
