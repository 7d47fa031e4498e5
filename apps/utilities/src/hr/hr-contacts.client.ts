import { Inject, Injectable } from '@nestjs/common';
import { Environment, InternalApi } from '@platform/common';

export interface EmployeeContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface HrContacts {
  items: EmployeeContact[];
  unknownEmployeeIds: string[];
}

/** Utilities never reads HR's tables: it asks HR's internal API, and fails cleanly when HR is down. */
@Injectable()
export class HrContactsClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  contacts(companyId: string, employeeIds: string[]): Promise<HrContacts> {
    const query = new URLSearchParams({ companyId, employeeIds: employeeIds.join(',') });
    return this.api.get<HrContacts>(`${this.env.HR_URL}/internal/v1/hr/contacts?${query}`);
  }
}
