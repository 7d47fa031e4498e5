import { MAX_RETRY_AFTER_MS } from '../transport/webhook-sender';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `0s,5s,5m` → [0, 5000, 300000]: the delay before each attempt, counted from the previous one. */
export function parseSchedule(text: string): number[] {
  return text.split(',').map((part) => {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(part.trim());
    if (!match) throw new Error(`not a duration: ${part.trim()}`);
    return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  });
}

/**
 * After `attempts` attempts that failed, the delay before the next, or null when the schedule is
 * spent. The schedule's delay spread ±10 % (so endpoints that failed together do not all retry
 * together), and never sooner than the endpoint's `Retry-After` (capped at a day).
 */
export function nextAttemptDelay(schedule: number[], attempts: number, retryAfterMs: number | null, random: () => number = Math.random): number | null {
  if (attempts >= schedule.length) return null;
  const planned = Math.round(schedule[attempts] * (0.9 + 0.2 * random()));
  return Math.max(planned, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}
