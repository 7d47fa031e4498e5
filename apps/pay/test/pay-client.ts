import { randomUUID } from 'node:crypto';
import { Developer, RunningApp } from '@test/support/stack';

export const WALLETS = '/api/v1/pay/wallets';
export const PAYMENTS = '/api/v1/pay/payments';
export const MOMO = { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' };
/** The sandbox declines numbers ending in 9999. */
export const DECLINED_MOMO = { type: 'mobile_money', provider: 'orange_money', phoneNumber: '+237690009999' };

export const newKey = () => `key-${randomUUID()}`;

/** Pay's routes for one developer (and, optionally, the acting company headers). */
export class PayClient {
  constructor(
    readonly dev: Developer,
    readonly app: RunningApp,
    readonly headers: Record<string, string> = {},
  ) {}

  call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.dev.call(this.app, method, path, { body, headers: { ...this.headers, ...headers } });
  }

  async wallet(currency = 'XAF', name = 'Main'): Promise<string> {
    const created = await this.call('POST', WALLETS, { name, currency });
    if (created.status !== 201) throw new Error(`wallet not created: ${created.text}`);
    return created.body.data.id;
  }

  credit(walletId: string, amount: number, currency = 'XAF', key = newKey(), extra: Record<string, unknown> = {}) {
    return this.call('POST', `${WALLETS}/${walletId}/credits`, { amount, currency, ...extra }, { 'idempotency-key': key });
  }

  async fundedWallet(amount: number, currency = 'XAF'): Promise<string> {
    const id = await this.wallet(currency);
    const credited = await this.credit(id, amount, currency);
    if (credited.status !== 201) throw new Error(`credit failed: ${credited.text}`);
    return id;
  }

  payment(body: Record<string, unknown>, key: string | null = newKey()) {
    return this.call('POST', PAYMENTS, body, key === null ? {} : { 'idempotency-key': key });
  }

  pay(walletId: string, amount: number, recipient: Record<string, unknown> = MOMO, key: string | null = newKey(), extra: Record<string, unknown> = {}) {
    return this.payment({ walletId, amount, currency: 'XAF', recipient, description: 'Test payment', ...extra }, key);
  }

  async getWallet(id: string) {
    const wallet = await this.call('GET', `${WALLETS}/${id}`);
    if (wallet.status !== 200) throw new Error(`wallet read failed: ${wallet.text}`);
    return wallet.body.data as { balance: number; held: number; available: number; lastSequence: number; currency: string };
  }

  /** Every ledger row of a wallet, oldest first. */
  async ledger(id: string): Promise<{ sequence: number; type: string; amount: number; balanceAfter: number; paymentId: string | null }[]> {
    const rows = [];
    for (let page = 1; ; page += 1) {
      const result = await this.call('GET', `${WALLETS}/${id}/transactions?limit=100&page=${page}`);
      if (result.status !== 200) throw new Error(`ledger read failed: ${result.text}`);
      rows.push(...result.body.data.items);
      if (page * 100 >= result.body.data.total) break;
    }
    return rows.reverse();
  }

  /** The invariants: balance = sum of ledger rows, rows numbered 1..n, each balanceAfter the running sum. */
  async expectLedgerConsistent(id: string): Promise<{ balance: number; held: number; available: number }> {
    const wallet = await this.getWallet(id);
    const rows = await this.ledger(id);
    let running = 0;
    rows.forEach((row, index) => {
      running += row.amount;
      expect({ sequence: row.sequence, balanceAfter: row.balanceAfter }).toEqual({ sequence: index + 1, balanceAfter: running });
    });
    expect(wallet.balance).toBe(running);
    expect(wallet.lastSequence).toBe(rows.length);
    expect(wallet.available).toBe(wallet.balance - wallet.held);
    expect(wallet.held).toBeGreaterThanOrEqual(0);
    expect(wallet.available).toBeGreaterThanOrEqual(0);
    return wallet;
  }
}
