import { PayModule } from '../src/pay.module';
import { expectError, RunningApp, TestStack } from '@test/support/stack';
import { DECLINED_MOMO, MOMO, newKey, PAYMENTS, PayClient, WALLETS } from './pay-client';

const BANK = { type: 'bank', bankName: 'Afriland First Bank', bankCode: '10005', accountNumber: '10005000010123456789012', accountHolder: 'Amina Nkemelu' };

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
    expect(paid.body.data).toMatchObject({
      walletId,
      amount: 25_000,
      currency: 'XAF',
      recipient: MOMO,
      status: 'succeeded',
      provider: 'sandbox',
      reference: 'PAYSLIP-1',
      failureReason: null,
    });
    expect(paid.body.data.providerReference).toMatch(/^sbx_/);
    expect(paid.body.data.settledAt).toBeTruthy();
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 75_000, held: 0, available: 75_000 });
    const rows = await client.ledger(walletId);
    expect(rows.map((r) => [r.type, r.amount, r.paymentId])).toEqual([
      ['credit', 100_000, null],
      ['debit', -25_000, paid.body.data.id],
    ]);

    const read = await client.call('GET', `${PAYMENTS}/${paid.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(paid.body.data);
  });

  it('pays a bank account', async () => {
    const walletId = await client.fundedWallet(10_000);
    const paid = await client.pay(walletId, 10_000, BANK);
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ status: 'succeeded', recipient: BANK });
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 0, available: 0 });
  });

  it('a provider failure releases the hold: payment failed, balance unchanged, available back, no debit row', async () => {
    const walletId = await client.fundedWallet(5_000);
    const failed = await client.pay(walletId, 4_000, DECLINED_MOMO);
    expect(failed.status).toBe(201);
    expect(failed.body.data).toMatchObject({ status: 'failed', amount: 4_000 });
    expect(failed.body.data.failureReason).toMatch(/declined/);
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 5_000, held: 0, available: 5_000 });
    expect((await client.ledger(walletId)).map((r) => r.type)).toEqual(['credit']);
    // the released money can be spent
    expect((await client.pay(walletId, 5_000)).body.data.status).toBe('succeeded');
    expect(await client.getWallet(walletId)).toMatchObject({ balance: 0, held: 0 });
  });

  it('refuses a payment over the available balance with the amounts, and moves nothing', async () => {
    const walletId = await client.fundedWallet(1_000);
    const refused = await client.pay(walletId, 1_001);
    expectError(refused, 400, 'WALLET_INSUFFICIENT_BALANCE');
    expect(refused.body.details).toEqual({ walletId, currency: 'XAF', available: 1_000, requested: 1_001 });
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 1_000, held: 0 });
    expect((await client.call('GET', `${PAYMENTS}?walletId=${walletId}`)).body.data.total).toBe(0);
  });

  it('30 concurrent payments of 100 from 1,000: exactly 10 succeed, 20 refused, balance 0 = sum of the ledger', async () => {
    const walletId = await client.fundedWallet(1_000);
    const results = await Promise.all(Array.from({ length: 30 }, () => client.pay(walletId, 100)));
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(created).toHaveLength(10);
    expect(created.every((r) => r.body.data.status === 'succeeded')).toBe(true);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expectError(r, 400, 'WALLET_INSUFFICIENT_BALANCE');
      expect(r.body.details.requested).toBe(100);
      expect(r.body.details.available).toBeLessThan(100);
    }
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 0, held: 0, available: 0 });
    expect((await client.ledger(walletId)).filter((r) => r.type === 'debit')).toHaveLength(10);
    expect((await client.call('GET', `${PAYMENTS}?walletId=${walletId}&limit=100`)).body.data.total).toBe(10);
  });

  it('a storm of mixed credits, payments, declined payments and transfers keeps balance = sum of the ledger', async () => {
    const a = await client.fundedWallet(2_000);
    const b = await client.fundedWallet(500);
    const work = [];
    for (let i = 0; i < 15; i += 1) {
      work.push(client.credit(a, 70));
      work.push(client.pay(a, 130));
      work.push(client.pay(a, 50, DECLINED_MOMO));
      work.push(client.pay(b, 90));
      work.push(client.pay(i % 2 ? a : b, 60, { type: 'wallet', walletId: i % 2 ? b : a }));
    }
    const results = await Promise.all(work);
    for (const r of results) {
      if (r.status !== 201) expectError(r, 400, 'WALLET_INSUFFICIENT_BALANCE');
    }
    const wa = await client.expectLedgerConsistent(a);
    const wb = await client.expectLedgerConsistent(b);
    expect(wa.held + wb.held).toBe(0);
    // money is conserved: what went in, less what left the suite successfully
    let paidOut = 0;
    for (const id of [a, b]) {
      const succeeded = (await client.call('GET', `${PAYMENTS}?walletId=${id}&status=succeeded&limit=100`)).body.data;
      expect(succeeded.total).toBeLessThanOrEqual(100);
      for (const p of succeeded.items) if (p.provider === 'sandbox') paidOut += p.amount;
    }
    expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(20);
    expect(results.filter((r) => r.status === 400).length).toBeGreaterThan(0);
    expect(wa.balance + wb.balance).toBe(2_000 + 500 + 15 * 70 - paidOut);
  });

  it('transfers to another wallet of the company in one settlement: two ledger rows', async () => {
    const from = await client.fundedWallet(3_000);
    const to = await client.wallet('XAF', 'Savings');
    const moved = await client.pay(from, 1_200, { type: 'wallet', walletId: to });
    expect(moved.status).toBe(201);
    expect(moved.body.data).toMatchObject({ status: 'succeeded', provider: 'internal', recipient: { type: 'wallet', walletId: to } });
    expect(await client.expectLedgerConsistent(from)).toMatchObject({ balance: 1_800 });
    expect(await client.expectLedgerConsistent(to)).toMatchObject({ balance: 1_200 });
    expect((await client.ledger(to)).map((r) => [r.type, r.amount, r.paymentId])).toEqual([['transfer_in', 1_200, moved.body.data.id]]);
    expect((await client.ledger(from)).at(-1)).toMatchObject({ type: 'transfer_out', amount: -1_200, paymentId: moved.body.data.id });

    expectError(await client.pay(from, 10_000, { type: 'wallet', walletId: to }), 400, 'WALLET_INSUFFICIENT_BALANCE');
    const self = await client.pay(from, 10, { type: 'wallet', walletId: from });
    expectError(self, 400, 'PAYMENT_RECIPIENT_INVALID');
    const unknown = await client.pay(from, 10, { type: 'wallet', walletId: '00000000-0000-4000-8000-000000000000' });
    expectError(unknown, 400, 'PAYMENT_RECIPIENT_INVALID');
    const euros = await client.wallet('EUR');
    const mixed = await client.pay(from, 10, { type: 'wallet', walletId: euros });
    expectError(mixed, 400, 'CURRENCY_MISMATCH');
    expect(mixed.body.details).toMatchObject({ walletId: euros, currency: 'XAF', walletCurrency: 'EUR' });
    expect(await client.expectLedgerConsistent(from)).toMatchObject({ balance: 1_800 });
  });

  it('refuses mixed currencies: a payment in another currency than its wallet', async () => {
    const walletId = await client.fundedWallet(1_000);
    const refused = await client.payment({ walletId, amount: 100, currency: 'EUR', recipient: MOMO, description: 'x' });
    expectError(refused, 400, 'CURRENCY_MISMATCH');
    expect(await client.getWallet(walletId)).toMatchObject({ balance: 1_000, held: 0 });
  });

  describe('idempotency', () => {
    it('the same key sent 10 times at once: one payment, one debit, the other nine replay it (flagged)', async () => {
      const walletId = await client.fundedWallet(1_000);
      const key = newKey();
      const results = await Promise.all(Array.from({ length: 10 }, () => client.pay(walletId, 300, MOMO, key)));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
      for (const r of results) expect(r.body.data).toEqual(results[0].body.data);
      expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 700, held: 0 });
      expect((await client.ledger(walletId)).filter((r) => r.type === 'debit')).toHaveLength(1);
      expect((await client.call('GET', `${PAYMENTS}?walletId=${walletId}`)).body.data.total).toBe(1);

      // and later, one more replay
      const later = await client.pay(walletId, 300, MOMO, key);
      expect(later.status).toBe(201);
      expect(later.headers.get('idempotent-replayed')).toBe('true');
      expect(later.body.data).toEqual(results[0].body.data);
    });

    it('the same key with another body is 409 IDEMPOTENCY_KEY_REUSED; key order in the body does not matter', async () => {
      const walletId = await client.fundedWallet(1_000);
      const key = newKey();
      expect((await client.pay(walletId, 100, MOMO, key)).status).toBe(201);
      expectError(await client.pay(walletId, 101, MOMO, key), 409, 'IDEMPOTENCY_KEY_REUSED');
      expectError(await client.pay(walletId, 100, BANK, key), 409, 'IDEMPOTENCY_KEY_REUSED');
      const reordered = await client.payment(
        {
          description: 'Test payment',
          recipient: { phoneNumber: MOMO.phoneNumber, provider: 'mtn_momo', type: 'mobile_money' },
          currency: 'XAF',
          amount: 100,
          walletId,
        },
        key,
      );
      expect(reordered.status).toBe(201);
      expect(reordered.headers.get('idempotent-replayed')).toBe('true');
      // a key of a payment cannot be reused for a credit either
      expectError(await client.credit(walletId, 100, 'XAF', key), 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(await client.getWallet(walletId)).toMatchObject({ balance: 900 });
    });

    it('replays a failed payment as failed, and the hold is released once', async () => {
      const walletId = await client.fundedWallet(1_000);
      const key = newKey();
      const results = await Promise.all(Array.from({ length: 5 }, () => client.pay(walletId, 600, DECLINED_MOMO, key)));
      expect(results.every((r) => r.status === 201 && r.body.data.status === 'failed')).toBe(true);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 1_000, held: 0, available: 1_000 });
    });

    it('requires the key; a refused request does not use its key up', async () => {
      const walletId = await client.fundedWallet(100);
      expectError(await client.pay(walletId, 10, MOMO, null), 400, 'IDEMPOTENCY_KEY_REQUIRED');
      expectError(await client.pay(walletId, 10, MOMO, ''), 400, 'IDEMPOTENCY_KEY_REQUIRED');
      const bad = await client.pay(walletId, 10, MOMO, 'x'.repeat(256));
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(Object.keys(bad.body.errors)).toEqual(['Idempotency-Key']);

      const key = newKey();
      expectError(await client.pay(walletId, 500, MOMO, key), 400, 'WALLET_INSUFFICIENT_BALANCE');
      expect((await client.credit(walletId, 400)).status).toBe(201);
      const retried = await client.pay(walletId, 500, MOMO, key);
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(await client.getWallet(walletId)).toMatchObject({ balance: 0 });
    });
  });

  describe('validation', () => {
    const valid = (walletId: string) => ({ walletId, amount: 100, currency: 'XAF', recipient: MOMO, description: 'Salary' });

    it.each([
      ['amount as a string', { amount: '100' }, 'amount'],
      ['fractional amount', { amount: 100.5 }, 'amount'],
      ['zero amount', { amount: 0 }, 'amount'],
      ['negative amount', { amount: -5 }, 'amount'],
      ['amount past the cap', { amount: 1e13 }, 'amount'],
      ['amount past 2^53', { amount: 2 ** 60 }, 'amount'],
      ['lower-case currency', { currency: 'xaf' }, 'currency'],
      ['unknown currency', { currency: 'ABC' }, 'currency'],
      ['walletId not a uuid', { walletId: 'nope' }, 'walletId'],
      ['empty description', { description: '  ' }, 'description'],
      ['description too long', { description: 'x'.repeat(256) }, 'description'],
      ['recipient missing', { recipient: undefined }, 'recipient'],
      ['recipient a string', { recipient: '+237677123456' }, 'recipient'],
      ['unknown recipient type', { recipient: { type: 'cash' } }, 'recipient.type'],
      ['phone not Cameroonian', { recipient: { ...MOMO, phoneNumber: '+33612345678' } }, 'recipient.phoneNumber'],
      ['fixed line, not mobile', { recipient: { ...MOMO, phoneNumber: '+237222123456' } }, 'recipient.phoneNumber'],
      ['phone not E.164', { recipient: { ...MOMO, phoneNumber: '677123456' } }, 'recipient.phoneNumber'],
      ['unknown mobile provider', { recipient: { ...MOMO, provider: 'mpesa' } }, 'recipient.provider'],
      ['mobile money without number', { recipient: { type: 'mobile_money', provider: 'mtn_momo' } }, 'recipient.phoneNumber'],
      ['bank without account', { recipient: { type: 'bank', accountHolder: 'A' } }, 'recipient.accountNumber'],
      ['bank field on mobile money', { recipient: { ...MOMO, accountNumber: '12345678' } }, 'recipient.accountNumber'],
      ['wallet without walletId', { recipient: { type: 'wallet' } }, 'recipient.walletId'],
      ['unknown recipient property', { recipient: { ...MOMO, iban: 'x' } }, 'recipient.iban'],
      ['unknown property', { tip: 5 }, 'tip'],
    ])('refuses %s', async (_label, change, field) => {
      const walletId = await client.fundedWallet(1_000);
      const result = await client.payment({ ...valid(walletId), ...change });
      expectError(result, 400, 'VALIDATION_FAILED');
      expect(Object.keys(result.body.errors)).toContain(field);
      expect(await client.getWallet(walletId)).toMatchObject({ balance: 1_000, held: 0 });
    });

    it('refuses malformed JSON and an empty body without a 500', async () => {
      const raw = await client.dev.call(pay, 'POST', PAYMENTS, { rawBody: '{"amount":', headers: { 'idempotency-key': newKey() } });
      expectError(raw, 400, 'VALIDATION_FAILED');
      expectError(await client.payment({}), 400, 'VALIDATION_FAILED');
    });

    it('answers 404 for unknown wallets and payments, and for ids that are not uuids', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      expectError(await client.payment(valid(missing)), 404, 'WALLET_NOT_FOUND');
      expectError(await client.call('GET', `${PAYMENTS}/${missing}`), 404, 'PAYMENT_NOT_FOUND');
      expectError(await client.call('GET', `${PAYMENTS}/not-a-uuid`), 404, 'PAYMENT_NOT_FOUND');
    });

    it('lists payments paginated, with filters validated', async () => {
      const walletId = await client.fundedWallet(1_000);
      for (let i = 0; i < 3; i += 1) await client.pay(walletId, 10);
      await client.pay(walletId, 10, DECLINED_MOMO);
      const page = await client.call('GET', `${PAYMENTS}?walletId=${walletId}&limit=2&page=2`);
      expect(page.status).toBe(200);
      expect(page.body.data).toMatchObject({ page: 2, limit: 2, total: 4 });
      expect(page.body.data.items).toHaveLength(2);
      expect((await client.call('GET', `${PAYMENTS}?walletId=${walletId}&status=failed`)).body.data.total).toBe(1);
      expectError(await client.call('GET', `${PAYMENTS}?status=done`), 400, 'VALIDATION_FAILED');
      expectError(await client.call('GET', `${PAYMENTS}?walletId=x`), 400, 'VALIDATION_FAILED');
      expectError(await client.call('GET', `${PAYMENTS}?limit=101`), 400, 'VALIDATION_FAILED');
    });
  });

  describe('tenancy and scopes', () => {
    it('another company sees none of it: 404 on its wallet and payment, not in lists, cannot pay from it', async () => {
      const walletId = await client.fundedWallet(1_000);
      const paid = (await client.pay(walletId, 100)).body.data.id;
      const other = new PayClient(await stack.developer(), pay);
      expectError(await other.call('GET', `${PAYMENTS}/${paid}`), 404, 'PAYMENT_NOT_FOUND');
      expectError(await other.call('GET', `${WALLETS}/${walletId}`), 404, 'WALLET_NOT_FOUND');
      expectError(await other.pay(walletId, 100), 404, 'WALLET_NOT_FOUND');
      expectError(await other.credit(walletId, 100), 404, 'WALLET_NOT_FOUND');
      expect((await other.call('GET', PAYMENTS)).body.data.total).toBe(0);
      // nor can it transfer into another company's wallet
      const own = await other.fundedWallet(1_000);
      expectError(await other.pay(own, 100, { type: 'wallet', walletId }), 400, 'PAYMENT_RECIPIENT_INVALID');
      // the same Idempotency-Key in another company is another request
      const key = newKey();
      expect((await client.pay(walletId, 100, MOMO, key)).headers.get('idempotent-replayed')).toBeNull();
      const theirs = await other.pay(own, 100, MOMO, key);
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect(await client.getWallet(walletId)).toMatchObject({ balance: 800 });
    });

    it('an acting company has wallets of its own, apart from the partner’s', async () => {
      const partner = await stack.developer();
      const workspace = await partner.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Clients' } });
      expect(workspace.status).toBe(201);
      const company = await partner.call(stack.auth, 'POST', `/api/v1/workspaces/${workspace.body.data.id}/companies`, { body: { name: 'Client SARL' } });
      expect(company.status).toBe(201);
      const acting = new PayClient(partner, pay, { 'x-workspace-id': workspace.body.data.id, 'x-acting-company-id': company.body.data.id });
      const own = new PayClient(partner, pay);

      const clientWallet = await acting.fundedWallet(500);
      const paid = (await acting.pay(clientWallet, 200)).body.data.id;
      expect((await own.call('GET', WALLETS)).body.data.total).toBe(0);
      expectError(await own.call('GET', `${PAYMENTS}/${paid}`), 404, 'PAYMENT_NOT_FOUND');
      expect((await acting.call('GET', `${PAYMENTS}/${paid}`)).status).toBe(200);
      expect((await acting.call('GET', WALLETS)).body.data.items.map((w: { id: string }) => w.id)).toEqual([clientWallet]);
      // a company outside the partner's workspace is forbidden
      const stranger = new PayClient(await stack.developer(), pay, { 'x-workspace-id': workspace.body.data.id, 'x-acting-company-id': company.body.data.id });
      expectError(await stranger.call('GET', WALLETS), 403, 'ACTING_COMPANY_FORBIDDEN');
    });

    it('needs pay:write to pay and pay:read to read', async () => {
      const reader = new PayClient(await stack.developer({ scopes: ['pay:read'] }), pay);
      expectError(await reader.pay('00000000-0000-4000-8000-000000000000', 10), 403, 'INSUFFICIENT_SCOPE');
      expect((await reader.call('GET', PAYMENTS)).status).toBe(200);
      const writer = new PayClient(await stack.developer({ scopes: ['hr:read'] }), pay);
      expectError(await writer.call('GET', PAYMENTS), 403, 'INSUFFICIENT_SCOPE');
      const anonymous = await fetch(`${pay.url}${PAYMENTS}`);
      expect(anonymous.status).toBe(401);
    });
  });
});
