import { randomUUID } from 'node:crypto';
import { encodeCursor } from '@platform/pipeline';
import { BooksModule } from '../../apps/books/src/books.module';
import { HrModule } from '../../apps/hr/src/hr.module';
import { PayModule } from '../../apps/pay/src/pay.module';
import { PayrollModule } from '../../apps/payroll/src/payroll.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { credit, debit, entry, installChart, post } from '../../apps/books/test/fixtures';
import { hire } from '../../apps/payroll/test/hand-worked-month';
import { PNG, upload } from '../../apps/utilities/test/files-support';
import { sleep } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

/** One list of a service, with how to add a row to it and how to change one. */
interface Subject {
  app: RunningApp;
  dev: Developer;
  path: string;
  create(n: number): Promise<string>;
  /** Absent when the API has no way to change a row of this list. */
  update?(id: string, n: number): Promise<void>;
}

interface ListPage {
  items: { id: string; updatedAt: string }[];
  page: number | null;
  limit: number;
  total: number;
  nextCursor?: string | null;
}

const INITIAL_ROWS = 8;
const LIMIT = 3;

/**
 * Every list takes `updatedSince` and a cursor (`cursor` → `nextCursor`): paging through with
 * the cursor while rows are inserted and changed meanwhile answers every row that existed at
 * the start exactly once, and `updatedSince` answers exactly the rows changed since.
 */
