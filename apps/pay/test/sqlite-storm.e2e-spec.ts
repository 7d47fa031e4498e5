import { DataSource } from 'typeorm';
import { PayModule } from '../src/pay.module';
import { expectError, RunningApp, TestStack } from '../../../test/support/stack';
import { DECLINED_MOMO, MOMO, newKey, PAYMENTS, PayClient } from './pay-client';

/**
 * The one-machine store: pay on SQLite (no DATABASE_URL), where there is no row lock and
 * Transactions runs writes one after another. Its own file: SQLite mode rewrites the entities'
 * column types for the whole process.
 */
describe('pay on the one-machine SQLite store', () => {
  let stack: TestStack;
  let pay: RunningApp;
  let client: PayClient;

  beforeAll(async () => {
    stack = await TestStack.start();
    pay = await stack.startApp(PayModule, 'pay', { DATABASE_URL: '' });
    client = new PayClient(await stack.developer(), pay);
  });
  afterAll(() => stack.stop());

  it('runs on SQLite', () => {
    expect(pay.app.get(DataSource).options.type).toBe('better-sqlite3');
  });

  it('30 concurrent payments of 100 from 1,000: exactly 10 succeed, 20 refused, balance 0 = sum of the ledger', async () => {
    const walletId = await client.fundedWallet(1_000);
    const results = await Promise.all(Array.from({ length: 30 }, () => client.pay(walletId, 100)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expectError(r, 400, 'WALLET_INSUFFICIENT_BALANCE');
      expect(r.body.details).toMatchObject({ requested: 100 });
    }
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 0, held: 0, available: 0 });
    expect((await client.ledger(walletId)).filter((r) => r.type === 'debit')).toHaveLength(10);
  });

  it('a mixed storm keeps balance = sum of the ledger; the same key at once pays once', async () => {
    const a = await client.fundedWallet(1_500);
    const b = await client.fundedWallet(300);
    const key = newKey();
    const work = [];
    for (let i = 0; i < 10; i += 1) {
      work.push(client.credit(a, 40), client.pay(a, 120), client.pay(a, 30, DECLINED_MOMO), client.pay(b, 80, { type: 'wallet', walletId: a }), client.pay(a, 55, MOMO, key));
    }
    const results = await Promise.all(work);
    for (const r of results) if (r.status !== 201) expectError(r, 400, 'WALLET_INSUFFICIENT_BALANCE');
    const replays = results.filter((r) => r.headers.get('idempotent-replayed') === 'true');
    expect(replays).toHaveLength(9);
    await client.expectLedgerConsistent(a);
    await client.expectLedgerConsistent(b);
    const keyed = (await client.call('GET', `${PAYMENTS}?walletId=${a}&limit=100`)).body.data.items.filter((p: { amount: number }) => p.amount === 55);
    expect(keyed).toHaveLength(1);
  });
});
