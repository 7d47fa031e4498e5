import { randomUUID } from 'node:crypto';
import { Developer, RunningApp, TestStack } from '@test/support/stack';

export const MARCH = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };

/** Net pay of the three employees of the month worked by hand (statutory/payslip-calculator.spec.ts). */
export const HAND_WORKED = { netA: 445_261, netB: 144_666, netC: 188_888, gross: 530_000 + 163_636 + 215_909 };

export async function hire(
  hr: RunningApp,
  dev: Developer,
  over: Record<string, unknown>,
  contract: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<string> {
  const employee = await dev.call(hr, 'POST', '/api/v1/hr/employees', {
    headers,
    body: {
      externalId: `E-${randomUUID().slice(0, 8)}`,
      firstName: 'Test',
      lastName: 'Employee',
      email: 'e@example.cm',
      hireDate: '2021-01-04',
      jobTitle: 'Clerk',
      department: 'Ops',
      status: 'active',
      nationalId: '123456789',
      socialInsuranceNumber: 'CNPS-0001',
      payout: { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' },
      ...over,
    },
  });
  expect(employee.status).toBe(201);
  const created = await dev.call(hr, 'POST', '/api/v1/hr/contracts', {
    headers,
    body: {
      employeeId: employee.body.data.id,
      type: 'permanent',
      startDate: employee.body.data.hireDate,
      currency: 'XAF',
      payFrequency: 'monthly',
      ...contract,
    },
  });
  expect(created.status).toBe(201);
  return employee.body.data.id as string;
}

/**
 * A company with the three employees of the hand-worked March 2026: A full month with a
 * transport allowance, B hired on the 16th, C with three days of approved unpaid leave.
 */
export async function handWorkedCompany(stack: TestStack, hr: RunningApp, payout: { c?: Record<string, unknown> } = {}) {
  const dev = await stack.developer();
  const a = await hire(
    hr,
    dev,
    { firstName: 'Amina', lastName: 'A', hireDate: '2022-05-02' },
    { baseSalary: 500_000, allowances: [{ code: 'TRANSPORT', name: 'Transport', amount: 30_000 }] },
  );
  const b = await hire(
    hr,
    dev,
    { firstName: 'Bruno', lastName: 'B', hireDate: '2026-03-16', payout: { method: 'bank', accountNumber: 'CM2100010001000123456789', bankName: 'Afriland' } },
    { baseSalary: 300_000 },
  );
  const c = await hire(
    hr,
    dev,
    { firstName: 'Chantal', lastName: 'C', hireDate: '2021-01-04', ...(payout.c ? { payout: payout.c } : {}) },
    { baseSalary: 250_000 },
  );
  const unpaid = await dev.call(hr, 'POST', '/api/v1/hr/leave-types', { body: { name: 'Unpaid leave', annualAllowanceDays: 0, paid: false } });
  expect(unpaid.status).toBe(201);
  const leave = await dev.call(hr, 'POST', '/api/v1/hr/leave-requests', {
    body: { employeeId: c, leaveTypeId: unpaid.body.data.id, startDate: '2026-03-10', endDate: '2026-03-12' },
  });
  expect(leave.status).toBe(201);
  expect((await dev.call(hr, 'POST', `/api/v1/hr/leave-requests/${leave.body.data.id}/approve`)).status).toBe(200);
  return { dev, a, b, c };
}
