import { randomUUID } from 'node:crypto';
import { request as httpRequest, createServer as createHttpServer, Server } from 'node:http';
import { createServer } from 'node:net';
import { BooksModule } from '../../books/src/books.module';
import { HrModule } from '../../hr/src/hr.module';
import { PayModule } from '../../pay/src/pay.module';
import { PayrollModule } from '../src/payroll.module';
import { sleep } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { HAND_WORKED, handWorkedCompany, MARCH } from './hand-worked-month';

const RUNS = '/api/v1/payroll/runs';
const NET_TOTAL = HAND_WORKED.netA + HAND_WORKED.netB + HAND_WORKED.netC;

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Forwards the n-th request to `target` after `delaysMs[n]` ms (0 past the list's end): an upstream that answers some calls slowly. */
function slowProxy(target: string, delaysMs: number[]): Promise<{ url: string; server: Server }> {
  const { hostname, port } = new URL(target);
  let seen = 0;
  const server = createHttpServer((req, res) => {
    setTimeout(() => {
      const upstream = httpRequest({ hostname, port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    }, delaysMs[seen++] ?? 0);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })),
  );
}

describe('payroll pays through Pay and posts to Books', () => {
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

  async function wallet(dev: Developer, balance: number): Promise<string> {
    const created = await dev.call(pay, 'POST', '/api/v1/pay/wallets', { body: { name: 'Payroll float', currency: 'XAF' } });
    expect(created.status).toBe(201);
    if (balance > 0) await topUp(dev, created.body.data.id, balance);
    return created.body.data.id;
  }

  async function topUp(dev: Developer, walletId: string, amount: number) {
    const credit = await dev.call(pay, 'POST', `/api/v1/pay/wallets/${walletId}/credits`, {
      body: { amount, currency: 'XAF' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(credit.status).toBe(201);
  }

  async function approvedRun(dev: Developer, target = payroll): Promise<string> {
    const id = (await dev.call(target, 'POST', RUNS, { body: MARCH })).body.data.id;
    expect((await dev.call(target, 'POST', `${RUNS}/${id}/approve`)).status).toBe(200);
    return id;
  }

  const accounts = async (dev: Developer) => {
    const trial = await dev.call(books, 'GET', '/api/v1/books/reports/trial-balance?from=2026-01-01&to=2030-12-31');
    expect(trial.status).toBe(200);
    expect(trial.body.data.totals.balanced).toBe(true);
    return {
      totals: trial.body.data.totals,
      closing: Object.fromEntries(trial.body.data.accounts.map((a: { code: string; closing: number }) => [a.code, a.closing])),
    };
  };

  it('approves (posting the accrual), pays every payslip once, marks the run paid and settles 422 in Books', async () => {
    const { dev } = await handWorkedCompany(stack, hr);
    const walletId = await wallet(dev, 1_000_000);
    const id = await approvedRun(dev);

    const accrual = (await dev.call(payroll, 'GET', `${RUNS}/${id}/postings`)).body.data.items;
    expect(accrual).toEqual([expect.objectContaining({ kind: 'accrual', status: 'posted', journalEntryId: expect.any(String) })]);
    expect((await accounts(dev)).closing).toMatchObject({ '661': HAND_WORKED.gross, '422': -NET_TOTAL });

    const paid = await dev.call(payroll, 'POST', `${RUNS}/${id}/pay`, { body: { walletId } });
    expect(paid.status).toBe(200);
    expect(paid.body.data.summary).toEqual({ payslips: 3, succeeded: 3, failed: 0, pending: 0, unpaid: 0 });
    expect(paid.body.data.run).toMatchObject({ status: 'paid', paymentProgress: { total: 3, succeeded: 3, failed: 0, pending: 0 } });
    expect(paid.body.data.run.paidAt).toBeTruthy();
    expect(paid.body.data.results.map((r: { amount: number }) => r.amount).sort()).toEqual([HAND_WORKED.netB, HAND_WORKED.netC, HAND_WORKED.netA]);

    const walletAfter = await dev.call(pay, 'GET', `/api/v1/pay/wallets/${walletId}`);
    expect(walletAfter.body.data).toMatchObject({ balance: 1_000_000 - NET_TOTAL, available: 1_000_000 - NET_TOTAL });

    // a retried call pays nobody twice
    const again = await dev.call(payroll, 'POST', `${RUNS}/${id}/pay`, { body: { walletId } });
    expect(again.body.data.summary.succeeded).toBe(3);
    expect((await dev.call(pay, 'GET', `/api/v1/pay/wallets/${walletId}`)).body.data.balance).toBe(1_000_000 - NET_TOTAL);
    expect((await dev.call(pay, 'GET', `/api/v1/pay/payments?walletId=${walletId}`)).body.data.total).toBe(3);

    expect(again.body.data.run.paymentProgress).toEqual({ total: 3, succeeded: 3, failed: 0, pending: 0 });

    // the call that paid settled its three payslips in one entry; the retry paid nothing and posted nothing
    const postings = (await dev.call(payroll, 'GET', `${RUNS}/${id}/postings`)).body.data.items;
    expect(postings.map((p: { kind: string; status: string }) => `${p.kind}:${p.status}`)).toEqual(['accrual:posted', 'payment:posted']);
    expect(postings[1].request.lines).toEqual([
      { accountCode: '422', debit: NET_TOTAL, description: 'Salaries paid: 3 payslip(s)' },
      { accountCode: '552', credit: NET_TOTAL, description: 'Salaries paid: 3 payslip(s)' },
    ]);
    const { closing } = await accounts(dev);
    expect(closing['422'] ?? 0).toBe(0);
    expect(closing['552']).toBe(-NET_TOTAL);
    expect(closing['661']).toBe(HAND_WORKED.gross);

    const entry = await dev.call(books, 'GET', `/api/v1/books/journal-entries/${accrual[0].journalEntryId}`);
    expect(entry.body.data).toMatchObject({ reference: `payroll-run:${id}` });
  });

  it('reports a declined payslip without losing track of it, and pays after a top-up what the wallet could not', async () => {
    const declined = await handWorkedCompany(stack, hr, { c: { method: 'mobile_money', provider: 'orange_money', phoneNumber: '+237699009999' } });
    const funded = await wallet(declined.dev, 1_000_000);
    const id = await approvedRun(declined.dev);
    const first = await declined.dev.call(payroll, 'POST', `${RUNS}/${id}/pay`, { body: { walletId: funded } });
    expect(first.status).toBe(200);
    expect(first.body.data.summary).toEqual({ payslips: 3, succeeded: 2, failed: 1, pending: 0, unpaid: 0 });
    expect(first.body.data.results.find((r: { employeeId: string }) => r.employeeId === declined.c)).toMatchObject({
      status: 'failed',
      paymentId: expect.any(String),
      failureReason: expect.any(String),
    });
    expect(first.body.data.run.status).toBe('approved');
    expect((await declined.dev.call(payroll, 'GET', `${RUNS}/${id}`)).body.data.paymentProgress).toEqual({ total: 3, succeeded: 2, failed: 1, pending: 0 });
    // the declined payment released its hold: only A and B left the wallet
    expect((await declined.dev.call(pay, 'GET', `/api/v1/pay/wallets/${funded}`)).body.data).toMatchObject({
      balance: 1_000_000 - HAND_WORKED.netA - HAND_WORKED.netB,
      available: 1_000_000 - HAND_WORKED.netA - HAND_WORKED.netB,
    });

    const broke = await handWorkedCompany(stack, hr);
    const empty = await wallet(broke.dev, 0);
    const runId = await approvedRun(broke.dev);
    const refused = await broke.dev.call(payroll, 'POST', `${RUNS}/${runId}/pay`, { body: { walletId: empty } });
    expect(refused.body.data.summary).toMatchObject({ succeeded: 0, failed: 3 });
    expect(refused.body.data.results.every((r: { failureReason: string }) => r.failureReason === 'WALLET_INSUFFICIENT_BALANCE')).toBe(true);
    await topUp(broke.dev, empty, NET_TOTAL);
    const retried = await broke.dev.call(payroll, 'POST', `${RUNS}/${runId}/pay`, { body: { walletId: empty } });
    expect(retried.body.data.summary).toMatchObject({ succeeded: 3, failed: 0 });
    expect(retried.body.data.run.status).toBe('paid');
    expect((await broke.dev.call(pay, 'GET', `/api/v1/pay/wallets/${empty}`)).body.data.balance).toBe(0);
  });

  it('never pays twice when it died after Pay took a payment but before recording it', async () => {
    const { dev } = await handWorkedCompany(stack, hr);
    const walletId = await wallet(dev, 1_000_000);
    const id = await approvedRun(dev);
    const slips = (await dev.call(payroll, 'GET', `${RUNS}/${id}/payslips`)).body.data.items;
    const first = slips[0];
    // what payroll sent before it died: Pay processed it, payroll recorded nothing
    const sent = await dev.call(pay, 'POST', '/api/v1/pay/payments', {
      headers: { 'idempotency-key': `payroll:${id}:${first.id}` },
      body: {
        walletId,
        amount: first.netPay,
        currency: 'XAF',
        recipient: { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' },
        description: `Salary 2026-03 — ${first.employeeName}`,
        reference: `payslip:${first.id}`,
      },
    });
    expect(sent.status).toBe(201);

    const resumed = await dev.call(payroll, 'POST', `${RUNS}/${id}/pay`, { body: { walletId } });
    expect(resumed.body.data.summary.succeeded).toBe(3);
    expect(resumed.body.data.results.find((r: { payslipId: string }) => r.payslipId === first.id).paymentId).toBe(sent.body.data.id);
    expect((await dev.call(pay, 'GET', `/api/v1/pay/payments?walletId=${walletId}`)).body.data.total).toBe(3);
    expect((await dev.call(pay, 'GET', `/api/v1/pay/wallets/${walletId}`)).body.data.balance).toBe(1_000_000 - NET_TOTAL);
  });

  it('answers a payment with its settlement posted, one the job queue was still delivering too', async () => {
    const { dev } = await handWorkedCompany(stack, hr);
    const walletId = await wallet(dev, 1_000_000);
    // Pay answers the bulk payout 700 ms late; Books takes 2 s over the settlement, which the queue is still posting when the call has done the rest
    const slowPay = await slowProxy(pay.url, [700]);
    const slowBooks = await slowProxy(books.url, [0, 2000]);
    await payroll.close();
    const slow = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: slowPay.url, BOOKS_URL: slowBooks.url });
    try {
      const id = await approvedRun(dev, slow);
      const paid = await dev.call(slow, 'POST', `${RUNS}/${id}/pay`, { body: { walletId } });
      expect(paid.status).toBe(200);
      expect(paid.body.data.run.status).toBe('paid');
      const postings = (await dev.call(slow, 'GET', `${RUNS}/${id}/postings`)).body.data.items;
      expect(postings.map((p: { kind: string; status: string }) => `${p.kind}:${p.status}`)).toEqual(['accrual:posted', 'payment:posted']);
      expect((await accounts(dev)).closing['422'] ?? 0).toBe(0);
    } finally {
      await slow.close();
      await Promise.all([slowPay, slowBooks].map((proxy) => new Promise((resolve) => proxy.server.close(resolve))));
      payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: pay.url, BOOKS_URL: books.url });
    }
  });

  it('keeps the accrual in its outbox while Books is away and posts it when Books is back', async () => {
    const { dev } = await handWorkedCompany(stack, hr);
    // only an instance that cannot reach Books runs while the run is approved
    await payroll.close();
    const offline = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: pay.url, BOOKS_URL: `http://127.0.0.1:${await closedPort()}` });
    const id = await approvedRun(dev, offline);
    const pending = (await dev.call(offline, 'GET', `${RUNS}/${id}/postings`)).body.data.items;
    expect(pending).toEqual([expect.objectContaining({ kind: 'accrual', status: 'pending', journalEntryId: null, attempts: 1 })]);
    expect((await dev.call(offline, 'GET', `${RUNS}/${id}`)).body.data.status).toBe('approved');
    await offline.close();

    // an instance that reaches Books drains the outbox
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: pay.url, BOOKS_URL: books.url });
    let posted = pending;
    for (let i = 0; i < 50 && posted[0].status !== 'posted'; i++) {
      await sleep(200);
      posted = (await dev.call(payroll, 'GET', `${RUNS}/${id}/postings`)).body.data.items;
    }
    expect(posted[0]).toMatchObject({ status: 'posted', journalEntryId: expect.any(String) });
    expect((await accounts(dev)).closing['422']).toBe(-NET_TOTAL);
  });

  it('refuses to pay a draft, another company’s run, a bad wallet, and answers 503 when Pay is down', async () => {
    const { dev } = await handWorkedCompany(stack, hr);
    const walletId = await wallet(dev, 1_000_000);
    const draft = (await dev.call(payroll, 'POST', RUNS, { body: MARCH })).body.data.id;
    expectError(await dev.call(payroll, 'POST', `${RUNS}/${draft}/pay`, { body: { walletId } }), 409, 'PAYROLL_RUN_NOT_PAYABLE');
    expectError(await dev.call(payroll, 'POST', `${RUNS}/${draft}/pay`, { body: { walletId: 'x' } }), 400, 'VALIDATION_FAILED');
    const other = await stack.developer();
    expectError(await other.call(payroll, 'POST', `${RUNS}/${draft}/pay`, { body: { walletId } }), 404, 'PAYROLL_RUN_NOT_FOUND');
    expectError(await dev.call(payroll, 'GET', `${RUNS}/${draft}/postings`.replace(draft, randomUUID())), 404, 'PAYROLL_RUN_NOT_FOUND');

    const offline = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: `http://127.0.0.1:${await closedPort()}`, BOOKS_URL: books.url });
    expect((await dev.call(offline, 'POST', `${RUNS}/${draft}/approve`)).status).toBe(200);
    expectError(await dev.call(offline, 'POST', `${RUNS}/${draft}/pay`, { body: { walletId } }), 503, 'UPSTREAM_UNAVAILABLE');
    const slips = (await dev.call(offline, 'GET', `${RUNS}/${draft}/payslips`)).body.data.items;
    expect(slips.every((s: { paymentStatus: string | null }) => s.paymentStatus === null)).toBe(true);
    expect((await dev.call(pay, 'GET', `/api/v1/pay/wallets/${walletId}`)).body.data.balance).toBe(1_000_000);
    await offline.close();
  });
});
