import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { PayrollModule } from '../../payroll/src/payroll.module';
import { HrModule } from '../src/hr.module';
import { call } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { contractBody, hire } from './fixtures';

const MARCH = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };
const COUNT = 2000;

/**
 * `count` employees with a monthly contract in force in March 2026: one hired over the API, the
 * others copies of it written in one statement each (hiring thousands one request at a time is
 * not what this test is about). Returns their ids.
 */
async function employeesWithContracts(hr: RunningApp, dev: Developer, count: number): Promise<string[]> {
  const model = await hire(dev, hr, {
    firstName: 'Model',
    lastName: 'Employee',
    hireDate: '2021-01-04',
    payout: { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' },
  });
  const contract = await dev.call(hr, 'POST', '/api/v1/hr/contracts', { body: contractBody(model, { startDate: '2021-01-04', baseSalary: 200_000 }) });
  expect(contract.status).toBe(201);
  const dataSource = hr.app.get(DataSource);
  await dataSource.transaction(async (manager) => {
    await manager.query(
      `INSERT INTO hr.employees (company_id, external_id, first_name, last_name, email, phone, hire_date, job_title, department, status, country, payout)
       SELECT e.company_id, 'COPY-' || n, 'Copy', 'Employee ' || lpad(n::text, 5, '0'), e.email, e.phone, e.hire_date, e.job_title, e.department, e.status, e.country, e.payout
       FROM hr.employees e CROSS JOIN generate_series(1, $2) AS n WHERE e.id = $1`,
      [model, count - 1],
    );
    await manager.query(
      `INSERT INTO hr.contracts (company_id, employee_id, type, status, start_date, base_salary, currency, pay_frequency, allowances, deductions)
       SELECT c.company_id, e.id, c.type, c.status, c.start_date, c.base_salary, c.currency, c.pay_frequency, c.allowances, c.deductions
       FROM hr.contracts c JOIN hr.employees e ON e.company_id = c.company_id AND e.external_id LIKE 'COPY-%'
       WHERE c.employee_id = $1`,
      [model],
    );
  });
  const rows: { id: string }[] = await dataSource.query('SELECT id FROM hr.employees WHERE company_id = $1', [dev.organizationId]);
  expect(rows).toHaveLength(count);
  return rows.map((row) => row.id);
}

describe('payroll runs over HR data asked in pages', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let payroll: RunningApp;
  let dev: Developer;
  let ids: string[];

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url });
    dev = await stack.developer();
    ids = await employeesWithContracts(hr, dev, COUNT);
  }, 120_000);
  afterAll(() => stack.stop());

  /** Every employee has exactly one payslip in the run: no page was skipped or read twice. */
  async function expectOnePayslipEach(runId: string) {
    const rows: { employee_id: string }[] = await payroll.app
      .get(DataSource)
      .query('SELECT employee_id FROM payroll.payslips WHERE company_id = $1 AND run_id = $2', [dev.organizationId, runId]);
    expect(rows.map((row) => row.employee_id).sort()).toEqual([...ids].sort());
  }

  it(`creates a run for ${COUNT} listed employees (more than a query string or one page carries)`, async () => {
    const run = await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: { ...MARCH, employeeIds: ids } });
    expect(run.status).toBe(201);
    expect(run.body.data).toMatchObject({ status: 'draft', employeeCount: COUNT, employeeIds: ids });
    await expectOnePayslipEach(run.body.data.id);
    expect((await dev.call(payroll, 'POST', `/api/v1/payroll/runs/${run.body.data.id}/cancel`)).status).toBe(200);
  }, 60_000);

  it('creates a run for every employee with a contract in force, walking the pages', async () => {
    const run = await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH });
    expect(run.status).toBe(201);
    expect(run.body.data).toMatchObject({ employeeCount: COUNT, employeeIds: null });
    await expectOnePayslipEach(run.body.data.id);
    expect((await dev.call(payroll, 'POST', `/api/v1/payroll/runs/${run.body.data.id}/cancel`)).status).toBe(200);
  }, 60_000);

  it('names the unknown ids of every page', async () => {
    const strangers = [randomUUID(), randomUUID()];
    const listed = [strangers[0], ...ids.slice(0, 1500), strangers[1], ...ids.slice(1500, 1999)];
    const refused = await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: { ...MARCH, employeeIds: listed } });
    expectError(refused, 404, 'USER_NOT_FOUND');
    expect(refused.body.details).toEqual({ employeeIds: strangers });
  }, 60_000);

  /** A proxy to HR that passes `pages` payroll-input requests and answers 500 to the next ones. */
  async function failingAfter(pages: number): Promise<{ url: string; server: Server }> {
    let seen = 0;
    const target = new URL(hr.url);
    const server = createServer((incoming, outgoing) => {
      if (incoming.url?.startsWith('/internal/v1/hr/payroll-inputs') && ++seen > pages) {
        incoming.resume();
        outgoing.writeHead(500, { 'content-type': 'application/json' }).end('{"success":false}');
        return;
      }
      const forwarded = httpRequest(
        { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  it('writes nothing when HR fails on a later page, creating or recalculating', async () => {
    const proxy = await failingAfter(1);
    try {
      const behind = await stack.startApp(PayrollModule, 'payroll', { HR_URL: proxy.url });
      const dataSource = payroll.app.get(DataSource);
      const counts = async () =>
        (
          await dataSource.query(
            'SELECT (SELECT count(*) FROM payroll.payroll_runs WHERE company_id = $1)::int AS runs, (SELECT count(*) FROM payroll.payslips WHERE company_id = $1)::int AS payslips',
            [dev.organizationId],
          )
        )[0];
      const before = await counts();
      expectError(await dev.call(behind, 'POST', '/api/v1/payroll/runs', { body: MARCH }), 503, 'UPSTREAM_UNAVAILABLE');
      expect(await counts()).toEqual(before);

      const run = (await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH })).body.data;
      const written = await counts();
      expectError(await dev.call(behind, 'POST', `/api/v1/payroll/runs/${run.id}/recalculate`), 503, 'UPSTREAM_UNAVAILABLE');
      expect(await counts()).toEqual(written);
      expect((await dev.call(payroll, 'GET', `/api/v1/payroll/runs/${run.id}`)).body.data).toMatchObject({
        version: run.version,
        employeeCount: COUNT,
        totalNet: run.totalNet,
      });
      await expectOnePayslipEach(run.id);
      expect((await dev.call(payroll, 'POST', `/api/v1/payroll/runs/${run.id}/cancel`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  }, 60_000);

  it('answers each page of HR’s inputs with at most a page of employees', async () => {
    const page = await call(hr.url, 'POST', '/internal/v1/hr/payroll-inputs', {
      headers: { 'x-internal-token': stack.env.INTERNAL_TOKEN },
      body: { companyId: dev.organizationId, ...MARCH },
    });
    expect(page.status).toBe(200);
    expect(page.body.employees).toHaveLength(1000);
    expect(page.body.nextAfter).toBe([...ids].sort()[999]);
  });
});
