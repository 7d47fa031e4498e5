import { randomUUID } from 'node:crypto';
import { BooksModule } from '../src/books.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { BOOKS, credit, debit, entry, installChart, post } from './fixtures';

const ENTRIES = `${BOOKS}/journal-entries`;

describe('books journal entries', () => {
  let stack: TestStack;
  let books: RunningApp;
  let dev: Developer;
  let chart: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    books = await stack.startApp(BooksModule, 'books');
    dev = await stack.developer();
    chart = await installChart(dev, books);
  });
  afterAll(() => stack.stop());

  const postRaw = (body: unknown, who: Developer = dev) => who.call(books, 'POST', ENTRIES, { body });

  it('posts a balanced entry with a yearly number and reads it back', async () => {
    const created = await postRaw({
      date: '2026-03-31',
      memo: ' March salaries ',
      reference: 'PAY-2026-03',
      currency: 'XAF',
      lines: [
        { accountId: chart['661'], debit: 500_000, description: 'Gross' },
        { accountId: chart['422'], credit: 420_000, debit: 0 },
        { accountId: chart['431'], credit: 80_000 },
      ],
    });
    expect(created.status).toBe(201);
    const data = created.body.data;
    expect(data).toMatchObject({
      number: expect.stringMatching(/^JE-2026-\d{6}$/),
      date: '2026-03-31',
      memo: 'March salaries',
      reference: 'PAY-2026-03',
      currency: 'XAF',
      totalDebit: 500_000,
      totalCredit: 500_000,
      reversalOf: null,
      reversedBy: null,
      source: null,
    });
    expect(data.lines).toEqual([
      { lineNumber: 1, accountId: chart['661'], accountCode: '661', debit: 500_000, credit: 0, description: 'Gross' },
      { lineNumber: 2, accountId: chart['422'], accountCode: '422', debit: 0, credit: 420_000, description: null },
      { lineNumber: 3, accountId: chart['431'], accountCode: '431', debit: 0, credit: 80_000, description: null },
    ]);
    expect((await dev.call(books, 'GET', `${ENTRIES}/${data.id}`)).body.data).toEqual(data);
  });

  it('refuses an unbalanced entry and says both totals', async () => {
    const result = await postRaw(entry('2026-03-01', [debit(chart['521'], 1_000), credit(chart['701'], 900), credit(chart['443'], 50)]));
    expectError(result, 400, 'JOURNAL_ENTRY_NOT_BALANCED');
    expect(result.body.details).toEqual({ totalDebit: 1_000, totalCredit: 950, difference: 50 });
    expect(result.body.message).toBe('Debits (1000) and credits (950) do not balance.');
    const french = await dev.call(books, 'POST', ENTRIES, {
      body: entry('2026-03-01', [debit(chart['521'], 1), credit(chart['701'], 2)]),
      headers: { 'accept-language': 'fr' },
    });
    expect(french.body.message).toBe('Les débits (1) et les crédits (2) ne sont pas équilibrés.');
  });

  it('refuses malformed entries with VALIDATION_FAILED naming the field, never a 500', async () => {
    const bank = chart['521'];
    const sales = chart['701'];
    const cases: [unknown, string][] = [
      [entry('2026-03-01', [{ accountId: bank, debit: 100, credit: 100 }, credit(sales, 100)]), 'lines.0'],
      [entry('2026-03-01', [{ accountId: bank }, credit(sales, 100)]), 'lines.0'],
      [entry('2026-03-01', [{ accountId: bank, debit: 0, credit: 0 }, credit(sales, 100)]), 'lines.0'],
      [entry('2026-03-01', [debit(bank, 100)]), 'lines'],
      [entry('2026-03-01', []), 'lines'],
      [{ date: '2026-03-01', memo: 'no lines' }, 'lines'],
      [{ ...entry('2026-03-01', [debit(bank, 100), credit(sales, 100)]), lines: 'two' }, 'lines'],
      [entry('2026-03-01', [debit(bank, 100.5), credit(sales, 100.5)]), 'lines.0.debit'],
      [entry('2026-03-01', [{ accountId: bank, debit: '100' }, credit(sales, 100)]), 'lines.0.debit'],
      [entry('2026-03-01', [debit(bank, -100), credit(sales, -100)]), 'lines.0.debit'],
      [entry('2026-03-01', [debit(bank, 2 ** 53), credit(sales, 2 ** 53)]), 'lines.0.debit'],
      [entry('2026-03-01', [debit('not-a-uuid', 1), credit(sales, 1)]), 'lines.0.accountId'],
      [entry('2026-03-01', [debit(bank, 1), credit(sales, 1), 7]), 'lines.2'],
      [entry('2026-02-30', [debit(bank, 1), credit(sales, 1)]), 'date'],
      [entry('01/03/2026', [debit(bank, 1), credit(sales, 1)]), 'date'],
      [entry('2026-03-01', [debit(bank, 1), credit(sales, 1)], { memo: '' }), 'memo'],
      [entry('2026-03-01', [debit(bank, 1), credit(sales, 1)], { currency: 'francs' }), 'currency'],
      [entry('2026-03-01', [debit(bank, 1), credit(sales, 1)], { status: 'draft' }), 'status'],
      [entry('2026-03-01', [{ ...debit(bank, 1), extra: true }, credit(sales, 1)]), 'lines.0.extra'],
    ];
    for (const [body, field] of cases) {
      const result = await postRaw(body);
      expectError(result, 400, 'VALIDATION_FAILED');
      expect(Object.keys(result.body.errors)).toContain(field);
    }
    const max = Number.MAX_SAFE_INTEGER;
    const overflow = await postRaw(entry('2026-03-01', [debit(bank, max), debit(bank, 1), credit(sales, max), credit(sales, 1)]));
    expectError(overflow, 400, 'VALIDATION_FAILED');
    expect(overflow.body.errors.lines[0]).toMatch(/at most/);
    expectError(await dev.call(books, 'POST', ENTRIES, { rawBody: '{"date":' }), 400, 'VALIDATION_FAILED');
    expect((await dev.call(books, 'GET', ENTRIES)).body.data.items.every((e: { date: string }) => e.date !== '2026-03-01')).toBe(true);
  });

  it('refuses another company’s account, an unknown one and another currency', async () => {
    const other = await stack.developer();
    const theirs = await installChart(other, books);
    const foreign = await postRaw(entry('2026-03-02', [debit(theirs['521'], 10), credit(chart['701'], 10)]));
    expectError(foreign, 404, 'ACCOUNT_NOT_FOUND');
    expect(foreign.body.details).toEqual({ accountIds: [theirs['521']] });
    const unknown = randomUUID();
    expect((await postRaw(entry('2026-03-02', [debit(unknown, 10), credit(chart['701'], 10)]))).body.details).toEqual({ accountIds: [unknown] });
    const euro = await postRaw(entry('2026-03-02', [debit(chart['521'], 10), credit(chart['701'], 10)], { currency: 'EUR' }));
    expectError(euro, 400, 'BOOKS_CURRENCY_MISMATCH');
    expect(euro.body.details).toEqual({ currency: 'EUR', bookCurrency: 'XAF' });
  });

  it('has no route to change or delete a posted entry', async () => {
    const posted = await post(dev, books, entry('2026-03-03', [debit(chart['571'], 10), credit(chart['706'], 10)]));
    // the path exists for reading only: 405 with Allow
    for (const [method, body] of [
      ['PATCH', { memo: 'changed' }],
      ['PUT', { memo: 'changed' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await dev.call(books, method, `${ENTRIES}/${posted.id}`, body ? { body } : {});
      expectError(refused, 405, 'METHOD_NOT_ALLOWED');
      expect(refused.headers.get('allow')).toBe('GET, HEAD');
    }
    expect((await dev.call(books, 'GET', `${ENTRIES}/${posted.id}`)).body.data).toEqual(posted);
  });

  it('reverses once: a linked, mirrored entry dated on or after the original', async () => {
    const original = await post(dev, books, entry('2026-04-10', [debit(chart['601'], 7_000), credit(chart['401'], 7_000)], { reference: 'BILL-77' }));
    expectError(await dev.call(books, 'POST', `${ENTRIES}/${original.id}/reverse`, { body: { date: '2026-04-09' } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(books, 'POST', `${ENTRIES}/${original.id}/reverse`, { body: {} }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(books, 'POST', `${ENTRIES}/${randomUUID()}/reverse`, { body: { date: '2026-04-10' } }), 404, 'JOURNAL_ENTRY_NOT_FOUND');
    expectError(await dev.call(books, 'POST', `${ENTRIES}/nope/reverse`, { body: { date: '2026-04-10' } }), 404, 'JOURNAL_ENTRY_NOT_FOUND');

    const reversed = await dev.call(books, 'POST', `${ENTRIES}/${original.id}/reverse`, { body: { date: '2026-04-15' } });
    expect(reversed.status).toBe(201);
    expect(reversed.body.data).toMatchObject({
      date: '2026-04-15',
      memo: `Reversal of ${original.number}`,
      reference: 'BILL-77',
      reversalOf: original.id,
      reversedBy: null,
      totalDebit: 7_000,
      totalCredit: 7_000,
    });
    expect(reversed.body.data.lines.map((l: { accountCode: string; debit: number; credit: number }) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['601', 0, 7_000],
      ['401', 7_000, 0],
    ]);
    expect((await dev.call(books, 'GET', `${ENTRIES}/${original.id}`)).body.data.reversedBy).toBe(reversed.body.data.id);

    const twice = await dev.call(books, 'POST', `${ENTRIES}/${original.id}/reverse`, { body: { date: '2026-04-16' } });
    expectError(twice, 409, 'JOURNAL_ENTRY_ALREADY_REVERSED');
    expect(twice.body.details).toEqual({ reversedBy: reversed.body.data.id });

    // two reversals at once: one wins
    const another = await post(dev, books, entry('2026-04-11', [debit(chart['601'], 5), credit(chart['401'], 5)]));
    const racing = await Promise.all(
      [1, 2, 3].map(() => dev.call(books, 'POST', `${ENTRIES}/${another.id}/reverse`, { body: { date: '2026-04-20', memo: 'Cancelled bill' } })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(racing.find((r) => r.status === 201)!.body.data.memo).toBe('Cancelled bill');
  });

  it('lists entries newest first with filters by dates, account and reference', async () => {
    const company = await stack.developer();
    const accounts = await installChart(company, books);
    const a = await post(company, books, entry('2026-01-15', [debit(accounts['521'], 100), credit(accounts['101'], 100)], { reference: 'CAP-1' }));
    const b = await post(company, books, entry('2026-02-15', [debit(accounts['571'], 50), credit(accounts['521'], 50)]));
    const c = await post(company, books, entry('2026-02-20', [debit(accounts['601'], 30), credit(accounts['571'], 30)], { reference: 'CAP-1' }));
    const ids = async (query = '') => (await company.call(books, 'GET', `${ENTRIES}${query}`)).body.data.items.map((e: { id: string }) => e.id);

    const all = await company.call(books, 'GET', ENTRIES);
    expect(all.body.data).toMatchObject({ page: 1, limit: 20, total: 3 });
    expect(all.body.data.items[0].lines).toHaveLength(2);
    expect(await ids()).toEqual([c.id, b.id, a.id]);
    expect(await ids('?from=2026-02-01')).toEqual([c.id, b.id]);
    expect(await ids('?to=2026-02-15')).toEqual([b.id, a.id]);
    expect(await ids('?from=2026-02-16&to=2026-02-28')).toEqual([c.id]);
    expect(await ids(`?accountId=${accounts['521']}`)).toEqual([b.id, a.id]);
    expect(await ids(`?accountId=${accounts['571']}&from=2026-02-16`)).toEqual([c.id]);
    expect(await ids('?reference=CAP-1')).toEqual([c.id, a.id]);
    expect(await ids('?limit=1&page=2')).toEqual([b.id]);
    expectError(await company.call(books, 'GET', `${ENTRIES}?from=2026-13-01`), 400, 'VALIDATION_FAILED');
    expectError(await company.call(books, 'GET', `${ENTRIES}?accountId=1`), 400, 'VALIDATION_FAILED');
    expectError(await company.call(books, 'GET', `${ENTRIES}?page=0`), 400, 'VALIDATION_FAILED');

    // another company sees none of them, and not by id either
    expect(await ids(`?accountId=${accounts['521']}`)).toHaveLength(2);
    expect((await dev.call(books, 'GET', `${ENTRIES}?accountId=${accounts['521']}`)).body.data.total).toBe(0);
    expectError(await dev.call(books, 'GET', `${ENTRIES}/${a.id}`), 404, 'JOURNAL_ENTRY_NOT_FOUND');
    expectError(await dev.call(books, 'POST', `${ENTRIES}/${a.id}/reverse`, { body: { date: '2026-03-01' } }), 404, 'JOURNAL_ENTRY_NOT_FOUND');
  });

  it('numbers concurrent postings per company and year without gaps or duplicates', async () => {
    const company = await stack.developer();
    const accounts = await installChart(company, books);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        company.call(books, 'POST', ENTRIES, { body: entry('2026-05-02', [debit(accounts['521'], 100 + i), credit(accounts['706'], 100 + i)]) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.body.data.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `JE-2026-${String(i + 1).padStart(6, '0')}`));
    // a refused posting uses no number; another year starts its own sequence
    expectError(
      await company.call(books, 'POST', ENTRIES, { body: entry('2026-05-03', [debit(accounts['521'], 1), credit(accounts['706'], 2)]) }),
      400,
      'JOURNAL_ENTRY_NOT_BALANCED',
    );
    expect((await post(company, books, entry('2025-12-31', [debit(accounts['521'], 1), credit(accounts['706'], 1)]))).number).toBe('JE-2025-000001');
    expect((await post(company, books, entry('2026-05-03', [debit(accounts['521'], 1), credit(accounts['706'], 1)]))).number).toBe('JE-2026-000021');
  });

  describe('closed periods', () => {
    let company: Developer;
    let accounts: Record<string, string>;

    beforeAll(async () => {
      company = await stack.developer();
      accounts = await installChart(company, books);
    });

    it('closes through a date: postings and reversals dated there are refused, later ones go through', async () => {
      const january = await post(company, books, entry('2026-01-20', [debit(accounts['521'], 900), credit(accounts['101'], 900)]));
      const closed = await company.call(books, 'POST', `${BOOKS}/periods/close`, { body: { through: '2026-01-31' } });
      expect(closed.status).toBe(200);
      expect(closed.body.data).toMatchObject({ closedThrough: '2026-01-31', period: { startDate: null, endDate: '2026-01-31' } });
      expect((await company.call(books, 'GET', `${BOOKS}/settings`)).body.data.closedThrough).toBe('2026-01-31');

      const refused = await company.call(books, 'POST', `${BOOKS}/journal-entries`, {
        body: entry('2026-01-31', [debit(accounts['521'], 1), credit(accounts['101'], 1)]),
      });
      expectError(refused, 409, 'ACCOUNTING_PERIOD_CLOSED');
      expect(refused.body.details).toEqual({ date: '2026-01-31', closedThrough: '2026-01-31' });
      expect(refused.body.message).toBe('The accounting period of 2026-01-31 is closed.');
      expectError(
        await company.call(books, 'POST', `${BOOKS}/journal-entries/${january.id}/reverse`, { body: { date: '2026-01-25' } }),
        409,
        'ACCOUNTING_PERIOD_CLOSED',
      );
      const reversal = await company.call(books, 'POST', `${BOOKS}/journal-entries/${january.id}/reverse`, { body: { date: '2026-02-01' } });
      expect(reversal.status).toBe(201);
      expect(
        (await company.call(books, 'POST', `${BOOKS}/journal-entries`, { body: entry('2026-02-01', [debit(accounts['521'], 1), credit(accounts['101'], 1)]) }))
          .status,
      ).toBe(201);

      // closing an earlier or the same date changes nothing; a later one closes the next span
      expect((await company.call(books, 'POST', `${BOOKS}/periods/close`, { body: { through: '2026-01-15' } })).body.data).toEqual({
        closedThrough: '2026-01-31',
        period: null,
      });
      const february = await company.call(books, 'POST', `${BOOKS}/periods/close`, { body: { through: '2026-02-28' } });
      expect(february.body.data.period).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-28' });

      const list = await company.call(books, 'GET', `${BOOKS}/periods`);
      expect(list.body.data).toMatchObject({ page: 1, limit: 20, total: 2 });
      expect(list.body.data.items.map((p: { endDate: string }) => p.endDate)).toEqual(['2026-02-28', '2026-01-31']);
      const one = await company.call(books, 'GET', `${BOOKS}/periods/${february.body.data.period.id}`);
      expect(one.body.data).toMatchObject({ id: february.body.data.period.id, startDate: '2026-02-01', endDate: '2026-02-28' });
      expectError(await company.call(books, 'GET', `${BOOKS}/periods/${randomUUID()}`), 404, 'ACCOUNTING_PERIOD_NOT_FOUND');
      expectError(await dev.call(books, 'GET', `${BOOKS}/periods/${february.body.data.period.id}`), 404, 'ACCOUNTING_PERIOD_NOT_FOUND');
      expect((await dev.call(books, 'GET', `${BOOKS}/periods`)).body.data.total).toBe(0);
    });

    it('refuses a malformed or future closing date', async () => {
      for (const through of ['2026-02-29', '2026/03/31', '', 20260331, undefined]) {
        expectError(await company.call(books, 'POST', `${BOOKS}/periods/close`, { body: { through } }), 400, 'VALIDATION_FAILED');
      }
      const future = await company.call(books, 'POST', `${BOOKS}/periods/close`, { body: { through: '2999-12-31' } });
      expectError(future, 400, 'VALIDATION_FAILED');
      expect(future.body.errors).toEqual({ through: ['through must not be after today'] });
      expectError(
        await (await stack.developer({ scopes: ['books:read'] })).call(books, 'POST', `${BOOKS}/periods/close`, { body: { through: '2026-01-31' } }),
        403,
        'INSUFFICIENT_SCOPE',
      );
    });

    it('never lets a posting racing a close land in the closed period', async () => {
      for (let round = 0; round < 3; round++) {
        const racer = await stack.developer();
        const ids = await installChart(racer, books);
        const postings = Array.from({ length: 8 }, () =>
          racer.call(books, 'POST', `${BOOKS}/journal-entries`, { body: entry('2026-06-15', [debit(ids['521'], 10), credit(ids['706'], 10)]) }),
        );
        const close = await racer.call(books, 'POST', `${BOOKS}/periods/close`, { body: { through: '2026-06-30' } });
        expect(close.status).toBe(200);
        // once the close has answered, whatever was posted is in, and nothing more can land
        const atClose = (await racer.call(books, 'GET', `${BOOKS}/journal-entries`)).body.data.total;
        const results = await Promise.all(postings);
        for (const result of results) if (result.status !== 201) expectError(result, 409, 'ACCOUNTING_PERIOD_CLOSED');
        expect(results.filter((r) => r.status === 201)).toHaveLength(atClose);
        expect((await racer.call(books, 'GET', `${BOOKS}/journal-entries`)).body.data.total).toBe(atClose);
        const after = await racer.call(books, 'POST', `${BOOKS}/journal-entries`, {
          body: entry('2026-06-15', [debit(ids['521'], 10), credit(ids['706'], 10)]),
        });
        expectError(after, 409, 'ACCOUNTING_PERIOD_CLOSED');
      }
    });
  });
});
