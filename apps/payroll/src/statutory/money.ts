/**
 * Integer money arithmetic. Amounts are integers in the currency's minor unit; rates are
 * decimal strings ("0.042") held as exact fractions, so no floating point touches an amount.
 * Every rounding is explicit: half up (away from zero for halves), to the minor unit.
 */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

export function parseRate(rate: string): Fraction {
  if (!/^\d+(\.\d+)?$/.test(rate)) throw new Error(`invalid rate "${rate}"`);
  const [whole, decimals = ''] = rate.split('.');
  return { numerator: BigInt(whole + decimals), denominator: 10n ** BigInt(decimals.length) };
}

/** n / d rounded half up, for a non-negative or negative numerator and a positive denominator. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/** amount × rate, rounded half up. */
export function applyRate(amount: number, rate: string | Fraction): number {
  const fraction = typeof rate === 'string' ? parseRate(rate) : rate;
  return Number(divideRoundHalfUp(BigInt(amount) * fraction.numerator, fraction.denominator));
}

/** amount × part / whole, rounded half up (pro-rating). */
export function prorate(amount: number, part: number, whole: number): number {
  if (whole <= 0) throw new Error('cannot prorate over an empty whole');
  // part may hold half days: scale by 2 to stay in integers
  return Number(divideRoundHalfUp(BigInt(amount) * BigInt(Math.round(part * 2)), BigInt(Math.round(whole * 2))));
}

export function assertSafeAmount(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount)) throw new Error(`${what} is not a safe integer amount`);
}
