import { PayModule } from '../src/pay.module';
import { expectError, RunningApp, TestStack } from '../../../test/support/stack';
import { DECLINED_MOMO, MOMO, newKey, PAYMENTS, PayClient } from './pay-client';

describe('pay: payments', () => {
  let stack: TestStack;
  let pay: RunningApp;
  let client: PayClient;

  beforeAll(async () => {
    stack = await TestStack.start();
    pay = await stack.startApp(PayModule, 'pay');
    client = new PayClient(await stack.developer(), pay);
  });
  afterAll(() => stack.stop());

  it('pays a mobile-money number: held, settled by the sandbox, debited once, on the ledger', async () => {
    const walletId = await client.fundedWallet(100_000);
    const paid = await client.pay(walletId, 25_000, MOMO, newKey(), { reference: 'PAYSLIP-1' });
    expect(paid.status).toBe(201);
    expect(paid.headers.get('idempotent-replayed')).toBeNull();
    expect(paid.body.data).toMatchObject({ walletId, amount: 25_000, currency: 'XAF', recipient: MOMO, status: 'succeeded', provider: 'sandbox', reference: 'PAYSLIP-1', failureReason: null });
    expect(paid.body.data.providerReference).toMatch(/^sbx_/);
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 75_000, held: 0, available: 75_000 });
    const rows = await client.ledger(walletId);
    expect(rows.map((r) => [r.type, r.amount, r.paymentId])).toEqual([['credit', 100_000, null], ['debit', -25_000, paid.body.data.id]]);

    const read = await client.call('GET', `${PAYMENTS}/${paid.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(paid.body.data);
  });
});
