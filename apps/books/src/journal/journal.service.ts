import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { BooksContract, countKey, EventOutbox, findPage, isUniqueViolation, Page, pageTotal, PlatformException, qualifiedTable, Served, Transactions } from '@platform/common';
import { Account } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { BooksSettings } from '../settings/books-settings.entity';
import { BooksSettingsService } from '../settings/books-settings.service';
import { CreateJournalEntryDto, InternalJournalEntryDto, ListJournalEntriesQueryDto, ReverseJournalEntryDto } from './dto/journal-entry.dto';
import { checkEntryLines, EntryTotals, mirrorLines } from './entry-rules';
import { EntrySequence } from './entry-sequence.entity';
import { JournalEntry } from './journal-entry.entity';
import { JournalLine } from './journal-line.entity';

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

/** Adds an entry's lines to their accounts' month, one row per account: the reports' sums stay those of the lines. */
const ADD_TO_ACCOUNT_MONTHS = `
  INSERT INTO "books"."books_account_months" AS months ("company_id", "account_id", "month", "debits", "credits", "lines")
  SELECT "company_id", "account_id", date_trunc('month', "date"::timestamp)::date, sum("debit"), sum("credit"), count(*)
  FROM "books"."books_journal_lines" WHERE "company_id" = $1 AND "entry_id" = $2
  GROUP BY 1, 2, 3
  ON CONFLICT ("company_id", "account_id", "month")
  DO UPDATE SET "debits" = months."debits" + excluded."debits", "credits" = months."credits" + excluded."credits", "lines" = months."lines" + excluded."lines"`;

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly settings: BooksSettingsService,
    private readonly accounts: AccountsService,
    private readonly outbox: EventOutbox,
  ) {}

  create(companyId: string, input: CreateJournalEntryDto): Promise<JournalEntryView> {
    const totals = checkEntryLines(input.lines);
    return this.transactions.run(async (manager) => {
      const settings = await this.settings.lock(manager, companyId);
      checkCurrency(settings, input.currency);
      checkOpen(settings, input.date);
      const accounts = await this.accountsByKey(manager, companyId, 'id', input.lines.map((line) => line.accountId));
      const lines = input.lines.map((line) => ({ account: accounts.get(line.accountId)!, debit: line.debit ?? 0, credit: line.credit ?? 0, description: line.description ?? null }));
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
    const previous = await this.findBySource(this.dataSource.manager, input);
    if (previous) return { entry: previous, created: false };
    try {
      return await this.transactions.run(async (manager) => {
        const settings = await this.settings.lock(manager, companyId);
        const raced = await this.findBySource(manager, input);
        if (raced) return { entry: raced, created: false };
        checkCurrency(settings, input.currency);
        checkOpen(settings, input.date);
        const codes = input.lines.map((line) => line.accountCode);
        const known = new Set((await manager.find(Account, { select: { code: true }, where: { companyId, code: In(codes) } })).map((account) => account.code));
        if (codes.some((code) => !known.has(code))) await this.accounts.installChartLocked(manager, companyId);
        const accounts = await this.accountsByKey(manager, companyId, 'code', codes);
        const lines = input.lines.map((line) => ({ account: accounts.get(line.accountCode)!, debit: line.debit ?? 0, credit: line.credit ?? 0, description: line.description ?? null }));
        const entry = await this.write(manager, settings, { date: input.date, memo: input.memo, reference: input.reference, totals, lines, source: input.source });
        return { entry, created: true };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.findBySource(this.dataSource.manager, input);
      if (!winner) throw error;
      return { entry: winner, created: false };
    }
  }

  list(companyId: string, query: ListJournalEntriesQueryDto): Promise<Page<JournalEntryView>> {
    if (query.accountId && query.cursor === undefined && query.updatedSince === undefined && query.reference === undefined) return this.accountPage(companyId, query.accountId, query);
    return findPage(this.listQuery(companyId, query), query, (entries) => this.withLines(this.dataSource.manager, entries));
  }

  /**
   * A page of an account's entries, newest first, read from the account's lines alone: the index
   * on (company, account, date, sequence, …) gives one row per entry in the list's order, so the
   * page is a range of that index and its entries are then fetched by id; the total counts the
   * account's entries on the same index. Joined to the entries in one statement, a planner
   * without statistics may read the account's lines again for every entry of the company.
   */
  private async accountPage(companyId: string, accountId: string, query: ListJournalEntriesQueryDto): Promise<Page<JournalEntryView>> {
    const page = query.page ?? 1;
    const skip = (page - 1) * query.limit;
    const lines = qualifiedTable(this.dataSource, JournalLine);
    const values: unknown[] = [companyId, accountId];
    const where = ['company_id = $1', 'account_id = $2'];
    if (query.from) where.push(`date >= $${values.push(query.from)}`);
    if (query.to) where.push(`date <= $${values.push(query.to)}`);
    const hits: { entry_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (date, entry_sequence) entry_id FROM ${lines} WHERE ${where.join(' AND ')} ` +
        `ORDER BY date DESC, entry_sequence DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, query.limit, skip],
    );
    const counting = `SELECT count(*)::int AS count FROM (SELECT DISTINCT date, entry_sequence FROM ${lines} WHERE ${where.join(' AND ')}) AS entries`;
    const total = await pageTotal(hits.length, query.limit, skip, () => countKey(counting, values), async () => {
      const [{ count }] = await this.dataSource.query(counting, values);
      return count as number;
    });
    const found = hits.length ? await this.dataSource.getRepository(JournalEntry).findBy({ companyId, id: In(hits.map((hit) => hit.entry_id)) }) : [];
    const byId = new Map(found.map((entry) => [entry.id, entry]));
    const entries = hits.map((hit) => byId.get(hit.entry_id)).filter((entry): entry is JournalEntry => entry !== undefined);
    return { items: await this.withLines(this.dataSource.manager, entries), page, limit: query.limit, total };
  }

  /**
   * The list's query, newest first. By account, it is driven by the account's lines, read
   * newest first from the index that leads with (company, account, date, sequence): one row
   * per entry (an entry's date and sequence name it within the company), each joined to its
   * entry. The join's equalities on date and sequence make the lines' index order the list's
   * order, so a page reads its entries and stops, with no sort. The dates bound the lines as
   * (account, date) so that only that index can take them: a plan that does not rest on the
   * planner's statistics.
   */
  listQuery(companyId: string, query: ListJournalEntriesQueryDto): SelectQueryBuilder<JournalEntry> {
    const builder = this.dataSource.getRepository(JournalEntry).createQueryBuilder('entry');
    if (query.accountId) {
      builder.innerJoin(
        (lines) => {
          lines
            .from(JournalLine, 'line')
            .select('line.date', 'date')
            .addSelect('line.entrySequence', 'sequence')
            .addSelect('line.entryId', 'entry_id')
            .distinctOn(['line.date', 'line.entrySequence'])
            .where('line.companyId = :companyId AND line.accountId = :accountId')
            .orderBy('line.date', 'DESC')
            .addOrderBy('line.entrySequence', 'DESC');
          if (query.from) lines.andWhere('(line.accountId, line.date) >= (:accountId, :from)');
          if (query.to) lines.andWhere('(line.accountId, line.date) <= (:accountId, :to)');
          return lines;
        },
        'hit',
        'hit.entry_id = entry.id AND hit.date = entry.date AND hit.sequence = entry.sequence',
        { accountId: query.accountId, from: query.from, to: query.to },
      );
    }
    builder.where('entry.companyId = :companyId', { companyId });
    if (query.from && !query.accountId) builder.andWhere('entry.date >= :from', { from: query.from });
    if (query.to && !query.accountId) builder.andWhere('entry.date <= :to', { to: query.to });
    if (query.reference) builder.andWhere('entry.reference = :reference', { reference: query.reference });
    return builder.orderBy('entry.date', 'DESC').addOrderBy('entry.sequence', 'DESC');
  }

  /** Another company's entry is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<JournalEntryView> {
    const entry = await this.dataSource.getRepository(JournalEntry).findOneBy({ id, companyId });
    if (!entry) throw new PlatformException('JOURNAL_ENTRY_NOT_FOUND');
    return (await this.withLines(this.dataSource.manager, [entry]))[0];
  }

  /**
   * A new entry with the original's lines mirrored, dated on or after it in an open period,
   * linked both ways. An entry is reversed once (409 JOURNAL_ENTRY_ALREADY_REVERSED). Accounts
   * deactivated since are still reversed onto: undoing a past entry is always allowed.
   */
  reverse(companyId: string, id: string, input: ReverseJournalEntryDto): Promise<JournalEntryView> {
    return this.transactions.run(async (manager) => {
      const settings = await this.settings.lock(manager, companyId);
      const original = await manager.findOneBy(JournalEntry, { id, companyId });
      if (!original) throw new PlatformException('JOURNAL_ENTRY_NOT_FOUND');
      if (original.reversedById) throw new PlatformException('JOURNAL_ENTRY_ALREADY_REVERSED', { details: { reversedBy: original.reversedById } });
      if (input.date < original.date) throw PlatformException.validation({ date: [`date must be on or after the original entry’s date ${original.date}`] });
      checkOpen(settings, input.date);
      const originalLines = await manager.find(JournalLine, { where: { companyId, entryId: id }, order: { lineNumber: 'ASC' } });
      const accounts = await manager.findBy(Account, { companyId, id: In(originalLines.map((line) => line.accountId)) });
      const byId = new Map(accounts.map((account) => [account.id, account]));
      const lines = mirrorLines(originalLines).map((line) => ({ account: byId.get(line.accountId)!, debit: line.debit, credit: line.credit, description: line.description }));
      const reversal = await this.write(manager, settings, {
        date: input.date,
        memo: input.memo ?? `Reversal of ${original.number}`,
        reference: original.reference,
        totals: { totalDebit: original.totalCredit, totalCredit: original.totalDebit },
        lines,
        reversalOfId: original.id,
      });
      await manager.update(JournalEntry, { id, companyId }, { reversedById: reversal.id });
      await this.outbox.record(manager, companyId, 'journal_entry.reversed', toView({ ...original, reversedById: reversal.id }, originalLines.map(lineView)));
      return reversal;
    });
  }

  /** Resolves the lines' accounts within the company: 404 naming the unknown ones, 409 for an inactive one. */
  private async accountsByKey(manager: EntityManager, companyId: string, key: 'id' | 'code', values: string[]): Promise<Map<string, Account>> {
    const wanted = [...new Set(values)];
    const found = await manager.findBy(Account, { companyId, [key]: In(wanted) });
    const byKey = new Map(found.map((account) => [account[key], account]));
    const missing = wanted.filter((value) => !byKey.has(value));
    if (missing.length) throw new PlatformException('ACCOUNT_NOT_FOUND', { details: { [key === 'id' ? 'accountIds' : 'accountCodes']: missing } });
    const inactive = found.find((account) => !account.active);
    if (inactive) throw new PlatformException('ACCOUNT_INACTIVE', { params: { code: inactive.code }, details: { accountId: inactive.id, code: inactive.code } });
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
    await manager.update(BooksSettings, { companyId }, { postedTotal: Number(postedTotal) });
    settings.postedTotal = Number(postedTotal);
    const year = Number(posting.date.slice(0, 4));
    const sequence = await this.nextSequence(manager, companyId, year);
    const entry = await manager.save(
      manager.create(JournalEntry, {
        companyId,
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
      }),
    );
    const lines = posting.lines.map((line, index) =>
      manager.create(JournalLine, {
        companyId,
        entryId: entry.id,
        lineNumber: index + 1,
        accountId: line.account.id,
        accountCode: line.account.code,
        debit: line.debit,
        credit: line.credit,
        description: line.description,
        date: entry.date,
        entrySequence: sequence,
      }),
    );
    await manager.insert(JournalLine, lines);
    await manager.query(ADD_TO_ACCOUNT_MONTHS, [companyId, entry.id]);
    const view = toView(entry, lines.map(lineView));
    await this.outbox.record(manager, companyId, 'journal_entry.posted', view);
    return view;
  }

  private async nextSequence(manager: EntityManager, companyId: string, year: number): Promise<number> {
    const current = await manager.findOneBy(EntrySequence, { companyId, year });
    if (!current) {
      await manager.insert(EntrySequence, { companyId, year, lastNumber: 1 });
      return 1;
    }
    const next = current.lastNumber + 1;
    await manager.update(EntrySequence, { companyId, year }, { lastNumber: next });
    return next;
  }

  private async findBySource(manager: EntityManager, input: InternalJournalEntryDto): Promise<JournalEntryView | null> {
    const entry = await manager.findOneBy(JournalEntry, { companyId: input.companyId, sourceType: input.source.type, sourceId: input.source.id, reference: input.reference });
    return entry ? (await this.withLines(manager, [entry]))[0] : null;
  }

  /**
   * The entries (of one company) with their lines, read as plain rows (a page of large entries
   * holds thousands of lines: no entity per line) and put in order here.
   */
  private async withLines(manager: EntityManager, entries: JournalEntry[]): Promise<JournalEntryView[]> {
    if (!entries.length) return [];
    const rows: LineRow[] = await manager.query(
      `SELECT entry_id, line_number, account_id, account_code, debit, credit, description FROM ${qualifiedTable(manager.connection, JournalLine)} WHERE company_id = $1 AND entry_id = ANY($2::uuid[])`,
      [entries[0].companyId, entries.map((entry) => entry.id)],
    );
    const byEntry = new Map<string, LineView[]>();
    for (const row of rows) {
      const line = { lineNumber: row.line_number, accountId: row.account_id, accountCode: row.account_code, debit: Number(row.debit), credit: Number(row.credit), description: row.description };
      const lines = byEntry.get(row.entry_id);
      if (lines) lines.push(line);
      else byEntry.set(row.entry_id, [line]);
    }
    return entries.map((entry) => toView(entry, (byEntry.get(entry.id) ?? []).sort((a, b) => a.lineNumber - b.lineNumber)));
  }
}

function checkCurrency(settings: BooksSettings, currency: string | undefined): void {
  if (currency !== undefined && currency !== settings.currency) {
    throw new PlatformException('BOOKS_CURRENCY_MISMATCH', { params: { currency, bookCurrency: settings.currency }, details: { currency, bookCurrency: settings.currency } });
  }
}

function checkOpen(settings: BooksSettings, date: string): void {
  if (settings.closedThrough !== null && date <= settings.closedThrough) {
    throw new PlatformException('ACCOUNTING_PERIOD_CLOSED', { params: { date }, details: { date, closedThrough: settings.closedThrough } });
  }
}

/** A line as withLines reads it (bigint amounts come as strings). */
interface LineRow {
  entry_id: string;
  line_number: number;
  account_id: string;
  account_code: string;
  debit: string;
  credit: string;
  description: string | null;
}

type LineView = JournalEntryView['lines'][number];

function lineView(line: JournalLine): LineView {
  return { lineNumber: line.lineNumber, accountId: line.accountId, accountCode: line.accountCode, debit: line.debit, credit: line.credit, description: line.description };
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
