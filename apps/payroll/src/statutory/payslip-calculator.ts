import type { HrContract, PayrollContract } from '@platform/contracts';
import { applyRate, divideRoundHalfUp, Fraction, parseRate, prorate } from './money';
import type { PayBase, RuleSet } from './rule-set';
import { earlierOf, laterOf, monthBounds, monthWorkingDays } from './working-days';

/** What the calculation reads of a contract HR gives. */
export type ContractInput = Pick<HrContract.EmploymentContract, 'id' | 'startDate' | 'endDate' | 'baseSalary' | 'currency' | 'allowances' | 'deductions'>;

export interface PayslipInput {
  periodStart: string;
  periodEnd: string;
  hireDate: string;
  terminationDate: string | null;
  /** Contracts in force during the period, oldest first. */
  contracts: ContractInput[];
  /** Approved unpaid leave inside the period, in working days (halves allowed). */
  unpaidLeaveDays: number;
}

export interface Payslip {
  currency: string;
  ruleSetVersion: string;
  workingDaysInMonth: number;
  workedDays: number;
  unpaidLeaveDays: number;
  earnings: PayrollContract.PayslipItem[];
  grossPay: number;
  basePay: number;
  taxablePay: number;
  contributoryPay: number;
  deductions: PayrollContract.PayslipItem[];
  totalDeductions: number;
  netPay: number;
  employerContributions: PayrollContract.PayslipItem[];
  totalEmployerContributions: number;
  employerCost: number;
}

export class PayslipInputError extends Error {}

/** The income tax's rates parsed: its brackets over one common denominator, and its professional expenses. */
export interface IncomeTaxScale {
  professionalExpenses: Fraction;
  brackets: { upTo: number; rate: Fraction }[];
  scale: bigint;
}

/**
 * What every payslip of a period shares: the month, its working days, the rule set's rates
 * parsed. A run computes it once for all its employees.
 */
export interface PeriodFacts {
  month: { start: string; end: string };
  workingDaysInMonth: number;
  /** working days between two dates of the month, both included */
  workingDays: (start: string, end: string) => number;
  /** beside rules.contributions; null where that side pays nothing */
  contributionRates: { employee: Fraction | null; employer: Fraction | null }[];
  surtaxRates: Fraction[];
  incomeTax: IncomeTaxScale;
}

export function periodFacts(periodStart: string, rules: RuleSet): PeriodFacts {
  const month = monthBounds(periodStart);
  const workingDays = monthWorkingDays(periodStart);
  const rateOrNull = (rate: string) => {
    const fraction = parseRate(rate);
    return fraction.numerator > 0n ? fraction : null;
  };
  return {
    month,
    workingDaysInMonth: workingDays(month.start, month.end),
    workingDays,
    contributionRates: rules.contributions.map((c) => ({ employee: rateOrNull(c.employeeRate), employer: rateOrNull(c.employerRate) })),
    surtaxRates: rules.incomeTax.surtaxes.map((s) => parseRate(s.rate)),
    incomeTax: incomeTaxScale(rules),
  };
}

export function incomeTaxScale(rules: RuleSet): IncomeTaxScale {
  const brackets = rules.incomeTax.brackets.map((b) => ({ upTo: b.upTo ?? Number.MAX_SAFE_INTEGER, rate: parseRate(b.rate) }));
  return {
    professionalExpenses: parseRate(rules.incomeTax.professionalExpensesRate),
    brackets,
    scale: brackets.reduce((max, b) => (b.rate.denominator > max ? b.rate.denominator : max), 1n),
  };
}

const sum = (items: { amount: number }[]) => items.reduce((total, item) => total + item.amount, 0);

/**
 * One employee's payslip for a period inside one calendar month. Pay is pro-rated on working
 * days (Monday–Friday) of the month: days employed under each contract, less unpaid leave.
 * Statutory lines follow the rule set; every amount is an integer, rounded half up.
 */
