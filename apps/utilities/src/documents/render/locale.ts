// Loaded by the render threads too: nothing here may import the @platform libraries (the whole service pipeline).
export const DOCUMENT_LOCALES = ['fr-CM', 'en-CM'] as const;
export type DocumentLocale = (typeof DOCUMENT_LOCALES)[number];

export function languageOf(locale: DocumentLocale): 'en' | 'fr' {
  return locale === 'fr-CM' ? 'fr' : 'en';
}

/**
 * Intl formatters by what they format: building one takes longer than formatting with it (a few
 * hundred microseconds, a dozen per payslip), and a ZIP of a run formats thousands of payslips.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => F): F {
  let found = formatters.get(key) as F | undefined;
  if (!found) {
    found = create();
    formatters.set(key, found);
  }
  return found;
}

const minorUnits = new Map<string, number>();

/** Digits after the decimal point of a currency's minor unit (XAF 0, EUR 2, BHD 3). */
export function minorDigits(currency: string): number {
  let digits = minorUnits.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorUnits.set(currency, digits);
  }
  return digits;
}

export function isKnownCurrency(currency: string): boolean {
  return /^[A-Z]{3}$/.test(currency) && Intl.supportedValuesOf('currency').includes(currency);
}

/** Amounts are integers in the minor unit; only the display divides (XAF has none: 445261 → "445 261 FCFA"). */
export function formatMoney(amount: number, currency: string, locale: DocumentLocale): string {
  const digits = minorDigits(currency);
  return formatter(
    `money ${locale} ${currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(amount / 10 ** digits);
}

export function formatNumber(value: number, locale: DocumentLocale): string {
  return formatter(`number ${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })).format(value);
}

/** A rate kept as a decimal fraction string ("0.042") shown as a percentage ("4.2 %"). */
export function formatRate(rate: string | number, locale: DocumentLocale): string {
  return formatter(`rate ${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 })).format(Number(rate));
}

export function formatDate(isoDate: string, locale: DocumentLocale): string {
  return formatter(`date ${locale}`, () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function formatMonth(isoDate: string, locale: DocumentLocale): string {
  const text = formatter(`month ${locale}`, () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Spreadsheet number format for amounts shown in major units: `#,##0 "FCFA"`, `#,##0.00 "€"`. */
export function spreadsheetMoneyFormat(currency: string, locale: DocumentLocale): string {
  const digits = minorDigits(currency);
  const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
  return `#,##0${digits ? `.${'0'.repeat(digits)}` : ''} "${symbol.replace(/"/g, '')}"`;
}

export function toMajorUnits(amount: number, currency: string): number {
  return amount / 10 ** minorDigits(currency);
}
