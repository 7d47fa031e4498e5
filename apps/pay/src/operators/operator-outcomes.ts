/**
 * What an operator's answer means for a payment, collection or refund: our three states and,
 * for a failure, one of our failure codes. The operators' own words (MTN's `reason`, Orange's
 * status spellings and business codes) never reach a client as they are: each maps here, and
 * what we do not know maps to a failure only when the operator said FAILED, never from silence.
 */

/** Our failure codes, each with what it tells the client. */
export const OPERATOR_FAILURES = {
  OPERATOR_INSUFFICIENT_FUNDS: 'The paying mobile money account does not hold enough funds.',
  OPERATOR_PARTY_NOT_FOUND: 'The phone number has no mobile money account with this operator.',
  OPERATOR_PARTY_NOT_ALLOWED: 'The mobile money account cannot take part in this payment (inactive, blocked or not allowed to receive).',
  OPERATOR_LIMIT_REACHED: 'The mobile money account has reached one of its limits.',
  OPERATOR_NOT_APPROVED: 'The payer refused or cancelled the payment.',
  OPERATOR_APPROVAL_EXPIRED: 'The payer did not approve the payment in time.',
  OPERATOR_ACCOUNT_REFUSED: 'The operator refused the operator account’s configuration (environment, callback host, currency or permissions).',
  OPERATOR_UNAVAILABLE: 'The operator could not process the payment at the time.',
  OPERATOR_FAILED: 'The operator failed the payment without giving a reason we know.',
} as const;

export type OperatorFailureCode = keyof typeof OPERATOR_FAILURES;

export type OperatorOutcome =
  | { state: 'pending'; operatorStatus: string }
  | { state: 'succeeded'; operatorStatus: string; operatorTransactionId: string | null }
  | { state: 'failed'; operatorStatus: string; failureCode: OperatorFailureCode; operatorReason: string | null };

/** MTN MoMo's failure reasons (its documentation and its developer community's lists). */
const MTN_REASONS: Record<string, OperatorFailureCode> = {
  NOT_ENOUGH_FUNDS: 'OPERATOR_INSUFFICIENT_FUNDS',
  PAYER_NOT_FOUND: 'OPERATOR_PARTY_NOT_FOUND',
  PAYEE_NOT_FOUND: 'OPERATOR_PARTY_NOT_FOUND',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'OPERATOR_PARTY_NOT_ALLOWED',
  SENDER_ACCOUNT_NOT_ACTIVE: 'OPERATOR_PARTY_NOT_ALLOWED',
  PAYER_LIMIT_REACHED: 'OPERATOR_LIMIT_REACHED',
  APPROVAL_REJECTED: 'OPERATOR_NOT_APPROVED',
  PAYMENT_NOT_APPROVED: 'OPERATOR_NOT_APPROVED',
  TRANSACTION_CANCELED: 'OPERATOR_NOT_APPROVED',
  EXPIRED: 'OPERATOR_APPROVAL_EXPIRED',
  COULD_NOT_PERFORM_TRANSACTION: 'OPERATOR_APPROVAL_EXPIRED',
  NOT_ALLOWED: 'OPERATOR_ACCOUNT_REFUSED',
  NOT_ALLOWED_TARGET_ENVIRONMENT: 'OPERATOR_ACCOUNT_REFUSED',
  INVALID_CALLBACK_URL_HOST: 'OPERATOR_ACCOUNT_REFUSED',
  INVALID_CURRENCY: 'OPERATOR_ACCOUNT_REFUSED',
  SERVICE_UNAVAILABLE: 'OPERATOR_UNAVAILABLE',
  INTERNAL_PROCESSING_ERROR: 'OPERATOR_FAILED',
};

/** Orange Money's business codes (integrators' code; Orange publishes no list). */
const ORANGE_CODES: Record<string, OperatorFailureCode> = {
  '60019': 'OPERATOR_INSUFFICIENT_FUNDS',
  '00671': 'OPERATOR_PARTY_NOT_FOUND',
  '99051': 'OPERATOR_PARTY_NOT_FOUND',
  '60031': 'OPERATOR_PARTY_NOT_FOUND',
  '60021': 'OPERATOR_PARTY_NOT_ALLOWED',
  '60033': 'OPERATOR_PARTY_NOT_ALLOWED',
  '60022': 'OPERATOR_LIMIT_REACHED',
  '60026': 'OPERATOR_UNAVAILABLE',
};

