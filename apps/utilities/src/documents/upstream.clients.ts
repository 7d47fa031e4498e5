import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment, ErrorCode, internalToken, PlatformException } from '@platform/common';

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
  private readonly logger = new Logger('DocumentSources');
  private readonly token: string;

  constructor(@Inject(Environment) private readonly env: Environment) {
    this.token = internalToken(env);
  }

  async payslips(companyId: string, payrollRunId: string, employeeId?: string): Promise<RunWithPayslips> {
    const query = new URLSearchParams({ companyId, ...(employeeId ? { employeeId } : {}) });
    return this.get<RunWithPayslips>('payroll', `${this.env.PAYROLL_URL}/internal/v1/payroll/runs/${payrollRunId}/payslips?${query}`, ['PAYROLL_RUN_NOT_FOUND']);
  }

  async trialBalance(companyId: string, from?: string, to?: string): Promise<TrialBalanceReport> {
    const query = new URLSearchParams({ companyId, ...(from ? { from } : {}), ...(to ? { to } : {}) });
    return this.get<TrialBalanceReport>('books', `${this.env.BOOKS_URL}/internal/v1/books/reports/trial-balance?${query}`, []);
  }

  private async get<T>(service: string, url: string, passedThrough: ErrorCode[]): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, { headers: { 'x-internal-token': this.token, accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      this.logger.warn(`${service} unreachable: ${(error as Error).message}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    if (response.ok) return (await response.json()) as T;
    const code = ((await response.json().catch(() => ({}))) as { code?: ErrorCode }).code;
    if (code && passedThrough.includes(code)) throw new PlatformException(code);
    this.logger.warn(`${service} answered ${response.status}${code ? ` ${code}` : ''}`);
    throw new PlatformException('UPSTREAM_UNAVAILABLE');
  }
}
