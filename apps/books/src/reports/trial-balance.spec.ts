import { AccountInfo, buildTrialBalance, sumValue, toSafeNumber, withRunningBalance } from './trial-balance';

const chart = new Map<string, AccountInfo>([
  ['bank', { id: 'bank', code: '521', name: 'Banks', type: 'asset' }],
  ['salaries', { id: 'salaries', code: '661', name: 'Staff remuneration', type: 'expense' }],
  ['payable', { id: 'payable', code: '422', name: 'Staff: salaries payable', type: 'liability' }],
  ['capital', { id: 'capital', code: '101', name: 'Share capital', type: 'equity' }],
  ['idle', { id: 'idle', code: '571', name: 'Cash', type: 'asset' }],
]);

describe('trial balance arithmetic', () => {
  it('splits opening and closing balances by side, totals every column and balances', () => {
    // before the range: capital 1,000,000 paid into the bank; in the range: salaries 400,000 accrued, 300,000 paid
    const balance = buildTrialBalance(chart, [
      { accountId: 'bank', opening: 1_000_000n, debits: 0n, credits: 300_000n },
      { accountId: 'capital', opening: -1_000_000n, debits: 0n, credits: 0n },
      { accountId: 'salaries', opening: 0n, debits: 400_000n, credits: 0n },
      { accountId: 'payable', opening: 0n, debits: 300_000n, credits: 400_000n },
      { accountId: 'idle', opening: 0n, debits: 0n, credits: 0n },
    ]);
    expect(balance.accounts.map((row) => row.code)).toEqual(['101', '422', '521', '661']);
    expect(balance.accounts.find((row) => row.code === '422')).toEqual({
      accountId: 'payable',
      code: '422',
      name: 'Staff: salaries payable',
      type: 'liability',
      opening: 0,
      closing: -100_000,
      openingDebit: 0,
      openingCredit: 0,
      debits: 300_000,
      credits: 400_000,
      closingDebit: 0,
      closingCredit: 100_000,
    });
    expect(balance.accounts.find((row) => row.code === '521')).toMatchObject({
      opening: 1_000_000,
      openingDebit: 1_000_000,
      closing: 700_000,
      closingDebit: 700_000,
      closingCredit: 0,
    });
    expect(balance.totals).toEqual({
      openingDebit: 1_000_000,
      openingCredit: 1_000_000,
      debits: 700_000,
      credits: 700_000,
      closingDebit: 1_100_000,
      closingCredit: 1_100_000,
      balanced: true,
    });
  });

  it('keeps an account whose movements cancel out, and says when the columns do not balance', () => {
    const balance = buildTrialBalance(chart, [
      { accountId: 'bank', opening: 0n, debits: 500n, credits: 500n },
      { accountId: 'salaries', opening: 0n, debits: 10n, credits: 0n },
    ]);
    expect(balance.accounts.map((row) => [row.code, row.closing])).toEqual([
      ['521', 0],
      ['661', 10],
    ]);
    expect(balance.totals.balanced).toBe(false);
  });

  it('reads database sums exactly and refuses sums past 2^53 − 1', () => {
    expect(sumValue('9007199254740993')).toBe(9_007_199_254_740_993n);
    expect(sumValue(null)).toBe(0n);
    expect(sumValue(42)).toBe(42n);
    expect(() => toSafeNumber(9_007_199_254_740_992n)).toThrow(RangeError);
    expect(toSafeNumber(-9_007_199_254_740_991n)).toBe(-9_007_199_254_740_991);
  });

  it('runs the general-ledger balance line by line from the opening', () => {
    expect(
      withRunningBalance(1_000n, [
        { debit: 500, credit: 0 },
        { debit: 0, credit: 2_000 },
        { debit: 300, credit: 0 },
      ]).map((line) => line.balance),
    ).toEqual([1_500, -500, -200]);
  });
});
