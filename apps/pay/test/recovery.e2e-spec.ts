import { DataSource } from 'typeorm';
import { PayModule } from '../src/pay.module';
import { PaymentsRecovery } from '../src/payments/payments-recovery.service';
import { PaymentsService } from '../src/payments/payments.service';
import { PaymentProvider } from '../src/payments/providers/payment-provider';
import { SandboxSettlement } from '../src/payments/providers/sandbox-settlement.entity';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { DECLINED_MOMO, MOMO, newKey, PAYMENTS, PayClient } from './pay-client';

/**
 * A process that dies between the steps of a payment leaves the hold committed and the payment
 * pending. These tests "kill" the first instance at a chosen step (the step throws, the request
 * ends without a response body of its own, the instance is stopped), start a new instance on the
 * same database, run recovery, and check that the money moved exactly once.
 */
describe('pay: recovery after a crash mid-payment', () => {
  let stack: TestStack;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  /** Stops an instance for good (the stack would otherwise close it a second time at the end). */
  async function stop(app: RunningApp): Promise<void> {
    stack.apps.splice(stack.apps.indexOf(app), 1);
    await app.close();
  }

  const killed = () => Promise.reject(new Error('process killed'));

  async function pendingPaymentOf(client: PayClient, walletId: string) {
    const list = await client.call('GET', `${PAYMENTS}?walletId=${walletId}&status=pending`);
    expect(list.body.data.total).toBe(1);
    return list.body.data.items[0] as { id: string; status: string };
  }

  const settlementsOf = (app: RunningApp, paymentId: string) => app.app.get(DataSource).getRepository(SandboxSettlement).countBy({ paymentId });

  it('dies after the hold, before the provider was asked: recovery settles once, a retry replays the outcome', async () => {
    const first = await stack.startApp(PayModule, 'pay');
    const client = new PayClient(dev, first);
    const walletId = await client.fundedWallet(1_000);
    jest.spyOn(first.app.get(PaymentsService), 'settle').mockImplementationOnce(killed);
    const key = newKey();
    const crashed = await client.pay(walletId, 300, MOMO, key);
    expect(crashed.status).toBe(500);
    await stop(first);

    const second = await stack.startApp(PayModule, 'pay');
    const after = new PayClient(dev, second);
    // the hold survived the crash: the money is not spendable twice meanwhile
    expect(await after.getWallet(walletId)).toMatchObject({ balance: 1_000, held: 300, available: 700 });
    const payment = await pendingPaymentOf(after, walletId);
    expect(await settlementsOf(second, payment.id)).toBe(0);
    // the retry finds the first request still unfinished
    expectError(await after.pay(walletId, 300, MOMO, key), 409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS');

    // a young pending payment may belong to a live request: the default pass leaves it alone
    expect(await second.app.get(PaymentsRecovery).run()).toMatchObject({ examined: 0 });
    expect(await second.app.get(PaymentsRecovery).run({ olderThanMs: 0 })).toMatchObject({ examined: 1, succeeded: 1, errors: 0 });
    expect(await second.app.get(PaymentsRecovery).run({ olderThanMs: 0 })).toMatchObject({ examined: 0 });

    expect(await settlementsOf(second, payment.id)).toBe(1);
    expect(await after.expectLedgerConsistent(walletId)).toMatchObject({ balance: 700, held: 0, available: 700 });
    expect((await after.ledger(walletId)).filter((row) => row.type === 'debit')).toEqual([expect.objectContaining({ amount: -300, paymentId: payment.id })]);
    const retried = await after.pay(walletId, 300, MOMO, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body.data).toMatchObject({ id: payment.id, status: 'succeeded' });
    await stop(second);
  });

  it('dies after the provider paid, before the debit: recovery asks the provider and debits once, without paying again', async () => {
    const first = await stack.startApp(PayModule, 'pay');
    const client = new PayClient(dev, first);
    const walletId = await client.fundedWallet(1_000);
    jest.spyOn(first.app.get(PaymentsService), 'finalize').mockImplementationOnce(killed);
    expect((await client.pay(walletId, 400)).status).toBe(500);
    await stop(first);

    const second = await stack.startApp(PayModule, 'pay');
    const after = new PayClient(dev, second);
    const payment = await pendingPaymentOf(after, walletId);
    expect(await settlementsOf(second, payment.id)).toBe(1);
    const settle = jest.spyOn(second.app.get(PaymentProvider), 'settle');
    expect(await second.app.get(PaymentsRecovery).run({ olderThanMs: 0 })).toMatchObject({ examined: 1, succeeded: 1 });
    expect(settle).not.toHaveBeenCalled();
    expect(await settlementsOf(second, payment.id)).toBe(1);
    expect(await after.expectLedgerConsistent(walletId)).toMatchObject({ balance: 600, held: 0 });
    expect((await after.call('GET', `${PAYMENTS}/${payment.id}`)).body.data.status).toBe('succeeded');
    await stop(second);
  });

  it('a declined payment that died mid-way ends failed with its hold released', async () => {
    const first = await stack.startApp(PayModule, 'pay');
    const client = new PayClient(dev, first);
    const walletId = await client.fundedWallet(1_000);
    jest.spyOn(first.app.get(PaymentsService), 'settle').mockImplementationOnce(killed);
    expect((await client.pay(walletId, 1_000, DECLINED_MOMO)).status).toBe(500);
    await stop(first);

    const second = await stack.startApp(PayModule, 'pay');
    const after = new PayClient(dev, second);
    expect(await after.getWallet(walletId)).toMatchObject({ available: 0 });
    expectError(await after.pay(walletId, 1), 400, 'WALLET_INSUFFICIENT_BALANCE');
    expect(await second.app.get(PaymentsRecovery).run({ olderThanMs: 0 })).toMatchObject({ examined: 1, failed: 1 });
    expect(await after.expectLedgerConsistent(walletId)).toMatchObject({ balance: 1_000, held: 0, available: 1_000 });
    expect((await after.ledger(walletId)).map((row) => row.type)).toEqual(['credit']);
    await stop(second);
  });

  it('two instances recovering the same payments at once move each payment’s money once', async () => {
    const first = await stack.startApp(PayModule, 'pay');
    const client = new PayClient(dev, first);
    const walletId = await client.fundedWallet(1_000);
    const service = first.app.get(PaymentsService);
    jest.spyOn(service, 'settle').mockImplementation(killed);
    const crashed = await Promise.all(Array.from({ length: 5 }, () => client.pay(walletId, 100)));
    expect(crashed.every((r) => r.status === 500)).toBe(true);
    await stop(first);

    const [a, b] = [await stack.startApp(PayModule, 'pay'), await stack.startApp(PayModule, 'pay')];
    const reports = await Promise.all([a, b].map((app) => app.app.get(PaymentsRecovery).run({ olderThanMs: 0 })));
    expect(reports.reduce((n, r) => n + r.errors, 0)).toBe(0);
    const after = new PayClient(dev, a);
    expect(await after.expectLedgerConsistent(walletId)).toMatchObject({ balance: 500, held: 0 });
    expect((await after.ledger(walletId)).filter((row) => row.type === 'debit')).toHaveLength(5);
    expect((await after.call('GET', `${PAYMENTS}?walletId=${walletId}&status=succeeded`)).body.data.total).toBe(5);
    await stop(a);
    await stop(b);
  });

  it('a provider that does not answer leaves the payment pending (201) and held; recovery finishes it', async () => {
    const app = await stack.startApp(PayModule, 'pay');
    const client = new PayClient(dev, app);
    const walletId = await client.fundedWallet(1_000);
    jest.spyOn(app.app.get(PaymentProvider), 'settle').mockRejectedValueOnce(new Error('connect ETIMEDOUT'));
    const key = newKey();
    const pending = await client.pay(walletId, 250, MOMO, key);
    expect(pending.status).toBe(201);
    expect(pending.body.data).toMatchObject({ status: 'pending', settledAt: null });
    expect(await client.getWallet(walletId)).toMatchObject({ balance: 1_000, held: 250, available: 750 });
    // the first response is what a replay shows
    expect((await client.pay(walletId, 250, MOMO, key)).body.data.status).toBe('pending');

    expect(await app.app.get(PaymentsRecovery).run({ olderThanMs: 0 })).toMatchObject({ examined: 1, succeeded: 1 });
    expect((await client.call('GET', `${PAYMENTS}/${pending.body.data.id}`)).body.data.status).toBe('succeeded');
    expect(await client.expectLedgerConsistent(walletId)).toMatchObject({ balance: 750, held: 0 });
    await stop(app);
  });
});
