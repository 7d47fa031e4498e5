import { Transactions } from '@platform/data';
import { PayModule } from '../src/pay.module';
import { WalletLedger } from '../src/wallets/wallet-ledger.service';
import { expectError, RunningApp, TestStack } from '@test/support/stack';
import { newKey, PayClient, WALLETS } from './pay-client';

describe('pay: wallets and credits', () => {
  let stack: TestStack;
  let pay: RunningApp;
  let client: PayClient;

  beforeAll(async () => {
    stack = await TestStack.start();
    pay = await stack.startApp(PayModule, 'pay');
    client = new PayClient(await stack.developer(), pay);
  });
  afterAll(() => stack.stop());

  it('creates an empty wallet in one currency, reads and lists it', async () => {
    const created = await client.call('POST', WALLETS, { name: '  Payroll float ', currency: 'XAF' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Payroll float', currency: 'XAF', balance: 0, held: 0, available: 0, lastSequence: 0 });
    const id = created.body.data.id;
    const read = await client.call('GET', `${WALLETS}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, balance: 0, available: 0 });
    await client.wallet('EUR', 'Euro');
    const list = await client.call('GET', `${WALLETS}?currency=XAF`);
    expect(list.body.data).toMatchObject({ page: 1, limit: 20 });
    expect(list.body.data.items.every((w: { currency: string }) => w.currency === 'XAF')).toBe(true);
    const paged = await client.call('GET', `${WALLETS}?limit=1&page=2`);
    expect(paged.body.data).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(paged.body.data.items).toHaveLength(1);
  });

  it.each([
    ['no name', { currency: 'XAF' }, 'name'],
    ['blank name', { name: ' ', currency: 'XAF' }, 'name'],
    ['long name', { name: 'x'.repeat(101), currency: 'XAF' }, 'name'],
    ['no currency', { name: 'W' }, 'currency'],
    ['lower-case currency', { name: 'W', currency: 'xaf' }, 'currency'],
    ['currency not held', { name: 'W', currency: 'JPY' }, 'currency'],
    ['an opening balance', { name: 'W', currency: 'XAF', balance: 1000 }, 'balance'],
  ])('refuses a wallet with %s', async (_label, body, field) => {
    const result = await client.call('POST', WALLETS, body);
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(Object.keys(result.body.errors)).toContain(field);
  });

  it('credits: a ledger row with the new balance; balance = sum of rows', async () => {
    const id = await client.wallet();
    const first = await client.credit(id, 150_000, 'XAF', newKey(), { reference: 'TOPUP-1' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      walletId: id,
      type: 'credit',
      amount: 150_000,
      currency: 'XAF',
      balanceAfter: 150_000,
      sequence: 1,
      reference: 'TOPUP-1',
      paymentId: null,
    });
    const second = await client.credit(id, 50_000);
    expect(second.body.data).toMatchObject({ balanceAfter: 200_000, sequence: 2 });
    expect(await client.expectLedgerConsistent(id)).toMatchObject({ balance: 200_000, available: 200_000 });
    const ledger = await client.call('GET', `${WALLETS}/${id}/transactions?limit=1`);
    expect(ledger.body.data).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(ledger.body.data.items[0].sequence).toBe(2);
  });

  it('credits in cents for a currency with a minor unit', async () => {
    const id = await client.wallet('EUR');
    expect((await client.credit(id, 1_050, 'EUR')).body.data).toMatchObject({ amount: 1_050, currency: 'EUR', balanceAfter: 1_050 });
    expectError(await client.credit(id, 10.5, 'EUR'), 400, 'VALIDATION_FAILED');
  });

  it('refuses a credit in another currency than the wallet’s', async () => {
    const id = await client.wallet('XAF');
    const refused = await client.credit(id, 100, 'EUR');
    expectError(refused, 400, 'CURRENCY_MISMATCH');
    expect(refused.body.details).toEqual({ currency: 'EUR', walletCurrency: 'XAF' });
    expect(await client.getWallet(id)).toMatchObject({ balance: 0, lastSequence: 0 });
  });

  it.each([
    ['a string amount', { amount: '100', currency: 'XAF' }, 'amount'],
    ['a fraction', { amount: 0.5, currency: 'XAF' }, 'amount'],
    ['zero', { amount: 0, currency: 'XAF' }, 'amount'],
    ['a negative amount', { amount: -100, currency: 'XAF' }, 'amount'],
    ['an amount past the cap', { amount: 1_000_000_000_001, currency: 'XAF' }, 'amount'],
    ['no currency', { amount: 100 }, 'currency'],
    ['a long reference', { amount: 100, currency: 'XAF', reference: 'r'.repeat(101) }, 'reference'],
    ['an unknown property', { amount: 100, currency: 'XAF', note: 'x' }, 'note'],
  ])('refuses a credit with %s', async (_label, body, field) => {
    const id = await client.wallet();
    const result = await client.call('POST', `${WALLETS}/${id}/credits`, body, { 'idempotency-key': newKey() });
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(Object.keys(result.body.errors)).toContain(field);
  });

  it('a credit never takes a balance past 2^53 − 1', async () => {
    const id = await client.wallet();
    // the API caps one credit at 10^12, so the wallet is brought near the ceiling through the ledger itself
    await pay.app
      .get(Transactions)
      .run((manager) =>
        pay.app
          .get(WalletLedger)
          .credit({ companyId: client.dev.organizationId, walletId: id, currency: 'XAF', amount: Number.MAX_SAFE_INTEGER - 500, type: 'credit' }, manager),
      );
    expect((await client.credit(id, 500)).status).toBe(201);
    const refused = await client.credit(id, 1);
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(Object.keys(refused.body.errors)).toEqual(['amount']);
    expect(await client.expectLedgerConsistent(id)).toMatchObject({ balance: Number.MAX_SAFE_INTEGER, lastSequence: 2 });
  });

  it('credits are idempotent: the same key replays, sent at once or later; another body is 409; no key is 400', async () => {
    const id = await client.wallet();
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.credit(id, 700, 'XAF', key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await client.expectLedgerConsistent(id)).toMatchObject({ balance: 700, lastSequence: 1 });

    expectError(await client.credit(id, 701, 'XAF', key), 409, 'IDEMPOTENCY_KEY_REUSED');
    const other = await client.wallet();
    expectError(await client.credit(other, 700, 'XAF', key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await client.call('POST', `${WALLETS}/${id}/credits`, { amount: 1, currency: 'XAF' }), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    expect(await client.getWallet(id)).toMatchObject({ balance: 700 });
  });

  it('answers 404 for unknown, malformed and other companies’ wallets on every route', async () => {
    const id = await client.fundedWallet(1_000);
    const other = new PayClient(await stack.developer(), pay);
    for (const [who, wallet] of [
      [other, id],
      [client, '00000000-0000-4000-8000-000000000000'],
      [client, 'nope'],
    ] as const) {
      expectError(await who.call('GET', `${WALLETS}/${wallet}`), 404, 'WALLET_NOT_FOUND');
      expectError(await who.call('GET', `${WALLETS}/${wallet}/transactions`), 404, 'WALLET_NOT_FOUND');
      expectError(await who.credit(wallet, 100), 404, 'WALLET_NOT_FOUND');
    }
    expect((await other.call('GET', WALLETS)).body.data.total).toBe(0);
    expect(await client.getWallet(id)).toMatchObject({ balance: 1_000 });
  });

  it('describes the routes in the OpenAPI document, with the Idempotency-Key header', async () => {
    const doc = (await fetch(`${pay.url}/api/v1/pay/openapi.json`).then((r) => r.json())) as any;
    const credits = doc.paths['/api/v1/pay/wallets/{id}/credits'].post;
    expect(credits.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key')).toMatchObject({ in: 'header', required: true });
    const payments = doc.paths['/api/v1/pay/payments'].post;
    expect(payments.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key')).toMatchObject({ required: true });
    expect(payments.description).toContain('9999');
    expect(payments.responses['201'].headers['Idempotent-Replayed']).toBeDefined();
    expect(doc.components.schemas.CreatePaymentDto.properties.amount).toMatchObject({ type: 'integer', minimum: 1 });
    expect(doc.paths['/internal/v1/pay/payments']).toBeUndefined();
    // the wallet is served in the envelope, and a recipient is one of three shapes told apart by type
    expect(doc.paths['/api/v1/pay/wallets/{id}'].get.responses['200'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/WalletView',
    });
    expect(doc.components.schemas.WalletView.properties.available).toMatchObject({ type: 'integer' });
    expect(doc.components.schemas.CreatePaymentDto.properties.recipient.oneOf).toHaveLength(3);
    expect(doc.components.schemas.BankRecipient.properties.type.enum).toEqual(['bank']);
    expect(Object.keys(payments.requestBody.content['application/json'].examples)).toEqual(['mobileMoney', 'bank', 'wallet']);
  });
});
