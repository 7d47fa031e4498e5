import type { BooksContract, PayrollContract } from '@platform/contracts';
import type { RuleSet } from '../statutory/rule-set';

/** A line payroll posts to Books: always described. */
export type JournalLine = BooksContract.SourceJournalLine & { description: string };

interface PayslipTotals {
  grossPay: number;
  netPay: number;
  deductions: PayrollContract.PayslipItem[];
  employerContributions: PayrollContract.PayslipItem[];
}

/**
 * The accrual of a run: salaries expensed (661) and employer charges (664, 641) against what is
 * owed to employees (422), CNPS (431), the State (447) and other payslip deductions (421).
 * Balanced by construction; the accounts come from the rule set.
 */
export function accrualLines(payslips: PayslipTotals[], rules: RuleSet): JournalLine[] {
  const debit = new Map<string, number>();
  const credit = new Map<string, number>();
  const add = (map: Map<string, number>, account: string, amount: number) => map.set(account, (map.get(account) ?? 0) + amount);
  const liabilityOf = new Map<string, string>([
    ...rules.contributions.map((c) => [c.code, c.liabilityAccount] as [string, string]),
    [rules.incomeTax.code, rules.incomeTax.liabilityAccount],
    ...rules.incomeTax.surtaxes.map((s) => [s.code, s.liabilityAccount] as [string, string]),
    ...rules.flatTaxes.map((t) => [t.code, t.liabilityAccount] as [string, string]),
  ]);
  const expenseOf = new Map(rules.contributions.map((c) => [c.code, c.employerExpenseAccount]));

  for (const slip of payslips) {
    add(debit, rules.accounts.grossPay, slip.grossPay);
    add(credit, rules.accounts.netPayable, slip.netPay);
    for (const item of slip.deductions) add(credit, liabilityOf.get(item.code) ?? rules.accounts.otherDeductions, item.amount);
    for (const item of slip.employerContributions) {
      add(debit, expenseOf.get(item.code)!, item.amount);
      add(credit, liabilityOf.get(item.code)!, item.amount);
    }
  }
  const lines: JournalLine[] = [
    ...[...debit]
      .filter(([, amount]) => amount > 0)
      .map(([accountCode, amount]) => ({ accountCode, debit: amount, description: describe(accountCode, rules) })),
    ...[...credit]
      .filter(([, amount]) => amount > 0)
      .map(([accountCode, amount]) => ({ accountCode, credit: amount, description: describe(accountCode, rules) })),
  ];
  const debits = lines.reduce((sum, line) => sum + (line.debit ?? 0), 0);
  const credits = lines.reduce((sum, line) => sum + (line.credit ?? 0), 0);
  if (debits !== credits) throw new Error(`payroll accrual does not balance: ${debits} ≠ ${credits}`);
  return lines;
}

/**
 * Payslips paid by one call to pay a run: the salaries owed (422) settled from the wallet paid
 * from (552), one line each for all of them (each payslip's payment is in Pay, by reference).
 */
export function settlementLines(paid: { netPay: number }[], rules: RuleSet): JournalLine[] {
  const total = paid.reduce((sum, slip) => sum + slip.netPay, 0);
  const description = `Salaries paid: ${paid.length} payslip(s)`;
  return [
    { accountCode: rules.accounts.netPayable, debit: total, description },
    { accountCode: rules.accounts.payments, credit: total, description },
  ];
}

function describe(account: string, rules: RuleSet): string {
  const names: Record<string, string> = {
    [rules.accounts.grossPay]: 'Gross salaries',
    [rules.accounts.netPayable]: 'Net salaries payable',
    [rules.accounts.otherDeductions]: 'Other payslip deductions',
    '664': 'Employer social charges',
    '641': 'Taxes on salaries borne by the employer',
    '431': 'CNPS contributions',
    '447': 'Taxes withheld and payroll taxes',
  };
  return names[account] ?? `Account ${account}`;
}
