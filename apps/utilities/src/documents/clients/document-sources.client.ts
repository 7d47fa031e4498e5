import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AuthContract, BooksContract, PayrollContract } from '@platform/contracts';
import { Environment, InternalApi } from '@platform/pipeline';

const TIMEOUT_MS = 10_000;
/** How long a company's name is used before auth is asked again (a renamed company shows on documents within this). */
const COMPANY_NAME_TTL_MS = 60_000;

/**
 * Utilities reads payroll, Books and auth only through their internal APIs. A missing run comes
 * back as PAYROLL_RUN_NOT_FOUND; anything else that is not an answer is 503 UPSTREAM_UNAVAILABLE.
 */
@Injectable()
export class DocumentSources {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  /** The run with one employee's payslip (`employeeId`), or with a page of its payslips, the one after `after`. */
  payslips(companyId: string, payrollRunId: string, page: { employeeId?: string; after?: string } = {}): Promise<PayrollContract.RunPayslips> {
    const request = { params: { runId: payrollRunId }, query: { companyId, employeeId: page.employeeId, after: page.after }, timeoutMs: TIMEOUT_MS };
    return this.api.expectOk(this.env.PAYROLL_URL, PayrollContract.RUN_PAYSLIPS, request, ['PAYROLL_RUN_NOT_FOUND']);
  }

  trialBalance(companyId: string, from?: string, to?: string): Promise<BooksContract.TrialBalance> {
    return this.api.expectOk(this.env.BOOKS_URL, BooksContract.TRIAL_BALANCE, { query: { companyId, from, to }, timeoutMs: TIMEOUT_MS });
  }

  /**
   * The name of the company a document is for (auth knows organizations and client companies);
   * null for an id auth does not know. Names are kept a minute: a burst of documents asks auth once.
   */
  async companyName(companyId: string): Promise<string | null> {
    const known = this.companyNames.get(companyId);
    if (known !== undefined) return known.name;
    const { name } = await this.api.expectOk(this.env.AUTH_URL, AuthContract.COMPANY_NAME, { params: { companyId }, timeoutMs: TIMEOUT_MS });
    this.companyNames.set(companyId, { name });
    return name;
  }

  private readonly companyNames = new LRUCache<string, { name: string | null }>({ max: 10_000, ttl: COMPANY_NAME_TTL_MS });
}
