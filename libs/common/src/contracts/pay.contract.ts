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
export const PAYMENT: InternalRoute<{ params: { id: string }; query: { companyId: string }; response: Payment }> = { method: 'GET', path: '/internal/v1/pay/payments/:id' };
