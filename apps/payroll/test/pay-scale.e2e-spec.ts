import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { qualifiedTable } from '@platform/data';
import { BooksModule } from '../../books/src/books.module';
import { HrModule } from '../../hr/src/hr.module';
import { Payment } from '../../pay/src/payments/payment.entity';
import { PayModule } from '../../pay/src/pay.module';
import { PayrollModule } from '../src/payroll.module';
import { Payslip } from '../src/runs/payslip.entity';
import { RunningApp, TestStack } from '@test/support/stack';
import { MARCH } from './hand-worked-month';
import { manyEmployees } from './many-employees';

jest.setTimeout(300_000);

const RUNS = '/api/v1/payroll/runs';
/** Five bulk payouts' worth of payslips. */
const EMPLOYEES = 2_500;
/** Paying them is one request: on a busy test machine it may take longer than an ordinary call is given. */
const PAY_TIMEOUT_MS = 60_000;

describe('paying a large run', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let pay: RunningApp;
  let books: RunningApp;
  let payroll: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    pay = await stack.startApp(PayModule, 'pay');
    books = await stack.startApp(BooksModule, 'books');
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: pay.url, BOOKS_URL: books.url });
  });
  afterAll(() => stack.stop());

  it(`approves and pays ${EMPLOYEES.toLocaleString('en')} payslips, each once, and Books balances`, async () => {
    const dev = await stack.developer();
    await manyEmployees(hr, dev, EMPLOYEES);
    const created = await dev.call(payroll, 'POST', RUNS, { body: MARCH });
    expect(created.status).toBe(201);
    const run = created.body.data;
    expect(run).toMatchObject({ employeeCount: EMPLOYEES, paymentProgress: { total: EMPLOYEES, succeeded: 0, failed: 0, pending: EMPLOYEES } });
    expect((await dev.call(payroll, 'POST', `${RUNS}/${run.id}/approve`)).status).toBe(200);

    // a wallet holding exactly the run's net pay: paying anyone twice would overdraw it
    const wallet = await dev.call(pay, 'POST', '/api/v1/pay/wallets', { body: { name: 'Payroll float', currency: 'XAF' } });
    const walletId = wallet.body.data.id;
    expect(
      (
        await dev.call(pay, 'POST', `/api/v1/pay/wallets/${walletId}/credits`, {
          body: { amount: run.totalNet, currency: 'XAF' },
          headers: { 'idempotency-key': randomUUID() },
        })
      ).status,
    ).toBe(201);

    const paid = await dev.call(payroll, 'POST', `${RUNS}/${run.id}/pay`, { body: { walletId }, timeoutMs: PAY_TIMEOUT_MS });
    expect(paid.status).toBe(200);
    expect(paid.body.data.summary).toEqual({ payslips: EMPLOYEES, succeeded: EMPLOYEES, failed: 0, pending: 0, unpaid: 0 });
    expect(paid.body.data.run).toMatchObject({ status: 'paid', paymentProgress: { total: EMPLOYEES, succeeded: EMPLOYEES, failed: 0, pending: 0 } });
    expect(new Set(paid.body.data.results.map((r: { paymentId: string }) => r.paymentId)).size).toBe(EMPLOYEES);

    // Pay holds exactly one payment per payslip, for its net pay
    const slips = await payroll.app
      .get(DataSource)
      .getRepository(Payslip)
      .find({ select: { id: true, netPay: true, paymentId: true }, where: { runId: run.id } });
    const payments: { reference: string; amount: string; count: string }[] = await pay.app
      .get(DataSource)
      .query(
        `SELECT "reference", sum("amount") AS amount, count(*) AS count FROM ${qualifiedTable(pay.app.get(DataSource), Payment)} WHERE "company_id" = $1 GROUP BY "reference"`,
        [dev.organizationId],
      );
    expect(payments).toHaveLength(EMPLOYEES);
    expect(payments.filter((p) => p.count !== '1')).toEqual([]);
    const byReference = new Map(payments.map((p) => [p.reference, Number(p.amount)]));
    expect(slips.filter((slip) => byReference.get(`payslip:${slip.id}`) !== slip.netPay)).toEqual([]);
    expect((await dev.call(pay, 'GET', `/api/v1/pay/wallets/${walletId}`)).body.data).toMatchObject({ balance: 0, held: 0 });

    // a second call pays nobody again
    const again = await dev.call(payroll, 'POST', `${RUNS}/${run.id}/pay`, { body: { walletId }, timeoutMs: PAY_TIMEOUT_MS });
    expect(again.status).toBe(200);
    expect(again.body.data.summary.succeeded).toBe(EMPLOYEES);
    expect((await dev.call(pay, 'GET', `/api/v1/pay/payments?walletId=${walletId}&limit=1`)).body.data.total).toBe(EMPLOYEES);
    expect((await dev.call(pay, 'GET', `/api/v1/pay/wallets/${walletId}`)).body.data.balance).toBe(0);

    // one event per payslip paid, one settlement entry for the run
    const [events] = await payroll.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS paid FROM "payroll"."outbox_events" WHERE "company_id" = $1 AND "type" = 'payslip.paid'`, [dev.organizationId]);
    expect(events.paid).toBe(EMPLOYEES);
    const postings = (await dev.call(payroll, 'GET', `${RUNS}/${run.id}/postings`)).body.data.items;
    expect(postings.map((p: { kind: string; status: string }) => `${p.kind}:${p.status}`)).toEqual(['accrual:posted', 'payment:posted']);

    const trial = await dev.call(books, 'GET', '/api/v1/books/reports/trial-balance?from=2026-01-01&to=2030-12-31');
    expect(trial.status).toBe(200);
    expect(trial.body.data.totals.balanced).toBe(true);
    const closing = Object.fromEntries(trial.body.data.accounts.map((a: { code: string; closing: number }) => [a.code, a.closing]));
    expect(closing).toMatchObject({ '661': run.totalGross, '552': -run.totalNet });
    expect(closing['422'] ?? 0).toBe(0);
  });
});
