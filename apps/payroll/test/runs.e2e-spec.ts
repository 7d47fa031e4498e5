import { randomUUID } from 'node:crypto';
import { HrModule } from '../../hr/src/hr.module';
import { PayrollModule } from '../src/payroll.module';
import { expectError, RunningApp, TestStack } from '@test/support/stack';
import { handWorkedCompany, hire, MARCH } from './hand-worked-month';

const RUNS = '/api/v1/payroll/runs';

describe('payroll runs from HR data', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let payroll: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url });
  });
  afterAll(() => stack.stop());

  const newCompany = () => handWorkedCompany(stack, hr);

  it('reproduces the hand-worked month to the unit: full month, hired mid-month, unpaid leave', async () => {
    const { dev, a, b, c } = await newCompany();
    const run = await dev.call(payroll, 'POST', RUNS, { body: MARCH });
    expect(run.status).toBe(201);
    expect(run.body.data).toMatchObject({
      status: 'draft',
      ...MARCH,
      country: 'CM',
      currency: 'XAF',
      ruleSetVersion: 'CM-2024-01',
      employeeCount: 3,
      totalGross: 530_000 + 163_636 + 215_909,
      totalNet: 445_261 + 144_666 + 188_888,
      totalEmployerContributions: 81_885 + 25_283 + 33_358,
    });

    const slips = await dev.call(payroll, 'GET', `${RUNS}/${run.body.data.id}/payslips`);
    expect(slips.body.data.total).toBe(3);
    const byEmployee = Object.fromEntries(slips.body.data.items.map((s: { employeeId: string }) => [s.employeeId, s]));
    const deductions = (slip: { deductions: { code: string; amount: number }[] }) => Object.fromEntries(slip.deductions.map((d) => [d.code, d.amount]));

    expect(byEmployee[a]).toMatchObject({
      grossPay: 530_000,
      netPay: 445_261,
      employerCost: 611_885,
      workedDays: 22,
      unpaidLeaveDays: 0,
      currency: 'XAF',
      employeeName: 'Amina A',
    });
    expect(deductions(byEmployee[a])).toEqual({ CNPS_PVID: 22_260, IRPP: 43_435, CAC: 4_344, CFC: 5_300, RAV: 7_150, TDL: 2_250 });
    expect(byEmployee[a].payout).toMatchObject({ method: 'mobile_money', phoneNumber: '+237677123456' });

    expect(byEmployee[b]).toMatchObject({ grossPay: 163_636, netPay: 144_666, workedDays: 12 });
    expect(deductions(byEmployee[b])).toEqual({ CNPS_PVID: 6_873, IRPP: 6_601, CAC: 660, CFC: 1_636, RAV: 1_950, TDL: 1_250 });

    expect(byEmployee[c]).toMatchObject({ grossPay: 215_909, netPay: 188_888, unpaidLeaveDays: 3 });
    expect(byEmployee[c].earnings).toEqual([
      { code: 'BASE', name: 'Base salary', amount: 250_000 },
      { code: 'UNPAID_LEAVE', name: 'Unpaid leave', amount: -34_091 },
    ]);
    expect(deductions(byEmployee[c])).toEqual({ CNPS_PVID: 9_068, IRPP: 10_040, CAC: 1_004, CFC: 2_159, RAV: 3_250, TDL: 1_500 });
  });

  it('moves draft → approved and locks it; cancel frees the month; every change to a locked run is 409', async () => {
    const { dev, a } = await newCompany();
    const id = (await dev.call(payroll, 'POST', RUNS, { body: MARCH })).body.data.id;

    const narrowed = await dev.call(payroll, 'PATCH', `${RUNS}/${id}`, { body: { employeeIds: [a] } });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data).toMatchObject({ employeeCount: 1, totalNet: 445_261, employeeIds: [a], version: 2 });
    expect((await dev.call(payroll, 'GET', `${RUNS}/${id}/payslips`)).body.data.total).toBe(1);

    const approved = await dev.call(payroll, 'POST', `${RUNS}/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved' });
    expect(approved.body.data.approvedAt).toBeTruthy();

    expectError(await dev.call(payroll, 'PATCH', `${RUNS}/${id}`, { body: { employeeIds: null } }), 409, 'PAYROLL_RUN_LOCKED');
    expectError(await dev.call(payroll, 'POST', `${RUNS}/${id}/recalculate`), 409, 'PAYROLL_RUN_LOCKED');
    expectError(await dev.call(payroll, 'POST', `${RUNS}/${id}/approve`), 409, 'PAYROLL_RUN_LOCKED');

    // a second run paying the same employee for March cannot be approved
    const second = (await dev.call(payroll, 'POST', RUNS, { body: MARCH })).body.data.id;
    const conflict = await dev.call(payroll, 'POST', `${RUNS}/${second}/approve`);
    expectError(conflict, 409, 'PAYROLL_RUN_PERIOD_CONFLICT');
    expect(conflict.body.details.conflicts).toEqual([{ employeeId: a, runId: id }]);
    expect((await dev.call(payroll, 'GET', `${RUNS}/${second}`)).body.data.status).toBe('draft');

    expect((await dev.call(payroll, 'POST', `${RUNS}/${id}/cancel`)).body.data.status).toBe('cancelled');
    expectError(await dev.call(payroll, 'POST', `${RUNS}/${id}/cancel`), 409, 'PAYROLL_RUN_LOCKED');
    expectError(await dev.call(payroll, 'PATCH', `${RUNS}/${id}`, { body: {} }), 409, 'PAYROLL_RUN_LOCKED');
    expect((await dev.call(payroll, 'POST', `${RUNS}/${second}/approve`)).status).toBe(200);

    const approvedList = await dev.call(payroll, 'GET', `${RUNS}?status=approved`);
    expect(approvedList.body.data.items.map((r: { id: string }) => r.id)).toEqual([second]);
    expect((await dev.call(payroll, 'GET', `${RUNS}?from=2026-04-01`)).body.data.total).toBe(0);
  });

  it('lets only one of two concurrent approvals win, and never a change after approval', async () => {
    const { dev, a } = await newCompany();
    const id = (await dev.call(payroll, 'POST', RUNS, { body: MARCH })).body.data.id;
    const approvals = await Promise.all([dev.call(payroll, 'POST', `${RUNS}/${id}/approve`), dev.call(payroll, 'POST', `${RUNS}/${id}/approve`)]);
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);

    const other = await newCompany();
    const draft = (await other.dev.call(payroll, 'POST', RUNS, { body: MARCH })).body.data.id;
    const [patched, approved] = await Promise.all([
      other.dev.call(payroll, 'PATCH', `${RUNS}/${draft}`, { body: { employeeIds: [other.a] } }),
      other.dev.call(payroll, 'POST', `${RUNS}/${draft}/approve`),
    ]);
    expect(approved.status).toBe(200);
    const final = await other.dev.call(payroll, 'GET', `${RUNS}/${draft}`);
    const slips = await other.dev.call(payroll, 'GET', `${RUNS}/${draft}/payslips`);
    expect(final.body.data.status).toBe('approved');
    if (patched.status === 200) {
      // the change landed first: the approval took the changed run
      expect(final.body.data.employeeCount).toBe(1);
    } else {
      expectError(patched, 409, 'PAYROLL_RUN_LOCKED');
      expect(final.body.data.employeeCount).toBe(3);
    }
    expect(slips.body.data.total).toBe(final.body.data.employeeCount);
    expect(a).toBeDefined();
  });

  it('refuses unknown, foreign and contract-less employees, and bad periods', async () => {
    const { dev, a } = await newCompany();
    const stranger = await newCompany();
    const unknown = await dev.call(payroll, 'POST', RUNS, { body: { ...MARCH, employeeIds: [a, randomUUID()] } });
    expectError(unknown, 404, 'USER_NOT_FOUND');
    expectError(await dev.call(payroll, 'POST', RUNS, { body: { ...MARCH, employeeIds: [stranger.a] } }), 404, 'USER_NOT_FOUND');

    const idle = await dev.call(hr, 'POST', '/api/v1/hr/employees', {
      body: {
        externalId: 'NO-CONTRACT',
        firstName: 'No',
        lastName: 'Contract',
        email: 'n@example.cm',
        hireDate: '2020-01-01',
        jobTitle: 'x',
        department: 'y',
        status: 'active',
      },
    });
    const ineligible = await dev.call(payroll, 'POST', RUNS, { body: { ...MARCH, employeeIds: [idle.body.data.id] } });
    expectError(ineligible, 400, 'VALIDATION_FAILED');
    expect(ineligible.body.errors.employeeIds[0]).toContain(idle.body.data.id);

    const twoMonths = await dev.call(payroll, 'POST', RUNS, { body: { periodStart: '2026-03-20', periodEnd: '2026-04-10' } });
    expectError(twoMonths, 400, 'VALIDATION_FAILED');
    expect(twoMonths.body.errors.periodEnd).toEqual(['the period must lie within one calendar month']);
    expectError(await dev.call(payroll, 'POST', RUNS, { body: { periodStart: '2026-03-31', periodEnd: '2026-03-01' } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(payroll, 'POST', RUNS, { body: { periodStart: '2026-02-30', periodEnd: '2026-03-01' } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(payroll, 'POST', RUNS, { body: { ...MARCH, country: 'GA' } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(payroll, 'POST', RUNS, { body: { ...MARCH, employeeIds: ['x'] } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(payroll, 'POST', RUNS, { body: { periodStart: '2023-03-01', periodEnd: '2023-03-31' } }), 422, 'PAYROLL_RULES_UNAVAILABLE');

    const empty = await stack.developer();
    expectError(await empty.call(payroll, 'POST', RUNS, { body: MARCH }), 400, 'PAYROLL_NO_ELIGIBLE_EMPLOYEES');
  });

  it('hides another company’s runs and scopes runs to the acting company', async () => {
    const { dev } = await newCompany();
    const id = (await dev.call(payroll, 'POST', RUNS, { body: MARCH })).body.data.id;
    const other = await stack.developer();
    expectError(await other.call(payroll, 'GET', `${RUNS}/${id}`), 404, 'PAYROLL_RUN_NOT_FOUND');
    expectError(await other.call(payroll, 'GET', `${RUNS}/${id}/payslips`), 404, 'PAYROLL_RUN_NOT_FOUND');
    expectError(await other.call(payroll, 'POST', `${RUNS}/${id}/approve`), 404, 'PAYROLL_RUN_NOT_FOUND');
    expectError(await dev.call(payroll, 'GET', `${RUNS}/not-a-uuid`), 404, 'PAYROLL_RUN_NOT_FOUND');
    expect((await other.call(payroll, 'GET', RUNS)).body.data.total).toBe(0);

    const workspace = (await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Clients' } })).body.data.id;
    const company = (await dev.call(stack.auth, 'POST', `/api/v1/workspaces/${workspace}/companies`, { body: { name: 'Client SARL' } })).body.data.id;
    const acting = { 'x-workspace-id': workspace, 'x-acting-company-id': company };
    await hire(hr, dev, { firstName: 'Client', lastName: 'Worker' }, { baseSalary: 100_000 }, acting);
    const clientRun = await dev.call(payroll, 'POST', RUNS, { body: MARCH, headers: acting });
    expect(clientRun.status).toBe(201);
    expect(clientRun.body.data).toMatchObject({ employeeCount: 1, companyId: company });
    expectError(await dev.call(payroll, 'GET', `${RUNS}/${clientRun.body.data.id}`), 404, 'PAYROLL_RUN_NOT_FOUND');
  });

  it('needs payroll scopes', async () => {
    const reader = await stack.developer({ scopes: ['payroll:read'] });
    expect((await reader.call(payroll, 'GET', RUNS)).status).toBe(200);
    expectError(await reader.call(payroll, 'POST', RUNS, { body: MARCH }), 403, 'INSUFFICIENT_SCOPE');
  });

  it('fails cleanly with 503 UPSTREAM_UNAVAILABLE when HR is down, writing nothing', async () => {
    const { dev } = await newCompany();
    const before = (await dev.call(payroll, 'GET', RUNS)).body.data.total;
    await hr.close();
    const refused = await dev.call(payroll, 'POST', RUNS, { body: MARCH });
    expectError(refused, 503, 'UPSTREAM_UNAVAILABLE');
    expect((await dev.call(payroll, 'GET', RUNS)).body.data.total).toBe(before);
  });
});
