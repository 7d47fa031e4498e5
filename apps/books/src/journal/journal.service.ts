import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BooksContract, Served } from '@platform/contracts';
import { Page, PlatformException } from '@platform/pipeline';
import { EventOutbox, isUniqueViolation, Transactions } from '@platform/data';
import { Account } from '../accounts/account.entity';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountsService } from '../accounts/accounts.service';
import { BooksSettings } from '../settings/books-settings.entity';
import { BooksSettingsRepository } from '../settings/books-settings.repository';
import { CreateJournalEntryDto, InternalJournalEntryDto, ListJournalEntriesQueryDto, ReverseJournalEntryDto } from './dto/journal-entry.dto';
import { checkEntryLines, EntryTotals, mirrorLines } from './entry-rules';
import { JournalEntry } from './journal-entry.entity';
import { EntryLine, JournalRepository, LineFields } from './journal.repository';

/** An entry as every route answers it, the public ones and the internal one. */
type JournalEntryView = Served<BooksContract.JournalEntry>;

interface PostingLine {
  account: Account;
  debit: number;
  credit: number;
  description: string | null;
}

interface Posting {
  date: string;
  memo: string;
  reference: string | null;
  totals: EntryTotals;
  lines: PostingLine[];
  reversalOfId?: string;
  source?: { type: string; id: string };
}