export function calculatePayslip(input: PayslipInput, rules: RuleSet, facts: PeriodFacts = periodFacts(input.periodStart, rules)): Payslip {
  const { month, workingDaysInMonth } = facts;
  if (input.periodStart < month.start || input.periodEnd > month.end) throw new PayslipInputError('the period must lie within one calendar month');
  if (!input.contracts.length) throw new PayslipInputError('no contract in force');
  const currencies = new Set(input.contracts.map((c) => c.currency));
  if (currencies.size > 1 || !currencies.has(rules.currency)) {
    throw new PayslipInputError(`contract currency ${[...currencies].join('/')} does not match ${rules.country} payroll currency ${rules.currency}`);
  }

  const earnings: (PayrollContract.PayslipItem & { taxable: boolean; contributory: boolean; isBase: boolean })[] = [];
  let workedDays = 0;
  for (const contract of input.contracts) {
    const from = laterOf(input.periodStart, input.hireDate, contract.startDate);
    const to = earlierOf(input.periodEnd, input.terminationDate, contract.endDate);
    const days = from <= to ? facts.workingDays(from, to) : 0;
    if (!days) continue;
    workedDays += days;
    earnings.push({
      code: 'BASE',
      name: 'Base salary',
      amount: prorate(contract.baseSalary, days, workingDaysInMonth),
      taxable: true,
      contributory: true,
      isBase: true,
    });
    for (const allowance of contract.allowances) {
      earnings.push({ ...allowance, amount: prorate(allowance.amount, days, workingDaysInMonth), isBase: false });
    }
  }
  const unpaidLeaveDays = Math.min(input.unpaidLeaveDays, workedDays);
  if (unpaidLeaveDays > 0) {
    // Unpaid days cost the base salary and the allowances of the contract in force last.
    const current = input.contracts.at(-1)!;
    earnings.push({
      code: 'UNPAID_LEAVE',
      name: 'Unpaid leave',
      amount: -prorate(current.baseSalary, unpaidLeaveDays, workingDaysInMonth),
      taxable: true,
      contributory: true,
      isBase: true,
    });
    for (const allowance of current.allowances) {
      earnings.push({
        ...allowance,
        code: `${allowance.code}_UNPAID_LEAVE`,
        name: `${allowance.name} (unpaid leave)`,
        amount: -prorate(allowance.amount, unpaidLeaveDays, workingDaysInMonth),
        isBase: false,
      });
    }
  }

  const grossPay = sum(earnings);
  const pay: Record<PayBase, number> = {
    taxable: sum(earnings.filter((e) => e.taxable)),
    contributory: sum(earnings.filter((e) => e.contributory)),
    basePay: sum(earnings.filter((e) => e.isBase)),
  };

  const deductions: PayrollContract.PayslipItem[] = [];
  const employerContributions: PayrollContract.PayslipItem[] = [];
  const employeeShare = new Map<string, number>();
  rules.contributions.forEach((contribution, i) => {
    const base = contribution.ceiling === null ? pay[contribution.base] : Math.min(pay[contribution.base], contribution.ceiling);
    const rates = facts.contributionRates[i];
    if (rates.employee) {
      const amount = applyRate(base, rates.employee);
      employeeShare.set(contribution.code, amount);
      deductions.push({ code: contribution.code, name: contribution.name, amount, base, rate: contribution.employeeRate });
    }
    if (rates.employer) {
      employerContributions.push({
        code: contribution.code,
        name: contribution.name,
        amount: applyRate(base, rates.employer),
        base,
        rate: contribution.employerRate,
      });
    }
  });

  const tax = rules.incomeTax;
  const incomeTax = monthlyIncomeTax(
    pay.taxable,
    tax.deductibleContributions.reduce((total, code) => total + (employeeShare.get(code) ?? 0), 0),
    rules,
    facts.incomeTax,
  );
  deductions.push({ code: tax.code, name: tax.name, amount: incomeTax, base: pay.taxable });
  tax.surtaxes.forEach((surtax, i) =>
    deductions.push({ code: surtax.code, name: surtax.name, amount: applyRate(incomeTax, facts.surtaxRates[i]), base: incomeTax, rate: surtax.rate }),
  );

  for (const flat of rules.flatTaxes) {
    const base = pay[flat.base];
    const row = flat.table.find((r) => r.upTo === null || base <= r.upTo)!;
    deductions.push({ code: flat.code, name: flat.name, amount: base > 0 ? row.amount : 0, base });
  }
  for (const contract of input.contracts.slice(-1)) for (const deduction of contract.deductions) deductions.push({ ...deduction });

  const totalDeductions = sum(deductions);
  const totalEmployerContributions = sum(employerContributions);
  return {
    currency: rules.currency,
    ruleSetVersion: rules.version,
    workingDaysInMonth,
    workedDays,
    unpaidLeaveDays,
    earnings: earnings.map(({ code, name, amount }) => ({ code, name, amount })),
    grossPay,
    basePay: pay.basePay,
    taxablePay: pay.taxable,
    contributoryPay: pay.contributory,
    deductions,
    totalDeductions,
    netPay: grossPay - totalDeductions,
    employerContributions,
    totalEmployerContributions,
    employerCost: grossPay + totalEmployerContributions,
  };
}

/**
 * IRPP for one month: 70% of taxable pay less deductible contributions, annualised, less the
 * annual abatement, through the brackets; the exact annual tax is divided by 12 and rounded
 * once, half up. Pay up to the monthly exemption threshold bears none.
 */
export function monthlyIncomeTax(
  taxablePay: number,
  deductibleContributions: number,
  rules: RuleSet,
  { professionalExpenses: expensesRate, brackets, scale }: IncomeTaxScale = incomeTaxScale(rules),
): number {
  const tax = rules.incomeTax;
  if (taxablePay <= tax.exemptUpToMonthly) return 0;
  const professionalExpenses = applyRate(taxablePay, expensesRate);
  const annualBase = Math.max(0, (taxablePay - professionalExpenses - deductibleContributions) * 12 - tax.annualAbatement);
  let scaledTax = 0n;
  let lower = 0;
  for (const { upTo, rate } of brackets) {
    const portion = Math.max(0, Math.min(annualBase, upTo) - lower);
    scaledTax += BigInt(portion) * rate.numerator * (scale / rate.denominator);
    lower = upTo;
  }
  return Number(divideRoundHalfUp(scaledTax, scale * 12n));
}
