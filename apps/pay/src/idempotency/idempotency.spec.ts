import { PlatformException } from '@platform/pipeline';
import { canonicalJson, parseIdempotencyKey, requestHash } from './idempotency';

describe('idempotency keys', () => {
  it('hashes equal bodies equally, whatever the key order, and different bodies differently', () => {
    const a = { walletId: 'w', amount: 100, recipient: { type: 'bank', accountNumber: '1' } };
    const b = { recipient: { accountNumber: '1', type: 'bank' }, amount: 100, walletId: 'w' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(requestHash('payment', a)).toBe(requestHash('payment', b));
    expect(requestHash('payment', a)).not.toBe(requestHash('payment', { ...a, amount: 101 }));
    expect(requestHash('payment', a)).not.toBe(requestHash('credit:w', a));
  });

  it('ignores properties left undefined (absent and undefined are the same body)', () => {
    expect(canonicalJson({ a: 1, reference: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson({ a: [1, { c: null, b: 'x' }] })).toBe('{"a":[1,{"b":"x","c":null}]}');
  });

  it('requires a key of 1 to 255 visible ASCII characters', () => {
    const code = (value: string | undefined) => {
      try {
        parseIdempotencyKey(value);
        return 'ok';
      } catch (error) {
        return (error as PlatformException).code;
      }
    };
    expect(code(undefined)).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(code('  ')).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(code('pay-2026-03-0042')).toBe('ok');
    expect(code('a'.repeat(255))).toBe('ok');
    expect(code('a'.repeat(256))).toBe('VALIDATION_FAILED');
    expect(code('clé')).toBe('VALIDATION_FAILED');
    expect(code('two words')).toBe('VALIDATION_FAILED');
  });
});