export function entryNumber(year: number, sequence: number): string {
  return `JE-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Posts, reads and reverses journal entries. Every posting runs under the company's settings
 * lock: the closed-period check, the entry number and the write happen as one step, so a
 * posting racing a period close cannot land in the closed period and numbers have no gaps.
 */
@Injectable()
export class JournalService {
  constructor(
    private readonly journal: JournalRepository,
    private readonly accounts: AccountsRepository,
    private readonly chart: AccountsService,
    private readonly settings: BooksSettingsRepository,
    private readonly transactions: Transactions,
    private readonly outbox: EventOutbox,
  ) {}

  create(companyId: string, input: CreateJournalEntryDto): Promise<JournalEntryView> {
    const totals = checkEntryLines(input.lines);
    return this.transactions.run(async (manager) => {
      const settings = await this.settings.lockSettings(companyId, manager);
      checkCurrency(settings, input.currency);
      checkOpen(settings, input.date);
      const accounts = await this.accountsByKey(
        manager,
        companyId,
        'id',
        input.lines.map((line) => line.accountId),
      );
      const lines = input.lines.map((line) => ({
        account: accounts.get(line.accountId)!,
        debit: line.debit ?? 0,
        credit: line.credit ?? 0,
        description: line.description ?? null,
      }));
      return this.write(manager, settings, { date: input.date, memo: input.memo, reference: input.reference ?? null, totals, lines });
    });
  }

  /**
   * Posts for another service, by account code. Idempotent on (companyId, source, reference):
   * the same posting again returns the first entry (`created: false`). The default chart is
   * installed on the way when a code is missing.
   */
  async postFromSource(input: InternalJournalEntryDto): Promise<{ entry: JournalEntryView; created: boolean }> {
    const totals = checkEntryLines(input.lines);
    const { companyId } = input;
    const previous = await this.findBySource(input);
    if (previous) return { entry: previous, created: false };
    try {
      return await this.transactions.run(async (manager) => {
        const settings = await this.settings.lockSettings(companyId, manager);
        const raced = await this.findBySource(input, manager);
        if (raced) return { entry: raced, created: false };
        checkCurrency(settings, input.currency);
        checkOpen(settings, input.date);
        const codes = input.lines.map((line) => line.accountCode);
        const known = await this.accounts.codesOf(companyId, codes, manager);
        if (codes.some((code) => !known.has(code))) await this.chart.installChartLocked(manager, companyId);
        const accounts = await this.accountsByKey(manager, companyId, 'code', codes);
        const lines = input.lines.map((line) => ({
          account: accounts.get(line.accountCode)!,
          debit: line.debit ?? 0,
          credit: line.credit ?? 0,
          description: line.description ?? null,
        }));
        const entry = await this.write(manager, settings, {
          date: input.date,
          memo: input.memo,
          reference: input.reference,
          totals,
          lines,
          source: input.source,
        });
        return { entry, created: true };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.findBySource(input);
      if (!winner) throw error;
      return { entry: winner, created: false };
    }
  }

  list(companyId: string, query: ListJournalEntriesQueryDto): Promise<Page<JournalEntryView>> {
    return this.journal.listEntriesPage(companyId, query, (entries) => this.withLines(companyId, entries));
  }

  /** Another company's entry is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<JournalEntryView> {
    const entry = await this.journal.findEntry(companyId, id);
    if (!entry) throw new PlatformException('JOURNAL_ENTRY_NOT_FOUND');
    return (await this.withLines(companyId, [entry]))[0];
  }

  /**
   * A new entry with the original's lines mirrored, dated on or after it in an open period,
   * linked both ways. An entry is reversed once (409 JOURNAL_ENTRY_ALREADY_REVERSED). Accounts
   * deactivated since are still reversed onto: undoing a past entry is always allowed.
   */
  reverse(companyId: string, id: string, input: ReverseJournalEntryDto): Promise<JournalEntryView> {
    return this.transactions.run(async (manager) => {
      const settings = await this.settings.lockSettings(companyId, manager);
      const original = await this.journal.findEntry(companyId, id, manager);
      if (!original) throw new PlatformException('JOURNAL_ENTRY_NOT_FOUND');
      if (original.reversedById) throw new PlatformException('JOURNAL_ENTRY_ALREADY_REVERSED', { details: { reversedBy: original.reversedById } });
      if (input.date < original.date) throw PlatformException.validation({ date: [`date must be on or after the original entry’s date ${original.date}`] });
      checkOpen(settings, input.date);
      const originalLines = await this.journal.entryLines(companyId, id, manager);
      const accounts = await this.accounts.accountsBy(
        companyId,
        'id',
        originalLines.map((line) => line.accountId),
        manager,
      );
      const byId = new Map(accounts.map((account) => [account.id, account]));
      const lines = mirrorLines(originalLines).map((line) => ({
        account: byId.get(line.accountId)!,
        debit: line.debit,
        credit: line.credit,
        description: line.description,
      }));
      const reversal = await this.write(manager, settings, {
        date: input.date,
        memo: input.memo ?? `Reversal of ${original.number}`,
        reference: original.reference,
        totals: { totalDebit: original.totalCredit, totalCredit: original.totalDebit },
        lines,
        reversalOfId: original.id,
      });
      await this.journal.setReversedBy(companyId, id, reversal.id, manager);
      await this.outbox.record(manager, companyId, 'journal_entry.reversed', toView({ ...original, reversedById: reversal.id }, originalLines.map(lineView)));
      return reversal;
    });
  }

  /** Resolves the lines' accounts within the company: 404 naming the unknown ones, 409 for an inactive one. */
  private async accountsByKey(manager: EntityManager, companyId: string, key: 'id' | 'code', values: string[]): Promise<Map<string, Account>> {
    const wanted = [...new Set(values)];
    const found = await this.accounts.accountsBy(companyId, key, wanted, manager);
    const byKey = new Map(found.map((account) => [account[key], account]));
    const missing = wanted.filter((value) => !byKey.has(value));
    if (missing.length) throw new PlatformException('ACCOUNT_NOT_FOUND', { details: { [key === 'id' ? 'accountIds' : 'accountCodes']: missing } });
    const inactive = found.find((account) => !account.active);
    if (inactive)
      throw new PlatformException('ACCOUNT_INACTIVE', { params: { code: inactive.code }, details: { accountId: inactive.id, code: inactive.code } });
    return byKey;
  }

  /**
   * Numbers the entry (next of its year, under the company lock held by the caller) and writes
   * it with its lines and their accounts' monthly sums: the one place lines are written.
   */
  private async write(manager: EntityManager, settings: BooksSettings, posting: Posting): Promise<JournalEntryView> {
    const companyId = settings.companyId;
    const postedTotal = BigInt(settings.postedTotal) + BigInt(posting.totals.totalDebit);
    if (postedTotal > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw PlatformException.validation({ lines: [`the company’s entries may total at most ${Number.MAX_SAFE_INTEGER} in all; this one would go past it`] });
    }
    await this.settings.setPostedTotal(companyId, Number(postedTotal), manager);
    settings.postedTotal = Number(postedTotal);
    const year = Number(posting.date.slice(0, 4));
    const sequence = await this.journal.nextEntryNumber(companyId, year, manager);
    const entry = await this.journal.insertEntry(
      companyId,
      {
        number: entryNumber(year, sequence),
        sequence,
        date: posting.date,
        memo: posting.memo,
        reference: posting.reference,
        currency: settings.currency,
        totalDebit: posting.totals.totalDebit,
        totalCredit: posting.totals.totalCredit,
        reversalOfId: posting.reversalOfId ?? null,
        reversedById: null,
        sourceType: posting.source?.type ?? null,
        sourceId: posting.source?.id ?? null,
      },
      manager,
    );
    const lines = posting.lines.map((line, index): LineFields => ({
      entryId: entry.id,
      lineNumber: index + 1,
      accountId: line.account.id,
      accountCode: line.account.code,
      debit: line.debit,
      credit: line.credit,
      description: line.description,
      date: entry.date,
      entrySequence: sequence,
    }));
    await this.journal.insertLines(companyId, lines, manager);
    await this.journal.addToAccountMonths(companyId, entry.id, manager);
    const view = toView(entry, lines.map(lineView));
    await this.outbox.record(manager, companyId, 'journal_entry.posted', view);
    return view;
  }

  private async findBySource(input: InternalJournalEntryDto, manager?: EntityManager): Promise<JournalEntryView | null> {
    const entry = await this.journal.findEntryBySource(input.companyId, input.source, input.reference, manager);
    return entry ? (await this.withLines(input.companyId, [entry], manager))[0] : null;
  }

  /**
   * The entries (of one company) with their lines, read as plain rows (a page of large entries
   * holds thousands of lines: no entity per line) and put in order here.
   */
  private async withLines(companyId: string, entries: JournalEntry[], manager?: EntityManager): Promise<JournalEntryView[]> {
    if (!entries.length) return [];
    const byEntry = new Map<string, LineView[]>();
    for (const { entryId, ...line } of await this.journal.linesOfEntries(
      companyId,
      entries.map((entry) => entry.id),
      manager,
    )) {
      const lines = byEntry.get(entryId);
      if (lines) lines.push(line);
      else byEntry.set(entryId, [line]);
    }
    return entries.map((entry) =>
      toView(
        entry,
        (byEntry.get(entry.id) ?? []).sort((a, b) => a.lineNumber - b.lineNumber),
      ),
    );
  }
}

function checkCurrency(settings: BooksSettings, currency: string | undefined): void {
  if (currency !== undefined && currency !== settings.currency) {
    throw new PlatformException('BOOKS_CURRENCY_MISMATCH', {
      params: { currency, bookCurrency: settings.currency },
      details: { currency, bookCurrency: settings.currency },
    });
  }
}

function checkOpen(settings: BooksSettings, date: string): void {
  if (settings.closedThrough !== null && date <= settings.closedThrough) {
    throw new PlatformException('ACCOUNTING_PERIOD_CLOSED', { params: { date }, details: { date, closedThrough: settings.closedThrough } });
  }
}

type LineView = JournalEntryView['lines'][number];

function lineView(line: Omit<EntryLine, 'entryId'>): LineView {
  return {
    lineNumber: line.lineNumber,
    accountId: line.accountId,
    accountCode: line.accountCode,
    debit: line.debit,
    credit: line.credit,
    description: line.description,
  };
}

function toView(entry: JournalEntry, lines: LineView[]): JournalEntryView {
  return {
    id: entry.id,
    number: entry.number,
    date: entry.date,
    memo: entry.memo,
    reference: entry.reference,
    currency: entry.currency,
    totalDebit: entry.totalDebit,
    totalCredit: entry.totalCredit,
    reversalOf: entry.reversalOfId,
    reversedBy: entry.reversedById,
    source: entry.sourceType && entry.sourceId ? { type: entry.sourceType, id: entry.sourceId } : null,
    postedAt: entry.postedAt,
    updatedAt: entry.updatedAt,
    lines,
  };
}
