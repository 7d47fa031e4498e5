import { calculatePayslip, ContractInput, monthlyIncomeTax, PayslipInputError, periodFacts } from './payslip-calculator';
import { ruleSetFor, RuleSet, validateRuleSet } from './rule-set';
import { workingDaysBetween } from './working-days';

const rules = ruleSetFor('CM', '2026-03-01')!;
const contract = (over: Partial<ContractInput> = {}): ContractInput => ({
  id: 'c',
  startDate: '2025-01-01',
  endDate: null,
  baseSalary: 0,
  currency: 'XAF',
  allowances: [],
  deductions: [],
  ...over,
});
const amounts = (items: { code: string; amount: number }[]) => Object.fromEntries(items.map((i) => [i.code, i.amount]));

/**
 * March 2026 worked by hand (31 days, weekends on 1, 7-8, 14-15, 21-22, 28-29: 22 working days).
 * Each figure below was computed on paper from the published Cameroon rates.
 */
describe('payslip calculation, March 2026 worked by hand', () => {
  it('counts 22 working days in March 2026', () => {
    expect(workingDaysBetween('2026-03-01', '2026-03-31')).toBe(22);
    expect(workingDaysBetween('2026-03-16', '2026-03-31')).toBe(12);
  });

  it('A: full month, 500,000 base + 30,000 transport allowance', () => {
    const slip = calculatePayslip(
      {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        hireDate: '2022-05-02',
        terminationDate: null,
        unpaidLeaveDays: 0,
        contracts: [
          contract({ baseSalary: 500_000, allowances: [{ code: 'TRANSPORT', name: 'Transport', amount: 30_000, taxable: true, contributory: true }] }),
        ],
      },
      rules,
    );
    expect(slip.grossPay).toBe(530_000);
    // PVID 530,000 × 4.2% = 22,260
    // IRPP: 530,000 − 30% (159,000) − 22,260 = 348,740; × 12 − 500,000 = 3,684,880
    //   10% × 2,000,000 + 15% × 1,000,000 + 25% × 684,880 = 521,220 a year → 43,435 a month
    // CAC 10% × 43,435 = 4,343.5 → 4,344; CFC 1% = 5,300; RAV (500,001–600,000) 7,150; TDL (300,001–500,000) 2,250
    expect(amounts(slip.deductions)).toEqual({ CNPS_PVID: 22_260, IRPP: 43_435, CAC: 4_344, CFC: 5_300, RAV: 7_150, TDL: 2_250 });
    expect(slip.totalDeductions).toBe(84_739);
    expect(slip.netPay).toBe(445_261);
    // employer: PVID 22,260; family 7% 37,100; accidents 1.75% 9,275; CFC 1.5% 7,950; FNE 1% 5,300
    expect(amounts(slip.employerContributions)).toEqual({ CNPS_PVID: 22_260, CNPS_AF: 37_100, CNPS_AT: 9_275, CFC: 7_950, FNE: 5_300 });
    expect(slip.employerCost).toBe(611_885);
  });

  it('B: hired on Monday 16 March, 300,000 base: 12 of 22 working days', () => {
    const slip = calculatePayslip(
      {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        hireDate: '2026-03-16',
        terminationDate: null,
        unpaidLeaveDays: 0,
        contracts: [contract({ startDate: '2026-03-16', baseSalary: 300_000 })],
      },
      rules,
    );
    expect(slip.workedDays).toBe(12);
    // 300,000 × 12 / 22 = 163,636.36 → 163,636
    expect(slip.grossPay).toBe(163_636);
    // PVID 6,872.712 → 6,873
    // IRPP: 30% = 49,090.8 → 49,091; 163,636 − 49,091 − 6,873 = 107,672; × 12 − 500,000 = 792,064
    //   10% = 79,206.4 a year; / 12 = 6,600.53 → 6,601
    // CAC 660.1 → 660; CFC 1,636.36 → 1,636; RAV (100,001–200,000) 1,950; TDL on base earned (150,001–200,000) 1,250
    expect(amounts(slip.deductions)).toEqual({ CNPS_PVID: 6_873, IRPP: 6_601, CAC: 660, CFC: 1_636, RAV: 1_950, TDL: 1_250 });
    expect(slip.netPay).toBe(144_666);
    // employer: 6,873; 11,454.52 → 11,455; 2,863.63 → 2,864; 2,454.54 → 2,455; 1,636.36 → 1,636
    expect(slip.totalEmployerContributions).toBe(25_283);
  });

  it('C: full month with 3 days of unpaid leave, 250,000 base', () => {
    const slip = calculatePayslip(
      {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        hireDate: '2021-01-04',
        terminationDate: null,
        unpaidLeaveDays: 3,
        contracts: [contract({ baseSalary: 250_000 })],
      },
      rules,
    );
    // 250,000 × 3 / 22 = 34,090.91 → 34,091 unpaid
    expect(amounts(slip.earnings)).toEqual({ BASE: 250_000, UNPAID_LEAVE: -34_091 });
    expect(slip.grossPay).toBe(215_909);
    // PVID 9,068.18 → 9,068
    // IRPP: 30% = 64,772.7 → 64,773; 215,909 − 64,773 − 9,068 = 142,068; × 12 − 500,000 = 1,204,816; 10% / 12 = 10,040.13 → 10,040
    // CAC 1,004; CFC 2,159.09 → 2,159; RAV (200,001–300,000) 3,250; TDL (200,001–250,000) 1,500
    expect(amounts(slip.deductions)).toEqual({ CNPS_PVID: 9_068, IRPP: 10_040, CAC: 1_004, CFC: 2_159, RAV: 3_250, TDL: 1_500 });
    expect(slip.netPay).toBe(188_888);
    // employer: 9,068; 15,113.63 → 15,114; 3,778.41 → 3,778; 3,238.64 → 3,239; 2,159.09 → 2,159
    expect(slip.totalEmployerContributions).toBe(33_358);
  });
});

