import { randomUUID } from 'node:crypto';
import { BooksModule } from '../src/books.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { BOOKS, credit, debit, entry, installChart, post } from './fixtures';

const TRIAL_BALANCE = `${BOOKS}/reports/trial-balance`;
const LEDGER = `${BOOKS}/reports/general-ledger`;

interface Row {
  code: string;
  opening: number;
  openingDebit: number;
  openingCredit: number;
  debits: number;
  credits: number;
  closing: number;
  closingDebit: number;
  closingCredit: number;
}

describe('books reports', () => {
  let stack: TestStack;
  let books: RunningApp;
  let dev: Developer;
  let chart: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    books = await stack.startApp(BooksModule, 'books');
    dev = await stack.developer();
    chart = await installChart(dev, books);
    // December: capital paid in. Q1: a sale, a purchase, salaries, one reversed purchase.
    await post(dev, books, entry('2025-12-15', [debit(chart['521'], 2_000_000), credit(chart['101'], 2_000_000)]));
    await post(dev, books, entry('2026-01-10', [debit(chart['411'], 1_180_000), credit(chart['706'], 1_000_000), credit(chart['443'], 180_000)]));
    await post(dev, books, entry('2026-01-20', [debit(chart['521'], 1_180_000), credit(chart['411'], 1_180_000)]));
    const purchase = await post(dev, books, entry('2026-02-05', [debit(chart['604'], 300_000), credit(chart['401'], 300_000)]));
    await dev.call(books, 'POST', `${BOOKS}/journal-entries/${purchase.id}/reverse`, { body: { date: '2026-02-06' } });
    await post(
      dev,
      books,
      entry('2026-02-28', [
        debit(chart['661'], 500_000),
        debit(chart['664'], 80_000),
        credit(chart['422'], 420_000),
        credit(chart['431'], 110_000),
        credit(chart['447'], 50_000),
      ]),
    );
    await post(dev, books, entry('2026-03-02', [debit(chart['422'], 420_000), credit(chart['521'], 420_000)]));
    await post(dev, books, entry('2026-04-01', [debit(chart['571'], 10_000), credit(chart['521'], 10_000)]));
  });
  afterAll(() => stack.stop());

  const rowsByCode = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.code, row]));

  it('gives the Q1 trial balance: openings before from, movements within, closings, totals that balance', async () => {
    const result = await dev.call(books, 'GET', `${TRIAL_BALANCE}?from=2026-01-01&to=2026-03-31`);
    expect(result.status).toBe(200);
    const report = result.body.data;
    expect(report).toMatchObject({ from: '2026-01-01', to: '2026-03-31', currency: 'XAF' });
    const rows = rowsByCode(report.accounts);
    expect(report.accounts.map((row: Row) => row.code)).toEqual(['101', '401', '411', '422', '431', '443', '447', '521', '604', '661', '664', '706']);
    expect(rows['521']).toMatchObject({
      opening: 2_000_000,
      openingDebit: 2_000_000,
      openingCredit: 0,
      debits: 1_180_000,
      credits: 420_000,
      closing: 2_760_000,
      closingDebit: 2_760_000,
      closingCredit: 0,
    });
    expect(rows['101']).toMatchObject({ opening: -2_000_000, openingCredit: 2_000_000, debits: 0, credits: 0, closing: -2_000_000, closingCredit: 2_000_000 });
    // the reversed purchase: movements both ways, nothing left
    expect(rows['604']).toMatchObject({ opening: 0, debits: 300_000, credits: 300_000, closing: 0, closingDebit: 0, closingCredit: 0 });
    expect(rows['401']).toMatchObject({ debits: 300_000, credits: 300_000, closing: 0 });
    expect(rows['422']).toMatchObject({ debits: 420_000, credits: 420_000, closing: 0 });
    expect(rows['411']).toMatchObject({ accountId: chart['411'], name: 'Customers', type: 'asset', debits: 1_180_000, credits: 1_180_000, closing: 0 });
    expect(rows['571']).toBeUndefined(); // April is outside the range and it had nothing before
    expect(report.totals).toEqual({
      openingDebit: 2_000_000,
      openingCredit: 2_000_000,
      debits: 1_180_000 + 1_180_000 + 300_000 + 300_000 + 580_000 + 420_000,
      credits: 1_180_000 + 1_180_000 + 300_000 + 300_000 + 580_000 + 420_000,
      closingDebit: 2_760_000 + 500_000 + 80_000,
      closingCredit: 2_000_000 + 1_000_000 + 180_000 + 110_000 + 50_000,
      balanced: true,
    });
    expect(report.totals.closingDebit).toBe(report.totals.closingCredit);
  });

  it('with no range counts everything as movement; with only `to` stops there', async () => {
    const everything = (await dev.call(books, 'GET', TRIAL_BALANCE)).body.data;
    expect(everything).toMatchObject({ from: null, to: null, totals: { openingDebit: 0, openingCredit: 0, balanced: true } });
    expect(rowsByCode(everything.accounts)['571']).toMatchObject({ debits: 10_000, closing: 10_000 });
    expect(rowsByCode(everything.accounts)['521']).toMatchObject({ debits: 3_180_000, credits: 430_000, closing: 2_750_000 });
    const december = (await dev.call(books, 'GET', `${TRIAL_BALANCE}?to=2025-12-31`)).body.data;
    expect(december.accounts.map((row: Row) => row.code)).toEqual(['101', '521']);
    expect(december.totals).toMatchObject({ debits: 2_000_000, credits: 2_000_000, balanced: true });
    const april = (await dev.call(books, 'GET', `${TRIAL_BALANCE}?from=2026-04-01&to=2026-04-30`)).body.data;
    expect(rowsByCode(april.accounts)['604']).toBeUndefined(); // nothing moved, nothing left
    expect(rowsByCode(april.accounts)['521']).toMatchObject({ opening: 2_760_000, credits: 10_000, closing: 2_750_000 });
    expect(april.totals.balanced).toBe(true);
  });

  it('refuses bad ranges and keeps companies apart', async () => {
    for (const query of ['?from=2026-02-30', '?to=31-03-2026', '?from=2026-04-01&to=2026-03-31', '?from=x', '?extra=1']) {
      expectError(await dev.call(books, 'GET', `${TRIAL_BALANCE}${query}`), 400, 'VALIDATION_FAILED');
    }
    const other = await stack.developer();
    expect((await other.call(books, 'GET', TRIAL_BALANCE)).body.data).toMatchObject({ accounts: [], totals: { debits: 0, credits: 0, balanced: true } });
    expectError(await other.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}`), 404, 'ACCOUNT_NOT_FOUND');
  });

  it('gives an account’s general ledger in date order with the opening and a running balance', async () => {
    const result = await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}&from=2026-01-01&to=2026-12-31`);
    expect(result.status).toBe(200);
    const ledger = result.body.data;
    expect(ledger).toMatchObject({
      account: { id: chart['521'], code: '521', name: 'Banks', type: 'asset', active: true },
      from: '2026-01-01',
      to: '2026-12-31',
      currency: 'XAF',
      openingBalance: 2_000_000,
      totalDebits: 1_180_000,
      totalCredits: 430_000,
      closingBalance: 2_750_000,
      page: 1,
      limit: 20,
      total: 3,
    });
    expect(
      ledger.items.map((line: { date: string; debit: number; credit: number; balance: number }) => [line.date, line.debit, line.credit, line.balance]),
    ).toEqual([
      ['2026-01-20', 1_180_000, 0, 3_180_000],
      ['2026-03-02', 0, 420_000, 2_760_000],
      ['2026-04-01', 0, 10_000, 2_750_000],
    ]);
    expect(ledger.items[0]).toMatchObject({ entryNumber: expect.stringMatching(/^JE-2026-/), memo: 'Entry of 2026-01-20', reference: null });

    const whole = (await dev.call(books, 'GET', `${LEDGER}?accountId=${chart['521']}`)).body.data;
    expect(whole).toMatchObject({ openingBalance: 0, totalDebits: 3_180_000, closingBalance: 2_750_000, total: 4 });
    expect(whole.items[0]).toMatchObject({ date: '2025-12-15', balance: 2_000_000 });
  });

  it('carries the running balance across pages', async () => {
    const company = await stack.developer();
    const accounts = await installChart(company, books);
    const amounts = [100, 250, 75, 400, 30, 990, 5];
    for (const [i, amount] of amounts.entries()) {
      const day = `2026-07-${String(10 + (i % 3)).padStart(2, '0')}`;
      const lines =
        i % 2 ? [debit(accounts['706'], amount), credit(accounts['571'], amount)] : [debit(accounts['571'], amount), credit(accounts['706'], amount)];
      await post(company, books, entry(day, lines));
    }
    const all = (await company.call(books, 'GET', `${LEDGER}?accountId=${accounts['571']}&limit=100`)).body.data.items;
    const pages = [];
    for (let page = 1; page <= 3; page++)
      pages.push(...(await company.call(books, 'GET', `${LEDGER}?accountId=${accounts['571']}&limit=3&page=${page}`)).body.data.items);
    expect(pages).toEqual(all);
    expect(all.map((line: { date: string }) => line.date)).toEqual([...all.map((line: { date: string }) => line.date)].sort());
    expect(all[all.length - 1].balance).toBe(100 - 250 + 75 - 400 + 30 - 990 + 5);
    expectError(await company.call(books, 'GET', LEDGER), 400, 'VALIDATION_FAILED');
    expectError(await company.call(books, 'GET', `${LEDGER}?accountId=${randomUUID()}`), 404, 'ACCOUNT_NOT_FOUND');
    expectError(await company.call(books, 'GET', `${LEDGER}?accountId=${accounts['571']}&from=2026-08-01&to=2026-07-01`), 400, 'VALIDATION_FAILED');
  });
});
