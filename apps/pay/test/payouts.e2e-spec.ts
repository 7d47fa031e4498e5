import { call, HttpResult } from '@test/support/http';
import { PayModule } from '../src/pay.module';
import { expectError, RunningApp, TestStack } from '@test/support/stack';
import { DECLINED_MOMO, MOMO, newKey, PAYMENTS, PayClient } from './pay-client';

const BULK = '/internal/v1/pay/payouts/bulk';
const BANK = { type: 'bank', accountNumber: 'CM2100010001000123456789', accountHolder: 'Bruno B', bankName: 'Afriland' };

/** The bulk payout route payroll pays a run through: up to 500 payments, each idempotent on its own key. */
describe('pay: bulk payouts', () => {
  let stack: TestStack;
  let pay: RunningApp;
  let client: PayClient;
  let companyId: string;
  let bulk: (body: unknown) => Promise<HttpResult>;

  beforeAll(async () => {
    stack = await TestStack.start();
    pay = await stack.startApp(PayModule, 'pay');
    client = new PayClient(await stack.developer(), pay);
    companyId = client.dev.organizationId;
    bulk = (body) => call(pay.url, 'POST', BULK, { body, headers: { 'x-internal-token': stack.env.INTERNAL_TOKEN } });
  });
  afterAll(() => stack.stop());

  const item = (walletId: string, amount: number, recipient: Record<string, unknown> = MOMO, key = newKey()) => ({
    idempotencyKey: key,
    walletId,
    amount,
    currency: 'XAF',
    recipient,
    description: 'March 2026 salary',
    reference: `payslip:${key}`,
  });
  const payments = async (walletId: string) => (await client.call('GET', `${PAYMENTS}?walletId=${walletId}&limit=100`)).body.data.total as number;

  it('pays each item once, declined ones released, and a second call replays every item without paying again', async () => {
    const walletId = await client.fundedWallet(1_000_000);
    const items = [item(walletId, 100_000), item(walletId, 200_000, BANK), item(walletId, 50_000, DECLINED_MOMO), item(walletId, 25_000)];
    const paid = await bulk({ companyId, items });
    expect(paid.status).toBe(200);
    expect(paid.body.results.map((r: { idempotencyKey: string }) => r.idempotencyKey)).toEqual(items.map((i) => i.idempotencyKey));
    expect(
      paid.body.results.map((r: { payment: { status: string; amount: number }; replayed: boolean; error: unknown }) => [
        r.payment.status,
        r.payment.amount,
        r.replayed,
        r.error,
      ]),
    ).toEqual([
      ['succeeded', 100_000, false, null],
      ['succeeded', 200_000, false, null],
      ['failed', 50_000, false, null],
      ['succeeded', 25_000, false, null],
    ]);
    expect(paid.body.results[2].payment.failureReason).toEqual(expect.any(String));
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 1_000_000 - 325_000, held: 0 });
    const rows = await client.ledger(walletId);
    expect(rows.slice(1).map((row) => [row.amount, row.paymentId])).toEqual([
      [-100_000, paid.body.results[0].payment.id],
      [-200_000, paid.body.results[1].payment.id],
      [-25_000, paid.body.results[3].payment.id],
    ]);

    const again = await bulk({ companyId, items });
    expect(again.status).toBe(200);
    expect(again.body.results.every((r: { replayed: boolean }) => r.replayed)).toBe(true);
    expect(again.body.results.map((r: { payment: unknown }) => r.payment)).toEqual(paid.body.results.map((r: { payment: unknown }) => r.payment));
    expect(await payments(walletId)).toBe(4);
    expect((await client.getWallet(walletId)).balance).toBe(1_000_000 - 325_000);

    // the single route with one of the keys is the same operation
    const single = await client.pay(walletId, 100_000, MOMO, items[0].idempotencyKey, { description: items[0].description, reference: items[0].reference });
    expect(single.headers.get('idempotent-replayed')).toBe('true');
    expect(single.body.data.id).toBe(paid.body.results[0].payment.id);
  });

  it('replays a payment the single route made with the key, and refuses a key used for another body', async () => {
    const walletId = await client.fundedWallet(500_000);
    const first = item(walletId, 40_000);
    const single = await client.pay(walletId, 40_000, MOMO, first.idempotencyKey, { description: first.description, reference: first.reference });
    expect(single.status).toBe(201);
    const reused = { ...item(walletId, 40_000), idempotencyKey: first.idempotencyKey, amount: 41_000 };
    const result = await bulk({ companyId, items: [first, reused, item(walletId, 10_000)] });
    expect(result.status).toBe(200);
    expect(result.body.results[0]).toMatchObject({ replayed: true, error: null, payment: { id: single.body.data.id } });
    // the second item repeats the first one's key within the call
    expect(result.body.results[1]).toMatchObject({ payment: null, error: { code: 'VALIDATION_FAILED', statusCode: 400 } });
    expect(result.body.results[2]).toMatchObject({ replayed: false, error: null, payment: { status: 'succeeded' } });

    const other = await bulk({ companyId, items: [{ ...first, amount: 39_000 }] });
    expect(other.body.results[0]).toMatchObject({ payment: null, error: { code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 409 } });
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 450_000 });
    expect(await payments(walletId)).toBe(2);
  });

  it('pays what the balance covers in the items’ order, refuses the rest without using up their keys, and pays them after a top-up', async () => {
    const walletId = await client.fundedWallet(150_000);
    const items = [
      item(walletId, 100_000),
      item(walletId, 80_000),
      item(walletId, 50_000),
      { ...item(walletId, 1), recipient: { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '12' } },
    ];
    const first = await bulk({ companyId, items });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { payment: { status: string } | null; error: { code: string } | null }) => r.payment?.status ?? r.error?.code)).toEqual([
      'succeeded',
      'WALLET_INSUFFICIENT_BALANCE',
      'succeeded',
      'VALIDATION_FAILED',
    ]);
    expect(first.body.results[1].error.details).toMatchObject({ available: 50_000, requested: 80_000 });
    expect(Object.keys(first.body.results[3].error.errors)).toEqual(['recipient.phoneNumber']);
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 0, held: 0 });

    expect((await client.credit(walletId, 80_000)).status).toBe(201);
    const retried = await bulk({ companyId, items: items.slice(0, 3) });
    expect(retried.body.results.map((r: { payment: { status: string }; replayed: boolean }) => [r.payment.status, r.replayed])).toEqual([
      ['succeeded', true],
      ['succeeded', false],
      ['succeeded', true],
    ]);
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 0 });
    expect(await payments(walletId)).toBe(3);
  });

  it('refuses an unknown wallet or another currency item by item, and a malformed body as a whole', async () => {
    const walletId = await client.fundedWallet(100_000);
    const result = await bulk({
      companyId,
      items: [item('00000000-0000-4000-8000-000000000000', 10), { ...item(walletId, 10), currency: 'EUR' }, item(walletId, 10)],
    });
    expect(result.body.results.map((r: { payment: { status: string } | null; error: { code: string } | null }) => r.payment?.status ?? r.error?.code)).toEqual([
      'WALLET_NOT_FOUND',
      'CURRENCY_MISMATCH',
      'succeeded',
    ]);
    // another company's wallet is not found either
    const outsider = await bulk({ companyId: '00000000-0000-4000-8000-000000000000', items: [item(walletId, 10)] });
    expect(outsider.body.results[0].error.code).toBe('WALLET_NOT_FOUND');

    expectError(await bulk({ companyId, items: [] }), 400, 'VALIDATION_FAILED');
    expectError(await bulk({ companyId, items: Array.from({ length: 501 }, () => item(walletId, 1)) }), 400, 'VALIDATION_FAILED');
    expectError(await bulk({ items: [item(walletId, 1)] }), 400, 'VALIDATION_FAILED');
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 100_000 - 10 });
  });
});
