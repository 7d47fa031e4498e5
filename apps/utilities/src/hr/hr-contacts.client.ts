import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment, internalToken, PlatformException } from '@platform/common';

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

const TIMEOUT_MS = 5000;

/** Utilities never reads HR's tables: it asks HR's internal API, and fails cleanly when HR is down. */
@Injectable()
export class HrContactsClient {
  private readonly logger = new Logger('HrContactsClient');
  private readonly token: string;

  constructor(@Inject(Environment) private readonly env: Environment) {
    this.token = internalToken(env);
  }

  async contacts(companyId: string, employeeIds: string[]): Promise<HrContacts> {
    const query = new URLSearchParams({ companyId, employeeIds: employeeIds.join(',') });
    let response: Response;
    try {
      response = await fetch(`${this.env.HR_URL}/internal/v1/hr/contacts?${query}`, {
        headers: { 'x-internal-token': this.token, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn(`HR unreachable: ${(error as Error).message}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    if (!response.ok) {
      this.logger.warn(`HR answered ${response.status} to contacts`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    return (await response.json()) as HrContacts;
  }
}
