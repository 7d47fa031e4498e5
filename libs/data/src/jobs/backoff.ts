export const MAX_RETRY_DELAY_MS = 3_600_000;

/**
 * Delay before the next attempt after `attempts` failed ones: base · 2^(attempts−1), capped at
 * an hour, spread ±20 % so deliveries that failed together do not retry together.
 */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
