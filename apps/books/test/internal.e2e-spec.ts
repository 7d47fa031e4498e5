import { randomUUID } from 'node:crypto';
import { BooksModule } from '../src/books.module';
import { call } from '@test/support/http';
import { expectError, RunningApp, TestStack } from '@test/support/stack';
import { BOOKS } from './fixtures';

const INTERNAL = '/internal/v1/books/journal-entries';

/** Payroll's posting of the hand-worked March (payroll-calculator spec): accrual on the 31st, payment on 2 April. */
function payrollAccrual(companyId: string, runId: string) {
  return {
    companyId,
    date: '2026-03-31',
    memo: 'Payroll March 2026',
    reference: 'PAYROLL-2026-03',
    source: { type: 'payroll_run', id: runId },
    lines: [
      { accountCode: '661', debit: 530_000, description: 'Gross salaries' },
      { accountCode: '664', debit: 81_885, description: 'Employer contributions' },
      { accountCode: '422', credit: 445_261, description: 'Net salaries payable' },
      { accountCode: '431', credit: 22_260 + 81_885, description: 'CNPS' },
      { accountCode: '447', credit: 43_435 + 4_344 + 5_300 + 7_150 + 2_250, description: 'IRPP, CAC, CFC, RAV, TDL withheld' },
    ],
  };
}

function payrollPayment(companyId: string, runId: string) {
  return {
    companyId,
    date: '2026-04-02',
    memo: 'Payroll March 2026 paid',
    reference: 'PAYROLL-2026-03-PAYMENT',
    source: { type: 'payroll_run', id: runId },
    lines: [
      { accountCode: '422', debit: 445_261 },
      { accountCode: '521', credit: 445_261 },
    ],
  };
}

