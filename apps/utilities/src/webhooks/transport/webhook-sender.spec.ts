import { isDelivered, MAX_RETRY_AFTER_MS, parseRetryAfter, SendOutcome } from './webhook-sender';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('reads seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until it, none when it is past', () => {
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Thursday, 26-Nov-26 12:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Thu Nov 26 12:00:20 2026', now)).toBe(20_000);
  });

  it('caps the wait at 24 hours', () => {
    expect(parseRetryAfter('999999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('ignores what it cannot read', () => {
    for (const value of [undefined, '', 'soon', '-5', '1.5', '12abc', '2026-11-27', 'Thu, not a date'])
      expect([value, parseRetryAfter(value, now)]).toEqual([value, null]);
  });
});

describe('isDelivered', () => {
  const outcome = (statusCode: number | null, error: string | null): SendOutcome => ({
    statusCode,
    error,
    durationMs: 1,
    responseBody: '',
    retryAfterMs: null,
  });

  it('is a whole 2xx response', () => {
    expect(isDelivered(outcome(200, null))).toBe(true);
    expect(isDelivered(outcome(204, null))).toBe(true);
    expect(isDelivered(outcome(299, null))).toBe(true);
    expect(isDelivered(outcome(200, 'timeout'))).toBe(false);
    for (const status of [199, 301, 307, 400, 410, 429, 500, 503]) expect(isDelivered(outcome(status, null))).toBe(false);
    expect(isDelivered(outcome(null, 'connection refused'))).toBe(false);
  });
});
