import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { Page } from '@platform/pipeline';
import { countKey, findPage, PageView, pageTotal, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { ListJournalEntriesQueryDto } from './dto/journal-entry.dto';
import { EntrySequence } from './entry-sequence.entity';
import { JournalEntry } from './journal-entry.entity';
import { JournalLine } from './journal-line.entity';

/** What an entry is written with (the company and what the database sets aside). */
export type EntryFields = Omit<JournalEntry, 'id' | 'companyId' | 'postedAt' | 'updatedAt'>;

/** What a line is written with. */
export type LineFields = Omit<JournalLine, 'id' | 'companyId'>;

/** A line as an entry shows it, with the entry it belongs to. */
export interface EntryLine {
  entryId: string;
  lineNumber: number;
  accountId: string;
  accountCode: string;
  debit: number;
  credit: number;
  description: string | null;
}

/** A line as linesOfEntries reads it (bigint amounts come as strings). */
interface LineRow {
  entry_id: string;
  line_number: number;
  account_id: string;
  account_code: string;
  debit: string;
  credit: string;
  description: string | null;
}

const SAMPLE_ENTRY: EntryFields = {
  number: 'JE-2026-000001',
  sequence: 1,
  date: SAMPLE.date,
  memo: 'Payroll March 2026',
  reference: null,
  currency: 'XAF',
  totalDebit: 1000,
  totalCredit: 1000,
  reversalOfId: null,
  reversedById: null,
  sourceType: null,
  sourceId: null,
};

const sampleLine = (lineNumber: number, debit: number, credit: number): LineFields => ({
  entryId: SAMPLE.id,
  lineNumber,
  accountId: SAMPLE.otherId,
  accountCode: '661',
  debit,
  credit,
  description: null,
  date: SAMPLE.date,
  entrySequence: 1,
});

const asIs: PageView<JournalEntry, JournalEntry> = (entries) => entries;

/** Journal entries and their lines (`books_journal_entries`, `books_journal_lines`), the entry numbers, and the accounts' monthly sums the lines feed. */
@Injectable()
export class JournalRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_ENTRY, SAMPLE.tx])
  insertEntry(companyId: string, entry: EntryFields, manager: EntityManager): Promise<JournalEntry> {
    return manager.save(manager.create(JournalEntry, { ...entry, companyId }));
  }

  /** An entry's lines, in one statement. */
  @QuerySample([SAMPLE.companyId, [sampleLine(1, 1000, 0), sampleLine(2, 0, 1000)], SAMPLE.tx])
  async insertLines(companyId: string, lines: LineFields[], manager: EntityManager): Promise<void> {
    await manager.insert(
      JournalLine,
      lines.map((line) => ({ ...line, companyId })),
    );
  }

  /** Adds an entry's lines to their accounts' month, one row per account: the reports' sums stay those of the lines. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  async addToAccountMonths(companyId: string, entryId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO "books"."books_account_months" AS months ("company_id", "account_id", "month", "debits", "credits", "lines")
       SELECT "company_id", "account_id", date_trunc('month', "date"::timestamp)::date, sum("debit"), sum("credit"), count(*)
       FROM "books"."books_journal_lines" WHERE "company_id" = $1 AND "entry_id" = $2
       GROUP BY 1, 2, 3
       ON CONFLICT ("company_id", "account_id", "month")
       DO UPDATE SET "debits" = months."debits" + excluded."debits", "credits" = months."credits" + excluded."credits", "lines" = months."lines" + excluded."lines"`,
      [companyId, entryId],
    );
  }

  /** The year's next entry number, taken in one statement; the caller holds the company lock, so numbers have no gaps. */
  @QuerySample([SAMPLE.companyId, 2026, SAMPLE.tx])
  async nextEntryNumber(companyId: string, year: number, manager: EntityManager): Promise<number> {
    const [{ last_number }]: { last_number: number }[] = await manager.query(
      `INSERT INTO ${qualifiedTable(this.dataSource, EntrySequence)} AS sequences ("company_id", "year", "last_number") VALUES ($1, $2, 1)
       ON CONFLICT ("company_id", "year") DO UPDATE SET "last_number" = sequences."last_number" + 1
       RETURNING "last_number"`,
      [companyId, year],
    );
    return last_number;
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.otherId, SAMPLE.tx])
  async setReversedBy(companyId: string, id: string, reversalId: string, manager: EntityManager): Promise<void> {
    await manager.update(JournalEntry, { id, companyId }, { reversedById: reversalId });
  }

  /** Another company's entry is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findEntry(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<JournalEntry | null> {
    return manager.findOneBy(JournalEntry, { id, companyId });
  }

  /** The entry another service posted for a source and reference, if it did. */
  @QuerySample([SAMPLE.companyId, { type: 'payroll_run', id: SAMPLE.id }, 'payroll-run:1'])
  findEntryBySource(
    companyId: string,
    source: { type: string; id: string },
    reference: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<JournalEntry | null> {
    return manager.findOneBy(JournalEntry, { companyId, sourceType: source.type, sourceId: source.id, reference });
  }

  /** An entry's lines as entities, in order. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  entryLines(companyId: string, entryId: string, manager: EntityManager): Promise<JournalLine[]> {
    return manager.find(JournalLine, { where: { companyId, entryId }, order: { lineNumber: 'ASC' } });
  }

  /**
   * The lines of entries of the company as plain rows, on the (company, entry) index: a page of
   * large entries holds thousands of lines, and no entity is made per line. In no order.
   */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId]])
  async linesOfEntries(companyId: string, entryIds: string[], manager: EntityManager = this.dataSource.manager): Promise<EntryLine[]> {
    const rows: LineRow[] = await manager.query(
      `SELECT entry_id, line_number, account_id, account_code, debit, credit, description FROM ${qualifiedTable(this.dataSource, JournalLine)} WHERE company_id = $1 AND entry_id = ANY($2::uuid[])`,
      [companyId, entryIds],
    );
    return rows.map((row) => ({
      entryId: row.entry_id,
      lineNumber: row.line_number,
      accountId: row.account_id,
      accountCode: row.account_code,
      debit: Number(row.debit),
      credit: Number(row.credit),
      description: row.description,
    }));
  }

  /**
   * A page of entries, newest first, each made what the list answers by `view`. With an account
   * in page mode (no cursor, sync or reference), the page is read from the account's lines
   * alone (see accountEntriesPage); otherwise from the entries (see entriesQuery).
   */
  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }, asIs])
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01', page: 2, limit: 20 }, asIs], 'from a date')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01', to: SAMPLE.date, page: 2, limit: 20 }, asIs], 'between dates')
  @QuerySample([SAMPLE.companyId, { reference: 'INV-2026-0042', page: 2, limit: 20 }, asIs], 'by reference')
  @QuerySample([SAMPLE.companyId, { cursor: 'start', limit: 20 }, asIs], 'cursor mode, first page')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }, asIs], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { reference: 'INV-2026-0042', cursor: SAMPLE.cursor, limit: 20 }, asIs], 'by reference, after a cursor')
  @QuerySample([SAMPLE.companyId, { accountId: SAMPLE.id, page: 2, limit: 20 }, asIs], 'by account')
  @QuerySample([SAMPLE.companyId, { accountId: SAMPLE.id, from: '2026-01-01', to: SAMPLE.date, page: 2, limit: 20 }, asIs], 'by account, between dates')
  @QuerySample([SAMPLE.companyId, { accountId: SAMPLE.id, cursor: 'start', limit: 20 }, asIs], 'by account, cursor mode, first page')
  listEntriesPage<V>(companyId: string, query: ListJournalEntriesQueryDto, view: PageView<JournalEntry, V>): Promise<Page<V>> {
    if (query.accountId && query.cursor === undefined && query.updatedSince === undefined && query.reference === undefined) {
      // the page's entries are read by entriesByIds
      return accountEntriesPage(this.dataSource, companyId, query.accountId, query, (ids) => this.entriesByIds(companyId, ids), view);
    }
    return findPage(entriesQuery(this.dataSource, companyId, query), query, view);
  }

  /** The company's entries among `ids`, in no order. */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId]])
  entriesByIds(companyId: string, ids: string[]): Promise<JournalEntry[]> {
    return this.dataSource.getRepository(JournalEntry).findBy({ companyId, id: In(ids) });
  }
}