/** MTN's `reason` is a string, or `{ code, message }` in some SDKs' models: both are read. */
function mtnReason(reason: unknown): string | null {
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object' && typeof (reason as { code?: unknown }).code === 'string') return (reason as { code: string }).code;
  return null;
}

/**
 * An MTN status body. SUCCESSFUL and FAILED are final; PENDING, the sandbox's CREATED and any
 * status MTN may add are not.
 */
export function mtnOutcome(body: { status?: unknown; reason?: unknown; financialTransactionId?: unknown }): OperatorOutcome {
  const status = typeof body.status === 'string' ? body.status : 'UNKNOWN';
  if (status === 'SUCCESSFUL') {
    return {
      state: 'succeeded',
      operatorStatus: status,
      operatorTransactionId: typeof body.financialTransactionId === 'string' ? body.financialTransactionId : null,
    };
  }
  if (status === 'FAILED') {
    const reason = mtnReason(body.reason);
    return { state: 'failed', operatorStatus: status, failureCode: (reason && MTN_REASONS[reason]) || 'OPERATOR_FAILED', operatorReason: reason };
  }
  return { state: 'pending', operatorStatus: status };
}

/** The failure code of an Orange business code ("200" is success, anything else a failure). */
export function orangeFailure(code: string | null | undefined): OperatorFailureCode {
  return (code && ORANGE_CODES[code]) || 'OPERATOR_FAILED';
}

/**
 * An Orange USSD-push transaction (`data` of `paymentstatus`, `pay` or a notification):
 * SUCCESSFULL (so spelled; SUCCESSFUL and SUCCESS read the same) is final, FAILED with the
 * business code of `txnstatus`, `confirmtxnstatus` or `inittxnstatus`, CANCELLED and EXPIRED
 * too; INITIATED, PENDING and anything else are not.
 */
export function orangeCoreOutcome(data: Record<string, unknown>): OperatorOutcome {
  const status = typeof data.status === 'string' ? data.status.toUpperCase() : 'UNKNOWN';
  const txnid = typeof data.txnid === 'string' && data.txnid ? data.txnid : null;
  if (status === 'SUCCESSFULL' || status === 'SUCCESSFUL' || status === 'SUCCESS')
    return { state: 'succeeded', operatorStatus: status, operatorTransactionId: txnid };
  if (status === 'CANCELLED') return { state: 'failed', operatorStatus: status, failureCode: 'OPERATOR_NOT_APPROVED', operatorReason: null };
  if (status === 'EXPIRED') return { state: 'failed', operatorStatus: status, failureCode: 'OPERATOR_APPROVAL_EXPIRED', operatorReason: null };
  if (status === 'FAILED') {
    const code = [data.txnstatus, data.confirmtxnstatus, data.inittxnstatus].find((c): c is string => typeof c === 'string' && c !== '200') ?? null;
    return { state: 'failed', operatorStatus: status, failureCode: orangeFailure(code), operatorReason: code };
  }
  return { state: 'pending', operatorStatus: status };
}

/** A Web Payment status: SUCCESS, FAILED and EXPIRED are final; INITIATED and PENDING are not. */
export function orangeWebOutcome(body: { status?: unknown; txnid?: unknown }): OperatorOutcome {
  const status = typeof body.status === 'string' ? body.status.toUpperCase() : 'UNKNOWN';
  if (status === 'SUCCESS') return { state: 'succeeded', operatorStatus: status, operatorTransactionId: typeof body.txnid === 'string' ? body.txnid : null };
  if (status === 'FAILED') return { state: 'failed', operatorStatus: status, failureCode: 'OPERATOR_FAILED', operatorReason: null };
  if (status === 'EXPIRED') return { state: 'failed', operatorStatus: status, failureCode: 'OPERATOR_APPROVAL_EXPIRED', operatorReason: null };
  return { state: 'pending', operatorStatus: status };
}
