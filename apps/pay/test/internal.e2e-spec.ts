import { call, HttpResult } from '@test/support/http';
import { PayModule } from '../src/pay.module';
import { expectError, RunningApp, TestStack } from '@test/support/stack';
import { MOMO, newKey, PayClient } from './pay-client';

const INTERNAL = '/internal/v1/pay/payments';

/** The route payroll pays payslips through: the company in the body, the internal token instead of a JWT. */
describe('pay: internal payments route', () => {
  let stack: TestStack;
  let pay: RunningApp;
  let client: PayClient;
  let internal: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<HttpResult>;

  beforeAll(async () => {
    stack = await TestStack.start();
    pay = await stack.startApp(PayModule, 'pay');
    client = new PayClient(await stack.developer(), pay);
    internal = (method, path, body, headers = {}) =>
      call(pay.url, method, path, { body, headers: { 'x-internal-token': stack.env.INTERNAL_TOKEN, ...headers } });
  });
  afterAll(() => stack.stop());

  it('pays for a company, idempotently, and the payment is that company’s', async () => {
    const walletId = await client.fundedWallet(500_000);
    const companyId = client.dev.organizationId;
    const body = { companyId, walletId, amount: 445_261, currency: 'XAF', recipient: MOMO, description: 'March 2026 salary', reference: 'payslip:run-1:emp-1' };
    const key = 'payroll:run-1:payslip-1';
    const paid = await internal('POST', INTERNAL, body, { 'idempotency-key': key });
    // like every internal route, the answer is the payment itself, not the public envelope
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ id: expect.any(String), companyId, walletId, amount: 445_261, status: 'succeeded' });
    expect(paid.body).not.toHaveProperty('success');
    const again = await internal('POST', INTERNAL, body, { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(paid.body);
    // the same key on the public route is the same operation
    const publicReplay = await client.payment(
      { walletId, amount: 445_261, currency: 'XAF', recipient: MOMO, description: 'March 2026 salary', reference: 'payslip:run-1:emp-1' },
      key,
    );
    expect(publicReplay.headers.get('idempotent-replayed')).toBe('true');
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 500_000 - 445_261 });

    const read = await internal('GET', `${INTERNAL}/${paid.body.id}?companyId=${companyId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: paid.body.id, status: 'succeeded' });
    expect(read.body).not.toHaveProperty('success');
    expectError(await internal('GET', `${INTERNAL}/${paid.body.id}?companyId=00000000-0000-4000-8000-000000000000`), 404, 'PAYMENT_NOT_FOUND');
    expectError(
      await internal('POST', INTERNAL, { ...body, companyId: '00000000-0000-4000-8000-000000000000' }, { 'idempotency-key': newKey() }),
      404,
      'WALLET_NOT_FOUND',
    );
  });

  it('refuses what the public route refuses, and hides itself without the internal token', async () => {
    const walletId = await client.fundedWallet(100);
    const companyId = client.dev.organizationId;
    const body = { companyId, walletId, amount: 200, currency: 'XAF', recipient: MOMO, description: 'Salary' };
    const short = await internal('POST', INTERNAL, body, { 'idempotency-key': newKey() });
    expectError(short, 400, 'WALLET_INSUFFICIENT_BALANCE');
    expect(short.body.details).toMatchObject({ available: 100, requested: 200 });
    expectError(await internal('POST', INTERNAL, body), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    const noCompany = await internal('POST', INTERNAL, { ...body, companyId: undefined }, { 'idempotency-key': newKey() });
    expectError(noCompany, 400, 'VALIDATION_FAILED');
    expect(Object.keys(noCompany.body.errors)).toEqual(['companyId']);
    expectError(await internal('GET', `${INTERNAL}/${walletId}`), 400, 'VALIDATION_FAILED');

    const outsider = await call(pay.url, 'POST', INTERNAL, { body, headers: { 'idempotency-key': newKey(), 'x-internal-token': 'wrong' } });
    expectError(outsider, 404, 'HTTP_ERROR');
    expectError(await client.call('POST', INTERNAL, body, { 'idempotency-key': newKey() }), 404, 'HTTP_ERROR');
    expect(await client.getWallet(walletId)).toMatchObject({ balance: 100, held: 0 });
  });
});
