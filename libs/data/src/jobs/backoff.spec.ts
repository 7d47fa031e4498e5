import { MAX_RETRY_DELAY_MS, retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('doubles from the base after each failed attempt', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 1000, middle))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('spreads ±20 % and caps at an hour', () => {
    expect(retryDelayMs(1, 1000, () => 0)).toBe(800);
    expect(retryDelayMs(1, 1000, () => 1)).toBe(1200);
    expect(retryDelayMs(40, 1000, () => 0.5)).toBe(MAX_RETRY_DELAY_MS);
  });
});
