import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { HrContract } from '@platform/contracts';
import { IsDateOnly } from '@platform/pipeline';

const lowerCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

export class PayrollInputsRequestDto implements HrContract.PayrollInputsRequest {
  @IsUUID()
  @Transform(lowerCase)
  companyId: string;

  @IsDateOnly()
  periodStart: string;

  @IsDateOnly()
  periodEnd: string;

  /** Absent means a page of every employee with a contract in force. */
  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? [...new Set(value.map((id) => (typeof id === 'string' ? id.toLowerCase() : id)))] : value))
  @IsArray()
  @ArrayMaxSize(HrContract.PAYROLL_INPUTS_PAGE_SIZE)
  @IsUUID('all', { each: true })
  employeeIds?: string[];

  @IsOptional()
  @IsUUID()
  @Transform(lowerCase)
  after?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(HrContract.PAYROLL_INPUTS_PAGE_SIZE)
  limit?: number;
}
