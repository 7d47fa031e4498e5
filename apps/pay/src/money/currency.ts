/**
 * Currencies the pay product holds, with the number of decimals of their minor unit (ISO 4217).
 * Amounts are always integers in the minor unit: XAF and XOF have none, so 1 is one franc;
 * for EUR 1 is one cent. No floating point is ever used on an amount.
 */
export const MINOR_UNITS = {
  XAF: 0,
  XOF: 0,
  NGN: 2,
  KES: 2,
  GHS: 2,
  ZAR: 2,
  EUR: 2,
  USD: 2,
} as const satisfies Record<string, number>;

export type Currency = keyof typeof MINOR_UNITS;
export const CURRENCIES = Object.keys(MINOR_UNITS) as Currency[];

/** The most one credit or payment may move, in minor units; keeps every sum far below 2^53. */
export const MAX_AMOUNT = 1_000_000_000_000;
/** A wallet's balance never exceeds this, so balances and ledger sums stay exact integers. */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MINOR_UNITS, value);
}

export function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_AMOUNT;
}

/** `150075` EUR → `"1500.75"`; for display and logs only, never for arithmetic. */
export function formatMinor(amount: number, currency: Currency): string {
  const digits = MINOR_UNITS[currency];
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be a safe integer');
  if (digits === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
