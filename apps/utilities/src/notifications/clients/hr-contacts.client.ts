import { Inject, Injectable } from '@nestjs/common';
import { HrContract } from '@platform/contracts';
import { Environment, InternalApi } from '@platform/pipeline';

/** Utilities never reads HR's tables: it asks HR's internal API, and fails cleanly when HR is down. */
@Injectable()
export class HrContactsClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  contacts(companyId: string, employeeIds: string[]): Promise<HrContract.Contacts> {
    return this.api.expectOk(this.env.HR_URL, HrContract.CONTACTS, { query: { companyId, employeeIds } });
  }
}
