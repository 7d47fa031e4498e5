import { PlatformException } from '@platform/pipeline';
import { canonicalJson } from '../shared/json';
import type { UpdateEmployeeDto } from './dto/employee.dto';
import type { Employee } from './employee.entity';

/** The fields a client sets. */
export const FIELDS = [
  'externalId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'hireDate',
  'jobTitle',
  'department',
  'status',
  'terminationDate',
  'nationalId',
  'socialInsuranceNumber',
  'country',
  'payout',
] as const;

/** The fields set in `input` (those left out are not there). */
export function fieldsOf(input: UpdateEmployeeDto | Employee): Partial<Employee> {
  const fields: Partial<Employee> = {};
  for (const key of FIELDS) {
    if (input[key] !== undefined) (fields as Record<string, unknown>)[key] = input[key];
  }
  return fields;
}

/**
 * Applies the fields sent to the employee (a termination date only while terminated) and says
 * whether any value changed. Payouts compare by value: PostgreSQL's jsonb keeps keys in its own order.
 */
export function applyFields(employee: Employee, input: UpdateEmployeeDto): boolean {
  const before = canonicalJson(fieldsOf(employee));
  Object.assign(employee, fieldsOf(input));
  if (employee.status !== 'terminated') employee.terminationDate = null;
  return canonicalJson(fieldsOf(employee)) !== before;
}

export function checkDates(hireDate: string, status: string, terminationDate: string | null | undefined): void {
  if (status === 'terminated' && !terminationDate) {
    throw PlatformException.validation({ terminationDate: ['terminationDate is required when status is terminated'] });
  }
  if (terminationDate && terminationDate < hireDate) {
    throw PlatformException.validation({ terminationDate: ['terminationDate must not be before hireDate'] });
  }
}
