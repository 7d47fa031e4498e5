import { Inject, Injectable } from '@nestjs/common';
import { HrContract } from '@platform/contracts';
import { Environment, InternalApi } from '@platform/pipeline';

/** Payroll never reads HR's tables: it asks HR's internal API, and fails cleanly when HR is down. */
@Injectable()
export class HrClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  /**
   * The period's inputs of the listed employees (every employee with a contract in force when
   * none are listed), a page at a time, so that neither an answer nor what the caller holds grows
   * with the company. The next page is asked as soon as one arrives, while the caller works on it.
   */
  async *payrollInputPages(
    companyId: string,
    periodStart: string,
    periodEnd: string,
    employeeIds?: string[] | null,
  ): AsyncGenerator<HrContract.PayrollInputsPage> {
    const ask = (request: Omit<HrContract.PayrollInputsRequest, 'companyId' | 'periodStart' | 'periodEnd'>) => {
      const answer = this.api.expectOk(this.env.HR_URL, HrContract.PAYROLL_INPUTS, { body: { companyId, periodStart, periodEnd, ...request } });
      // a page asked ahead that nobody awaits (the caller stopped) must not fail the process
      answer.catch(() => undefined);
      return answer;
    };
    // the listed ids a slice a page, or (none listed) the company a keyset page after another
    const listed = employeeIds?.length ? [...new Set(employeeIds.map((id) => id.toLowerCase()))] : null;
    const slice = (index: number) => listed!.slice(index * HrContract.PAYROLL_INPUTS_PAGE_SIZE, (index + 1) * HrContract.PAYROLL_INPUTS_PAGE_SIZE);
    let next: Promise<HrContract.PayrollInputsPage> | null = ask(listed ? { employeeIds: slice(0) } : {});
    for (let index = 1; next; index++) {
      const page: HrContract.PayrollInputsPage = await next;
      if (listed) next = index * HrContract.PAYROLL_INPUTS_PAGE_SIZE < listed.length ? ask({ employeeIds: slice(index) }) : null;
      else next = page.nextAfter ? ask({ after: page.nextAfter }) : null;
      yield page;
    }
  }
}
