import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { encodeCursor } from '@platform/pipeline';
import { BooksModule } from '../src/books.module';
import { ACCOUNT_MONTHS_BACKFILL, AccountMonths1795880000000 } from '../src/migrations/1795880000000-AccountMonths';
import { call } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { BOOKS, credit, debit, entry, installChart, post } from './fixtures';

const TRIAL_BALANCE = `${BOOKS}/reports/trial-balance`;
const LEDGER = `${BOOKS}/reports/general-ledger`;
const MONTHS = `SELECT company_id, account_id, month::text AS month, debits::text AS debits, credits::text AS credits, lines FROM books.books_account_months`;

interface LedgerItem {
  entryId: string;
  date: string;
  debit: number;
  credit: number;
  balance: number;
}

/**
 * The reports read the accounts' monthly sums (books_account_months) and at most a month of
 * lines: after postings in several months, reversals and internal postings, what they answer
 * must be what the lines themselves sum to, and another company's lines never count.
 */
describe('books reports from monthly sums', () => {
  let stack: TestStack;
  let books: RunningApp;
  let dev: Developer;
  let other: Developer;
  let chart: Record<string, string>;
  let theirs: Record<string, string>;
  let dataSource: DataSource;

  beforeAll(async () => {
    stack = await TestStack.start();
    books = await stack.startApp(BooksModule, 'books');
    dataSource = books.app.get(DataSource);
    [dev, other] = [await stack.developer(), await stack.developer()];
    [chart, theirs] = [await installChart(dev, books), await installChart(other, books)];
    // five months, several entries a month on the bank, some with two lines on it, a few reversed
    const days = [
      '2025-11-03',
      '2025-11-28',
      '2025-12-01',
      '2025-12-15',
      '2025-12-31',
      '2026-01-01',
      '2026-01-10',
      '2026-01-10',
      '2026-01-31',
      '2026-02-14',
      '2026-02-28',
      '2026-03-01',
      '2026-03-17',
    ];
    for (const [i, day] of days.entries()) {
      const amount = 10_000 + i * 1_250;
      const lines =
        i % 4 === 0
          ? [debit(chart['521'], amount), debit(chart['521'], 500), credit(chart['706'], amount + 500)]
          : i % 4 === 1
            ? [debit(chart['601'], amount), credit(chart['521'], amount)]
            : [debit(chart['411'], amount), credit(chart['706'], amount - 1_000), credit(chart['443'], 1_000)];
      const posted = await post(dev, books, entry(day, i % 2 ? lines : [...lines, debit(chart['521'], 100), credit(chart['411'], 100)]));
      if (i % 5 === 2) {
        const reversed = await dev.call(books, 'POST', `${BOOKS}/journal-entries/${posted.id}/reverse`, {
          body: { date: days[Math.min(i + 2, days.length - 1)] },
        });
        expect(reversed.status).toBe(201);
      }
    }
    // the same dates and amounts in another company, on its own accounts
    for (const day of days) await post(other, books, entry(day, [debit(theirs['521'], 777_000), credit(theirs['101'], 777_000)]));
    // payroll's posting, by account code
    const internal = await call(books.url, 'POST', '/internal/v1/books/journal-entries', {
      headers: { 'x-internal-token': stack.env.INTERNAL_TOKEN },
      body: {
        companyId: dev.organizationId,
        date: '2026-02-27',
        memo: 'Payroll February 2026',
        reference: 'PAYROLL-2026-02',
        source: { type: 'payroll_run', id: randomUUID() },
        lines: [
          { accountCode: '661', debit: 300_000 },
          { accountCode: '422', credit: 300_000 },
        ],
      },
    });
    expect(internal.status).toBe(201);
    const paid = await post(dev, books, entry('2026-03-02', [debit(chart['422'], 300_000), credit(chart['521'], 300_000)]));
    expect(paid.lines).toHaveLength(2);
  });
  afterAll(() => stack.stop());

  /** The trial balance's numbers as the lines sum them directly, by account code. */
  async function fromLines(from: string | null, to: string | null) {
    const rows: { code: string; opening: string; debits: string; credits: string }[] = await dataSource.query(
      `SELECT account_code AS code,
              sum(CASE WHEN date < $2::date THEN debit - credit ELSE 0 END)::text AS opening,
              sum(CASE WHEN $2::date IS NULL OR date >= $2::date THEN debit ELSE 0 END)::text AS debits,
              sum(CASE WHEN $2::date IS NULL OR date >= $2::date THEN credit ELSE 0 END)::text AS credits
       FROM books.books_journal_lines WHERE company_id = $1 AND ($3::date IS NULL OR date <= $3::date) GROUP BY account_code ORDER BY account_code`,
      [dev.organizationId, from, to],
    );
    return rows
      .map((row) => ({
        code: row.code,
        opening: Number(row.opening),
        debits: Number(row.debits),
        credits: Number(row.credits),
        closing: Number(row.opening) + Number(row.debits) - Number(row.credits),
      }))
      .filter((row) => row.opening !== 0 || row.debits !== 0 || row.credits !== 0);
  }

  it('gives the trial balance the lines sum to, balanced, for any range: none, open-ended, across months, within a month, on month edges', async () => {
    const ranges: [string | null, string | null][] = [
      [null, null],
      ['2025-12-15', null],
      [null, '2026-01-10'],
      ['2025-11-29', '2026-02-14'],
      ['2026-01-01', '2026-01-31'],
      ['2026-01-10', '2026-01-10'],
      ['2025-12-01', '2026-02-28'],
      ['2026-04-01', null],
      [null, '2025-10-31'],
      ['2025-12-02', '2025-12-30'],
    ];
    for (const [from, to] of ranges) {
      const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
      const result = await dev.call(books, 'GET', `${TRIAL_BALANCE}${query ? `?${query}` : ''}`);
      expect(result.status).toBe(200);
      const report = result.body.data;
      expect({
        range: [from, to],
        rows: report.accounts.map(({ code, opening, debits, credits, closing }: Record<string, unknown>) => ({ code, opening, debits, credits, closing })),
      }).toEqual({
        range: [from, to],
        rows: await fromLines(from, to),
      });
      expect(report.totals.balanced).toBe(true);
      expect(report.totals.debits).toBe(report.totals.credits);
    }
    expect((await fromLines('2025-11-29', '2026-02-14')).length).toBeGreaterThan(4);
  });

  it('never counts another company’s lines', async () => {
    const mine = (await dev.call(books, 'GET', TRIAL_BALANCE)).body.data;
    expect(mine.accounts.find((row: { code: string }) => row.code === '101')).toBeUndefined();
    const bank = (await other.call(books, 'GET', `${TRIAL_BALANCE}?from=2026-01-01&to=2026-02-14`)).body.data;
    expect(bank.accounts.map(({ code, opening, debits, credits }: Record<string, unknown>) => ({ code, opening, debits, credits }))).toEqual([
      { code: '101', opening: -5 * 777_000, debits: 0, credits: 5 * 777_000 },
      { code: '521', opening: 5 * 777_000, debits: 5 * 777_000, credits: 0 },
    ]);
    const ledger = (await other.call(books, 'GET', `${LEDGER}?accountId=${theirs['521']}&from=2026-01-01&cursor=start&limit=2`)).body.data;
    expect(ledger).toMatchObject({ openingBalance: 5 * 777_000, totalDebits: 8 * 777_000, total: 8, page: null });
    expect(ledger.items.map((item: LedgerItem) => item.balance)).toEqual([6 * 777_000, 7 * 777_000]);
    expectError(await other.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}&cursor=start`), 404, 'ACCOUNT_NOT_FOUND');
  });

  /** Every line of the account within the range, in ledger order, with the balance the lines sum to. */
  async function expectedLedger(accountId: string, from: string | null, to: string | null) {
    const rows: { entry_id: string; date: string; debit: string; credit: string; balance: string }[] = await dataSource.query(
      `SELECT * FROM (
         SELECT entry_id, date::text AS date, debit::text, credit::text, (sum(debit - credit) OVER (ORDER BY date, entry_sequence, line_number))::text AS balance, entry_sequence, line_number
         FROM books.books_journal_lines WHERE company_id = $1 AND account_id = $2
       ) l WHERE ($3::date IS NULL OR l.date::date >= $3::date) AND ($4::date IS NULL OR l.date::date <= $4::date) ORDER BY l.date, l.entry_sequence, l.line_number`,
      [dev.organizationId, accountId, from, to],
    );
    return rows.map((row) => ({ entryId: row.entry_id, date: row.date, debit: Number(row.debit), credit: Number(row.credit), balance: Number(row.balance) }));
  }

  const pick = (items: LedgerItem[]) => items.map(({ entryId, date, debit, credit, balance }) => ({ entryId, date, debit, credit, balance }));

  it('walks the general ledger by cursor with the running balance page mode gives, and the lines sum to', async () => {
    for (const [from, to] of [
      [null, null],
      ['2025-12-15', '2026-03-01'],
      ['2026-01-10', '2026-01-31'],
    ] as [string | null, string | null][]) {
      const range = `${from ? `&from=${from}` : ''}${to ? `&to=${to}` : ''}`;
      const expected = await expectedLedger(chart['521'], from, to);
      expect(expected.length).toBeGreaterThan(1);

      const walked: LedgerItem[] = [];
      const cursors: string[] = [];
      let cursor = 'start';
      for (let guard = 0; guard < 50; guard++) {
        const result = await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}${range}&limit=3&cursor=${cursor}`);
        expect(result.status).toBe(200);
        const data = result.body.data;
        expect({ page: data.page, limit: data.limit, total: data.total }).toEqual({ page: null, limit: 3, total: expected.length });
        walked.push(...data.items);
        if (data.nextCursor === null) break;
        expect(data.items).toHaveLength(3);
        cursors.push(data.nextCursor);
        cursor = data.nextCursor;
      }
      expect({ range, items: pick(walked) }).toEqual({ range, items: expected });
      expect(cursors.length).toBe(Math.ceil(expected.length / 3) - 1);

      const paged: LedgerItem[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 3) + 1; page++) {
        const data = (await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}${range}&limit=3&page=${page}`)).body.data;
        expect(data).toMatchObject({ page, limit: 3, total: expected.length });
        expect(data).not.toHaveProperty('nextCursor');
        paged.push(...data.items);
      }
      expect(paged).toEqual(walked);

      const whole = (await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}${range}&limit=100`)).body.data;
      expect(whole.items).toEqual(walked);
      const net = expected.reduce((sum, line) => sum + line.debit - line.credit, 0);
      expect(whole.closingBalance).toBe(whole.openingBalance + net);
      expect(whole.closingBalance).toBe(expected[expected.length - 1].balance);
      expect(whole.openingBalance).toBe(expected[0].balance - expected[0].debit + expected[0].credit);
      expect({ totalDebits: whole.totalDebits, totalCredits: whole.totalCredits }).toEqual({
        totalDebits: expected.reduce((sum, line) => sum + line.debit, 0),
        totalCredits: expected.reduce((sum, line) => sum + line.credit, 0),
      });
    }
  });

  it('answers an empty page past the end, and refuses cursors it did not give', async () => {
    const past = (await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}&page=40&limit=3`)).body.data;
    expect(past).toMatchObject({ items: [], page: 40, total: (await expectedLedger(chart['521'], null, null)).length });
    const empty = (await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['101']}&cursor=`)).body.data;
    expect(empty).toMatchObject({ items: [], page: null, total: 0, nextCursor: null, openingBalance: 0, closingBalance: 0 });
    for (const cursor of [
      'not-a-cursor',
      encodeCursor(['2026-01-10']),
      encodeCursor(['2026-02-30', 1, 1]),
      encodeCursor(['2026-01-10', 0, 1]),
      encodeCursor([chart['521']]),
    ]) {
      expectError(await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}&cursor=${cursor}`), 400, 'VALIDATION_FAILED');
    }
    expectError(await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}&cursor=start&page=2`), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}&updatedSince=2026-01-01T00:00:00Z`), 400, 'VALIDATION_FAILED');
  });

  it('keeps each account’s months equal to its lines’ sums, as the migration fills them from the lines', async () => {
    const fromLinesSql = `SELECT company_id, account_id, date_trunc('month', date::timestamp)::date::text AS month, sum(debit)::text AS debits, sum(credit)::text AS credits, count(*)::int AS lines
      FROM books.books_journal_lines GROUP BY 1, 2, 3`;
    const order = 'ORDER BY 1, 2, 3';
    const kept = await dataSource.query(`${MONTHS} ${order}`);
    expect(kept).toEqual(await dataSource.query(`${fromLinesSql} ${order}`));
    expect(kept.filter((row: { company_id: string }) => row.company_id === dev.organizationId).length).toBeGreaterThan(10);

    // the backfill statement, rerun on an emptied table, and the migration, rerun on the lines already there
    await dataSource.query('TRUNCATE books.books_account_months');
    await dataSource.query(ACCOUNT_MONTHS_BACKFILL);
    expect(await dataSource.query(`${MONTHS} ${order}`)).toEqual(kept);
    const runner = dataSource.createQueryRunner();
    try {
      const migration = new AccountMonths1795880000000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await dataSource.query(`${MONTHS} ${order}`)).toEqual(kept);
    await dataSource.query(ACCOUNT_MONTHS_BACKFILL);
    expect(await dataSource.query(`${MONTHS} ${order}`)).toEqual(kept);
  });
});
