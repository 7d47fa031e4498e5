import { BooksModule } from '../src/books.module';
import { call } from '../../../test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '../../../test/support/stack';
import { BOOKS, credit, debit, entry, installChart, post } from './fixtures';

/** The one-machine store: the same rules on SQLite, where writes run one transaction at a time. */
describe('books on the one-machine SQLite store', () => {
  let stack: TestStack;
  let books: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    books = await stack.startApp(BooksModule, 'books', { DATABASE_URL: '' });
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  it('posts, numbers, reverses, closes and reports', async () => {
    const chart = await installChart(dev, books);
    expect((await dev.call(books, 'POST', `${BOOKS}/accounts/default-chart`)).body.data.created).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => dev.call(books, 'POST', `${BOOKS}/journal-entries`, { body: entry('2026-03-10', [debit(chart['521'], 1_000 + i), credit(chart['706'], 1_000 + i)]) })),
    );
    expect(results.map((r) => r.body.data.number).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `JE-2026-${String(i + 1).padStart(6, '0')}`));
    expectError(await dev.call(books, 'POST', `${BOOKS}/journal-entries`, { body: entry('2026-03-10', [debit(chart['521'], 2), credit(chart['706'], 1)]) }), 400, 'JOURNAL_ENTRY_NOT_BALANCED');

    // amounts near 2^53 stay exact; the company's books may total at most 2^53 − 1 in all, so every report sum is a safe integer
    const BIG = 4_000_000_000_000_000;
    const big = await post(dev, books, entry('2026-03-11', [debit(chart['521'], BIG), credit(chart['101'], BIG)]));
    expect(big.totalDebit).toBe(BIG);
    const reversal = await dev.call(books, 'POST', `${BOOKS}/journal-entries/${big.id}/reverse`, { body: { date: '2026-03-12' } });
    expect(reversal.status).toBe(201);
    expectError(await dev.call(books, 'POST', `${BOOKS}/journal-entries/${big.id}/reverse`, { body: { date: '2026-03-12' } }), 409, 'JOURNAL_ENTRY_ALREADY_REVERSED');
    const pastTheBound = await dev.call(books, 'POST', `${BOOKS}/journal-entries`, { body: entry('2026-03-13', [debit(chart['521'], 1_100_000_000_000_000), credit(chart['101'], 1_100_000_000_000_000)]) });
    expectError(pastTheBound, 400, 'VALIDATION_FAILED');
    expect(pastTheBound.body.errors.lines[0]).toMatch(/in all/);

    expect((await dev.call(books, 'POST', `${BOOKS}/periods/close`, { body: { through: '2026-03-11' } })).body.data.closedThrough).toBe('2026-03-11');
    expectError(await dev.call(books, 'POST', `${BOOKS}/journal-entries`, { body: entry('2026-03-11', [debit(chart['521'], 1), credit(chart['706'], 1)]) }), 409, 'ACCOUNTING_PERIOD_CLOSED');

    const balance = (await dev.call(books, 'GET', `${BOOKS}/reports/trial-balance?from=2026-03-11&to=2026-03-31`)).body.data;
    const rows = Object.fromEntries(balance.accounts.map((row: { code: string }) => [row.code, row]));
    expect(rows['521']).toMatchObject({ opening: 10_045, debits: BIG, credits: BIG, closing: 10_045 });
    expect(balance.totals).toMatchObject({ openingDebit: 10_045, openingCredit: 10_045, debits: 2 * BIG, credits: 2 * BIG, balanced: true });
    // 706 was credited 1000..1009 on one day: page 3 of 4 holds the last two lines
    const ledger = (await dev.call(books, 'GET', `${BOOKS}/reports/general-ledger?accountId=${chart['706']}&limit=4&page=3`)).body.data;
    expect(ledger).toMatchObject({ total: 10, closingBalance: -10_045 });
    expect(ledger.items).toHaveLength(2);
    expect(ledger.items[1].balance).toBe(-10_045);
    expect(ledger.items[0].balance).toBe(-10_045 + ledger.items[1].credit);

    const internal = { 'x-internal-token': stack.env.INTERNAL_TOKEN };
    const body = { companyId: dev.organizationId, date: '2026-03-31', memo: 'Payroll', reference: 'PAY-03', source: { type: 'payroll_run', id: 'run-1' }, lines: [{ accountCode: '661', debit: 5 }, { accountCode: '422', credit: 5 }] };
    const first = await call(books.url, 'POST', '/internal/v1/books/journal-entries', { body, headers: internal });
    const again = await call(books.url, 'POST', '/internal/v1/books/journal-entries', { body, headers: internal });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
  });
});
