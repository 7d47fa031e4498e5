import { randomUUID } from 'node:crypto';
import { HrModule } from '../../hr/src/hr.module';
import { PayrollModule } from '../src/payroll.module';
import { call } from '@test/support/http';
import { expectError, RunningApp, TestStack } from '@test/support/stack';
import { HAND_WORKED, handWorkedCompany, MARCH } from './hand-worked-month';

/** The route utilities renders payslips from: a run of the company named in the query, with its payslips. */
describe('payroll internal payslips route', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let payroll: RunningApp;
  let internal: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url });
    internal = { 'x-internal-token': stack.env.INTERNAL_TOKEN };
  });
  afterAll(() => stack.stop());

  const payslips = (runId: string, query: string, headers = internal) =>
    call(payroll.url, 'GET', `/internal/v1/payroll/runs/${runId}/payslips?${query}`, { headers });

  it('answers the run and its payslips raw, all of them or one employee’s', async () => {
    const { dev, a } = await handWorkedCompany(stack, hr);
    const created = await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH });
    expect(created.status).toBe(201);
    const runId = created.body.data.id;

    const all = await payslips(runId, `companyId=${dev.organizationId}`);
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(['nextAfter', 'payslips', 'run']);
    expect(all.body.nextAfter).toBeNull();
    expect(all.body.run).toEqual(created.body.data);
    const listed = (await dev.call(payroll, 'GET', `/api/v1/payroll/runs/${runId}/payslips`)).body.data.items;
    expect(all.body.payslips).toEqual(listed);
    expect(all.body.payslips.map((slip: { netPay: number }) => slip.netPay)).toEqual([HAND_WORKED.netA, HAND_WORKED.netB, HAND_WORKED.netC]);

    // a page at a time: each page's nextAfter is the next one's after
    const first = await payslips(runId, `companyId=${dev.organizationId}&limit=2`);
    expect(first.body.payslips).toEqual(listed.slice(0, 2));
    expect(first.body.nextAfter).toBe(listed[1].id);
    const second = await payslips(runId, `companyId=${dev.organizationId}&limit=2&after=${first.body.nextAfter}`);
    expect(second.body).toMatchObject({ payslips: listed.slice(2), nextAfter: null });

    const one = await payslips(runId, `companyId=${dev.organizationId.toUpperCase()}&employeeId=${a}`);
    expect(one.status).toBe(200);
    expect(one.body.payslips).toEqual([
      expect.objectContaining({
        employeeId: a,
        netPay: HAND_WORKED.netA,
        payout: { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' },
      }),
    ]);
  });

  it('refuses in the error envelope: another company’s or a missing run, a bad query, no internal token', async () => {
    const { dev } = await handWorkedCompany(stack, hr);
    const runId = (await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH })).body.data.id;
    expectError(await payslips(runId, `companyId=${randomUUID()}`), 404, 'PAYROLL_RUN_NOT_FOUND');
    expectError(await payslips(randomUUID(), `companyId=${dev.organizationId}`), 404, 'PAYROLL_RUN_NOT_FOUND');
    expectError(await payslips('not-a-run', `companyId=${dev.organizationId}`), 404, 'PAYROLL_RUN_NOT_FOUND');
    expectError(await payslips(runId, 'companyId=acme'), 400, 'VALIDATION_FAILED');
    expectError(await payslips(runId, `companyId=${dev.organizationId}&employeeId=x`), 400, 'VALIDATION_FAILED');
    expectError(await payslips(runId, `companyId=${dev.organizationId}&limit=501`), 400, 'VALIDATION_FAILED');
    expectError(await payslips(runId, `companyId=${dev.organizationId}&after=x`), 400, 'VALIDATION_FAILED');
    expectError(await payslips(runId, `companyId=${dev.organizationId}`, {}), 404, 'HTTP_ERROR');
  });
});
