import { DataSource } from 'typeorm';
import { qualifiedTable } from '@platform/data';
import { BooksModule } from '../../books/src/books.module';
import { HrModule } from '../../hr/src/hr.module';
import { PayModule } from '../../pay/src/pay.module';
import { PayrollModule } from '../src/payroll.module';
import { PeriodClaim } from '../src/runs/period-claim.entity';
import { Payslip } from '../src/runs/payslip.entity';
import { RunningApp, TestStack } from '@test/support/stack';
import { handWorkedCompany, MARCH } from './hand-worked-month';

jest.setTimeout(120_000);

const RUNS = '/api/v1/payroll/runs';
/** Past what one statement of 4 bound values a row can carry on PostgreSQL (65,535 parameters). */
const PAYSLIPS = 17_000;

describe('approving a large run', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let payroll: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    const pay = await stack.startApp(PayModule, 'pay');
    const books = await stack.startApp(BooksModule, 'books');
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: pay.url, BOOKS_URL: books.url });
  });
  afterAll(() => stack.stop());

  it(`claims the month for ${PAYSLIPS.toLocaleString('en')} payslips in one transaction, and names the conflicts of a second run`, async () => {
    const { dev } = await handWorkedCompany(stack, hr);
    const created = await dev.call(payroll, 'POST', RUNS, { body: MARCH });
    expect(created.status).toBe(201);
    const runId = created.body.data.id;
    // the run's payslips, copied for employees of their own (the calculation of 17,000 employees is the scale bench's, not this test's)
    const dataSource = payroll.app.get(DataSource);
    const table = qualifiedTable(dataSource, Payslip);
    const columns = (
      await dataSource.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND column_name NOT IN ('id', 'employee_id')`,
        [dataSource.getMetadata(Payslip).schema ?? 'payroll', 'payslips'],
      )
    ).map((row: { column_name: string }) => `"${row.column_name}"`);
    await dataSource.query(
      `INSERT INTO ${table} ("employee_id", ${columns.join(', ')}) SELECT gen_random_uuid(), ${columns.map((column: string) => `p.${column}`).join(', ')} FROM ${table} p CROSS JOIN generate_series(1, $2) WHERE p."run_id" = $1 AND p."id" = (SELECT min("id"::text)::uuid FROM ${table} WHERE "run_id" = $1)`,
      [runId, PAYSLIPS - 3],
    );
    expect(await dataSource.getRepository(Payslip).countBy({ runId })).toBe(PAYSLIPS);

    const approved = await dev.call(payroll, 'POST', `${RUNS}/${runId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    expect(await dataSource.getRepository(PeriodClaim).countBy({ runId })).toBe(PAYSLIPS);

    // a second run of the month for the three real employees is refused, naming them
    const second = await dev.call(payroll, 'POST', RUNS, { body: MARCH });
    expect(second.status).toBe(201);
    const refused = await dev.call(payroll, 'POST', `${RUNS}/${second.body.data.id}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYROLL_RUN_PERIOD_CONFLICT');
    expect(refused.body.details.conflicts).toHaveLength(3);
    expect(new Set(refused.body.details.conflicts.map((conflict: { runId: string }) => conflict.runId))).toEqual(new Set([runId]));
  });
});
