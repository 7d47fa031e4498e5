import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from 'class-validator';
import { HrContract } from '@platform/contracts';
import { CommaSeparated } from '../../shared/validation';

export const MAX_CONTACT_IDS = 100;

const lowerCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

export class ContactsQueryDto implements HrContract.ContactsQuery {
  @Transform(lowerCase)
  @IsUUID()
  companyId: string;

  /** Comma-separated (or repeated) employee ids. */
  @CommaSeparated()
  @Transform(({ value }) => (Array.isArray(value) ? [...new Set(value.map((id) => (typeof id === 'string' ? id.toLowerCase() : id)))] : value))
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CONTACT_IDS)
  @IsUUID('all', { each: true, message: 'employeeIds must be comma-separated UUIDs' })
  employeeIds: string[];
}
