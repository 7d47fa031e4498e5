import { timingSafeEqual } from 'node:crypto';

/** Compares two strings without leaking, through timing, how much of them matches. */
export function constantTimeEquals(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
