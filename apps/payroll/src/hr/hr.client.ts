import { Inject, Injectable } from '@nestjs/common';
import { Environment, InternalApi } from '@platform/common';

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

/** Payroll never reads HR's tables: it asks HR's internal API, and fails cleanly when HR is down. */
@Injectable()
export class HrClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  payrollInputs(companyId: string, periodStart: string, periodEnd: string, employeeIds?: string[] | null): Promise<HrPayrollInputs> {
    const query = new URLSearchParams({ companyId, periodStart, periodEnd });
    if (employeeIds?.length) query.set('employeeIds', employeeIds.join(','));
    return this.api.get<HrPayrollInputs>(`${this.env.HR_URL}/internal/v1/hr/payroll-inputs?${query}`);
  }
}
