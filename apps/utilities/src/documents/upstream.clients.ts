import { Inject, Injectable } from '@nestjs/common';
import { Environment, InternalApi } from '@platform/common';

export interface PayslipItem {
  code: string;
  name: string;
  amount: number;
  base?: number;
  rate?: string;
}

export interface RunPayslip {
  id: string;
  employeeId: string;
  employeeExternalId: string;
  employeeName: string;
  nationalId: string | null;
  socialInsuranceNumber: string | null;
  currency: string;
  workingDaysInMonth: number;
  workedDays: number;
  unpaidLeaveDays: number;
  earnings: PayslipItem[];
  deductions: PayslipItem[];
  employerContributions: PayslipItem[];
  grossPay: number;
  totalDeductions: number;
  netPay: number;
  totalEmployerContributions: number;
  employerCost: number;
}

export interface RunWithPayslips {
  run: { id: string; status: string; periodStart: string; periodEnd: string; currency: string; employeeCount: number };
  payslips: RunPayslip[];
}

export interface TrialBalanceReport {
  from?: string;
  to?: string;
  currency: string;
  accounts: { code: string; name: string; debits: number; credits: number; closingDebit: number; closingCredit: number }[];
  totals: { debits: number; credits: number; closingDebit: number; closingCredit: number; balanced: boolean };
}

const TIMEOUT_MS = 10_000;

/**
 * Utilities reads payroll and Books only through their internal APIs. A missing run comes back
 * as PAYROLL_RUN_NOT_FOUND; anything else that is not an answer is 503 UPSTREAM_UNAVAILABLE.
 */
@Injectable()
export class DocumentSources {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  payslips(companyId: string, payrollRunId: string, employeeId?: string): Promise<RunWithPayslips> {
    const query = new URLSearchParams({ companyId, ...(employeeId ? { employeeId } : {}) });
    return this.api.get<RunWithPayslips>(`${this.env.PAYROLL_URL}/internal/v1/payroll/runs/${payrollRunId}/payslips?${query}`, { timeoutMs: TIMEOUT_MS, passThrough: ['PAYROLL_RUN_NOT_FOUND'] });
  }

  trialBalance(companyId: string, from?: string, to?: string): Promise<TrialBalanceReport> {
    const query = new URLSearchParams({ companyId, ...(from ? { from } : {}), ...(to ? { to } : {}) });
    return this.api.get<TrialBalanceReport>(`${this.env.BOOKS_URL}/internal/v1/books/reports/trial-balance?${query}`, { timeoutMs: TIMEOUT_MS });
  }
}