describe('incremental sync on every list', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let utilities: RunningApp;
  let payroll: RunningApp;
  let pay: RunningApp;
  let books: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    utilities = await stack.startApp(UtilitiesModule, 'utilities', { HR_URL: hr.url });
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url });
    pay = await stack.startApp(PayModule, 'pay');
    books = await stack.startApp(BooksModule, 'books');
  });
  afterAll(() => stack.stop());

  async function list(subject: Subject, query: string): Promise<ListPage> {
    const result = await subject.dev.call(subject.app, 'GET', `${subject.path}${subject.path.includes('?') ? '&' : '?'}${query}`);
    expect(result.status).toBe(200);
    return result.body.data;
  }

  /** Every row of the list in cursor mode, page by page, with `each` run after every page. */
  async function syncAll(subject: Subject, query = '', each: () => Promise<void> = async () => undefined): Promise<{ ids: string[]; pages: ListPage[] }> {
    const ids: string[] = [];
    const pages: ListPage[] = [];
    for (let cursor = 'start'; ;) {
      const page = await list(subject, `cursor=${cursor}&limit=${LIMIT}${query}`);
      expect(page).toMatchObject({ page: null, limit: LIMIT, total: expect.any(Number) });
      expect(page.items.length).toBeLessThanOrEqual(LIMIT);
      for (const item of page.items) expect(new Date(item.updatedAt).toISOString()).toBe(item.updatedAt);
      pages.push(page);
      ids.push(...page.items.map((item) => item.id));
      await each();
      if (page.nextCursor === null) return { ids, pages };
      expect(page.nextCursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/));
      expect(page.items).toHaveLength(LIMIT);
      cursor = page.nextCursor!;
    }
  }

  /** The cursor pages through while another loop inserts and changes rows: the rows of the start come exactly once. */
  async function expectStableWhileWritten(subject: Subject): Promise<string[]> {
    const existing: string[] = [];
    for (let n = 0; n < INITIAL_ROWS; n++) existing.push(await subject.create(n));
    const before = await list(subject, `limit=100`);
    expect(before).toMatchObject({ page: 1, total: INITIAL_ROWS });
    expect(before).not.toHaveProperty('nextCursor');

    let writes = 0;
    let pagesRead = 0;
    let done = false;
    const inserted: string[] = [];
    // the writer keeps at most two writes ahead of the reader, which waits for it in turn: reads and writes overlap, and both end
    const writer = (async () => {
      for (let n = INITIAL_ROWS; !done; n++) {
        if (n % 2 === 0 || !subject.update) inserted.push(await subject.create(n));
        else await subject.update(existing[n % existing.length], n);
        writes++;
        while (!done && writes >= 2 * (pagesRead + 1)) await sleep(2);
      }
    })();
    let synced: { ids: string[]; pages: ListPage[] };
    try {
      synced = await syncAll(subject, '', async () => {
        pagesRead++;
        while (writes < 2 * pagesRead - 1) await sleep(2);
      });
    } finally {
      done = true;
      await writer;
    }

    expect(synced.pages.length).toBeGreaterThanOrEqual(Math.ceil(INITIAL_ROWS / LIMIT));
    expect(writes).toBeGreaterThanOrEqual(synced.pages.length);
    expect(inserted.length).toBeGreaterThan(0);
    expect(new Set(synced.ids).size).toBe(synced.ids.length);
    for (const id of existing) expect(synced.ids.filter((seen) => seen === id)).toEqual([id]);
    // rows inserted meanwhile may or may not come (after or before the cursor), never twice; nothing else comes
    for (const id of synced.ids) expect([...existing, ...inserted]).toContain(id);
    // once the writes stop, a sync from the start answers every row, in the order of the ids
    const all = await syncAll(subject);
    expect([...all.ids].sort()).toEqual([...existing, ...inserted].sort());
    expect(all.ids).toEqual([...all.ids].sort());
    expect(all.pages.every((page) => page.total === existing.length + inserted.length)).toBe(true);
    return existing;
  }

  /** `updatedSince` (inclusive) answers the rows changed or added since, in page and cursor mode. */
  async function expectChangesSince(subject: Subject, existing: string[]): Promise<void> {
    await sleep(20);
    const since = new Date().toISOString();
    await sleep(20);
    const changed: string[] = [];
    if (subject.update) {
      for (const id of [existing[1], existing[4]]) {
        await subject.update(id, 1_000 + changed.length);
        changed.push(id);
      }
    }
    changed.push(await subject.create(1_000));
    const expected = [...changed].sort();

    const paged = await list(subject, `updatedSince=${since}&limit=100`);
    expect(paged).toMatchObject({ page: 1, total: expected.length });
    expect(paged.items.map((item) => item.id).sort()).toEqual(expected);
    for (const item of paged.items) expect(Date.parse(item.updatedAt)).toBeGreaterThanOrEqual(Date.parse(since));

    const cursor = await syncAll(subject, `&updatedSince=${since}`);
    expect(cursor.ids.sort()).toEqual(expected);
    expect(cursor.pages[0].total).toBe(expected.length);

    // inclusive: the instant a row was changed at selects it
    const last = paged.items.find((item) => item.id === changed[changed.length - 1])!;
    expect((await list(subject, `updatedSince=${last.updatedAt}&limit=100`)).items.map((item) => item.id)).toContain(last.id);
    expect(await list(subject, `updatedSince=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString().replace('Z', '+00:00'))}`)).toMatchObject({
      items: [],
      total: 0,
    });
  }

  /** Bad sync parameters are the client's error, named by field. */
  async function expectRefusals(subject: Subject): Promise<void> {
    const refused = async (query: string, field: string) => {
      const result = await subject.dev.call(subject.app, 'GET', `${subject.path}${subject.path.includes('?') ? '&' : '?'}${query}`);
      expectError(result, 400, 'VALIDATION_FAILED');
      expect(Object.keys(result.body.errors)).toEqual([field]);
    };
    await refused('cursor=not%20a%20cursor', 'cursor');
    await refused(`cursor=${Buffer.from('{"id":1}').toString('base64url')}`, 'cursor');
    // well formed, but not a key of this list (its rows have a uuid id)
    await refused(`cursor=${encodeCursor(['not-a-uuid'])}`, 'cursor');
    await refused(`cursor=${encodeCursor([randomUUID(), 2])}`, 'cursor');
    await refused('cursor=start&page=2', 'page');
    await refused(`cursor=${encodeCursor([randomUUID()])}&page=1`, 'page');
    await refused('updatedSince=2026-03-01', 'updatedSince');
    await refused('updatedSince=2026-02-30T00:00:00Z', 'updatedSince');
  }

  async function expectSync(subject: Subject): Promise<void> {
    const existing = await expectStableWhileWritten(subject);
    await expectChangesSince(subject, existing);
    await expectRefusals(subject);
  }

  it('auth: workspaces', async () => {
    const dev = await stack.developer();
    await expectSync({
      app: stack.auth,
      dev,
      path: '/api/v1/workspaces',
      async create(n) {
        const created = await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: `Workspace ${n}` } });
        expect(created.status).toBe(201);
        return created.body.data.id;
      },
    });
  });

  it('hr: employees', async () => {
    const dev = await stack.developer();
    await expectSync({
      app: hr,
      dev,
      path: '/api/v1/hr/employees',
      async create(n) {
        const created = await dev.call(hr, 'POST', '/api/v1/hr/employees', {
          body: {
            externalId: `E-${n}-${randomUUID().slice(0, 8)}`,
            firstName: 'Sync',
            lastName: `Employee ${n}`,
            email: `e${n}@example.cm`,
            hireDate: '2024-01-02',
            jobTitle: 'Clerk',
            department: 'Ops',
            status: 'active',
          },
        });
        expect(created.status).toBe(201);
        return created.body.data.id;
      },
      async update(id, n) {
        expect((await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${id}`, { body: { jobTitle: `Clerk ${n}` } })).status).toBe(200);
      },
    });
  });

  it('payroll: runs', async () => {
    const dev = await stack.developer();
    await hire(hr, dev, { hireDate: '2021-01-04' }, { baseSalary: 300_000 });
    const month = (n: number) => {
      const start = new Date(Date.UTC(2024, n, 1));
      const end = new Date(Date.UTC(2024, n + 1, 0));
      return { periodStart: start.toISOString().slice(0, 10), periodEnd: end.toISOString().slice(0, 10) };
    };
    await expectSync({
      app: payroll,
      dev,
      path: '/api/v1/payroll/runs',
      async create(n) {
        const created = await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: month((n % 1_000) + (n >= 1_000 ? 30 : 0)) });
        expect(created.status).toBe(201);
        return created.body.data.id;
      },
      async update(id) {
        expect((await dev.call(payroll, 'POST', `/api/v1/payroll/runs/${id}/recalculate`)).status).toBe(200);
      },
    });
  });

  it('pay: wallets', async () => {
    const dev = await stack.developer();
    await expectSync({
      app: pay,
      dev,
      path: '/api/v1/pay/wallets',
      async create(n) {
        const created = await dev.call(pay, 'POST', '/api/v1/pay/wallets', { body: { name: `Wallet ${n}`, currency: 'XAF' } });
        expect(created.status).toBe(201);
        return created.body.data.id;
      },
      async update(id, n) {
        const credited = await dev.call(pay, 'POST', `/api/v1/pay/wallets/${id}/credits`, {
          body: { amount: 1_000 + n, currency: 'XAF' },
          headers: { 'idempotency-key': `key-${randomUUID()}` },
        });
        expect(credited.status).toBe(201);
      },
    });
  });

  it('books: accounts', async () => {
    const dev = await stack.developer();
    await expectSync({
      app: books,
      dev,
      path: '/api/v1/books/accounts',
      async create(n) {
        const created = await dev.call(books, 'POST', '/api/v1/books/accounts', {
          body: { code: `9${String(n).padStart(4, '0')}`, name: `Account ${n}`, type: 'expense' },
        });
        expect(created.status).toBe(201);
        return created.body.data.id;
      },
      async update(id, n) {
        expect((await dev.call(books, 'PATCH', `/api/v1/books/accounts/${id}`, { body: { name: `Account renamed ${n}` } })).status).toBe(200);
      },
    });
  });

  it('utilities: the notifications inbox', async () => {
    const dev = await stack.developer();
    const read = new Set<string>();
    await expectSync({
      app: utilities,
      dev,
      path: '/api/v1/app/notifications',
      async create(n) {
        const sent = await dev.call(utilities, 'POST', '/api/v1/app/notifications', {
          body: { category: 'general', title: `Notice ${n}`, body: `Notice ${n} body` },
        });
        expect(sent.status).toBe(202);
        return sent.body.data.id;
      },
      async update(id) {
        // read, then unread again: each a change of the item
        const action = read.has(id) ? 'unread' : 'read';
        if (action === 'read') read.add(id);
        else read.delete(id);
        expect((await dev.call(utilities, 'PATCH', `/api/v1/app/notifications/${id}/${action}`)).status).toBe(200);
      },
    });
  });

  it('answers every other list’s rows in cursor mode and with updatedSince as its pages do, each with updatedAt', async () => {
    const dev = await stack.developer();
    const ok = async <T = any>(app: RunningApp, path: string, body?: unknown, status = 201): Promise<T> => {
      const result = await dev.call(app, 'POST', path, body === undefined ? {} : { body });
      expect({ path, status: result.status }).toEqual({ path, status });
      return result.body.data;
    };
    const workspace = await ok<{ id: string }>(stack.auth, '/api/v1/workspaces', { name: 'Clients' });
    for (const name of ['Njoya', 'Mbarga', 'Fotso', 'Eto']) await ok(stack.auth, `/api/v1/workspaces/${workspace.id}/companies`, { name });

    const employees = [
      await hire(hr, dev, { hireDate: '2021-01-04' }, { baseSalary: 300_000 }),
      await hire(hr, dev, { hireDate: '2022-02-01' }, { baseSalary: 250_000 }),
    ];
    const leaveType = await ok<{ id: string }>(hr, '/api/v1/hr/leave-types', { name: 'Annual', annualAllowanceDays: 24, paid: true });
    await ok(hr, '/api/v1/hr/leave-types', { name: 'Sick', annualAllowanceDays: 10, paid: true });
    for (const [i, employeeId] of employees.entries()) {
      await ok(hr, '/api/v1/hr/leave-requests', { employeeId, leaveTypeId: leaveType.id, startDate: `2026-05-0${i + 4}`, endDate: `2026-05-0${i + 5}` });
      await ok(hr, '/api/v1/hr/performance-reviews', { employeeId, periodStart: '2025-01-01', periodEnd: '2025-06-30' });
      for (const date of ['2026-04-01', '2026-04-02']) await ok(hr, '/api/v1/hr/attendance', { employeeId, date, status: 'present' });
    }

    const run = await ok<{ id: string }>(payroll, '/api/v1/payroll/runs', { periodStart: '2026-03-01', periodEnd: '2026-03-31' });

    const wallet = await ok<{ id: string }>(pay, '/api/v1/pay/wallets', { name: 'Float', currency: 'XAF' });
    for (const amount of [1_000, 2_000, 3_000, 4_000]) {
      expect(
        (
          await dev.call(pay, 'POST', `/api/v1/pay/wallets/${wallet.id}/credits`, {
            body: { amount, currency: 'XAF' },
            headers: { 'idempotency-key': `key-${randomUUID()}` },
          })
        ).status,
      ).toBe(201);
    }

    const chart = await installChart(dev, books);
    for (const day of ['01', '02', '03', '04']) await post(dev, books, entry(`2026-03-${day}`, [debit(chart['661'], 1_000), credit(chart['521'], 1_000)]));

    for (const name of ['a.png', 'b.png', 'c.png', 'd.png'])
      expect((await upload(dev, utilities, { content: PNG, filename: name, type: 'image/png' })).status).toBe(201);

    const lists: [RunningApp, string, number][] = [
      [stack.auth, `/api/v1/workspaces/${workspace.id}/companies`, 4],
      [hr, '/api/v1/hr/leave-types', 2],
      [hr, '/api/v1/hr/leave-requests', 2],
      [hr, '/api/v1/hr/contracts', 2],
      [hr, '/api/v1/hr/performance-reviews', 2],
      [hr, '/api/v1/hr/attendance?from=2026-04-01&to=2026-04-30', 4],
      [payroll, `/api/v1/payroll/runs/${run.id}/payslips`, 2],
      [pay, `/api/v1/pay/wallets/${wallet.id}/transactions`, 4],
      [pay, '/api/v1/pay/payments', 0],
      [books, '/api/v1/books/journal-entries', 4],
      [books, '/api/v1/books/periods', 0],
      [utilities, '/api/v1/app/files', 4],
      [utilities, '/api/v1/app/documents', 0],
      [utilities, '/api/v1/app/document-jobs', 0],
    ];
    for (const [app, path, rows] of lists) {
      const subject: Subject = { app, dev, path, create: () => Promise.reject(new Error('not used')) };
      const paged = await list(subject, 'limit=100');
      expect({ path, total: paged.total }).toEqual({ path, total: rows });
      const ids = paged.items.map((item) => item.id).sort();
      for (const item of paged.items) expect(new Date(item.updatedAt).toISOString()).toBe(item.updatedAt);
      const synced = await syncAll(subject);
      expect({ path, ids: synced.ids }).toEqual({ path, ids });
      expect((await syncAll(subject, '&updatedSince=2026-01-01T00:00:00Z')).ids).toEqual(ids);
      // an empty cursor starts cursor mode as `start` does
      expect(await list(subject, 'cursor=&limit=100')).toMatchObject({ page: null, total: rows, nextCursor: null });
      expect((await list(subject, `updatedSince=${new Date(Date.now() + 60_000).toISOString()}`)).total).toBe(0);
      await expectRefusals(subject);
    }
  });

  it('counts a cursor walk once, on its first page, and a page that ends the list without counting', async () => {
    const dev = await stack.developer();
    const hireOne = async (n: number) => {
      const created = await dev.call(hr, 'POST', '/api/v1/hr/employees', {
        body: {
          externalId: `T-${n}`,
          firstName: 'Total',
          lastName: `Employee ${n}`,
          email: `t${n}@example.cm`,
          hireDate: '2024-01-02',
          jobTitle: 'Clerk',
          department: 'Ops',
          status: 'active',
        },
      });
      expect(created.status).toBe(201);
      return created.body.data.id as string;
    };
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) ids.push(await hireOne(n));
    const subject: Subject = { app: hr, dev, path: '/api/v1/hr/employees', create: hireOne };
    // page mode: full pages count, the short last page and a page past the end say the same total (with filters or not)
    for (const filter of ['', '&status=active']) {
      for (const page of [1, 2, 3, 4]) expect({ page, total: (await list(subject, `page=${page}&limit=2${filter}`)).total }).toEqual({ page, total: 5 });
      expect((await list(subject, `page=1&limit=10${filter}`)).total).toBe(5);
    }
    expect((await list(subject, 'page=1&limit=2&status=terminated')).total).toBe(0);

    const first = await list(subject, 'cursor=start&limit=2');
    expect(first.total).toBe(5);
    ids.push(await hireOne(6));
    // the walk's pages answer the total as it began; the row added meanwhile still comes (its id is after the cursor or not)
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await list(subject, `cursor=${cursor}&limit=2`);
      expect(page.total).toBe(5);
      cursor = page.nextCursor;
    }
    // a new walk counts again, and so does a cursor of an earlier release (the key alone)
    expect((await list(subject, 'cursor=start&limit=2')).total).toBe(6);
    const sorted = [...ids].sort();
    const legacy = await list(subject, `cursor=${encodeCursor([sorted[0]])}&limit=2`);
    expect(legacy).toMatchObject({ total: 6, items: [{ id: sorted[1] }, { id: sorted[2] }] });
  });

  it('keeps the page mode of a list as it was, with updatedAt on every row', async () => {
    const dev = await stack.developer();
    for (const name of ['First', 'Second', 'Third']) await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name } });
    const page = await dev.call(stack.auth, 'GET', '/api/v1/workspaces?page=2&limit=2');
    expect(page.body.data).toEqual({
      items: [{ id: expect.any(String), organizationId: dev.organizationId, name: 'Third', createdAt: expect.any(String), updatedAt: expect.any(String) }],
      page: 2,
      limit: 2,
      total: 3,
    });
  });

  it('gives a summary that is not a list of records neither a cursor nor updatedSince', async () => {
    const dev = await stack.developer();
    const summary = await dev.call(hr, 'GET', '/api/v1/hr/attendance/summary?from=2026-03-01&to=2026-03-31&cursor=start');
    expectError(summary, 400, 'VALIDATION_FAILED');
    expect(summary.body.errors).toEqual({ cursor: ['property cursor should not exist'] });
  });
});
