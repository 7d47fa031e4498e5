import { DataSource } from 'typeorm';
import { COUNTED_TOTAL_TTL_MS, EXACT_TOTAL_UP_TO } from '@platform/pipeline';
import { BooksModule } from '../../apps/books/src/books.module';
import { BOOKS } from '../../apps/books/test/fixtures';
import { seedJournal } from '../../apps/books/test/seed-journal';
import { HrModule } from '../../apps/hr/src/hr.module';
import { captureStatements, pageNodes, PlanNode } from '@test/support/query-plans';
import { Developer, RunningApp, TestStack } from '@test/support/stack';

const LARGE = EXACT_TOTAL_UP_TO + 50;

/**
 * A list's total costs a count of every row it selects. Up to EXACT_TOTAL_UP_TO rows that count
 * is cheap and made for every full page; above it, the count is made once per list and filters
 * and kept for COUNTED_TOTAL_TTL_MS, during which pages answer it. The rows written meanwhile
 * show in that total only once it is counted again, as its description in the OpenAPI documents says.
 */
describe('list totals above the exact range', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let books: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    books = await stack.startApp(BooksModule, 'books');
  });
  afterAll(() => stack.stop());

  /** `count` employees of the company, half of them in Sales, written in one statement. */
  async function seedEmployees(dev: Developer, count: number, prefix: string): Promise<void> {
    await hr.app.get(DataSource).query(
      `INSERT INTO hr.employees (company_id, external_id, first_name, last_name, email, hire_date, job_title, department, status, country)
       SELECT $1, $3 || n, 'Seeded', 'Employee ' || n, $3 || n || '@example.cm', date '2024-01-02', 'Clerk', CASE WHEN n % 2 = 0 THEN 'Sales' ELSE 'Ops' END, 'active', 'CM'
       FROM generate_series(1, $2) AS n`,
      [dev.organizationId, count, prefix],
    );
  }

  async function total(dev: Developer, app: RunningApp, path: string): Promise<number> {
    const result = await dev.call(app, 'GET', path);
    expect(result.status).toBe(200);
    return result.body.data.total;
  }

  it('counts a large list once per filters and answers that count meanwhile; the last page and small lists stay exact', async () => {
    expect(COUNTED_TOTAL_TTL_MS).toBeGreaterThan(10_000);
    const dev = await stack.developer();
    await seedEmployees(dev, LARGE, 'A-');
    const employees = '/api/v1/hr/employees';
    expect(await total(dev, hr, `${employees}?limit=20`)).toBe(LARGE);
    expect(await total(dev, hr, `${employees}?cursor=start&limit=20`)).toBe(LARGE);
    expect(await total(dev, hr, `${employees}?department=Ops&limit=20`)).toBe(LARGE / 2);

    await seedEmployees(dev, 10, 'B-');
    // the same list, any page: the count made above
    for (const page of [1, 2, 50]) expect({ page, total: await total(dev, hr, `${employees}?page=${page}&limit=20`) }).toEqual({ page, total: LARGE });
    expect(await total(dev, hr, `${employees}?cursor=start&limit=20`)).toBe(LARGE);
    // other filters are other counts, made now; a list within the exact range is counted every time
    expect(await total(dev, hr, `${employees}?status=active&limit=20`)).toBe(LARGE + 10);
    expect(await total(dev, hr, `${employees}?department=Sales&limit=20`)).toBe(LARGE / 2 + 5);
    expect(await total(dev, hr, `${employees}?department=Ops&limit=20`)).toBe(LARGE / 2 + 5);
    // a page short of its limit ends the list: its total is what it holds
    const last = await dev.call(hr, 'GET', `${employees}?page=${Math.ceil((LARGE + 10) / 100)}&limit=100`);
    expect(last.body.data.items).toHaveLength((LARGE + 10) % 100);
    expect(last.body.data.total).toBe(LARGE + 10);

    // another company's list of the same filters is its own count
    const other = await stack.developer();
    await seedEmployees(other, 3, 'C-');
    expect(await total(other, hr, `${employees}?limit=2`)).toBe(3);
    await seedEmployees(other, 2, 'D-');
    expect(await total(other, hr, `${employees}?limit=2`)).toBe(5);
  });

  it('walks a deep page’s offset on an index alone and reads only the page’s rows', async () => {
    const dev = await stack.developer();
    await seedEmployees(dev, LARGE, 'E-');
    const dataSource = hr.app.get(DataSource);
    await dataSource.query('VACUUM hr.employees');
    const page = 400;
    const statements = await captureStatements(
      async () => {
        const result = await dev.call(hr, 'GET', `/api/v1/hr/employees?page=${page}&limit=20`);
        expect(result.body.data.items).toHaveLength(20);
      },
      (query) => query.includes('"hr"."employees"') && query.includes('OFFSET'),
    );
    expect(statements).toHaveLength(1);
    const [row] = await dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statements[0].query}`, statements[0].parameters);
    type Node = PlanNode & { 'Actual Rows': number; 'Actual Loops': number; 'Heap Fetches'?: number };
    // the page's nodes, less the count (an init plan, which this company's first large page runs)
    const scans = pageNodes(row['QUERY PLAN'][0].Plan as Node).filter((node) => node['Relation Name'] === 'employees');
    // the offset's rows on the index only (no table reads), then the page's 20 rows by their key
    const walk = scans.find((node) => node['Node Type'] === 'Index Only Scan');
    expect(walk).toMatchObject({ 'Actual Rows': (page - 1) * 20 + 20, 'Heap Fetches': 0 });
    const read = scans.filter((node) => node !== walk);
    expect(read.map((node) => node['Actual Rows'] * node['Actual Loops'])).toEqual([20]);
  });

  it('keeps a large count of a list read through the query builder (journal entries) the same way', async () => {
    const dev = await stack.developer();
    const dataSource = books.app.get(DataSource);
    const query = (sql: string, parameters?: unknown[]) => dataSource.query(sql, parameters);
    const seeded = await seedJournal(query, dev.organizationId, LARGE);
    expect(await total(dev, books, `${BOOKS}/journal-entries?limit=20`)).toBe(LARGE);
    const byAccount = await total(dev, books, `${BOOKS}/journal-entries?accountId=${seeded.accounts.S5}&limit=20`);
    expect(byAccount).toBeGreaterThan(EXACT_TOTAL_UP_TO / 2);

    await query(
      `INSERT INTO books.books_journal_entries (company_id, number, sequence, date, memo, currency, total_debit, total_credit)
       SELECT $1, 'JE-2027-' || lpad(n::text, 6, '0'), n, date '2027-01-01', 'Later entry', 'XAF', 100, 100 FROM generate_series(1, 3) AS n`,
      [dev.organizationId],
    );
    expect(await total(dev, books, `${BOOKS}/journal-entries?page=3&limit=20`)).toBe(LARGE);
    expect(await total(dev, books, `${BOOKS}/journal-entries?from=2027-01-01&limit=20`)).toBe(3);
    expect(await total(dev, books, `${BOOKS}/journal-entries?from=2024-01-01&limit=20`)).toBe(LARGE + 3);
  });
});
