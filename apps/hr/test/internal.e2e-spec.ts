import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { call, eventually } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { contractBody, hire } from './fixtures';

const MARCH = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };

describe('HR internal API', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let internal: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    internal = { 'x-internal-token': stack.env.INTERNAL_TOKEN };
  });
  afterAll(() => stack.stop());

  const get = (path: string) => call(hr.url, 'GET', path, { headers: internal });
  const inputs = (body: Record<string, unknown>) => call(hr.url, 'POST', '/internal/v1/hr/payroll-inputs', { headers: internal, body });

  describe('POST /internal/v1/hr/payroll-inputs', () => {
    let dev: Developer;
    let abena: string;
    let biya: string;
    let chantal: string;
    let later: string;
    let theirs: string;
    let contracts: { ended: Record<string, unknown>; active: Record<string, unknown> };

    beforeAll(async () => {
      dev = await stack.developer();
      const payout = {
        method: 'bank',
        bankName: 'Afriland First Bank',
        bankCode: '10005',
        accountNumber: '10005000010123456789012',
        accountHolder: 'Abena Amina',
      };
      abena = await hire(dev, hr, { lastName: 'Abena', hireDate: '2025-01-01', nationalId: '112233445', socialInsuranceNumber: 'CNPS-0001', payout });
      biya = await hire(dev, hr, { lastName: 'Biya' });
      chantal = await hire(dev, hr, { lastName: 'Chantal' });
      later = await hire(dev, hr, { lastName: 'Later' });
      const other = await stack.developer();
      theirs = await hire(other, hr);
      await other.call(hr, 'POST', '/api/v1/hr/contracts', { body: contractBody(theirs) });

      const post = async (path: string, body: Record<string, unknown>) => {
        const result = await dev.call(hr, 'POST', path, { body });
        expect(result.status).toBe(201);
        return result.body.data;
      };
      const ended = await post(
        '/api/v1/hr/contracts',
        contractBody(abena, { type: 'fixed_term', startDate: '2025-01-01', endDate: '2026-06-30', baseSalary: 300_000 }),
      );
      await dev.call(hr, 'PATCH', `/api/v1/hr/contracts/${ended.id}`, { body: { status: 'ended', endDate: '2026-03-15' } });
      const active = await post(
        '/api/v1/hr/contracts',
        contractBody(abena, {
          startDate: '2026-03-16',
          baseSalary: 400_000,
          allowances: [{ code: 'TRANSPORT', name: 'Transport', amount: 25_000 }],
          deductions: [{ code: 'LOAN', name: 'Staff loan', amount: 10_000 }],
        }),
      );
      contracts = { ended: { ...ended, status: 'ended', endDate: '2026-03-15' }, active };
      await post('/api/v1/hr/contracts', contractBody(biya, { status: 'draft' }));
      await post('/api/v1/hr/contracts', contractBody(chantal, { type: 'fixed_term', startDate: '2025-01-01', endDate: '2026-02-28' }));
      await post('/api/v1/hr/contracts', contractBody(later, { startDate: '2026-04-01' }));

      const unpaid = (await post('/api/v1/hr/leave-types', { name: 'Unpaid', annualAllowanceDays: 0, paid: false })).id;
      const paid = (await post('/api/v1/hr/leave-types', { name: 'Annual', annualAllowanceDays: 20 })).id;
      const leave = async (leaveTypeId: string, startDate: string, endDate: string, over: Record<string, unknown> = {}, approve = true) => {
        const request = await post('/api/v1/hr/leave-requests', { employeeId: abena, leaveTypeId, startDate, endDate, ...over });
        if (approve) expect((await dev.call(hr, 'POST', `/api/v1/hr/leave-requests/${request.id}/approve`)).status).toBe(200);
      };
      // 2026-03-05 is a Thursday: half a day, then Tue–Thu, then Mon 30 – Thu 2 April (2 days in March).
      await leave(unpaid, '2026-03-05', '2026-03-05', { startHalfDay: true });
      await leave(unpaid, '2026-03-10', '2026-03-12');
      await leave(unpaid, '2026-03-30', '2026-04-02');
      await leave(paid, '2026-03-20', '2026-03-20');
      await leave(unpaid, '2026-03-23', '2026-03-23', {}, false);
    });

    const contractView = (contract: Record<string, unknown>) => ({
      id: contract.id,
      type: contract.type,
      status: contract.status,
      startDate: contract.startDate,
      endDate: contract.endDate,
      baseSalary: contract.baseSalary,
      currency: 'XAF',
      payFrequency: 'monthly',
      allowances: contract.allowances,
      deductions: contract.deductions,
    });

    it('answers, raw, every employee of the company with a contract in force in the period', async () => {
      const result = await inputs({ companyId: dev.organizationId, ...MARCH });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({
        nextAfter: null,
        unknownEmployeeIds: [],
        ineligibleEmployeeIds: [],
        employees: [
          {
            id: abena,
            externalId: expect.any(String),
            firstName: 'Amina',
            lastName: 'Abena',
            email: 'amina@example.cm',
            status: 'active',
            hireDate: '2025-01-01',
            terminationDate: null,
            nationalId: '112233445',
            socialInsuranceNumber: 'CNPS-0001',
            country: 'CM',
            payout: {
              method: 'bank',
              bankName: 'Afriland First Bank',
              bankCode: '10005',
              accountNumber: '10005000010123456789012',
              accountHolder: 'Abena Amina',
            },
            contracts: [contractView(contracts.ended), contractView(contracts.active)],
            unpaidLeaveDays: 5.5,
          },
        ],
      });
      expect(result.body.employees[0].contracts[1].allowances).toEqual([
        { code: 'TRANSPORT', name: 'Transport', amount: 25_000, taxable: true, contributory: true },
      ]);
    });

    it('sorts the listed ids into employees, ineligible and unknown (another company’s employee is unknown)', async () => {
      const stranger = randomUUID();
      const result = await inputs({
        companyId: dev.organizationId,
        ...MARCH,
        employeeIds: [abena, biya, chantal, later, theirs, stranger, abena.toUpperCase()],
      });
      expect(result.status).toBe(200);
      expect(result.body.unknownEmployeeIds).toEqual([theirs, stranger]);
      expect(result.body.ineligibleEmployeeIds).toEqual([biya, chantal, later]);
      expect(result.body.employees.map((e: { id: string }) => e.id)).toEqual([abena]);
      expect(result.body.nextAfter).toBeNull();

      const none = await inputs({ companyId: dev.organizationId, ...MARCH, employeeIds: [stranger] });
      expect(none.body).toEqual({ unknownEmployeeIds: [stranger], ineligibleEmployeeIds: [], employees: [], nextAfter: null });
      const april = await inputs({ companyId: dev.organizationId, periodStart: '2026-04-01', periodEnd: '2026-04-30' });
      expect(april.body.employees.map((e: { id: string; unpaidLeaveDays: number }) => [e.id, e.unpaidLeaveDays])).toEqual(
        [abena, later].sort().map((id) => [id, id === abena ? 2 : 0]),
      );
      const empty = await inputs({ companyId: randomUUID(), ...MARCH });
      expect(empty.body).toEqual({ unknownEmployeeIds: [], ineligibleEmployeeIds: [], employees: [], nextAfter: null });
    });

    it('pages through the employees with a contract in force by id, with a cursor', async () => {
      const april = { companyId: dev.organizationId, periodStart: '2026-04-01', periodEnd: '2026-04-30' };
      const [first, second] = [abena, later].sort();
      const page = await inputs({ ...april, limit: 1 });
      expect(page.status).toBe(200);
      expect(page.body.employees.map((e: { id: string }) => e.id)).toEqual([first]);
      expect(page.body.nextAfter).toBe(first);
      const last = await inputs({ ...april, limit: 1, after: page.body.nextAfter });
      expect(last.body.employees.map((e: { id: string }) => e.id)).toEqual([second]);
      expect(last.body.nextAfter).toBeNull();
      expect((await inputs({ ...april, after: second })).body).toEqual({ unknownEmployeeIds: [], ineligibleEmployeeIds: [], employees: [], nextAfter: null });
      expect((await inputs({ ...april, after: '00000000-0000-0000-0000-000000000000' })).body.employees).toHaveLength(2);
    });

    it('refuses a bad request with VALIDATION_FAILED', async () => {
      const company = { companyId: dev.organizationId };
      for (const body of [
        MARCH,
        { companyId: 'nope', ...MARCH },
        { ...company, periodStart: '2026-02-30', periodEnd: '2026-03-31' },
        { ...company, periodStart: '2026-03-31', periodEnd: '2026-03-01' },
        { ...company, periodStart: '2025-01-01', periodEnd: '2026-03-01' },
        { ...company, ...MARCH, employeeIds: ['abc'] },
        { ...company, ...MARCH, employeeIds: abena },
        { ...company, ...MARCH, employeeIds: Array.from({ length: 1001 }, () => randomUUID()) },
        { ...company, ...MARCH, employeeIds: [abena], after: abena },
        { ...company, ...MARCH, after: 'abc' },
        { ...company, ...MARCH, limit: 0 },
        { ...company, ...MARCH, limit: 1001 },
        { ...company, ...MARCH, extra: 1 },
      ]) {
        expectError(await inputs(body), 400, 'VALIDATION_FAILED');
      }
    });

    it('is hidden without the internal token, and not served under the public prefix or as a GET', async () => {
      const body = { companyId: dev.organizationId, ...MARCH };
      expectError(await call(hr.url, 'POST', '/internal/v1/hr/payroll-inputs', { body }), 404, 'HTTP_ERROR');
      expectError(await call(hr.url, 'POST', '/internal/v1/hr/payroll-inputs', { body, headers: { 'x-internal-token': 'wrong' } }), 404, 'HTTP_ERROR');
      expectError(await dev.call(hr, 'POST', '/api/v1/hr/internal/v1/hr/payroll-inputs', { body }), 404, 'HTTP_ERROR');
      expectError(await get(`/internal/v1/hr/payroll-inputs?companyId=${dev.organizationId}&periodStart=2026-03-01&periodEnd=2026-03-31`), 404, 'HTTP_ERROR');
    });
  });

  describe('GET /internal/v1/hr/events', () => {
    it('feeds the domain events of HR changes in order, written with the changes', async () => {
      const start = (await get('/internal/v1/hr/events?after=0&limit=500')).body;
      let cursor = start.nextAfter as number;
      while (true) {
        const page = (await get(`/internal/v1/hr/events?after=${cursor}&limit=500`)).body;
        if (!page.items.length) break;
        cursor = page.nextAfter;
      }

      const dev = await stack.developer();
      const employeeId = await hire(dev, hr);
      await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${employeeId}`, { body: { department: 'Audit' } });
      await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${employeeId}`, { body: { department: 'Audit' } });
      const contract = (await dev.call(hr, 'POST', '/api/v1/hr/contracts', { body: contractBody(employeeId) })).body.data;
      expect((await dev.call(hr, 'POST', '/api/v1/hr/contracts', { body: contractBody(employeeId) })).status).toBe(409);
      await dev.call(hr, 'PATCH', `/api/v1/hr/contracts/${contract.id}`, { body: { status: 'ended', endDate: '2025-12-31' } });
      const type = (await dev.call(hr, 'POST', '/api/v1/hr/leave-types', { body: { name: 'Annual', annualAllowanceDays: 20 } })).body.data.id;
      const leave = (
        await dev.call(hr, 'POST', '/api/v1/hr/leave-requests', { body: { employeeId, leaveTypeId: type, startDate: '2030-03-04', endDate: '2030-03-05' } })
      ).body.data;
      await dev.call(hr, 'POST', `/api/v1/hr/leave-requests/${leave.id}/approve`);
      await dev.call(hr, 'POST', `/api/v1/hr/leave-requests/${leave.id}/cancel`);
      await dev.call(hr, 'PATCH', `/api/v1/hr/employees/${employeeId}`, { body: { status: 'terminated', terminationDate: '2025-12-31' } });

      // the relay publishes right after each commit; earlier tests' events may still come in between
      const ours = (items: { companyId: string }[]) => items.filter((e) => e.companyId === dev.organizationId);
      const all = await eventually(async () => {
        const page = (await get(`/internal/v1/hr/events?after=${cursor}&limit=500`)).body;
        return ours(page.items).length >= 8 && page.items;
      });
      const feed = await get(`/internal/v1/hr/events?after=${cursor}&limit=3`);
      expect(feed.status).toBe(200);
      expect(feed.body.items).toEqual(all.slice(0, 3));
      const rest = await get(`/internal/v1/hr/events?after=${feed.body.nextAfter}`);
      expect([...feed.body.items, ...rest.body.items]).toEqual(all);
      const events = ours(all) as any[];
      expect(events.map((e: { type: string; data: { id: string } }) => [e.type, e.data.id])).toEqual([
        ['employee.created', employeeId],
        ['employee.updated', employeeId],
        ['contract.activated', contract.id],
        ['contract.ended', contract.id],
        ['leave_request.approved', leave.id],
        ['leave_request.cancelled', leave.id],
        ['employee.updated', employeeId],
        ['employee.terminated', employeeId],
      ]);
      expect(events[0]).toEqual({
        id: expect.any(String),
        type: 'employee.created',
        occurredAt: expect.any(String),
        companyId: dev.organizationId,
        data: expect.objectContaining({ id: employeeId, department: 'Finance', companyId: dev.organizationId }),
        version: 1,
        position: expect.any(Number),
      });
      expect(events[3].data).toMatchObject({ status: 'ended', endDate: '2025-12-31' });
      expect(events[7].data).toMatchObject({ status: 'terminated', terminationDate: '2025-12-31' });
      expect(rest.body.nextAfter).toBe(all[all.length - 1].position);
      expect((await get(`/internal/v1/hr/events?after=${rest.body.nextAfter}`)).body).toEqual({ items: [], nextAfter: rest.body.nextAfter });
    });

    it('validates the cursor and hides the feed without the internal token', async () => {
      for (const query of ['after=-1', 'after=abc', 'after=9007199254740992', 'limit=0', 'limit=501', 'since=1'])
        expectError(await get(`/internal/v1/hr/events?${query}`), 400, 'VALIDATION_FAILED');
      expectError(await call(hr.url, 'GET', '/internal/v1/hr/events'), 404, 'HTTP_ERROR');
    });
  });
});
