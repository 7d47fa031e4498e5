import { parseRate } from './money';
import cm20240101 from './rules/cm.2024-01-01.json';

/** Which pay a rate applies to: contributory pay, taxable pay, or the base salary earned. */
export type PayBase = 'contributory' | 'taxable' | 'basePay';

export interface Contribution {
  code: string;
  name: string;
  base: PayBase;
  ceiling: number | null;
  employeeRate: string;
  employerRate: string;
  /** where the withheld and employer amounts are owed */
  liabilityAccount: string;
  /** where the employer share is expensed */
  employerExpenseAccount: string;
}

export interface Bracket {
  upTo: number | null;
  rate: string;
}

export interface FlatTax {
  code: string;
  name: string;
  base: PayBase;
  liabilityAccount: string;
  table: { upTo: number | null; amount: number }[];
}

/**
 * A country's statutory payroll rules from one effective date: data, not code. A new rate is
 * a new file in rules/ with a later effectiveFrom.
 */
export interface RuleSet {
  country: string;
  version: string;
  effectiveFrom: string;
  currency: string;
  rounding: 'half_up';
  sources: string[];
  contributions: Contribution[];
  incomeTax: {
    code: string;
    name: string;
    exemptUpToMonthly: number;
    professionalExpensesRate: string;
    deductibleContributions: string[];
    annualAbatement: number;
    brackets: Bracket[];
    surtaxes: { code: string; name: string; rate: string; liabilityAccount: string }[];
    liabilityAccount: string;
  };
  flatTaxes: FlatTax[];
  /** Chart accounts the payroll journal uses (codes of the company's chart in Books). */
  accounts: { grossPay: string; netPayable: string; otherDeductions: string; payments: string };
}

const RULE_SETS: RuleSet[] = [cm20240101 as RuleSet].map(validateRuleSet);

/** The rule set in force for a country on a date, or null. */
export function ruleSetFor(country: string, date: string, sets: RuleSet[] = RULE_SETS): RuleSet | null {
  return sets.filter((set) => set.country === country && set.effectiveFrom <= date).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0] ?? null;
}

/** Refuses a malformed rule file at load, so a bad data change never reaches a payslip. */
export function validateRuleSet(set: RuleSet): RuleSet {
  const problems: string[] = [];
  const rate = (value: string, where: string) => {
    try {
      parseRate(value);
    } catch {
      problems.push(`${where}: bad rate ${value}`);
    }
  };
  const ascending = (rows: { upTo: number | null }[], where: string) => {
    rows.forEach((row, i) => {
      const last = i === rows.length - 1;
      if (last !== (row.upTo === null)) problems.push(`${where}: only the last row is open-ended`);
      if (i > 0 && row.upTo !== null && rows[i - 1].upTo !== null && row.upTo <= rows[i - 1].upTo!) problems.push(`${where}: not ascending`);
    });
  };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(set.effectiveFrom)) problems.push('effectiveFrom');
  set.contributions.forEach((c) => {
    rate(c.employeeRate, c.code);
    rate(c.employerRate, c.code);
  });
  set.incomeTax.brackets.forEach((b) => rate(b.rate, set.incomeTax.code));
  set.incomeTax.surtaxes.forEach((s) => rate(s.rate, s.code));
  rate(set.incomeTax.professionalExpensesRate, set.incomeTax.code);
  ascending(set.incomeTax.brackets, set.incomeTax.code);
  set.flatTaxes.forEach((tax) => ascending(tax.table, tax.code));
  if (problems.length) throw new Error(`rule set ${set.version}: ${problems.join('; ')}`);
  return set;
}