/**
 * A page of an account's entries, newest first, read from the account's lines alone: the index
 * on (company, account, date, sequence, …) gives one row per entry in the list's order, so the
 * page is a range of that index and its entries are then fetched by id; the total counts the
 * account's entries on the same index. Joined to the entries in one statement, a planner
 * without statistics may read the account's lines again for every entry of the company.
 */
async function accountEntriesPage<V>(
  dataSource: DataSource,
  companyId: string,
  accountId: string,
  query: ListJournalEntriesQueryDto,
  entriesByIds: (ids: string[]) => Promise<JournalEntry[]>,
  view: PageView<JournalEntry, V>,
): Promise<Page<V>> {
  const page = query.page ?? 1;
  const skip = (page - 1) * query.limit;
  const lines = qualifiedTable(dataSource, JournalLine);
  const values: unknown[] = [companyId, accountId];
  const where = ['company_id = $1', 'account_id = $2'];
  if (query.from) where.push(`date >= $${values.push(query.from)}`);
  if (query.to) where.push(`date <= $${values.push(query.to)}`);
  const hits: { entry_id: string }[] = await dataSource.query(
    `SELECT DISTINCT ON (date, entry_sequence) entry_id FROM ${lines} WHERE ${where.join(' AND ')} ` +
      `ORDER BY date DESC, entry_sequence DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.limit, skip],
  );
  const counting = `SELECT count(*)::int AS count FROM (SELECT DISTINCT date, entry_sequence FROM ${lines} WHERE ${where.join(' AND ')}) AS entries`;
  const total = await pageTotal(
    hits.length,
    query.limit,
    skip,
    () => countKey(counting, values),
    async () => {
      const [{ count }] = await dataSource.query(counting, values);
      return count as number;
    },
  );
  const found = hits.length ? await entriesByIds(hits.map((hit) => hit.entry_id)) : [];
  const byId = new Map(found.map((entry) => [entry.id, entry]));
  const entries = hits.map((hit) => byId.get(hit.entry_id)).filter((entry): entry is JournalEntry => entry !== undefined);
  return { items: await view(entries), page, limit: query.limit, total };
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
function entriesQuery(dataSource: DataSource, companyId: string, query: ListJournalEntriesQueryDto): SelectQueryBuilder<JournalEntry> {
  const builder = dataSource.getRepository(JournalEntry).createQueryBuilder('entry');
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
