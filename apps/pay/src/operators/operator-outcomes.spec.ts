import { mtnOutcome, orangeCoreOutcome, orangeWebOutcome } from './operator-outcomes';

describe('operator outcomes', () => {
  it('reads MTN statuses: only SUCCESSFUL and FAILED are final, whatever else comes stays pending', () => {
    expect(mtnOutcome({ status: 'SUCCESSFUL', financialTransactionId: '123456789' })).toEqual({
      state: 'succeeded',
      operatorStatus: 'SUCCESSFUL',
      operatorTransactionId: '123456789',
    });
    for (const status of ['PENDING', 'CREATED', 'ONGOING', undefined]) expect(mtnOutcome({ status }).state).toBe('pending');
  });

  it('maps each documented MTN failure reason, as a string or as { code, message }', () => {
    const cases: Array<[unknown, string]> = [
      ['NOT_ENOUGH_FUNDS', 'OPERATOR_INSUFFICIENT_FUNDS'],
      ['PAYER_NOT_FOUND', 'OPERATOR_PARTY_NOT_FOUND'],
      ['PAYEE_NOT_FOUND', 'OPERATOR_PARTY_NOT_FOUND'],
      ['PAYEE_NOT_ALLOWED_TO_RECEIVE', 'OPERATOR_PARTY_NOT_ALLOWED'],
      ['SENDER_ACCOUNT_NOT_ACTIVE', 'OPERATOR_PARTY_NOT_ALLOWED'],
      ['PAYER_LIMIT_REACHED', 'OPERATOR_LIMIT_REACHED'],
      ['APPROVAL_REJECTED', 'OPERATOR_NOT_APPROVED'],
      ['PAYMENT_NOT_APPROVED', 'OPERATOR_NOT_APPROVED'],
      ['TRANSACTION_CANCELED', 'OPERATOR_NOT_APPROVED'],
      ['EXPIRED', 'OPERATOR_APPROVAL_EXPIRED'],
      ['COULD_NOT_PERFORM_TRANSACTION', 'OPERATOR_APPROVAL_EXPIRED'],
      ['NOT_ALLOWED', 'OPERATOR_ACCOUNT_REFUSED'],
      ['NOT_ALLOWED_TARGET_ENVIRONMENT', 'OPERATOR_ACCOUNT_REFUSED'],
      ['INVALID_CALLBACK_URL_HOST', 'OPERATOR_ACCOUNT_REFUSED'],
      ['INVALID_CURRENCY', 'OPERATOR_ACCOUNT_REFUSED'],
      ['SERVICE_UNAVAILABLE', 'OPERATOR_UNAVAILABLE'],
      ['INTERNAL_PROCESSING_ERROR', 'OPERATOR_FAILED'],
      [{ code: 'NOT_ENOUGH_FUNDS', message: 'x' }, 'OPERATOR_INSUFFICIENT_FUNDS'],
      ['SOMETHING_NEW', 'OPERATOR_FAILED'],
      [undefined, 'OPERATOR_FAILED'],
    ];
    for (const [reason, code] of cases) expect(mtnOutcome({ status: 'FAILED', reason })).toMatchObject({ state: 'failed', failureCode: code });
    expect(mtnOutcome({ status: 'FAILED', reason: { code: 'PAYER_NOT_FOUND' } })).toMatchObject({ operatorReason: 'PAYER_NOT_FOUND' });
  });

  it('reads Orange’s USSD-push statuses with its spelling and its business codes', () => {
    expect(orangeCoreOutcome({ status: 'SUCCESSFULL', txnid: 'MP1.2.3' })).toEqual({
      state: 'succeeded',
      operatorStatus: 'SUCCESSFULL',
      operatorTransactionId: 'MP1.2.3',
    });
    expect(orangeCoreOutcome({ status: 'SUCCESSFUL' }).state).toBe('succeeded');
    for (const status of ['INITIATED', 'PENDING', 'SOMETHING']) expect(orangeCoreOutcome({ status }).state).toBe('pending');
    expect(orangeCoreOutcome({ status: 'CANCELLED' })).toMatchObject({ failureCode: 'OPERATOR_NOT_APPROVED' });
    expect(orangeCoreOutcome({ status: 'EXPIRED' })).toMatchObject({ failureCode: 'OPERATOR_APPROVAL_EXPIRED' });
    const codes: Array<[string, string]> = [
      ['60019', 'OPERATOR_INSUFFICIENT_FUNDS'],
      ['00671', 'OPERATOR_PARTY_NOT_FOUND'],
      ['99051', 'OPERATOR_PARTY_NOT_FOUND'],
      ['60031', 'OPERATOR_PARTY_NOT_FOUND'],
      ['60021', 'OPERATOR_PARTY_NOT_ALLOWED'],
      ['60033', 'OPERATOR_PARTY_NOT_ALLOWED'],
      ['60022', 'OPERATOR_LIMIT_REACHED'],
      ['60026', 'OPERATOR_UNAVAILABLE'],
      ['12345', 'OPERATOR_FAILED'],
    ];
    for (const [code, failure] of codes) {
      expect(orangeCoreOutcome({ status: 'FAILED', txnstatus: code })).toMatchObject({ failureCode: failure, operatorReason: code });
      expect(orangeCoreOutcome({ status: 'FAILED', inittxnstatus: code })).toMatchObject({ failureCode: failure });
    }
    expect(orangeCoreOutcome({ status: 'FAILED', inittxnstatus: '200', confirmtxnstatus: '60019' })).toMatchObject({
      failureCode: 'OPERATOR_INSUFFICIENT_FUNDS',
    });
  });

  it('reads Web Payment statuses', () => {
    expect(orangeWebOutcome({ status: 'SUCCESS', txnid: 'MP9' })).toMatchObject({ state: 'succeeded', operatorTransactionId: 'MP9' });
    expect(orangeWebOutcome({ status: 'FAILED' })).toMatchObject({ state: 'failed', failureCode: 'OPERATOR_FAILED' });
    expect(orangeWebOutcome({ status: 'EXPIRED' })).toMatchObject({ state: 'failed', failureCode: 'OPERATOR_APPROVAL_EXPIRED' });
    expect(orangeWebOutcome({ status: 'INITIATED' }).state).toBe('pending');
    expect(orangeWebOutcome({ status: 'PENDING' }).state).toBe('pending');
  });
});
