import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { hire } from './fixtures';

const TYPES = '/api/v1/hr/leave-types';
const REQUESTS = '/api/v1/hr/leave-requests';

describe('HR leave', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let dev: Developer;
  let annual: string;
  let unpaid: string;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    dev = await stack.developer();
    annual = (await dev.call(hr, 'POST', TYPES, { body: { name: 'Annual leave', annualAllowanceDays: 10 } })).body.data.id;
    unpaid = (await dev.call(hr, 'POST', TYPES, { body: { name: 'Unpaid leave', annualAllowanceDays: 0, paid: false } })).body.data.id;
  });
  afterAll(() => stack.stop());

  const request = (employeeId: string, startDate: string, endDate: string, over: Record<string, unknown> = {}) =>
    dev.call(hr, 'POST', REQUESTS, { body: { employeeId, leaveTypeId: annual, startDate, endDate, ...over } });

  describe('types', () => {
    it('creates and lists leave types; a name is unique in the company', async () => {
      const own = await stack.developer();
      const created = await own.call(hr, 'POST', TYPES, { body: { name: ' Sick leave ', annualAllowanceDays: 12.5 } });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ name: 'Sick leave', annualAllowanceDays: 12.5, paid: true, companyId: own.organizationId });
      expectError(await own.call(hr, 'POST', TYPES, { body: { name: 'Sick leave', annualAllowanceDays: 1 } }), 409, 'LEAVE_TYPE_NAME_CONFLICT');
      expect((await dev.call(hr, 'POST', TYPES, { body: { name: 'Sick leave', annualAllowanceDays: 1 } })).status).toBe(201);
      const listed = await own.call(hr, 'GET', `${TYPES}?limit=5`);
      expect(listed.body.data).toMatchObject({ page: 1, limit: 5, total: 1 });
    });

    it('validates the allowance in half days', async () => {
      const bad = await dev.call(hr, 'POST', TYPES, { body: { name: '', annualAllowanceDays: 1.3, paid: 'no' } });
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.errors).toEqual({
        name: ['name should not be empty'],
        annualAllowanceDays: ['annualAllowanceDays must be a multiple of 0.5'],
        paid: ['paid must be a boolean value'],
      });
      expectError(await dev.call(hr, 'POST', TYPES, { body: { name: 'Negative', annualAllowanceDays: -0.5 } }), 400, 'VALIDATION_FAILED');
      expectError(await dev.call(hr, 'POST', TYPES, { body: { name: 'Text', annualAllowanceDays: '5' } }), 400, 'VALIDATION_FAILED');
      const nullPaid = await dev.call(hr, 'POST', TYPES, { body: { name: 'Null', annualAllowanceDays: 5, paid: null } });
      expectError(nullPaid, 400, 'VALIDATION_FAILED');
      expect(nullPaid.body.errors).toEqual({ paid: ['paid must be a boolean value'] });
    });
  });

  describe('requests', () => {
    it('counts working days only, with half days', async () => {
      const employeeId = await hire(dev, hr);
      // 2027-03-01 is a Monday.
      const week = await request(employeeId, '2027-03-01', '2027-03-07', { startHalfDay: true, reason: 'Family visit' });
      expect(week.status).toBe(201);
      expect(week.body.data).toMatchObject({ status: 'pending', days: 4.5, startHalfDay: true, endHalfDay: false, reason: 'Family visit' });
      const morning = await request(employeeId, '2027-03-01', '2027-03-01', { endHalfDay: true });
      expect(morning.body.data.days).toBe(0.5);
      expectError(await request(employeeId, '2027-03-13', '2027-03-14'), 400, 'LEAVE_NO_WORKING_DAYS');
    });

    it('validates dates, flags and references', async () => {
      const employeeId = await hire(dev, hr);
      const bad = await dev.call(hr, 'POST', REQUESTS, {
        body: { employeeId: 'x', leaveTypeId: annual, startDate: '2027-02-29', endDate: '03/01/2027', startHalfDay: 'yes' },
      });
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(Object.keys(bad.body.errors).sort()).toEqual(['employeeId', 'endDate', 'startDate', 'startHalfDay']);
      expectError(await request(employeeId, '2027-03-05', '2027-03-04'), 400, 'VALIDATION_FAILED');
      expectError(await request(employeeId, '2027-03-03', '2027-03-03', { startHalfDay: true, endHalfDay: true }), 400, 'VALIDATION_FAILED');
      expectError(await request(employeeId, '2027-01-01', '2028-01-02'), 400, 'VALIDATION_FAILED');
      expectError(await request(randomUUID(), '2027-03-01', '2027-03-01'), 404, 'USER_NOT_FOUND');
      expectError(await request(employeeId, '2027-03-01', '2027-03-01', { leaveTypeId: randomUUID() }), 404, 'LEAVE_TYPE_NOT_FOUND');
      const other = await stack.developer();
      const theirType = (await other.call(hr, 'POST', TYPES, { body: { name: 'Theirs', annualAllowanceDays: 30 } })).body.data.id;
      expectError(await request(employeeId, '2027-03-01', '2027-03-01', { leaveTypeId: theirType }), 404, 'LEAVE_TYPE_NOT_FOUND');
      expectError(
        await other.call(hr, 'POST', REQUESTS, { body: { employeeId, leaveTypeId: theirType, startDate: '2027-03-01', endDate: '2027-03-01' } }),
        404,
        'USER_NOT_FOUND',
      );
    });

    it('refuses overlapping pending or approved requests, to the half day', async () => {
      const employeeId = await hire(dev, hr);
      const first = await request(employeeId, '2027-04-05', '2027-04-07', { endHalfDay: true });
      expect(first.status).toBe(201);
      const clash = await request(employeeId, '2027-04-07', '2027-04-08');
      expectError(clash, 409, 'LEAVE_REQUEST_OVERLAP');
      expect(clash.body.details).toMatchObject({ leaveRequestId: first.body.data.id });
      expect((await request(employeeId, '2027-04-07', '2027-04-08', { startHalfDay: true })).status).toBe(201);
      const rejected = await request(employeeId, '2027-05-03', '2027-05-03');
      await dev.call(hr, 'POST', `${REQUESTS}/${rejected.body.data.id}/reject`);
      expect((await request(employeeId, '2027-05-03', '2027-05-03')).status).toBe(201);
    });

    it('lets one of several simultaneous requests for the same days through', async () => {
      const employeeId = await hire(dev, hr);
      const results = await Promise.all(Array.from({ length: 4 }, () => request(employeeId, '2027-06-07', '2027-06-08')));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    });

    it('checks the year’s balance of paid types only', async () => {
      const employeeId = await hire(dev, hr);
      expect((await request(employeeId, '2027-07-05', '2027-07-09')).status).toBe(201);
      const tooMuch = await request(employeeId, '2027-08-02', '2027-08-09', { endHalfDay: true });
      expectError(tooMuch, 400, 'LEAVE_BALANCE_INSUFFICIENT');
      expect(tooMuch.body.details).toEqual({ year: 2027, available: 5, requested: 5.5 });
      expect(tooMuch.body.message).toBe('Not enough leave left: 5.5 days requested, 5 available.');
      expect((await request(employeeId, '2027-08-02', '2027-08-06')).status).toBe(201);
      expect((await request(employeeId, '2027-09-06', '2027-09-24', { leaveTypeId: unpaid })).status).toBe(201);
    });

    it('moves pending → approved | rejected | cancelled, and cancels approved leave only before it starts', async () => {
      const employeeId = await hire(dev, hr);
      const future = (await request(employeeId, '2027-10-04', '2027-10-05')).body.data.id;
      const approved = await dev.call(hr, 'POST', `${REQUESTS}/${future}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body.data).toMatchObject({ status: 'approved' });
      expect(approved.body.data.decidedAt).toEqual(expect.any(String));
      expectError(await dev.call(hr, 'POST', `${REQUESTS}/${future}/approve`), 409, 'LEAVE_REQUEST_ALREADY_APPROVED');
      const notPending = await dev.call(hr, 'POST', `${REQUESTS}/${future}/reject`);
      expectError(notPending, 409, 'LEAVE_REQUEST_NOT_PENDING');
      expect(notPending.body.message).toBe('The leave request is no longer pending (approved).');
      expect((await dev.call(hr, 'POST', `${REQUESTS}/${future}/cancel`)).body.data.status).toBe('cancelled');
      expectError(await dev.call(hr, 'POST', `${REQUESTS}/${future}/cancel`), 409, 'LEAVE_REQUEST_NOT_PENDING');
      expectError(await dev.call(hr, 'POST', `${REQUESTS}/${future}/approve`), 409, 'LEAVE_REQUEST_NOT_PENDING');

      const past = (await request(employeeId, '2026-03-02', '2026-03-03')).body.data.id;
      await dev.call(hr, 'POST', `${REQUESTS}/${past}/approve`);
      expectError(await dev.call(hr, 'POST', `${REQUESTS}/${past}/cancel`), 409, 'LEAVE_REQUEST_NOT_PENDING');

      const rejected = (await request(employeeId, '2027-10-11', '2027-10-11')).body.data.id;
      expect((await dev.call(hr, 'POST', `${REQUESTS}/${rejected}/reject`)).body.data.status).toBe('rejected');
      expectError(await dev.call(hr, 'POST', `${REQUESTS}/${rejected}/approve`), 409, 'LEAVE_REQUEST_NOT_PENDING');

      const other = await stack.developer();
      for (const id of [future, randomUUID(), 'nope']) {
        expectError(await other.call(hr, 'GET', `${REQUESTS}/${id}`), 404, 'LEAVE_REQUEST_NOT_FOUND');
        expectError(await other.call(hr, 'POST', `${REQUESTS}/${id}/approve`), 404, 'LEAVE_REQUEST_NOT_FOUND');
      }
    });

    it('lists with filters', async () => {
      const employeeId = await hire(dev, hr);
      const ids = [];
      for (const [start, end] of [
        ['2027-01-04', '2027-01-05'],
        ['2027-02-01', '2027-02-02'],
        ['2027-03-01', '2027-03-02'],
      ])
        ids.push((await request(employeeId, start, end)).body.data.id);
      await dev.call(hr, 'POST', `${REQUESTS}/${ids[1]}/approve`);
      const all = await dev.call(hr, 'GET', `${REQUESTS}?employeeId=${employeeId}`);
      expect(all.body.data.items.map((r: { id: string }) => r.id)).toEqual(ids);
      expect((await dev.call(hr, 'GET', `${REQUESTS}?employeeId=${employeeId}&status=approved`)).body.data.items.map((r: { id: string }) => r.id)).toEqual([
        ids[1],
      ]);
      const window = await dev.call(hr, 'GET', `${REQUESTS}?employeeId=${employeeId}&from=2027-01-05&to=2027-02-01&limit=1&page=2`);
      expect(window.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
      expect(window.body.data.items[0].id).toBe(ids[1]);
      expectError(await dev.call(hr, 'GET', `${REQUESTS}?from=2027-02-01&to=2027-01-01`), 400, 'VALIDATION_FAILED');
      expectError(await dev.call(hr, 'GET', `${REQUESTS}?status=done`), 400, 'VALIDATION_FAILED');
      expectError(await dev.call(hr, 'GET', `${REQUESTS}?from=2027-13-01`), 400, 'VALIDATION_FAILED');
    });
  });

  describe('balances', () => {
    it('reports allowance, taken, pending and remaining per type for a year, splitting requests across New Year', async () => {
      const employeeId = await hire(dev, hr);
      const approvedId = (await request(employeeId, '2027-12-27', '2028-01-04')).body.data.id;
      await dev.call(hr, 'POST', `${REQUESTS}/${approvedId}/approve`);
      await request(employeeId, '2027-11-01', '2027-11-01', { startHalfDay: true });
      await request(employeeId, '2027-11-08', '2027-11-09', { leaveTypeId: unpaid });

      const balances = await dev.call(hr, 'GET', `/api/v1/hr/employees/${employeeId}/leave-balances?year=2027`);
      expect(balances.status).toBe(200);
      const byName = Object.fromEntries(balances.body.data.map((b: { name: string }) => [b.name, b]));
      expect(byName['Annual leave']).toEqual({ leaveTypeId: annual, name: 'Annual leave', paid: true, allowance: 10, taken: 5, pending: 0.5, remaining: 4.5 });
      expect(byName['Unpaid leave']).toEqual({ leaveTypeId: unpaid, name: 'Unpaid leave', paid: false, allowance: 0, taken: 0, pending: 2, remaining: -2 });
      const next = await dev.call(hr, 'GET', `/api/v1/hr/employees/${employeeId}/leave-balances?year=2028`);
      expect(next.body.data.find((b: { name: string }) => b.name === 'Annual leave')).toMatchObject({ taken: 2, pending: 0, remaining: 8 });
      const current = await dev.call(hr, 'GET', `/api/v1/hr/employees/${employeeId}/leave-balances`);
      expect(current.body.data.find((b: { name: string }) => b.name === 'Annual leave')).toMatchObject({ allowance: 10 });

      expectError(await dev.call(hr, 'GET', `/api/v1/hr/employees/${employeeId}/leave-balances?year=abc`), 400, 'VALIDATION_FAILED');
      expectError(await dev.call(hr, 'GET', `/api/v1/hr/employees/${randomUUID()}/leave-balances`), 404, 'USER_NOT_FOUND');
      const other = await stack.developer();
      expectError(await other.call(hr, 'GET', `/api/v1/hr/employees/${employeeId}/leave-balances`), 404, 'USER_NOT_FOUND');
    });
  });

  it('needs hr scopes', async () => {
    const reader = await stack.developer({ scopes: ['hr:read'] });
    expect((await reader.call(hr, 'GET', REQUESTS)).status).toBe(200);
    expect((await reader.call(hr, 'GET', TYPES)).status).toBe(200);
    expectError(await reader.call(hr, 'POST', TYPES, { body: { name: 'X', annualAllowanceDays: 1 } }), 403, 'INSUFFICIENT_SCOPE');
    expectError(await reader.call(hr, 'POST', `${REQUESTS}/${randomUUID()}/approve`), 403, 'INSUFFICIENT_SCOPE');
  });
});
