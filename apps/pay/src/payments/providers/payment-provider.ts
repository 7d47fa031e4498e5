import type { Payment } from '../payment.entity';

/** What a provider says about a payment. `pending`: not final yet, ask again later. */
export interface Settlement {
  status: 'succeeded' | 'failed' | 'pending';
  providerReference?: string | null;
  failureReason?: string | null;
}

/**
 * Where money leaves the suite (mobile money, bank transfer). Real providers plug in behind
 * this class; the sandbox is the default.
 *
 * - `settle` must be idempotent on the payment's id: asked twice (a retry, a recovery after a
 *   crash), a provider pays at most once and answers the same outcome (real providers are
 *   given the payment id as their idempotency key / external reference).
 * - `status` answers what became of a payment, or null when the provider never saw it.
 */
export abstract class PaymentProvider {
  abstract readonly name: string;
  abstract settle(payment: Payment): Promise<Settlement>;
  abstract status(paymentId: string): Promise<Settlement | null>;

  /**
   * Settles many payments (a bulk payout), by payment id; a provider with a batch API overrides
   * it. A payment the provider could not be asked about stays pending, for recovery.
   */
  async settleMany(payments: Payment[]): Promise<Map<string, Settlement>> {
    const settled = new Map<string, Settlement>();
    for (const payment of payments) settled.set(payment.id, await this.settle(payment).catch((): Settlement => ({ status: 'pending' })));
    return settled;
  }
}
