import { Inject, Injectable } from '@nestjs/common';
import { Environment, HrContract, InternalApi } from '@platform/common';

/** Payroll never reads HR's tables: it asks HR's internal API, and fails cleanly when HR is down. */
@Injectable()
export class HrClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  payrollInputs(companyId: string, periodStart: string, periodEnd: string, employeeIds?: string[] | null): Promise<HrContract.PayrollInputs> {
    return this.api.expectOk(this.env.HR_URL, HrContract.PAYROLL_INPUTS, { query: { companyId, periodStart, periodEnd, employeeIds: employeeIds ?? undefined } });
  }
}
