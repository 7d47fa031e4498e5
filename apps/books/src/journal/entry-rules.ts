import { FieldErrors, PlatformException } from '@platform/pipeline';

export interface LineAmounts {
  debit?: number;
  credit?: number;
}

export interface EntryTotals {
  totalDebit: number;
  totalCredit: number;
}

const MAX_AMOUNT = BigInt(Number.MAX_SAFE_INTEGER);

/** Field errors for the lines that do not carry exactly one positive amount (a missing amount is 0). */
export function lineAmountErrors(lines: LineAmounts[]): FieldErrors {
  const errors: FieldErrors = {};
  lines.forEach((line, index) => {
    const debit = line.debit ?? 0;
    const credit = line.credit ?? 0;
    if (debit > 0 && credit > 0) errors[`lines.${index}`] = ['a line has either a debit or a credit, not both'];
    else if (debit <= 0 && credit <= 0) errors[`lines.${index}`] = ['a line needs a positive debit or a positive credit'];
  });
  return errors;
}

/** Exact totals: integers added as bigint, so no sum is ever rounded. */
export function sumLines(lines: LineAmounts[]): { totalDebit: bigint; totalCredit: bigint } {
  let totalDebit = 0n;
  let totalCredit = 0n;
  for (const line of lines) {
    totalDebit += BigInt(line.debit ?? 0);
    totalCredit += BigInt(line.credit ?? 0);
  }
  return { totalDebit, totalCredit };
}

/**
 * The rules of a postable entry: two lines at least, each with exactly one positive amount,
 * totals within 2^53 − 1, debits equal to credits (400 JOURNAL_ENTRY_NOT_BALANCED, with both totals).
 */
export function checkEntryLines(lines: LineAmounts[]): EntryTotals {
  if (lines.length < 2) throw PlatformException.validation({ lines: ['an entry needs at least two lines'] });
  const errors = lineAmountErrors(lines);
  if (Object.keys(errors).length) throw PlatformException.validation(errors);
  const { totalDebit, totalCredit } = sumLines(lines);
  if (totalDebit > MAX_AMOUNT || totalCredit > MAX_AMOUNT) {
    throw PlatformException.validation({ lines: [`the debits and the credits of an entry must each total at most ${Number.MAX_SAFE_INTEGER}`] });
  }
  if (totalDebit !== totalCredit) {
    const totals = { totalDebit: Number(totalDebit), totalCredit: Number(totalCredit) };
    throw new PlatformException('JOURNAL_ENTRY_NOT_BALANCED', { params: totals, details: { ...totals, difference: Number(totalDebit - totalCredit) } });
  }
  return { totalDebit: Number(totalDebit), totalCredit: Number(totalCredit) };
}

/** The lines of a reversal: each debit becomes a credit of the same amount, and the other way round. */
export function mirrorLines<T extends { debit: number; credit: number }>(lines: T[]): T[] {
  return lines.map((line) => ({ ...line, debit: line.credit, credit: line.debit }));
}
