import { MAX_RETRY_AFTER_MS } from '../transport/webhook-sender';
import { nextAttemptDelay, parseSchedule } from './delivery-schedule';

describe('webhook retry schedule', () => {
  const schedule = parseSchedule('0s, 5s,5m,30m,2h,5h,10h,10h');

  it('reads durations in every unit', () => {
    expect(schedule).toEqual([0, 5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(parseSchedule('250ms,1d')).toEqual([250, 86_400_000]);
    expect(() => parseSchedule('5s,soon')).toThrow('not a duration: soon');
  });

  it('spreads each delay by ±10 % and ends when the schedule is spent', () => {
    expect(nextAttemptDelay(schedule, 1, null, () => 0)).toBe(4500);
    expect(nextAttemptDelay(schedule, 1, null, () => 1)).toBe(5500);
    expect(nextAttemptDelay(schedule, 2, null, () => 0.5)).toBe(300_000);
    expect(nextAttemptDelay(schedule, 7, null, () => 0.5)).toBe(36_000_000);
    expect(nextAttemptDelay(schedule, 8, null, () => 0.5)).toBeNull();
  });

  it('never retries before Retry-After, which it caps at a day', () => {
    expect(nextAttemptDelay(schedule, 1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextAttemptDelay(schedule, 2, 60_000, () => 0.5)).toBe(300_000);
    expect(nextAttemptDelay(schedule, 1, 10 * MAX_RETRY_AFTER_MS, () => 0.5)).toBe(MAX_RETRY_AFTER_MS);
    expect(nextAttemptDelay(schedule, 8, 1000, () => 0.5)).toBeNull();
  });
});
