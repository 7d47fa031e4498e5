import type { ErrorCode } from '../errors/error-codes';
import type { InternalRoute, Timestamp } from './internal-route';

/** Pay's internal routes: payroll pays payslips through them, the company named in the call instead of a token. */

/** Another wallet of the company, a Cameroon mobile-money number, or a bank account. */
export interface PaymentRecipient {
  type: 'wallet' | 'mobile_money' | 'bank';
  walletId?: string;
  provider?: 'mtn_momo' | 'orange_money';
  phoneNumber?: string;
  bankName?: string;
  bankCode?: string;
  accountNumber?: string;
  accountHolder?: string;
  name?: string;
}

/** What is paid, from which wallet, to whom. */
interface PaymentOrder {
  companyId: string;
  walletId: string;
  /** minor units */
  amount: number;
  currency: string;
  recipient: PaymentRecipient;
  description: string;
}

export interface CreatePaymentBody extends PaymentOrder {
  reference?: string;
}

export interface Payment extends PaymentOrder {
  id: string;
  reference: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  provider: string;
  providerReference: string | null;
  failureReason: string | null;
  settledAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * The public route's behaviour: 201 with the payment (succeeded, failed or pending); the same
 * Idempotency-Key and body replay it (`Idempotent-Replayed: true`), whichever route took the
 * first. Refused before any money moves: WALLET_NOT_FOUND, WALLET_INSUFFICIENT_BALANCE,
 * CURRENCY_MISMATCH, PAYMENT_RECIPIENT_INVALID; IDEMPOTENCY_KEY_REUSED for another body,
 * IDEMPOTENCY_REQUEST_IN_PROGRESS while the first call with the key runs.
 */
export const CREATE_PAYMENT: InternalRoute<{ body: CreatePaymentBody; headers: { 'idempotency-key': string }; response: Payment }> = {
  method: 'POST',
  path: '/internal/v1/pay/payments',
};

/** PAYMENT_NOT_FOUND for another company's payment too. */
export const PAYMENT: InternalRoute<{ params: { id: string }; query: { companyId: string }; response: Payment }> = {
  method: 'GET',
  path: '/internal/v1/pay/payments/:id',
};

/** The most payments one bulk payout call takes. */
export const MAX_BULK_PAYOUTS = 500;

/** One payment of a bulk payout: the single route's body without the company, with its own Idempotency-Key. */
export interface PayoutItem extends Omit<CreatePaymentBody, 'companyId'> {
  idempotencyKey: string;
}

export interface BulkPayoutBody {
  companyId: string;
  items: PayoutItem[];
}

/**
 * What the single route would have answered for the item: the payment (`replayed` when an earlier
 * call with its key made it), or its refusal's error envelope.
 */
export interface PayoutResult {
  idempotencyKey: string;
  payment: Payment | null;
  replayed: boolean;
  error: { code: ErrorCode; statusCode: number; message: string; details?: Record<string, unknown>; errors?: Record<string, string[]> } | null;
}

/**
 * Up to MAX_BULK_PAYOUTS payments in one call, each with the single route's behaviour and
 * idempotency (a key already used, by either route, replays its payment and pays nothing again);
 * 200 with one result per item, in the items' order; an invalid item (VALIDATION_FAILED, a key
 * repeated within the call too) fails alone. VALIDATION_FAILED for the whole body only when it is
 * not a company and a list of 1 to MAX_BULK_PAYOUTS objects.
 */
export const BULK_PAYOUTS: InternalRoute<{ body: BulkPayoutBody; response: { results: PayoutResult[] } }> = {
  method: 'POST',
  path: '/internal/v1/pay/payouts/bulk',
};
