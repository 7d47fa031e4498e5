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
   * none are listed), asked a page at a time so that no answer grows with the company, and
   * ordered by name as a run lists its payslips.
   */
  async payrollInputs(companyId: string, periodStart: string, periodEnd: string, employeeIds?: string[] | null): Promise<HrContract.PayrollInputs> {
    const inputs: HrContract.PayrollInputs = { unknownEmployeeIds: [], ineligibleEmployeeIds: [], employees: [] };
    const add = (page: HrContract.PayrollInputsPage) => {
      inputs.unknownEmployeeIds.push(...page.unknownEmployeeIds);
      inputs.ineligibleEmployeeIds.push(...page.ineligibleEmployeeIds);
      inputs.employees.push(...page.employees);
      return page.nextAfter;
    };
    const ask = (request: Omit<HrContract.PayrollInputsRequest, 'companyId' | 'periodStart' | 'periodEnd'>) =>
      this.api.expectOk(this.env.HR_URL, HrContract.PAYROLL_INPUTS, { body: { companyId, periodStart, periodEnd, ...request } });

    if (employeeIds?.length) {
      const listed = [...new Set(employeeIds.map((id) => id.toLowerCase()))];
      for (let start = 0; start < listed.length; start += HrContract.PAYROLL_INPUTS_PAGE_SIZE) {
        add(await ask({ employeeIds: listed.slice(start, start + HrContract.PAYROLL_INPUTS_PAGE_SIZE) }));
      }
    } else {
      let after: string | null = null;
      do after = add(await ask(after ? { after } : {}));
      while (after);
    }
    inputs.employees.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id));
    return inputs;
  }
}
