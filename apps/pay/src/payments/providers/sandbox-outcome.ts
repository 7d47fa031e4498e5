import type { Recipient } from '../dto/recipient.dto';

/** A mobile-money number or bank account ending in this makes the sandbox decline the payment. */
export const SANDBOX_FAIL_SUFFIX = '9999';
export const SANDBOX_FAILURE_REASON = 'Sandbox: the recipient’s provider declined the transfer.';

export const SANDBOX_DESCRIPTION =
  `Sandbox provider (the default): settles at once. A recipient phoneNumber or accountNumber ending in ${SANDBOX_FAIL_SUFFIX} ` +
  `(e.g. +237670009999) makes it decline: the payment ends failed and its hold is released.`;

/** What the sandbox decides for a recipient, from the documented magic suffix. */
export function sandboxOutcome(recipient: Recipient): { outcome: 'succeeded' | 'failed'; failureReason: string | null } {
  const account = recipient.phoneNumber ?? recipient.accountNumber ?? '';
  return account.endsWith(SANDBOX_FAIL_SUFFIX) ? { outcome: 'failed', failureReason: SANDBOX_FAILURE_REASON } : { outcome: 'succeeded', failureReason: null };
}
