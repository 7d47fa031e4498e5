import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { HrContract } from '@platform/common';
import { CommaSeparated, IsDateOnly } from '../../shared/validation';

export const MAX_EMPLOYEE_IDS = 1000;

export class PayrollInputsQueryDto implements HrContract.PayrollInputsQuery {
  @IsUUID()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  companyId: string;

  @IsDateOnly()
  periodStart: string;

  @IsDateOnly()
  periodEnd: string;

  /** Comma-separated; absent means every employee of the company. */
  @IsOptional()
  @CommaSeparated()
  @Transform(({ value }) => (Array.isArray(value) ? [...new Set(value.map((id) => (typeof id === 'string' ? id.toLowerCase() : id)))] : value))
  @IsArray()
  @ArrayMaxSize(MAX_EMPLOYEE_IDS)
  @IsUUID('all', { each: true, message: 'employeeIds must be comma-separated UUIDs' })
  employeeIds?: string[];
}
