import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment, internalToken, PlatformException } from '@platform/common';

export interface HrContract {
  id: string;
  type: string;
  status: string;
  startDate: string;
  endDate: string | null;
  baseSalary: number;
  currency: string;
  payFrequency: string;
  allowances: { code: string; name: string; amount: number; taxable: boolean; contributory: boolean }[];
  deductions: { code: string; name: string; amount: number }[];
}

export interface HrPayrollEmployee {
  id: string;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  hireDate: string;
  terminationDate: string | null;
  nationalId: string | null;
  socialInsuranceNumber: string | null;
  country: string;
  payout: Record<string, unknown> | null;
  contracts: HrContract[];
  unpaidLeaveDays: number;
}

export interface HrPayrollInputs {
  unknownEmployeeIds: string[];
  ineligibleEmployeeIds: string[];
  employees: HrPayrollEmployee[];
}

const TIMEOUT_MS = 5000;

/** Payroll never reads HR's tables: it asks HR's internal API, and fails cleanly when HR is down. */
@Injectable()
export class HrClient {
  private readonly logger = new Logger('HrClient');
  private readonly token: string;

  constructor(@Inject(Environment) private readonly env: Environment) {
    this.token = internalToken(env);
  }

  async payrollInputs(companyId: string, periodStart: string, periodEnd: string, employeeIds?: string[] | null): Promise<HrPayrollInputs> {
    const query = new URLSearchParams({ companyId, periodStart, periodEnd });
    if (employeeIds?.length) query.set('employeeIds', employeeIds.join(','));
    let response: Response;
    try {
      response = await fetch(`${this.env.HR_URL}/internal/v1/hr/payroll-inputs?${query}`, {
        headers: { 'x-internal-token': this.token, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn(`HR unreachable: ${(error as Error).message}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    if (!response.ok) {
      this.logger.warn(`HR answered ${response.status} to payroll-inputs`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    return (await response.json()) as HrPayrollInputs;
  }
}
