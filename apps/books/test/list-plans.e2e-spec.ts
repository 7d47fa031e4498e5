import { DataSource } from 'typeorm';
import { encodeCursor } from '@platform/pipeline';
import { BooksModule } from '../src/books.module';
import { HttpResult } from '@test/support/http';
import { captureStatements, PlanNode, planNodes } from '@test/support/query-plans';
import { Developer, RunningApp, TestStack } from '@test/support/stack';
import { BOOKS } from './fixtures';
import { SeededBooks, seedJournal } from './seed-journal';

// the samples of the repositories' committed SQL (`npm run queries`) that run a statement
const { queryNames } = require('../../../scripts/repository-queries.js') as { queryNames: (sql: string) => string[] };

/** The tables a list must never read whole. */
const BIG_TABLES = ['books_journal_lines', 'books_journal_entries', 'books_accounts', 'books_accounting_periods', 'books_account_months'];

/**
 * The plans of what the books app asks PostgreSQL while it answers requests: every statement
 * any pg client of this process sends (the query builder's and the prepared ones) is recorded
 * while a request runs, then explained with its own values. The tables are seeded straight
 * with SQL and never analyzed: the plans must be good without column statistics, knowing only
 * the tables' sizes (which a VACUUM, autovacuum's after a bulk insert, records).
 *
 * Every statement is named by the repository method (and sample) whose `.queries.sql` holds it,
 * so a plan checked here is the SQL a reviewer reads beside the repository; a statement of a
 * shape no sample runs fails the test until the method gets that sample.
 */
