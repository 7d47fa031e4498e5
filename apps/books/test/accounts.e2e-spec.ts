import { randomUUID } from 'node:crypto';
import { BooksModule } from '../src/books.module';
import { DEFAULT_CHART } from '../src/accounts/default-chart';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { BOOKS, credit, debit, entry, installChart, post } from './fixtures';

const ACCOUNTS = `${BOOKS}/accounts`;

describe('books accounts and the default chart', () => {
  let stack: TestStack;
  let books: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    books = await stack.startApp(BooksModule, 'books');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  it('creates, reads, lists and filters accounts; a code is unique per company', async () => {
    const created = await dev.call(books, 'POST', ACCOUNTS, { body: { code: '6611', name: '  Salaries: head office ', type: 'expense' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: '6611', name: 'Salaries: head office', type: 'expense', active: true });
    const id = created.body.data.id;

    expect((await dev.call(books, 'GET', `${ACCOUNTS}/${id}`)).body.data).toMatchObject({ id, code: '6611' });
    const conflict = await dev.call(books, 'POST', ACCOUNTS, { body: { code: '6611', name: 'Again', type: 'asset' } });
    expectError(conflict, 409, 'ACCOUNT_CODE_CONFLICT');
    expect(conflict.body.details).toEqual({ code: '6611' });

    // another company may use the same code
    const other = await stack.developer();
    expect((await other.call(books, 'POST', ACCOUNTS, { body: { code: '6611', name: 'Theirs', type: 'expense' } })).status).toBe(201);

    await dev.call(books, 'POST', ACCOUNTS, { body: { code: '6612', name: 'Bonuses', type: 'expense', active: false } });
    await dev.call(books, 'POST', ACCOUNTS, { body: { code: '5211', name: 'Bank B', type: 'asset' } });
    const all = await dev.call(books, 'GET', ACCOUNTS);
    expect(all.body.data).toMatchObject({ page: 1, limit: 20, total: 3 });
    expect(all.body.data.items.map((a: { code: string }) => a.code)).toEqual(['5211', '6611', '6612']);
    expect((await dev.call(books, 'GET', `${ACCOUNTS}?codePrefix=661`)).body.data.total).toBe(2);
    expect((await dev.call(books, 'GET', `${ACCOUNTS}?type=asset`)).body.data.items.map((a: { code: string }) => a.code)).toEqual(['5211']);
    expect((await dev.call(books, 'GET', `${ACCOUNTS}?active=false`)).body.data.items.map((a: { code: string }) => a.code)).toEqual(['6612']);
    const paged = await dev.call(books, 'GET', `${ACCOUNTS}?limit=2&page=2`);
    expect(paged.body.data).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(paged.body.data.items).toHaveLength(1);
  });

  it('refuses malformed accounts and queries with VALIDATION_FAILED naming the fields', async () => {
    const bad = await dev.call(books, 'POST', ACCOUNTS, { body: { code: ' 6 1', name: '', type: 'cash', extra: 1 } });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'extra', 'name', 'type']);
    expectError(await dev.call(books, 'POST', ACCOUNTS, { body: { code: 'x'.repeat(21), name: 'Long', type: 'asset' } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(books, 'POST', ACCOUNTS, { rawBody: '{"code":' }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(books, 'GET', `${ACCOUNTS}?active=yes`), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(books, 'GET', `${ACCOUNTS}?limit=101`), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(books, 'GET', `${ACCOUNTS}/not-a-uuid`), 404, 'ACCOUNT_NOT_FOUND');
    expectError(await dev.call(books, 'GET', `${ACCOUNTS}/${randomUUID()}`), 404, 'ACCOUNT_NOT_FOUND');
    expectError(await dev.call(books, 'PATCH', `${ACCOUNTS}/${randomUUID()}`, { body: { name: 'x' } }), 404, 'ACCOUNT_NOT_FOUND');
  });

  it('renames and deactivates; the code never changes and the type only until the account has entries', async () => {
    const company = await stack.developer();
    const chart = await installChart(company, books);
    const account = (await company.call(books, 'POST', ACCOUNTS, { body: { code: '4711', name: 'Waiting', type: 'asset' } })).body.data;

    const retyped = await company.call(books, 'PATCH', `${ACCOUNTS}/${account.id}`, { body: { type: 'liability', name: 'Waiting (liability)' } });
    expect(retyped.status).toBe(200);
    expect(retyped.body.data).toMatchObject({ type: 'liability', name: 'Waiting (liability)', code: '4711' });
    expectError(await company.call(books, 'PATCH', `${ACCOUNTS}/${account.id}`, { body: { code: '4712' } }), 400, 'VALIDATION_FAILED');
    const nulls = await company.call(books, 'PATCH', `${ACCOUNTS}/${account.id}`, { body: { name: null, type: null, active: null } });
    expectError(nulls, 400, 'VALIDATION_FAILED');
    expect(Object.keys(nulls.body.errors).sort()).toEqual(['active', 'name', 'type']);

    await post(company, books, entry('2026-02-10', [debit(chart['521'], 1_000), credit(account.id, 1_000)]));
    const locked = await company.call(books, 'PATCH', `${ACCOUNTS}/${account.id}`, { body: { type: 'asset' } });
    expectError(locked, 409, 'ACCOUNT_TYPE_LOCKED');
    // the same type again, a new name or deactivation are fine
    expect((await company.call(books, 'PATCH', `${ACCOUNTS}/${account.id}`, { body: { type: 'liability', name: 'Suspense' } })).status).toBe(200);
    const deactivated = await company.call(books, 'PATCH', `${ACCOUNTS}/${account.id}`, { body: { active: false } });
    expect(deactivated.body.data).toMatchObject({ active: false, name: 'Suspense' });

    const refused = await company.call(books, 'POST', `${BOOKS}/journal-entries`, {
      body: entry('2026-02-11', [debit(account.id, 5), credit(chart['571'], 5)]),
    });
    expectError(refused, 409, 'ACCOUNT_INACTIVE');
    expect(refused.body.details).toEqual({ accountId: account.id, code: '4711' });
    expect((await company.call(books, 'PATCH', `${ACCOUNTS}/${account.id}`, { body: { active: true } })).body.data.active).toBe(true);
    expect(
      (await company.call(books, 'POST', `${BOOKS}/journal-entries`, { body: entry('2026-02-11', [debit(account.id, 5), credit(chart['571'], 5)]) })).status,
    ).toBe(201);
  });

  it('installs the SYSCOHADA chart once: a second install adds nothing and keeps a company’s own accounts', async () => {
    const company = await stack.developer();
    expect((await company.call(books, 'GET', `${BOOKS}/settings`)).body.data).toEqual({ currency: 'XAF', closedThrough: null, chartInstalled: false });
    await company.call(books, 'POST', ACCOUNTS, { body: { code: '521', name: 'Afriland First Bank', type: 'asset' } });

    const first = await company.call(books, 'POST', `${ACCOUNTS}/default-chart`, { body: {} });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ currency: 'XAF', created: DEFAULT_CHART.length - 1, alreadyPresent: 1 });
    const second = await company.call(books, 'POST', `${ACCOUNTS}/default-chart`);
    expect(second.body.data).toEqual({ currency: 'XAF', created: 0, alreadyPresent: DEFAULT_CHART.length });
    expect((await company.call(books, 'GET', ACCOUNTS)).body.data.total).toBe(DEFAULT_CHART.length);
    expect((await company.call(books, 'GET', `${BOOKS}/settings`)).body.data.chartInstalled).toBe(true);

    const byCode = async (code: string) =>
      (await company.call(books, 'GET', `${ACCOUNTS}?codePrefix=${code}`)).body.data.items.find((a: { code: string }) => a.code === code);
    expect(await byCode('521')).toMatchObject({ name: 'Afriland First Bank' });
    for (const [code, type] of [
      ['101', 'equity'],
      ['162', 'liability'],
      ['245', 'asset'],
      ['311', 'asset'],
      ['401', 'liability'],
      ['411', 'asset'],
      ['422', 'liability'],
      ['431', 'liability'],
      ['447', 'liability'],
      ['552', 'asset'],
      ['585', 'asset'],
      ['661', 'expense'],
      ['664', 'expense'],
      ['706', 'revenue'],
      ['831', 'expense'],
      ['841', 'revenue'],
    ]) {
      expect(await byCode(code)).toMatchObject({ code, type, active: true });
    }

    // installing concurrently still installs once
    const racing = await stack.developer();
    const results = await Promise.all([1, 2, 3].map(() => racing.call(books, 'POST', `${ACCOUNTS}/default-chart`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.data.created).sort((a, b) => b - a)).toEqual([DEFAULT_CHART.length, 0, 0]);
    expect((await racing.call(books, 'GET', ACCOUNTS)).body.data.total).toBe(DEFAULT_CHART.length);
  });

  it('sets the book currency with the chart, only while no entry is posted', async () => {
    const company = await stack.developer();
    expectError(await company.call(books, 'POST', `${ACCOUNTS}/default-chart`, { body: { currency: 'XXX1' } }), 400, 'VALIDATION_FAILED');
    // currency may be left out (the book keeps its own), never sent as null
    const nullCurrency = await company.call(books, 'POST', `${ACCOUNTS}/default-chart`, { body: { currency: null } });
    expectError(nullCurrency, 400, 'VALIDATION_FAILED');
    expect(Object.keys(nullCurrency.body.errors)).toEqual(['currency']);
    expect((await company.call(books, 'POST', `${ACCOUNTS}/default-chart`, { body: { currency: 'EUR' } })).body.data.currency).toBe('EUR');
    expect((await company.call(books, 'POST', `${ACCOUNTS}/default-chart`, { body: { currency: 'XAF' } })).body.data.currency).toBe('XAF');
    const chart = await installChart(company, books);
    const posted = await post(company, books, entry('2026-01-05', [debit(chart['521'], 100), credit(chart['101'], 100)]));
    expect(posted.currency).toBe('XAF');
    const refused = await company.call(books, 'POST', `${ACCOUNTS}/default-chart`, { body: { currency: 'EUR' } });
    expectError(refused, 400, 'BOOKS_CURRENCY_MISMATCH');
    expect(refused.body.message).toBe('The currency EUR is not the book currency XAF.');
    expect((await company.call(books, 'GET', `${BOOKS}/settings`)).body.data.currency).toBe('XAF');
  });

  it('keeps companies apart, also when a partner acts for a client company', async () => {
    const owner = await stack.developer();
    const mine = (await owner.call(books, 'POST', ACCOUNTS, { body: { code: '101', name: 'Capital', type: 'equity' } })).body.data;
    const stranger = await stack.developer();
    expectError(await stranger.call(books, 'GET', `${ACCOUNTS}/${mine.id}`), 404, 'ACCOUNT_NOT_FOUND');
    expectError(await stranger.call(books, 'PATCH', `${ACCOUNTS}/${mine.id}`, { body: { name: 'Mine now' } }), 404, 'ACCOUNT_NOT_FOUND');
    expect((await stranger.call(books, 'GET', ACCOUNTS)).body.data.total).toBe(0);

    const workspace = await owner.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Clients' } });
    expect(workspace.status).toBe(201);
    const client = await owner.call(stack.auth, 'POST', `/api/v1/workspaces/${workspace.body.data.id}/companies`, { body: { name: 'Client SARL' } });
    expect(client.status).toBe(201);
    const acting = { 'x-workspace-id': workspace.body.data.id, 'x-acting-company-id': client.body.data.id };
    expect((await owner.call(books, 'GET', ACCOUNTS, { headers: acting })).body.data.total).toBe(0);
    expectError(await owner.call(books, 'GET', `${ACCOUNTS}/${mine.id}`, { headers: acting }), 404, 'ACCOUNT_NOT_FOUND');
    expect((await owner.call(books, 'POST', ACCOUNTS, { headers: acting, body: { code: '101', name: 'Client capital', type: 'equity' } })).status).toBe(201);
    expect((await owner.call(books, 'GET', ACCOUNTS)).body.data.items.map((a: { name: string }) => a.name)).toEqual(['Capital']);
    expectError(await stranger.call(books, 'GET', ACCOUNTS, { headers: acting }), 403, 'ACTING_COMPANY_FORBIDDEN');
  });

  it('needs books:write to change and books:read to read', async () => {
    const reader = await stack.developer({ scopes: ['books:read'] });
    expect((await reader.call(books, 'GET', ACCOUNTS)).status).toBe(200);
    expectError(await reader.call(books, 'POST', ACCOUNTS, { body: { code: '1', name: 'x', type: 'asset' } }), 403, 'INSUFFICIENT_SCOPE');
    expectError(await reader.call(books, 'POST', `${ACCOUNTS}/default-chart`), 403, 'INSUFFICIENT_SCOPE');
    const hrOnly = await stack.developer({ scopes: ['hr:read'] });
    expectError(await hrOnly.call(books, 'GET', ACCOUNTS), 403, 'INSUFFICIENT_SCOPE');
  });
});
