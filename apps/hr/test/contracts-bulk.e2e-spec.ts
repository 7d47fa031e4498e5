import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { captureQueries } from '@test/support/query-plans';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { contractBody, employeeBody, recordedEvents } from './fixtures';

const BULK = '/api/v1/hr/contracts/bulk';
const CONTRACTS = '/api/v1/hr/contracts';

type Result = {
  index: number;
  externalId: string | null;
  employeeId: string | null;
  employeeExternalId: string | null;
  status: string;
  id: string | null;
  error?: any;
};

/** A contract item for the employee of this externalId. */
const item = (externalId: string, employeeExternalId: string, over: Record<string, unknown> = {}) => ({
  ...contractBody('', { externalId, employeeExternalId, ...over }),
  employeeId: undefined,
});

describe('POST /api/v1/hr/contracts/bulk', () => {
  let stack: TestStack;
  let hr: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
  });
  afterAll(() => stack.stop());

  /** A company of its own (its events are its own) with employees of these externalIds; their ids. */
  async function companyWith(...employeeExternalIds: string[]): Promise<{ dev: Developer; ids: string[] }> {
    const dev = await stack.developer();
    const hired = await dev.call(hr, 'POST', '/api/v1/hr/employees/bulk', {
      body: { items: employeeExternalIds.map((externalId) => employeeBody({ externalId })) },
    });
    return { dev, ids: hired.body.data.items.map((result: Result) => result.id) };
  }

  const outcomes = (results: Result[]) => results.map((result) => [result.index, result.externalId, result.status]);

  it('creates, then updates, then leaves unchanged; invalid items fail alone with the error envelope POST /contracts answers', async () => {
    const { dev, ids } = await companyWith('E-A', 'E-B', 'E-C');
    const allowances = [{ code: 'TRANSPORT', name: 'Transport', amount: 25_000 }];
    const valid = [
      item('C-A', 'E-A', { allowances, deductions: [{ code: 'LOAN', name: 'Staff loan', amount: 10_000 }], jobTitle: 'Accountant' }),
      { ...contractBody(ids[1], { externalId: ' C-B ', type: 'fixed_term', endDate: '2025-12-31' }) },
      item('C-C', 'E-C', { status: 'draft', payFrequency: 'weekly' }),
    ];
    const items = [
      valid[0],
      item('C-BAD', 'E-A', { baseSalary: 0, currency: 'XXY', bonus: 1 }),
      valid[1],
      'not a contract',
      item('C-A', 'E-B'),
      valid[2],
      item('C-NOEND', 'E-B', { type: 'internship' }),
      { ...item('C-NOID', 'E-B'), externalId: undefined },
      item('C-WHO', 'E-NOBODY'),
      contractBody(randomUUID(), { externalId: 'C-WHO-2' }),
      item('C-ENDED', 'E-C', { status: 'ended', endDate: '2025-03-31' }),
    ];
    const first = await dev.call(hr, 'POST', BULK, { body: { items } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, data: { created: 3, updated: 0, unchanged: 0, failed: 8 } });
    const results: Result[] = first.body.data.items;
    expect(outcomes(results)).toEqual([
      [0, 'C-A', 'created'],
      [1, 'C-BAD', 'failed'],
      [2, 'C-B', 'created'],
      [3, null, 'failed'],
      [4, 'C-A', 'failed'],
      [5, 'C-C', 'created'],
      [6, 'C-NOEND', 'failed'],
      [7, null, 'failed'],
      [8, 'C-WHO', 'failed'],
      [9, 'C-WHO-2', 'failed'],
      [10, 'C-ENDED', 'failed'],
    ]);
    expect(results.filter((result) => result.status === 'created').map((result) => [result.employeeId, result.employeeExternalId, result.error])).toEqual([
      [ids[0], 'E-A', undefined],
      [ids[1], 'E-B', undefined],
      [ids[2], 'E-C', undefined],
    ]);
    const failure = (index: number, status = 400, code = 'VALIDATION_FAILED') => {
      expect(results[index].id).toBeNull();
      expect(results[index].error).toMatchObject({ success: false, code, statusCode: status, message: expect.any(String), timestamp: expect.any(String) });
      return results[index].error;
    };
    expect(failure(1).errors).toEqual({
      baseSalary: ['baseSalary must not be less than 1'],
      currency: ['currency must be an ISO 4217 code such as XAF'],
      bonus: ['property bonus should not exist'],
    });
    expect(failure(3).errors).toEqual({ item: ['item must be an object'] });
    expect(failure(4).errors).toEqual({ externalId: ['externalId must not repeat an earlier item’s (item 0)'] });
    expect(failure(6).errors).toEqual({ endDate: ['endDate is required for an internship contract'] });
    expect(failure(7).errors).toEqual({ externalId: ['externalId should not be null or undefined'] });
    expect(failure(8, 404, 'USER_NOT_FOUND').message).toBe('Employee not found.');
    expect(results[8]).toMatchObject({ employeeId: null, employeeExternalId: null });
    failure(9, 404, 'USER_NOT_FOUND');
    expect(failure(10).errors).toEqual({ status: ['status must be draft or active for a new contract'] });

    // stored as POST /contracts stores them
    const [a, b, c] = [results[0].id, results[2].id, results[5].id];
    const stored = await dev.call(hr, 'GET', `${CONTRACTS}/${a}`);
    expect(stored.body.data).toEqual({
      id: a,
      companyId: dev.organizationId,
      employeeId: ids[0],
      externalId: 'C-A',
      type: 'permanent',
      status: 'active',
      startDate: '2025-01-01',
      endDate: null,
      baseSalary: 350_000,
      currency: 'XAF',
      payFrequency: 'monthly',
      allowances: [{ ...allowances[0], taxable: true, contributory: true }],
      deductions: [{ code: 'LOAN', name: 'Staff loan', amount: 10_000 }],
      jobTitle: 'Accountant',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await dev.call(hr, 'GET', `${CONTRACTS}/${b}`)).body.data).toMatchObject({
      externalId: 'C-B',
      type: 'fixed_term',
      endDate: '2025-12-31',
      allowances: [],
      jobTitle: null,
    });
    expect((await dev.call(hr, 'GET', `${CONTRACTS}/${c}`)).body.data).toMatchObject({ status: 'draft', payFrequency: 'weekly' });
    expect((await dev.call(hr, 'GET', `${CONTRACTS}?externalId=C-BAD`)).body.data.total).toBe(0);

    // the same items again, one raised and the draft activated: the fields left out keep their value
    const changed = [{ ...valid[0], baseSalary: 400_000, jobTitle: undefined }, valid[1], { ...valid[2], status: 'active' }];
    const second = await dev.call(hr, 'POST', BULK, { body: { items: changed } });
    expect(second.body.data).toMatchObject({ created: 0, updated: 2, unchanged: 1, failed: 0 });
    expect(second.body.data.items.map((r: Result) => [r.id, r.status])).toEqual([
      [a, 'updated'],
      [b, 'unchanged'],
      [c, 'updated'],
    ]);
    const raised = await dev.call(hr, 'GET', `${CONTRACTS}/${a}`);
    expect(raised.body.data).toMatchObject({ baseSalary: 400_000, jobTitle: 'Accountant', createdAt: stored.body.data.createdAt });
    expect(raised.body.data.updatedAt > stored.body.data.updatedAt).toBe(true);

    const replay = await dev.call(hr, 'POST', BULK, { body: { items: changed } });
    expect(replay.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });

    // one event per change, each as the single routes record it: the contract as GET answers it
    const events = await recordedEvents(hr, dev.organizationId, 'contract');
    expect(events.map((event) => [event.type, event.data.id])).toEqual([
      ['contract.activated', a],
      ['contract.activated', b],
      ['contract.activated', c],
    ]);
    expect(events[0].data).toEqual({ ...stored.body.data, updatedAt: expect.any(String) });
    expect(events[2].data).toEqual((await dev.call(hr, 'GET', `${CONTRACTS}/${c}`)).body.data);
  });

  it('holds one contract in force per employee across the batch and the database, applying the items in the order sent', async () => {
    const { dev, ids } = await companyWith('E-1', 'E-2', 'E-3');
    const before = await dev.call(hr, 'POST', CONTRACTS, { body: contractBody(ids[0], { externalId: 'OLD-1', startDate: '2024-01-01' }) });
    const result = await dev.call(hr, 'POST', BULK, {
      body: {
        items: [
          // over the contract the database holds
          item('NEW-1', 'E-1', { startDate: '2026-01-01' }),
          // ending it first lets the next one in
          item('OLD-1', 'E-1', { startDate: '2024-01-01', status: 'ended', endDate: '2025-12-31' }),
          item('NEW-1B', 'E-1', { startDate: '2026-01-01' }),
          // two of the batch over the same dates: the first wins, a draft is never in the way
          item('TWO-A', 'E-2', { startDate: '2025-01-01' }),
          item('TWO-B', 'E-2', { startDate: '2025-06-01' }),
          item('TWO-DRAFT', 'E-2', { startDate: '2025-06-01', status: 'draft' }),
          item('TWO-C', 'E-2', { type: 'fixed_term', startDate: '2024-01-01', endDate: '2024-12-31' }),
          // the batch's own contract ended by a later item, then followed
          item('THREE-A', 'E-3', { startDate: '2025-01-01' }),
          item('THREE-A', 'E-3', { startDate: '2025-01-01', status: 'ended', endDate: '2025-06-30' }),
        ],
      },
    });
    const results: Result[] = result.body.data.items;
    expect(outcomes(results)).toEqual([
      [0, 'NEW-1', 'failed'],
      [1, 'OLD-1', 'updated'],
      [2, 'NEW-1B', 'created'],
      [3, 'TWO-A', 'created'],
      [4, 'TWO-B', 'failed'],
      [5, 'TWO-DRAFT', 'created'],
      [6, 'TWO-C', 'created'],
      [7, 'THREE-A', 'created'],
      [8, 'THREE-A', 'failed'],
    ]);
    expect(results[0].error).toMatchObject({
      code: 'CONTRACT_OVERLAP',
      statusCode: 409,
      details: { contractId: before.body.data.id, startDate: '2024-01-01', endDate: null },
    });
    expect(results[4].error).toMatchObject({ code: 'CONTRACT_OVERLAP', details: { contractId: results[3].id, startDate: '2025-01-01', endDate: null } });
    expect(results[8].error.errors).toEqual({ externalId: ['externalId must not repeat an earlier item’s (item 7)'] });

    const inForce = await dev.call(hr, 'GET', `${CONTRACTS}?employeeId=${ids[0]}`);
    expect(inForce.body.data.items.map((c: { externalId: string; status: string; endDate: string | null }) => [c.externalId, c.status, c.endDate])).toEqual([
      ['OLD-1', 'ended', '2025-12-31'],
      ['NEW-1B', 'active', null],
    ]);

    // a later call sees the contracts an earlier one made
    const later = await dev.call(hr, 'POST', BULK, {
      body: {
        items: [
          item('THREE-B', 'E-3', { startDate: '2025-03-01' }),
          item('THREE-A', 'E-3', { startDate: '2025-01-01', status: 'ended', endDate: '2025-02-28' }),
          item('THREE-B', 'E-3', { startDate: '2025-03-01' }),
        ],
      },
    });
    expect(outcomes(later.body.data.items)).toEqual([
      [0, 'THREE-B', 'failed'],
      [1, 'THREE-A', 'updated'],
      [2, 'THREE-B', 'failed'],
    ]);
    expect(later.body.data.items[0].error).toMatchObject({ code: 'CONTRACT_OVERLAP', details: { contractId: results[7].id } });
    const retried = await dev.call(hr, 'POST', BULK, { body: { items: [item('THREE-B', 'E-3', { startDate: '2025-03-01' })] } });
    expect(retried.body.data.items[0].status).toBe('created');

    expect((await recordedEvents(hr, dev.organizationId, 'contract')).map((event) => [event.type, event.data.externalId])).toEqual([
      ['contract.activated', 'OLD-1'],
      ['contract.ended', 'OLD-1'],
      ['contract.activated', 'NEW-1B'],
      ['contract.activated', 'TWO-A'],
      ['contract.activated', 'TWO-C'],
      ['contract.activated', 'THREE-A'],
      ['contract.ended', 'THREE-A'],
      ['contract.activated', 'THREE-B'],
    ]);
  });

  it('syncs as PATCH moves a contract: an ended contract is read-only, active never goes back to draft, a contract stays with its employee', async () => {
    const { dev } = await companyWith('E-1', 'E-2');
    await dev.call(hr, 'POST', BULK, { body: { items: [item('C-1', 'E-1', { startDate: '2024-01-01' }), item('C-2', 'E-2')] } });
    const ending = item('C-1', 'E-1', { startDate: '2024-01-01', status: 'ended' });
    const ended = await dev.call(hr, 'POST', BULK, { body: { items: [ending] } });
    expect(ended.body.data.items[0].status).toBe('updated');
    const today = new Date().toISOString().slice(0, 10);
    expect((await dev.call(hr, 'GET', `${CONTRACTS}/${ended.body.data.items[0].id}`)).body.data).toMatchObject({ status: 'ended', endDate: today });

    const result = await dev.call(hr, 'POST', BULK, {
      body: {
        items: [
          ending,
          { ...ending, externalId: 'C-1 ', baseSalary: 1 },
          item('C-2', 'E-2', { status: 'draft' }),
          item('C-1', 'E-2', { startDate: '2024-01-01' }),
        ],
      },
    });
    expect(result.body.data.items.map((r: Result) => [r.status, r.error?.code])).toEqual([
      ['unchanged', undefined],
      ['failed', 'VALIDATION_FAILED'],
      ['failed', 'CONTRACT_INVALID_TRANSITION'],
      ['failed', 'VALIDATION_FAILED'],
    ]);
    const alone = async (contract: unknown) => (await dev.call(hr, 'POST', BULK, { body: { items: [contract] } })).body.data.items[0];
    expect((await alone({ ...ending, baseSalary: 1 })).error).toMatchObject({ code: 'CONTRACT_NOT_EDITABLE', statusCode: 409 });
    expect(result.body.data.items[2].error.message).toBe('The contract cannot move from active to draft.');
    expect((await alone(item('C-1', 'E-2', { startDate: '2024-01-01' }))).error).toMatchObject({
      code: 'CONTRACT_EXTERNAL_ID_CONFLICT',
      details: { contractId: ended.body.data.items[0].id },
    });
  });

  it('keeps companies apart: another company’s employee is not found, the same externalIds are other contracts', async () => {
    const ours = await companyWith('SHARED-E');
    const theirs = await companyWith('SHARED-E', 'THEIRS-ONLY');
    const mine = await ours.dev.call(hr, 'POST', BULK, { body: { items: [item('SHARED-C', 'SHARED-E', { baseSalary: 111_111 })] } });
    const other = await theirs.dev.call(hr, 'POST', BULK, { body: { items: [item('SHARED-C', 'SHARED-E', { baseSalary: 222_222 })] } });
    expect([mine.body.data.items[0].status, other.body.data.items[0].status]).toEqual(['created', 'created']);
    expect(mine.body.data.items[0]).toMatchObject({ employeeId: ours.ids[0] });
    expect(other.body.data.items[0]).toMatchObject({ employeeId: theirs.ids[0] });
    expect((await ours.dev.call(hr, 'GET', `${CONTRACTS}/${mine.body.data.items[0].id}`)).body.data.baseSalary).toBe(111_111);
    expectError(await ours.dev.call(hr, 'GET', `${CONTRACTS}/${other.body.data.items[0].id}`), 404, 'CONTRACT_NOT_FOUND');

    const reaching = await ours.dev.call(hr, 'POST', BULK, {
      body: { items: [item('C-X', 'THEIRS-ONLY'), contractBody(theirs.ids[1], { externalId: 'C-Y' })] },
    });
    expect(reaching.body.data.items.map((r: Result) => [r.status, r.employeeId, r.error?.code])).toEqual([
      ['failed', null, 'USER_NOT_FOUND'],
      ['failed', null, 'USER_NOT_FOUND'],
    ]);
    expect((await theirs.dev.call(hr, 'GET', `${CONTRACTS}?employeeId=${theirs.ids[1]}`)).body.data.total).toBe(0);
  });

  it('lets one of concurrent calls creating the same externalIds for different employees have each', async () => {
    const externalIds = Array.from({ length: 20 }, (_, n) => `RACE-${n}`);
    const employees = Array.from({ length: 4 }, (_, call) => externalIds.map((_, n) => `E-${call}-${n}`));
    const { dev } = await companyWith(...employees.flat());
    const calls = await Promise.all(
      employees.map((names) => dev.call(hr, 'POST', BULK, { body: { items: names.map((name, n) => item(externalIds[n], name)) } })),
    );
    expect(calls.map((call) => call.status)).toEqual([200, 200, 200, 200]);
    for (const [n] of externalIds.entries()) {
      const outcomesOfOne = calls.map((call) => call.body.data.items[n]).map((r: Result) => (r.status === 'created' ? 'created' : r.error?.code));
      expect(outcomesOfOne.sort()).toEqual(['CONTRACT_EXTERNAL_ID_CONFLICT', 'CONTRACT_EXTERNAL_ID_CONFLICT', 'CONTRACT_EXTERNAL_ID_CONFLICT', 'created']);
    }
    expect((await dev.call(hr, 'GET', `${CONTRACTS}?limit=1`)).body.data.total).toBe(20);
  });

  it('runs a few statements whatever the number of items', async () => {
    const names = Array.from({ length: 1000 }, (_, n) => `S-${n}`);
    const { dev } = await companyWith(...names.slice(0, 500));
    await dev.call(hr, 'POST', '/api/v1/hr/employees/bulk', { body: { items: names.slice(500).map((externalId) => employeeBody({ externalId })) } });
    const statements = async (items: unknown[]) => {
      let answer: any;
      // the request's reads and writes (the relay that publishes events runs beside it)
      const queries = await captureQueries(
        hr,
        async () => {
          answer = (await dev.call(hr, 'POST', BULK, { body: { items } })).body.data;
        },
        (query) => /"hr"\."(employees|contracts)"|INSERT INTO "hr"\."outbox_events"/.test(query),
      );
      return { answer, count: queries.length };
    };
    const ten = await statements(names.slice(0, 10).map((name) => item(`C-${name}`, name)));
    const thousand = await statements(
      names.map((name, n) => item(`C-${name}`, name, n < 10 ? { baseSalary: 360_000 } : { status: n % 2 ? 'active' : 'draft' })),
    );
    const synced = await statements(names.map((name) => item(`C-${name}`, name, { baseSalary: 500_000 })));
    expect([ten.answer.created, thousand.answer.created, thousand.answer.updated, synced.answer.updated]).toEqual([10, 990, 10, 1000]);
    // the employees locked, their contracts read, one insert, one update, one insert of the events
    expect([ten, thousand, synced].map(({ count }) => count)).toEqual([4, 5, 3]);
  });

  it('takes a thousand contracts of eight allowances with every field at its longest; refuses more items, or a body that is not a list, whole', async () => {
    const long = (length: number) => '語'.repeat(length);
    const names = Array.from({ length: 1000 }, (_, n) => `${n}-`.padEnd(100, '人'));
    const { dev } = await companyWith(...names);
    const largest = names.map((name, n) =>
      item(`${n}-`.padEnd(100, '約'), name, {
        type: 'apprenticeship',
        endDate: '2025-12-31',
        baseSalary: Number.MAX_SAFE_INTEGER,
        payFrequency: 'biweekly',
        jobTitle: long(150),
        status: 'active',
        allowances: Array.from({ length: 8 }, (_, k) => ({
          code: `A${k}`.padEnd(30, 'X'),
          name: long(100),
          amount: Number.MAX_SAFE_INTEGER,
          taxable: false,
          contributory: false,
        })),
      }),
    );
    const size = Buffer.byteLength(JSON.stringify({ items: largest }));
    expect(size).toBeGreaterThan(4 * 1024 * 1024);
    const full = await dev.call(hr, 'POST', BULK, { body: { items: largest }, timeoutMs: 60_000 });
    expect({ status: full.status, failed: full.body.data?.items.filter((r: Result) => r.status === 'failed').slice(0, 1) }).toEqual({
      status: 200,
      failed: [],
    });
    expect(full.body.data.created).toBe(1000);

    const tooMany = await dev.call(hr, 'POST', BULK, { body: { items: Array.from({ length: 1001 }, (_, n) => item(`M-${n}`, names[0])) } });
    expectError(tooMany, 400, 'VALIDATION_FAILED');
    expect(tooMany.body.errors).toEqual({ items: ['items must contain no more than 1000 elements'] });
    const over = await dev.call(hr, 'POST', BULK, { body: { items: largest, padding: 'x'.repeat(6 * 1024 * 1024 - size + 16) } });
    expectError(over, 413, 'HTTP_ERROR');
    for (const body of [{}, { items: {} }, { items: 'x' }, { items: [], extra: 1 }, []])
      expectError(await dev.call(hr, 'POST', BULK, { body }), 400, 'VALIDATION_FAILED');
    expect((await dev.call(hr, 'POST', BULK, { body: { items: [] } })).body.data).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 0, items: [] });
  });

  it('answers item errors in the caller’s language', async () => {
    const { dev } = await companyWith('E-FR');
    const french = await dev.call(hr, 'POST', BULK, {
      body: {
        items: [
          item('C-1', 'E-FR', { type: 'fixed_term' }),
          item('C-2', 'E-FR', { baseSalary: 0 }),
          item('C-3', 'NOBODY'),
          { ...item('C-4', 'E-FR'), employeeId: randomUUID() },
        ],
      },
      headers: { 'accept-language': 'fr' },
    });
    expect(french.body.data.items.map((r: Result) => r.error.errors ?? r.error.message)).toEqual([
      { endDate: ['endDate est obligatoire pour un contrat fixed_term'] },
      { baseSalary: ['baseSalary ne doit pas être inférieur à 1'] },
      'Employé introuvable.',
      { employeeExternalId: ['employeeExternalId ne doit pas être envoyé avec employeeId'] },
    ]);
  });

  it('needs hr:write', async () => {
    const reader = await stack.developer({ scopes: ['hr:read'] });
    expectError(await reader.call(hr, 'POST', BULK, { body: { items: [item('C-1', 'E-1')] } }), 403, 'INSUFFICIENT_SCOPE');
  });
});
