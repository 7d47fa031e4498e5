import { calculatePayslip } from '../statutory/payslip-calculator';
import { ruleSetFor } from '../statutory/rule-set';
import { accrualLines, settlementLines } from './journal-lines';

const rules = ruleSetFor('CM', '2026-03-01')!;
const slip = (baseSalary: number, deductions: { code: string; name: string; amount: number }[] = []) =>
  calculatePayslip(
    {
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      hireDate: '2020-01-01',
      terminationDate: null,
      unpaidLeaveDays: 0,
      contracts: [
        {
          id: 'c',
          startDate: '2020-01-01',
          endDate: null,
          baseSalary,
          currency: 'XAF',
          allowances: [{ code: 'TRANSPORT', name: 'Transport', amount: 30_000, taxable: true, contributory: true }],
          deductions,
        },
      ],
    },
    rules,
  );

describe('payroll journal lines', () => {
  it('books employee A of the hand-worked month: 661/664/641 against 422/431/447', () => {
    const lines = accrualLines([slip(500_000)], rules);
    const byAccount = Object.fromEntries(lines.map((l) => [l.accountCode, l.debit ?? -l.credit!]));
    expect(byAccount).toEqual({
      '661': 530_000,
      '664': 22_260 + 37_100 + 9_275, // CNPS employer shares
      '641': 7_950 + 5_300, // CFC and FNE employer
      '422': -445_261,
      '431': -(22_260 + 22_260 + 37_100 + 9_275),
      '447': -(43_435 + 4_344 + 5_300 + 7_150 + 2_250 + 7_950 + 5_300),
    });
  });

  it('balances across payslips and sends other deductions to 421', () => {
    const lines = accrualLines([slip(500_000, [{ code: 'LOAN', name: 'Advance', amount: 20_000 }]), slip(180_000)], rules);
    const debits = lines.reduce((s, l) => s + (l.debit ?? 0), 0);
    const credits = lines.reduce((s, l) => s + (l.credit ?? 0), 0);
    expect(debits).toBe(credits);
    expect(lines.find((l) => l.accountCode === '421')).toMatchObject({ credit: 20_000 });
    expect(lines.every((l) => (l.debit ?? 0) > 0 !== (l.credit ?? 0) > 0)).toBe(true);
  });

  it('settles the payslips paid by one call from 552 against 422, in one line each', () => {
    expect(settlementLines([{ netPay: 445_261 }, { netPay: 144_666 }, { netPay: 188_888 }], rules)).toEqual([
      { accountCode: '422', debit: 778_815, description: 'Salaries paid: 3 payslip(s)' },
      { accountCode: '552', credit: 778_815, description: 'Salaries paid: 3 payslip(s)' },
    ]);
  });
});
