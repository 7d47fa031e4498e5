import { PlatformException } from '@platform/pipeline';
import { checkEntryLines, lineAmountErrors, mirrorLines, sumLines } from './entry-rules';

function thrown(work: () => unknown): PlatformException {
  try {
    work();
  } catch (error) {
    if (error instanceof PlatformException) return error;
    throw error;
  }
  throw new Error('expected a PlatformException');
}

describe('journal entry rules', () => {
  it('accepts a balanced entry and returns its totals', () => {
    expect(checkEntryLines([{ debit: 100_000 }, { credit: 60_000 }, { credit: 40_000, debit: 0 }])).toEqual({ totalDebit: 100_000, totalCredit: 100_000 });
  });

  it('refuses an unbalanced entry with both totals in params and details', () => {
    const error = thrown(() => checkEntryLines([{ debit: 1_000 }, { credit: 900 }]));
    expect(error.code).toBe('JOURNAL_ENTRY_NOT_BALANCED');
    expect(error.options.params).toEqual({ totalDebit: 1_000, totalCredit: 900 });
    expect(error.options.details).toEqual({ totalDebit: 1_000, totalCredit: 900, difference: 100 });
  });

  it('names each line with both amounts or neither', () => {
    expect(lineAmountErrors([{ debit: 5, credit: 5 }, { debit: 0, credit: 0 }, {}, { debit: 3 }])).toEqual({
      'lines.0': ['a line has either a debit or a credit, not both'],
      'lines.1': ['a line needs a positive debit or a positive credit'],
      'lines.2': ['a line needs a positive debit or a positive credit'],
    });
    expect(thrown(() => checkEntryLines([{ debit: 5, credit: 5 }, { credit: 5 }])).code).toBe('VALIDATION_FAILED');
  });

  it('needs two lines', () => {
    expect(thrown(() => checkEntryLines([{ debit: 5 }])).options.errors).toEqual({ lines: ['an entry needs at least two lines'] });
  });

  it('adds exactly beyond 2^53 and refuses totals past it instead of rounding', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(sumLines([{ debit: max }, { debit: max }]).totalDebit).toBe(2n * BigInt(max));
    expect(thrown(() => checkEntryLines([{ debit: max }, { debit: 1 }, { credit: max }, { credit: 1 }])).code).toBe('VALIDATION_FAILED');
    expect(checkEntryLines([{ debit: max }, { credit: max - 1 }, { credit: 1 }])).toEqual({ totalDebit: max, totalCredit: max });
  });

  it('mirrors lines for a reversal', () => {
    expect(
      mirrorLines([
        { accountId: 'a', debit: 7, credit: 0 },
        { accountId: 'b', debit: 0, credit: 7 },
      ]),
    ).toEqual([
      { accountId: 'a', debit: 0, credit: 7 },
      { accountId: 'b', debit: 7, credit: 0 },
    ]);
  });
});
