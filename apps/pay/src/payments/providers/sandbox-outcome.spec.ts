import { SANDBOX_FAILURE_REASON, sandboxOutcome } from './sandbox-outcome';

describe('sandbox outcome', () => {
  it('succeeds unless the number or account ends in the documented suffix', () => {
    expect(sandboxOutcome({ type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' })).toEqual({ outcome: 'succeeded', failureReason: null });
    expect(sandboxOutcome({ type: 'mobile_money', provider: 'orange_money', phoneNumber: '+237690009999' })).toEqual({
      outcome: 'failed',
      failureReason: SANDBOX_FAILURE_REASON,
    });
    expect(sandboxOutcome({ type: 'bank', accountNumber: '10005000010123456789999', accountHolder: 'A' }).outcome).toBe('failed');
    expect(sandboxOutcome({ type: 'bank', accountNumber: '10005000010123456789012', accountHolder: 'A' }).outcome).toBe('succeeded');
  });
});
