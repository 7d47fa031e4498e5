import type { InternalRoute, Timestamp } from './internal-route';

/** Books' internal routes: payroll posts its entries through them, utilities renders the trial balance. */

export interface SourceJournalLine {
  /** an account of the company's chart, installed on the way when missing */
  accountCode: string;
  /** minor units; exactly one of debit and credit is positive */
  debit?: number;
  credit?: number;
  description?: string;
}

/** Idempotent on (companyId, source, reference): the same posting again answers the first entry. */
export interface SourceJournalEntry {
  companyId: string;
  date: string;
  memo: string;
  reference: string;
  /** the book currency when absent */
  currency?: string;
  source: { type: string; id: string };
  lines: SourceJournalLine[];
}

export interface JournalEntryLine {
  lineNumber: number;
  accountId: string;
  accountCode: string;
  debit: number;
  credit: number;
  description: string | null;
}

export interface JournalEntry {
  id: string;
  number: string;
  date: string;
  memo: string;
  reference: string | null;
  currency: string;
  totalDebit: number;
  totalCredit: number;
  reversalOf: string | null;
  reversedBy: string | null;
  source: { type: string; id: string } | null;
  postedAt: Timestamp;
  updatedAt: Timestamp;
  lines: JournalEntryLine[];
}

/**
 * 201 with the entry, or 200 with the first one when the same source and reference were already
 * posted. Refused: JOURNAL_ENTRY_NOT_BALANCED, ACCOUNT_NOT_FOUND, ACCOUNT_INACTIVE,
 * ACCOUNTING_PERIOD_CLOSED, BOOKS_CURRENCY_MISMATCH.
 */
export const POST_JOURNAL_ENTRY: InternalRoute<{ body: SourceJournalEntry; response: JournalEntry }> = {
  method: 'POST',
  path: '/internal/v1/books/journal-entries',
};

export interface TrialBalanceQuery {
  companyId: string;
  from?: string;
  to?: string;
}

export interface TrialBalanceColumns {
  openingDebit: number;
  openingCredit: number;
  debits: number;
  credits: number;
  closingDebit: number;
  closingCredit: number;
}

export interface TrialBalanceRow extends TrialBalanceColumns {
  accountId: string;
  code: string;
  name: string;
  type: 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';
  /** signed, debit positive */
  opening: number;
  closing: number;
}

export interface TrialBalance {
  from: string | null;
  to: string | null;
  currency: string;
  /** one row per account with movements or a balance, by code */
  accounts: TrialBalanceRow[];
  totals: TrialBalanceColumns & { balanced: boolean };
}

export const TRIAL_BALANCE: InternalRoute<{ query: TrialBalanceQuery; response: TrialBalance }> = {
  method: 'GET',
  path: '/internal/v1/books/reports/trial-balance',
};
