import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { call, eventually } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { employeeBody } from './fixtures';

const BULK = '/api/v1/hr/employees/bulk';

describe('POST /api/v1/hr/employees/bulk', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  const internal = () => ({ 'x-internal-token': stack.env.INTERNAL_TOKEN });

  it('creates, then updates, then leaves unchanged; invalid items fail alone with their error envelope', async () => {
    const tag = randomUUID().slice(0, 8);
    const bank = { method: 'bank', bankName: 'Afriland First Bank', accountNumber: '10005000010123456789012', accountHolder: 'Abena Amina' };
    const valid = [
      employeeBody({ externalId: `A-${tag}`, email: 'Abena@Example.cm', payout: bank }),
      employeeBody({ externalId: ` B-${tag} `, lastName: 'Biya', phone: '+237677123456' }),
      employeeBody({ externalId: `C-${tag}`, lastName: 'Chantal', status: 'terminated', terminationDate: '2025-12-31' }),
    ];
    const items = [
      valid[0],
      employeeBody({ externalId: `BAD-${tag}`, email: 'not-an-email', status: 'retired', colour: 'red' }),
      valid[1],
      'not an employee',
      employeeBody({ externalId: `A-${tag}`, firstName: 'Twice' }),
      valid[2],
      employeeBody({ externalId: `D-${tag}`, status: 'terminated', terminationDate: '2020-01-31' }),
    ];

    const first = await dev.call(hr, 'POST', BULK, { body: { items } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, data: { created: 3, updated: 0, unchanged: 0, failed: 4 } });
    const results = first.body.data.items;
    expect(results.map((r: { index: number; externalId: string | null; status: string }) => [r.index, r.externalId, r.status])).toEqual([
      [0, `A-${tag}`, 'created'],
      [1, `BAD-${tag}`, 'failed'],
      [2, `B-${tag}`, 'created'],
      [3, null, 'failed'],
      [4, `A-${tag}`, 'failed'],
      [5, `C-${tag}`, 'created'],
      [6, `D-${tag}`, 'failed'],
    ]);
    for (const index of [0, 2, 5]) {
      expect(results[index].id).toEqual(expect.any(String));
      expect(results[index].error).toBeUndefined();
    }
    const failure = (index: number) => {
      expect(results[index].id).toBeNull();
      expect(results[index].error).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        statusCode: 400,
        message: expect.any(String),
        timestamp: expect.any(String),
      });
      return results[index].error.errors;
    };
    expect(failure(1)).toEqual({
      email: ['email must be an email'],
      status: [expect.stringContaining('status must be one of the following values')],
      colour: ['property colour should not exist'],
    });
    expect(failure(3)).toEqual({ item: ['item must be an object'] });
    expect(failure(4)).toEqual({ externalId: ['externalId must not repeat an earlier item’s (item 0)'] });
    expect(failure(6)).toEqual({ terminationDate: ['terminationDate must not be before hireDate'] });

    const [a, b, c] = [results[0].id, results[2].id, results[5].id];
    const stored = await dev.call(hr, 'GET', `/api/v1/hr/employees/${a}`);
    expect(stored.body.data).toMatchObject({
      externalId: `A-${tag}`,
      email: 'abena@example.cm',
      payout: bank,
      companyId: dev.organizationId,
      country: 'CM',
      phone: null,
    });
    expect((await dev.call(hr, 'GET', `/api/v1/hr/employees/${b}`)).body.data).toMatchObject({
      externalId: `B-${tag}`,
      phone: '+237677123456',
      payout: null,
      nationalId: null,
    });
    expect((await dev.call(hr, 'GET', `/api/v1/hr/employees?externalId=BAD-${tag}`)).body.data.items).toEqual([]);

    // the same items again, one of them changed and one terminated
    const changed = [{ ...valid[0], jobTitle: 'Chief Accountant' }, { ...valid[1], status: 'terminated', terminationDate: '2026-01-31' }, valid[2]];
    const second = await dev.call(hr, 'POST', BULK, { body: { items: changed } });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ created: 0, updated: 2, unchanged: 1, failed: 0 });
    expect(second.body.data.items.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [a, 'updated'],
      [b, 'updated'],
      [c, 'unchanged'],
    ]);
    expect((await dev.call(hr, 'GET', `/api/v1/hr/employees/${a}`)).body.data).toMatchObject({
      jobTitle: 'Chief Accountant',
      createdAt: stored.body.data.createdAt,
    });

    const replay = await dev.call(hr, 'POST', BULK, { body: { items: changed } });
    expect(replay.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
    expect(replay.body.data.items.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [a, 'unchanged'],
      [b, 'unchanged'],
      [c, 'unchanged'],
    ]);

    // the events of the single POST, in the order of the changes
    const events = await eventually(async () => {
      const feed = await call(hr.url, 'GET', '/internal/v1/hr/events?after=0&limit=500', { headers: internal() });
      const ours = feed.body.items.filter((event: { companyId: string }) => event.companyId === dev.organizationId);
      return ours.length >= 6 && ours;
    });
    expect(events.map((event: { type: string; data: { id: string } }) => [event.type, event.data.id])).toEqual([
      ['employee.created', a],
      ['employee.created', b],
      ['employee.created', c],
      ['employee.updated', a],
      ['employee.updated', b],
      ['employee.terminated', b],
    ]);
    expect(events[3].data).toMatchObject({ id: a, jobTitle: 'Chief Accountant', companyId: dev.organizationId, externalId: `A-${tag}` });
  });

  it('keeps each company’s externalIds apart', async () => {
    const other = await stack.developer();
    const externalId = `SHARED-${randomUUID().slice(0, 8)}`;
    const ours = await dev.call(hr, 'POST', BULK, { body: { items: [employeeBody({ externalId, firstName: 'Ours' })] } });
    const theirs = await other.call(hr, 'POST', BULK, { body: { items: [employeeBody({ externalId, firstName: 'Theirs' })] } });
    expect(ours.body.data.items[0].status).toBe('created');
    expect(theirs.body.data.items[0].status).toBe('created');
    expect(theirs.body.data.items[0].id).not.toBe(ours.body.data.items[0].id);
    expect((await dev.call(hr, 'GET', `/api/v1/hr/employees/${ours.body.data.items[0].id}`)).body.data.firstName).toBe('Ours');
    expectError(await other.call(hr, 'GET', `/api/v1/hr/employees/${ours.body.data.items[0].id}`), 404, 'USER_NOT_FOUND');
  });

  it('takes a thousand items, and refuses more, or a body that is not a list, whole', async () => {
    const tag = randomUUID().slice(0, 8);
    const thousand = Array.from({ length: 1000 }, (_, n) =>
      employeeBody({ externalId: `K-${tag}-${n}`, payout: { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' } }),
    );
    const full = await dev.call(hr, 'POST', BULK, { body: { items: thousand } });
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({ created: 1000, failed: 0 });

    const tooMany = await dev.call(hr, 'POST', BULK, { body: { items: [...thousand, employeeBody()] } });
    expectError(tooMany, 400, 'VALIDATION_FAILED');
    expect(tooMany.body.errors).toEqual({ items: ['items must contain no more than 1000 elements'] });
    expect((await dev.call(hr, 'GET', `/api/v1/hr/employees?externalId=K-${tag}-0`)).body.data.items[0].firstName).toBe('Amina');

    for (const body of [{}, { items: {} }, { items: 'x' }, { items: [], extra: 1 }, []])
      expectError(await dev.call(hr, 'POST', BULK, { body }), 400, 'VALIDATION_FAILED');
    const none = await dev.call(hr, 'POST', BULK, { body: { items: [] } });
    expect(none.body.data).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 0, items: [] });
  });

  it('takes a thousand employees with every field at its longest, past the 1 MiB of other routes; refuses a body over 4 MiB with 413', async () => {
    const tag = randomUUID().slice(0, 8);
    const long = (length: number) => 'é'.repeat(length);
    const largest = Array.from({ length: 1000 }, (_, n) =>
      employeeBody({
        externalId: `${tag}-${n}-`.padEnd(100, 'x'),
        firstName: long(100),
        lastName: long(100),
        email: `${'a'.repeat(60)}${String(n).padStart(4, '0')}@${'b'.repeat(63)}.${'c'.repeat(63)}.cm`,
        jobTitle: long(150),
        department: long(150),
        nationalId: 'N'.repeat(50),
        socialInsuranceNumber: 'S'.repeat(50),
        payout: { method: 'bank', bankName: long(100), bankCode: '1'.repeat(20), accountNumber: '2'.repeat(40), accountHolder: long(150) },
      }),
    );
    const size = Buffer.byteLength(JSON.stringify({ items: largest }));
    expect(size).toBeGreaterThan(1024 * 1024);
    const full = await dev.call(hr, 'POST', BULK, { body: { items: largest } });
    expect({ status: full.status, failed: full.body.data?.items.filter((item: { status: string }) => item.status === 'failed').slice(0, 1) }).toEqual({
      status: 200,
      failed: [],
    });
    expect(full.body.data.created).toBe(1000);

    // the same size on the single route is past its limit
    const single = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: { ...largest[0], padding: 'x'.repeat(1024 * 1024) } });
    expectError(single, 413, 'HTTP_ERROR');
    const over = await dev.call(hr, 'POST', BULK, { body: { items: largest, padding: 'x'.repeat(4 * 1024 * 1024 - size + 16) } });
    expectError(over, 413, 'HTTP_ERROR');
    expect(over.body.message).toBe('The request body is too large.');
  });

  it('answers item errors in the caller’s language', async () => {
    const french = await dev.call(hr, 'POST', BULK, { body: { items: [employeeBody({ email: 'nope' })] }, headers: { 'accept-language': 'fr' } });
    expect(french.body.data.items[0].error.errors).toEqual({ email: ['email doit être une adresse e-mail'] });
  });

  it('needs hr:write', async () => {
    const reader = await stack.developer({ scopes: ['hr:read'] });
    expectError(await reader.call(hr, 'POST', BULK, { body: { items: [employeeBody()] } }), 403, 'INSUFFICIENT_SCOPE');
  });
});
