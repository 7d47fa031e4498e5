import { addSums, fromMonthEnd, ledgerKeyOf, locateLine, monthOf, MonthSums, net, nextMonthOf, NO_SUMS, subtractSums, sumsBefore } from './month-sums';

const months: MonthSums[] = [
  { month: '2025-11-01', debits: 500n, credits: 0n, lines: 2 },
  { month: '2026-01-01', debits: 100n, credits: 300n, lines: 3 },
  { month: '2026-02-01', debits: 0n, credits: 50n, lines: 1 },
];

describe('monthly sums of an account', () => {
  it('names a date’s month by its first day', () => {
    expect(monthOf('2026-02-28')).toBe('2026-02-01');
    expect(monthOf('2026-12-01')).toBe('2026-12-01');
    expect(nextMonthOf('2026-02-28')).toBe('2026-03-01');
    expect(nextMonthOf('2026-09-30')).toBe('2026-10-01');
    expect(nextMonthOf('2025-12-31')).toBe('2026-01-01');
  });

  it('reads the lines of a date’s month from the nearer end: its start up to the 15th, its end after', () => {
    expect(['2026-01-01', '2026-01-15', '2026-01-16', '2026-02-28'].map(fromMonthEnd)).toEqual([false, false, true, true]);
  });

  it('adds up the months before a month, or all of them', () => {
    expect(sumsBefore(months, '2025-11-01')).toEqual(NO_SUMS);
    expect(sumsBefore(months, '2025-12-01')).toEqual({ debits: 500n, credits: 0n, lines: 2 });
    expect(sumsBefore(months, '2026-02-01')).toEqual({ debits: 600n, credits: 300n, lines: 5 });
    expect(sumsBefore(months, null)).toEqual({ debits: 600n, credits: 350n, lines: 6 });
    expect(net(sumsBefore(months, null))).toBe(250n);
  });

  it('subtracts sums to give a range’s, past 2^53 on the way', () => {
    const big = { debits: 2n ** 60n + 7n, credits: 2n ** 60n, lines: 10 };
    expect(subtractSums(big, { debits: 2n ** 60n, credits: 2n ** 60n - 1n, lines: 4 })).toEqual({ debits: 7n, credits: 1n, lines: 6 });
    expect(addSums(NO_SUMS, big)).toEqual(big);
  });

  it('finds the month of the line at an index of the ledger, and how deep in it', () => {
    expect(locateLine(months, 0)).toEqual({ month: '2025-11-01', offset: 0, lines: 2 });
    expect(locateLine(months, 1)).toEqual({ month: '2025-11-01', offset: 1, lines: 2 });
    expect(locateLine(months, 2)).toEqual({ month: '2026-01-01', offset: 0, lines: 3 });
    expect(locateLine(months, 4)).toEqual({ month: '2026-01-01', offset: 2, lines: 3 });
    expect(locateLine(months, 5)).toEqual({ month: '2026-02-01', offset: 0, lines: 1 });
    expect(locateLine(months, 6)).toBeNull();
    expect(locateLine([], 0)).toBeNull();
  });

  it('takes a cursor key of a real date, a sequence and a line number, and nothing else', () => {
    expect(ledgerKeyOf(['2026-02-28', 12, 3])).toEqual({ date: '2026-02-28', sequence: 12, line: 3 });
    for (const key of [
      ['2026-02-30', 1, 1],
      ['2026-2-01', 1, 1],
      ['2026-02-01', 0, 1],
      ['2026-02-01', 1, 1.5],
      ['2026-02-01', '1', 1],
      ['2026-02-01', 1],
      ['2026-02-01', 1, 1, 1],
      [1, 1, 1],
    ]) {
      expect(ledgerKeyOf(key as never)).toBeNull();
    }
  });
});
