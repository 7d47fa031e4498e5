import { Inject, Injectable } from '@nestjs/common';
import { Environment, HrContract, InternalApi } from '@platform/common';

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
  async *payrollInputPages(companyId: string, periodStart: string, periodEnd: string, employeeIds?: string[] | null): AsyncGenerator<HrContract.PayrollInputsPage> {
    const ask = (request: Omit<HrContract.PayrollInputsRequest, 'companyId' | 'periodStart' | 'periodEnd'>) => {
      const answer = this.api.expectOk(this.env.HR_URL, HrContract.PAYROLL_INPUTS, { body: { companyId, periodStart, periodEnd, ...request } });
      // a page asked ahead that nobody awaits (the caller stopped) must not fail the process
      answer.catch(() => undefined);
      return answer;
    };
    if (employeeIds?.length) {
      const listed = [...new Set(employeeIds.map((id) => id.toLowerCase()))];
      const slices: string[][] = [];
      for (let start = 0; start < listed.length; start += HrContract.PAYROLL_INPUTS_PAGE_SIZE) slices.push(listed.slice(start, start + HrContract.PAYROLL_INPUTS_PAGE_SIZE));
      let next = ask({ employeeIds: slices[0] });
      for (let i = 0; i < slices.length; i++) {
        const page = await next;
        if (i + 1 < slices.length) next = ask({ employeeIds: slices[i + 1] });
        yield page;
      }
      return;
    }
    let next: Promise<HrContract.PayrollInputsPage> | null = ask({});
    while (next) {
      const page: HrContract.PayrollInputsPage = await next;
      next = page.nextAfter ? ask({ after: page.nextAfter }) : null;
      yield page;
    }
  }
}
