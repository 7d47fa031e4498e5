import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO4217CurrencyCode,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ArrayDistinct, IsDateOnly, KeptAsParsed, MaxInputValues, PageQueryDto } from '@platform/pipeline';
import { trim, UUID } from '../../shared/validation';
import { Allowance, CONTRACT_STATUSES, CONTRACT_TYPES, ContractStatus, ContractType, Deduction, PAY_FREQUENCIES, PayFrequency } from '../contract.entity';

const CODE = /^[A-Z0-9_]{1,30}$/;
export const CURRENCY = /^[A-Z]{3}$/;

export class AllowanceDto implements Allowance {
  @ApiProperty({ example: 'TRANSPORT', pattern: CODE.source, description: 'Upper-case letters, digits and underscores; unique within the contract.' })
  @Matches(CODE, { message: 'code must be 1–30 upper-case letters, digits or underscores' })
  code: string;

  @ApiProperty({ example: 'Transport allowance', minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({
    type: 'integer',
    example: 25000,
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'Per pay period, in minor units of the contract currency.',
  })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  amount: number;

  @ApiPropertyOptional({ default: true, description: 'Subject to income tax.' })
  @IsOptional()
  @IsBoolean()
  taxable: boolean = true;

  @ApiPropertyOptional({ default: true, description: 'Subject to social-insurance contributions.' })
  @IsOptional()
  @IsBoolean()
  contributory: boolean = true;
}

export class DeductionDto implements Deduction {
  @ApiProperty({ example: 'LOAN', pattern: CODE.source, description: 'Upper-case letters, digits and underscores; unique within the contract.' })
  @Matches(CODE, { message: 'code must be 1–30 upper-case letters, digits or underscores' })
  code: string;

  @ApiProperty({ example: 'Staff loan repayment', minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ type: 'integer', example: 10000, minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Per pay period, in minor units.' })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  amount: number;
}

export class CreateContractDto {
  @ApiPropertyOptional({
    example: 'CTR-0042-2025',
    minLength: 1,
    maxLength: 100,
    description:
      'Your system’s id for the contract, unique within the company: POST with a known externalId syncs that contract (required in POST /contracts/bulk).',
  })
  @ValidateIf((dto: CreateContractDto) => dto.externalId !== undefined)
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  externalId?: string;

  @ApiPropertyOptional({ ...UUID, description: 'The employee. Send this or employeeExternalId.' })
  @ValidateIf((dto: CreateContractDto) => dto.employeeId !== undefined || dto.employeeExternalId === undefined)
  @IsUUID()
  employeeId?: string;

  @ApiPropertyOptional({
    example: 'EMP-0042',
    minLength: 1,
    maxLength: 100,
    description: 'The employee by the externalId they were given, instead of employeeId.',
  })
  @ValidateIf((dto: CreateContractDto) => dto.employeeExternalId !== undefined)
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @ValidateBy(
    { name: 'notWithEmployeeId', validator: { validate: (_value: unknown, args) => (args?.object as CreateContractDto).employeeId === undefined } },
    {
      message: ({ property }) => `${property} must not be sent with employeeId`,
    },
  )
  employeeExternalId?: string;

  @ApiProperty({ enum: CONTRACT_TYPES })
  @IsIn(CONTRACT_TYPES)
  type: ContractType;

  @ApiProperty({ example: '2025-01-01', format: 'date' })
  @IsDateOnly()
  startDate: string;

  @ApiPropertyOptional({
    type: String,
    example: '2025-12-31',
    format: 'date',
    nullable: true,
    description: 'Required for fixed_term and internship; not before startDate. null: open-ended.',
  })
  @IsOptional()
  @IsDateOnly()
  endDate?: string | null;

  @ApiProperty({
    type: 'integer',
    example: 350000,
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'Per pay period, integer in minor units of `currency` (XAF has none).',
  })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  baseSalary: number;

  @ApiProperty({ example: 'XAF', pattern: CURRENCY.source, description: 'ISO 4217' })
  @IsISO4217CurrencyCode({ message: 'currency must be an ISO 4217 code such as XAF' })
  currency: string;

  @ApiProperty({ enum: PAY_FREQUENCIES })
  @IsIn(PAY_FREQUENCIES)
  payFrequency: PayFrequency;

  @ApiPropertyOptional({ type: [AllowanceDto], default: [], maxItems: 50, description: 'Distinct codes.' })
  @ValidateIf((dto: CreateContractDto) => dto.allowances !== undefined)
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayDistinct((allowance: AllowanceDto) => allowance?.code, { message: 'allowances must have distinct codes' })
  @ValidateNested({ each: true })
  @Type(() => AllowanceDto)
  allowances?: AllowanceDto[];

  @ApiPropertyOptional({ type: [DeductionDto], default: [], maxItems: 50, description: 'Distinct codes.' })
  @ValidateIf((dto: CreateContractDto) => dto.deductions !== undefined)
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayDistinct((deduction: DeductionDto) => deduction?.code, { message: 'deductions must have distinct codes' })
  @ValidateNested({ each: true })
  @Type(() => DeductionDto)
  deductions?: DeductionDto[];

  @ApiPropertyOptional({ type: String, example: 'Accountant', minLength: 1, maxLength: 150, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  jobTitle?: string | null;

  @ApiPropertyOptional({
    enum: CONTRACT_STATUSES,
    description:
      'A new contract is active unless sent as draft, to prepare it without putting it in force. Syncing a known externalId moves its contract as PATCH does: draft → active → ended.',
  })
  @IsOptional()
  @IsIn(CONTRACT_STATUSES)
  status?: ContractStatus;
}

export class UpdateContractDto extends PartialType(OmitType(CreateContractDto, ['employeeId', 'employeeExternalId', 'status', 'endDate'] as const), {
  skipNullProperties: false,
}) {
  @ApiPropertyOptional({
    type: String,
    example: '2025-12-31',
    format: 'date',
    nullable: true,
    description: 'null makes the contract open-ended. When ending, defaults to today.',
  })
  @ValidateIf((dto: UpdateContractDto) => dto.endDate !== undefined && dto.endDate !== null)
  @IsDateOnly()
  endDate?: string | null;

  @ApiPropertyOptional({ enum: CONTRACT_STATUSES, description: 'active activates a draft; ended ends an active contract.' })
  @IsOptional()
  @IsIn(CONTRACT_STATUSES)
  status?: ContractStatus;
}

export class ListContractsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...UUID })
  @IsOptional()
  @IsUUID()
  employeeId?: string;

  @ApiPropertyOptional({ example: 'CTR-0042-2025', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  externalId?: string;

  @ApiPropertyOptional({ enum: CONTRACT_STATUSES })
  @IsOptional()
  @IsIn(CONTRACT_STATUSES)
  status?: ContractStatus;
}

/** The most contracts one bulk request creates or syncs. */
export const MAX_BULK_CONTRACTS = 1000;

/**
 * The values a bulk request may hold, a contract with its allowances and deductions holding 13
 * (its object, 10 fields, two lists) and 6 an allowance, 4 a deduction: room for a thousand
 * contracts of eight allowances each, and a little more.
 */
const VALUES_PER_BULK_CONTRACT = 64;

/**
 * The body a bulk request may send: a thousand contracts of eight allowances, every field at its
 * longest in characters of three bytes, take about 4.6 MB.
 */
export const BULK_CONTRACTS_BODY_BYTES = 6 * 1024 * 1024;

/**
 * The items are checked one by one by the service, CreateContractDto's rules each (an item's
 * failures are its own), so the pipe hands them over as parsed and checks only that they are a
 * list; the service counts them.
 */
@MaxInputValues(MAX_BULK_CONTRACTS * VALUES_PER_BULK_CONTRACT)
export class BulkContractsDto {
  @ApiProperty({
    type: [CreateContractDto],
    maxItems: MAX_BULK_CONTRACTS,
    description: 'Contracts to create or sync by externalId (required in each), each as POST /contracts takes it, applied in the order sent.',
  })
  @IsArray()
  @KeptAsParsed()
  items: unknown[];
}