describe('books list plans at scale, without planner statistics', () => {
  let stack: TestStack;
  let books: RunningApp;
  let company: Developer;
  let other: Developer;
  let seeded: SeededBooks;
  let otherSeeded: SeededBooks;
  let dataSource: DataSource;

  beforeAll(async () => {
    stack = await TestStack.start();
    books = await stack.startApp(BooksModule, 'books');
    company = await stack.developer();
    other = await stack.developer();
    dataSource = books.app.get(DataSource);
    const query = (sql: string, parameters?: unknown[]) => dataSource.query(sql, parameters);
    for (const table of BIG_TABLES) await query(`ALTER TABLE books.${table} SET (autovacuum_enabled = false)`);
    seeded = await seedJournal(query, company.organizationId, 30_000);
    otherSeeded = await seedJournal(query, other.organizationId, 10_000);
    // other companies' accounts and closed periods, so that these lists too have tables to scan
    await query(
      `INSERT INTO books.books_accounts (company_id, code, name, type)
       SELECT c.id, 'X' || a, 'Account ' || a, 'asset' FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 2000)) c CROSS JOIN generate_series(1, 10) a`,
    );
    await query(
      `INSERT INTO books.books_accounting_periods (company_id, start_date, end_date)
       SELECT c.id, CASE WHEN m > 1 THEN date '2024-01-01' + (m - 1) * 30 END, date '2024-01-01' + m * 30 - 1
       FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 1000)) c CROSS JOIN generate_series(1, 20) m`,
    );
    await query(
      `INSERT INTO books.books_accounting_periods (company_id, start_date, end_date)
       SELECT $1, CASE WHEN m > 1 THEN date '2023-01-01' + (m - 1) * 30 END, date '2023-01-01' + m * 30 - 1 FROM generate_series(1, 20) m`,
      [company.organizationId],
    );
    await query(
      `INSERT INTO books.books_account_months (company_id, account_id, month, debits, credits, lines)
       SELECT c.id, gen_random_uuid(), date '2024-01-01' + (m || ' months')::interval, 1000, 1000, 2
       FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 2000)) c CROSS JOIN generate_series(1, 10) a CROSS JOIN generate_series(0, 11) m`,
    );
    for (const table of BIG_TABLES) await query(`VACUUM books.${table}`);
  }, 300_000);
  afterAll(() => stack.stop());

  /**
   * Calls the route and returns its answer with the plans of the books statements it ran (not the
   * outbox relay's, a job of the platform that may run meanwhile).
   */
  async function plansOf(dev: Developer, path: string) {
    let result!: HttpResult;
    const statements = await captureStatements(
      async () => {
        result = await dev.call(books, 'GET', path);
      },
      (text) => /^\s*(SELECT|WITH)\b/i.test(text) && text.includes('"books"') && !text.includes('"outbox_events"'),
    );
    expect(result.status).toBe(200);
    expect(statements.length).toBeGreaterThan(0);
    const plans: { text: string; queries: string[]; nodes: PlanNode[] }[] = [];
    for (const statement of statements) {
      const [row] = await dataSource.query(`EXPLAIN (FORMAT JSON) ${statement.query}`, statement.parameters);
      plans.push({ text: statement.query, queries: queryNames(statement.query), nodes: planNodes(row['QUERY PLAN'][0].Plan) });
    }
    expect({ path, unnamed: plans.filter(({ queries }) => !queries.length).map(({ text }) => text) }).toEqual({ path, unnamed: [] });
    return { result, plans, queries: plans.flatMap(({ queries }) => queries) };
  }

  /** A plan in one line per node, for a failure to read. */
  function outline(nodes: PlanNode[]): string[] {
    return nodes.map((node) => [node['Node Type'], node['Relation Name'], node['Index Name']].filter(Boolean).join(' '));
  }

  /** Every statement reads the big tables through an index (a bitmap of one included), and nothing sorts (unless `sorts`: a report's sums may be grouped by sorting them). */
  function expectIndexedWithoutSort(path: string, plans: { text: string; nodes: PlanNode[] }[], { sorts = false } = {}) {
    for (const { text, nodes } of plans) {
      const wrong = nodes.filter(
        (node) =>
          (!sorts && node['Node Type'].endsWith('Sort')) || (BIG_TABLES.includes(node['Relation Name'] ?? '') && !/Index|Bitmap Heap/.test(node['Node Type'])),
      );
      if (wrong.length) throw new Error(`${path}: ${text}\n${outline(nodes).join('\n')}`);
    }
  }

  it('runs on tables the planner has never analyzed', async () => {
    const [{ stats }] = await dataSource.query(`SELECT count(*)::int AS stats FROM pg_stats WHERE schemaname = 'books'`);
    expect(stats).toBe(0);
    expect(seeded.lines + otherSeeded.lines).toBeGreaterThan(80_000);
  });

  it('lists journal entries, unfiltered and by dates, from the entries’ index', async () => {
    // (deeper offsets than the planner's estimate of a company's rows, 0.5% of the table without statistics, are sorted)
    const named: [string, string][] = [
      ['', 'JournalRepository.listEntriesPage'],
      ['?page=2', 'JournalRepository.listEntriesPage'],
      ['?from=2025-03-01&to=2025-06-30', 'JournalRepository.listEntriesPage (between dates)'],
      ['?from=2026-01-01&page=2', 'JournalRepository.listEntriesPage (from a date)'],
      ['?cursor=start', 'JournalRepository.listEntriesPage (cursor mode, first page)'],
    ];
    for (const [query, name] of named) {
      const path = `${BOOKS}/journal-entries${query}`;
      const { plans, queries } = await plansOf(company, path);
      expectIndexedWithoutSort(path, plans);
      expect(queries).toEqual(expect.arrayContaining([name, 'JournalRepository.linesOfEntries']));
    }
  });

  it('lists an account’s entries from the lines’ (company, account) index, newest first, deep pages too', async () => {
    const account = seeded.accounts.S1;
    const expected: { id: string }[] = await dataSource.query(
      `SELECT e.id FROM books.books_journal_entries e WHERE e.company_id = $1 AND EXISTS (SELECT 1 FROM books.books_journal_lines l WHERE l.entry_id = e.id AND l.account_id = $2)
       ORDER BY e.date DESC, e.sequence DESC`,
      [company.organizationId, account],
    );
    expect(expected.length).toBe(600);
    for (const [page, limit] of [
      [1, 20],
      [7, 50],
      [30, 20],
    ]) {
      const path = `${BOOKS}/journal-entries?accountId=${account}&page=${page}&limit=${limit}`;
      const { result, plans, queries } = await plansOf(company, path);
      expectIndexedWithoutSort(path, plans);
      expect(queries).toEqual(expect.arrayContaining(['JournalRepository.listEntriesPage (by account)', 'JournalRepository.entriesByIds']));
      expect(plans.some(({ nodes }) => nodes.some((node) => node['Index Name'] === 'idx_books_lines_company_account_order'))).toBe(true);
      const data = result.body.data;
      expect({ page: data.page, limit: data.limit, total: data.total }).toEqual({ page, limit, total: 600 });
      expect(data.items.map((item: { id: string }) => item.id)).toEqual(expected.slice((page - 1) * limit, page * limit).map((row) => row.id));
      for (const item of data.items) {
        expect(item.lines.some((line: { accountId: string }) => line.accountId === account)).toBe(true);
        expect(item.lines.reduce((sum: number, line: { debit: number }) => sum + line.debit, 0)).toBe(item.totalDebit);
      }
    }
    // an entry with two lines on the account comes once, with both lines
    const first = (await company.call(books, 'GET', `${BOOKS}/journal-entries?accountId=${account}&limit=1`)).body.data.items[0];
    expect(first.lines.filter((line: { accountId: string }) => line.accountId === account)).toHaveLength(2);

    const ranged = await plansOf(company, `${BOOKS}/journal-entries?accountId=${account}&from=2025-04-01&to=2025-09-30&page=2&limit=10`);
    expectIndexedWithoutSort('by account and dates', ranged.plans);
    expect(ranged.queries).toContain('JournalRepository.listEntriesPage (by account, between dates)');
    expect(ranged.result.body.data.items.every((item: { date: string }) => item.date >= '2025-04-01' && item.date <= '2025-09-30')).toBe(true);
    expect(ranged.result.body.data.items).toHaveLength(10);
  });

  it('reads a page’s lines by (company, entry), never through the company’s dates', async () => {
    // the bitmap over the company's dates that a planner without statistics preferred read every line of the company for a page's few
    for (const query of ['', `?accountId=${seeded.accounts.S2}`, '?cursor=start', `?accountId=${seeded.accounts.S2}&cursor=start`]) {
      const path = `${BOOKS}/journal-entries${query}`;
      const { plans } = await plansOf(company, path);
      const byEntry = plans.filter(({ queries }) => queries.includes('JournalRepository.linesOfEntries'));
      expect({ path, statements: byEntry.length }).toEqual({ path, statements: 1 });
      const scans = byEntry[0].nodes.filter((node) => node['Relation Name'] === 'books_journal_lines' || node['Index Name']?.startsWith('idx_books_lines'));
      expect({ path, plan: outline(byEntry[0].nodes) }).toEqual({
        path,
        plan: expect.arrayContaining([expect.stringMatching(/idx_books_lines_company_entry$/)]),
      });
      for (const scan of scans.filter((node) => node['Index Name'])) expect(scan['Index Cond']).toMatch(/entry_id = ANY/);
    }
  });

  it('never answers another company’s entries by account', async () => {
    const foreign = await plansOf(company, `${BOOKS}/journal-entries?accountId=${otherSeeded.accounts.S1}`);
    expect(foreign.result.body.data).toEqual({ items: [], page: 1, limit: 20, total: 0 });
    expectIndexedWithoutSort('another company’s account', foreign.plans);

    const own = await other.call(books, 'GET', `${BOOKS}/journal-entries?accountId=${otherSeeded.accounts.S1}&limit=100`);
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBe(200);
    const theirs = new Set(Object.values(otherSeeded.accounts));
    for (const item of own.body.data.items) for (const line of item.lines) expect(theirs.has(line.accountId)).toBe(true);
  });

  it('reads an account’s general ledger from its months and its lines’ index, in page and cursor mode, at any depth', async () => {
    const account = seeded.accounts.S5;
    const expected: { entry_id: string; date: string; sequence: number; line: number; balance: string }[] = await dataSource.query(
      `SELECT entry_id, date::text AS date, entry_sequence AS sequence, line_number AS line, (sum(debit - credit) OVER (ORDER BY date, entry_sequence, line_number))::text AS balance
       FROM books.books_journal_lines WHERE company_id = $1 AND account_id = $2 ORDER BY date, entry_sequence, line_number`,
      [company.organizationId, account],
    );
    expect(expected.length).toBeGreaterThan(10_000);
    const slice = (start: number, count: number) =>
      expected.slice(start, start + count).map((row) => ({ entryId: row.entry_id, date: row.date, balance: Number(row.balance) }));
    const ledger = `${BOOKS}/reports/general-ledger?accountId=${account}`;
    const deep = expected[6_000 - 1];
    const cases: [string, number][] = [
      [`${ledger}`, 0],
      [`${ledger}&page=300&limit=20`, 299 * 20],
      [`${ledger}&cursor=start&limit=20`, 0],
      [`${ledger}&cursor=${encodeCursor([deep.date, deep.sequence, deep.line], expected.length)}&limit=20`, 6_000],
    ];
    for (const [path, start] of cases) {
      const { result, plans, queries } = await plansOf(company, path);
      expectIndexedWithoutSort(path, plans);
      expect(queries).toEqual(expect.arrayContaining(['ReportsRepository.accountMonths', 'JournalRepository.entriesByIds']));
      expect(queries.some((name) => name.startsWith('ReportsRepository.ledgerLines'))).toBe(true);
      expect(plans.some(({ nodes }) => nodes.some((node) => node['Index Name'] === 'idx_books_lines_company_account_order'))).toBe(true);
      const data = result.body.data;
      expect(data.total).toBe(expected.length);
      expect(data.items.map(({ entryId, date, balance }: { entryId: string; date: string; balance: number }) => ({ entryId, date, balance }))).toEqual(
        slice(start, 20),
      );
    }

    const ranged = expected.filter((row) => row.date >= '2025-03-15' && row.date <= '2026-10-20');
    const first = expected.indexOf(ranged[0]);
    const { result, plans } = await plansOf(company, `${ledger}&from=2025-03-15&to=2026-10-20&page=200&limit=25`);
    expectIndexedWithoutSort('a deep page within dates', plans);
    expect(result.body.data.total).toBe(ranged.length);
    expect(result.body.data.openingBalance).toBe(Number(expected[first - 1].balance));
    expect(
      result.body.data.items.map(({ entryId, date, balance }: { entryId: string; date: string; balance: number }) => ({ entryId, date, balance })),
    ).toEqual(slice(first + 199 * 25, 25));
  });

  it('sums the trial balance from the months and a month of lines, read through indexes', async () => {
    for (const query of ['', '?from=2025-04-10&to=2026-02-17', '?to=2026-06-29']) {
      const path = `${BOOKS}/reports/trial-balance${query}`;
      const { result, plans, queries } = await plansOf(company, path);
      expectIndexedWithoutSort(path, plans, { sorts: true });
      expect(queries.some((name) => name.startsWith('ReportsRepository.accountActivity'))).toBe(true);
      expect(result.body.data.totals.balanced).toBe(true);
      expect(result.body.data.accounts.map((row: { code: string }) => row.code)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    }
  });

  it('lists accounts and closed periods from the company’s indexes', async () => {
    const accounts = await plansOf(company, `${BOOKS}/accounts?limit=5`);
    expect(accounts.result.body.data.items.map((account: { code: string }) => account.code)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
    expectIndexedWithoutSort('accounts', accounts.plans);
    expect(accounts.queries).toContain('AccountsRepository.listAccountsPage');
    const periods = await plansOf(company, `${BOOKS}/periods?page=2&limit=5`);
    expect(periods.result.body.data.total).toBe(20);
    expectIndexedWithoutSort('periods', periods.plans);
    expect(periods.queries).toContain('PeriodsRepository.listPeriodsPage');
  });
});
