import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Developer, RunningApp } from '@test/support/stack';

export const employeeBody = (over: Record<string, unknown> = {}) => ({
  externalId: `EMP-${randomUUID().slice(0, 8)}`,
  firstName: 'Amina',
  lastName: 'Nkemelu',
  email: 'amina@example.cm',
  hireDate: '2024-03-01',
  jobTitle: 'Accountant',
  department: 'Finance',
  status: 'active',
  ...over,
});

export async function hire(dev: Developer, hr: RunningApp, over: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<string> {
  const created = await dev.call(hr, 'POST', '/api/v1/hr/employees', { body: employeeBody(over), headers });
  if (created.status !== 201) throw new Error(`hire failed: ${created.text}`);
  return created.body.data.id;
}

export const contractBody = (employeeId: string, over: Record<string, unknown> = {}) => ({
  employeeId,
  type: 'permanent',
  startDate: '2025-01-01',
  baseSalary: 350_000,
  currency: 'XAF',
  payFrequency: 'monthly',
  ...over,
});

/** The events of one resource (`contract`: contract.activated, contract.ended) HR recorded for a company, in the order they occurred. */
export async function recordedEvents(hr: RunningApp, companyId: string, resource: string): Promise<{ type: string; data: Record<string, any> }[]> {
  return hr.app
    .get(DataSource)
    .query(`SELECT "type", "data" FROM "hr"."outbox_events" WHERE "company_id" = $1 AND "type" LIKE $2 ORDER BY "occurred_at", "id"`, [
      companyId,
      `${resource}.%`,
    ]);
}