describe('statutory edges', () => {
  it('caps CNPS at 750,000 and keeps IRPP brackets progressive', () => {
    const slip = calculatePayslip(
      {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        hireDate: '2020-01-01',
        terminationDate: null,
        unpaidLeaveDays: 0,
        contracts: [contract({ baseSalary: 2_000_000 })],
      },
      rules,
    );
    expect(slip.deductions.find((d) => d.code === 'CNPS_PVID')).toMatchObject({ base: 750_000, amount: 31_500 });
    expect(slip.deductions.find((d) => d.code === 'RAV')!.amount).toBe(13_000);
    expect(slip.deductions.find((d) => d.code === 'TDL')!.amount).toBe(2_500);
  });

  it('exempts pay up to 62,000 from IRPP', () => {
    expect(monthlyIncomeTax(62_000, 2_604, rules)).toBe(0);
    expect(monthlyIncomeTax(62_001, 2_604, rules)).toBeGreaterThanOrEqual(0);
  });

  it('keeps contract deductions and non-taxable allowances apart', () => {
    const slip = calculatePayslip(
      {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        hireDate: '2020-01-01',
        terminationDate: null,
        unpaidLeaveDays: 0,
        contracts: [
          contract({
            baseSalary: 200_000,
            allowances: [{ code: 'MEAL', name: 'Meal', amount: 20_000, taxable: false, contributory: false }],
            deductions: [{ code: 'LOAN', name: 'Salary advance', amount: 15_000 }],
          }),
        ],
      },
      rules,
    );
    expect(slip.grossPay).toBe(220_000);
    expect(slip.taxablePay).toBe(200_000);
    expect(slip.contributoryPay).toBe(200_000);
    expect(slip.deductions.at(-1)).toEqual({ code: 'LOAN', name: 'Salary advance', amount: 15_000 });
    expect(slip.netPay).toBe(slip.grossPay - slip.totalDeductions);
  });

  it('calculates the same from the period’s facts computed once as from facts computed per payslip', () => {
    const facts = periodFacts('2026-03-01', rules);
    expect(facts.workingDaysInMonth).toBe(22);
    const inputs = [
      {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        hireDate: '2026-03-16',
        terminationDate: null,
        unpaidLeaveDays: 0,
        contracts: [contract({ startDate: '2026-03-16', baseSalary: 300_000 })],
      },
      {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        hireDate: '2021-01-04',
        terminationDate: '2026-03-20',
        unpaidLeaveDays: 2.5,
        contracts: [contract({ baseSalary: 2_000_000 })],
      },
      {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        hireDate: '2020-01-01',
        terminationDate: null,
        unpaidLeaveDays: 1,
        contracts: [
          contract({ endDate: '2026-03-10', baseSalary: 200_000 }),
          contract({
            id: 'd',
            startDate: '2026-03-11',
            baseSalary: 260_000,
            allowances: [{ code: 'MEAL', name: 'Meal', amount: 20_000, taxable: false, contributory: false }],
          }),
        ],
      },
    ];
    for (const input of inputs) expect(calculatePayslip(input, rules, facts)).toEqual(calculatePayslip(input, rules));
    expect(calculatePayslip(inputs[0], rules, facts).netPay).toBe(144_666);
  });

  it('refuses a period over two months and a contract in another currency', () => {
    const base = { hireDate: '2020-01-01', terminationDate: null, unpaidLeaveDays: 0 };
    expect(() => calculatePayslip({ ...base, periodStart: '2026-03-20', periodEnd: '2026-04-05', contracts: [contract({ baseSalary: 1 })] }, rules)).toThrow(
      PayslipInputError,
    );
    expect(() =>
      calculatePayslip({ ...base, periodStart: '2026-03-01', periodEnd: '2026-03-31', contracts: [contract({ baseSalary: 1, currency: 'EUR' })] }, rules),
    ).toThrow(/EUR/);
  });

  it('picks the rule set in force on a date and rejects malformed rule data', () => {
    expect(ruleSetFor('CM', '2023-12-31')).toBeNull();
    expect(ruleSetFor('CM', '2030-01-01')!.version).toBe('CM-2024-01');
    expect(ruleSetFor('GA', '2026-01-01')).toBeNull();
    const later: RuleSet = { ...rules, version: 'CM-2027-01', effectiveFrom: '2027-01-01' };
    expect(ruleSetFor('CM', '2027-02-01', [rules, later])!.version).toBe('CM-2027-01');
    expect(ruleSetFor('CM', '2026-12-31', [rules, later])!.version).toBe('CM-2024-01');
    expect(() => validateRuleSet({ ...rules, contributions: [{ ...rules.contributions[0], employeeRate: '4.2%' }] })).toThrow(/bad rate/);
    expect(() =>
      validateRuleSet({
        ...rules,
        incomeTax: {
          ...rules.incomeTax,
          brackets: [
            { upTo: null, rate: '0.1' },
            { upTo: 5, rate: '0.2' },
          ],
        },
      }),
    ).toThrow();
  });
});
