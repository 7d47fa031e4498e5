import { Inject, Injectable } from '@nestjs/common';
import { BooksContract, Environment, InternalApi, PayrollContract } from '@platform/common';

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

  payslips(companyId: string, payrollRunId: string, employeeId?: string): Promise<PayrollContract.RunPayslips> {
    const request = { params: { runId: payrollRunId }, query: { companyId, employeeId }, timeoutMs: TIMEOUT_MS };
    return this.api.expectOk(this.env.PAYROLL_URL, PayrollContract.RUN_PAYSLIPS, request, ['PAYROLL_RUN_NOT_FOUND']);
  }

  trialBalance(companyId: string, from?: string, to?: string): Promise<BooksContract.TrialBalance> {
    return this.api.expectOk(this.env.BOOKS_URL, BooksContract.TRIAL_BALANCE, { query: { companyId, from, to }, timeoutMs: TIMEOUT_MS });
  }
}