describe('books internal posting route', () => {
  let stack: TestStack;
  let books: RunningApp;
  let internal: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    books = await stack.startApp(BooksModule, 'books');
    internal = { 'x-internal-token': stack.env.INTERNAL_TOKEN };
  });
  afterAll(() => stack.stop());

  const postInternal = (body: unknown, headers = internal) => call(books.url, 'POST', INTERNAL, { body, headers });

  it('answers 404 without the internal token, and is not served under the public prefix', async () => {
    const body = payrollAccrual(randomUUID(), randomUUID());
    expectError(await postInternal(body, {}), 404, 'HTTP_ERROR');
    expectError(await postInternal(body, { 'x-internal-token': 'x'.repeat(32) }), 404, 'HTTP_ERROR');
    const dev = await stack.developer();
    expectError(await dev.call(books, 'POST', `${BOOKS}${INTERNAL}`, { body }), 404, 'HTTP_ERROR');
    const openapi = await call(books.url, 'GET', `${BOOKS}/openapi.json`);
    expect(Object.keys(openapi.body.paths).some((path) => path.includes('internal'))).toBe(false);
  });

  it('posts payroll’s entries by account code, installing the chart, once per source and reference', async () => {
    const dev = await stack.developer();
    const companyId = dev.organizationId;
    const runId = randomUUID();
    expect((await dev.call(books, 'GET', `${BOOKS}/settings`)).body.data.chartInstalled).toBe(false);

    const first = await postInternal(payrollAccrual(companyId, runId));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      number: 'JE-2026-000001',
      date: '2026-03-31',
      reference: 'PAYROLL-2026-03',
      currency: 'XAF',
      totalDebit: 611_885,
      totalCredit: 611_885,
      source: { type: 'payroll_run', id: runId },
    });
    expect(first.body.lines.map((line: { accountCode: string }) => line.accountCode)).toEqual(['661', '664', '422', '431', '447']);
    expect((await dev.call(books, 'GET', `${BOOKS}/settings`)).body.data.chartInstalled).toBe(true);

    const replay = await postInternal(payrollAccrual(companyId, runId));
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const concurrent = await Promise.all([1, 2, 3, 4].map(() => postInternal(payrollPayment(companyId, runId))));
    expect(concurrent.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(concurrent.map((r) => r.body.id)).size).toBe(1);
    expect(concurrent[0].body.number).toBe('JE-2026-000002');

    // the company sees them through the public API, with their source
    const listed = await dev.call(books, 'GET', `${BOOKS}/journal-entries`);
    expect(listed.body.data.total).toBe(2);
    expect(listed.body.data.items[1]).toMatchObject({ id: first.body.id, source: { type: 'payroll_run', id: runId } });

    // the trial balance after the run is approved and paid
    const balance = (await dev.call(books, 'GET', `${BOOKS}/reports/trial-balance?from=2026-03-01&to=2026-04-30`)).body.data;
    const rows = Object.fromEntries(balance.accounts.map((row: { code: string }) => [row.code, row]));
    expect(Object.keys(rows)).toEqual(['422', '431', '447', '521', '661', '664']);
    expect(rows['661']).toMatchObject({ debits: 530_000, closing: 530_000 });
    expect(rows['422']).toMatchObject({ debits: 445_261, credits: 445_261, closing: 0 });
    expect(rows['431']).toMatchObject({ credits: 104_145, closing: -104_145, closingCredit: 104_145 });
    expect(rows['447']).toMatchObject({ credits: 62_479, closingCredit: 62_479 });
    expect(rows['521']).toMatchObject({ credits: 445_261, closingCredit: 445_261 });
    expect(balance.totals).toEqual({
      openingDebit: 0,
      openingCredit: 0,
      debits: 1_057_146,
      credits: 1_057_146,
      closingDebit: 611_885,
      closingCredit: 611_885,
      balanced: true,
    });

    // another company's books are untouched
    const other = await stack.developer();
    expect((await other.call(books, 'GET', `${BOOKS}/journal-entries`)).body.data.total).toBe(0);
  });

  it('applies the posting rules: balance, known and active accounts, open period, book currency', async () => {
    const dev = await stack.developer();
    const companyId = dev.organizationId;
    const base = { companyId, date: '2026-05-31', memo: 'Payroll May', reference: 'PAYROLL-2026-05', source: { type: 'payroll_run', id: randomUUID() } };

    const unbalanced = await postInternal({
      ...base,
      lines: [
        { accountCode: '661', debit: 100 },
        { accountCode: '422', credit: 90 },
      ],
    });
    expectError(unbalanced, 400, 'JOURNAL_ENTRY_NOT_BALANCED');
    expect(unbalanced.body.details).toMatchObject({ totalDebit: 100, totalCredit: 90 });

    const unknown = await postInternal({
      ...base,
      lines: [
        { accountCode: '661', debit: 100 },
        { accountCode: '999999', credit: 100 },
      ],
    });
    expectError(unknown, 404, 'ACCOUNT_NOT_FOUND');
    expect(unknown.body.details).toEqual({ accountCodes: ['999999'] });

    for (const body of [
      { ...base, companyId: 'acme' },
      {
        ...base,
        source: undefined,
        lines: [
          { accountCode: '661', debit: 1 },
          { accountCode: '422', credit: 1 },
        ],
      },
      {
        ...base,
        reference: undefined,
        lines: [
          { accountCode: '661', debit: 1 },
          { accountCode: '422', credit: 1 },
        ],
      },
      {
        ...base,
        lines: [
          { accountId: randomUUID(), debit: 1 },
          { accountCode: '422', credit: 1 },
        ],
      },
      {
        ...base,
        lines: [
          { accountCode: '661', debit: 1, credit: 1 },
          { accountCode: '422', credit: 1 },
        ],
      },
      { ...base, lines: [{ accountCode: '661', debit: 1 }] },
      {
        ...base,
        date: '2026-05-32',
        lines: [
          { accountCode: '661', debit: 1 },
          { accountCode: '422', credit: 1 },
        ],
      },
    ]) {
      expectError(await postInternal(body), 400, 'VALIDATION_FAILED');
    }

    const euro = await postInternal({
      ...base,
      currency: 'EUR',
      lines: [
        { accountCode: '661', debit: 1 },
        { accountCode: '422', credit: 1 },
      ],
    });
    expectError(euro, 400, 'BOOKS_CURRENCY_MISMATCH');

    // a refused posting writes nothing, not even the chart it would have installed
    expect((await dev.call(books, 'GET', `${BOOKS}/settings`)).body.data.chartInstalled).toBe(false);
    await dev.call(books, 'POST', `${BOOKS}/accounts/default-chart`);
    const salaries = (await dev.call(books, 'GET', `${BOOKS}/accounts?codePrefix=661`)).body.data.items.find((a: { code: string }) => a.code === '661');
    await dev.call(books, 'PATCH', `${BOOKS}/accounts/${salaries.id}`, { body: { active: false } });
    expectError(
      await postInternal({
        ...base,
        lines: [
          { accountCode: '661', debit: 1 },
          { accountCode: '422', credit: 1 },
        ],
      }),
      409,
      'ACCOUNT_INACTIVE',
    );
    await dev.call(books, 'PATCH', `${BOOKS}/accounts/${salaries.id}`, { body: { active: true } });

    await dev.call(books, 'POST', `${BOOKS}/periods/close`, { body: { through: '2026-05-31' } });
    expectError(
      await postInternal({
        ...base,
        currency: 'XAF',
        lines: [
          { accountCode: '661', debit: 1 },
          { accountCode: '422', credit: 1 },
        ],
      }),
      409,
      'ACCOUNTING_PERIOD_CLOSED',
    );
    const june = await postInternal({
      ...base,
      date: '2026-06-01',
      currency: 'XAF',
      lines: [
        { accountCode: '661', debit: 1 },
        { accountCode: '422', credit: 1 },
      ],
    });
    expect(june.status).toBe(201);
    expect((await dev.call(books, 'GET', `${BOOKS}/journal-entries`)).body.data.total).toBe(1);
  });

  it('answers the trial balance of the company named in the query, raw, as the public route computes it', async () => {
    const dev = await stack.developer();
    const companyId = dev.organizationId;
    expect((await postInternal(payrollAccrual(companyId, randomUUID()))).status).toBe(201);
    const query = 'from=2026-03-01&to=2026-03-31';
    const report = await call(books.url, 'GET', `/internal/v1/books/reports/trial-balance?companyId=${companyId.toUpperCase()}&${query}`, {
      headers: internal,
    });
    expect(report.status).toBe(200);
    expect(report.body).toEqual((await dev.call(books, 'GET', `${BOOKS}/reports/trial-balance?${query}`)).body.data);
    expect(report.body).toMatchObject({ from: '2026-03-01', to: '2026-03-31', currency: 'XAF', totals: { debits: 611_885, credits: 611_885, balanced: true } });

    const trial = (headers: Record<string, string>, search: string) =>
      call(books.url, 'GET', `/internal/v1/books/reports/trial-balance?${search}`, { headers });
    expectError(await trial(internal, query), 400, 'VALIDATION_FAILED');
    expectError(await trial(internal, `companyId=${companyId}&from=2026-13-01`), 400, 'VALIDATION_FAILED');
    expectError(await trial({}, `companyId=${companyId}`), 404, 'HTTP_ERROR');
  });
});
