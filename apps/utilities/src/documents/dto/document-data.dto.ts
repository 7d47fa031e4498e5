import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IsDateOnly } from '@platform/pipeline';
import { DOCUMENT_LOCALES, DocumentLocale } from '../render/locale';

/** Amounts stay exact: a quantity × unit price, and their sum, below 2^53. */
const MAX_UNIT_PRICE = 1e13;
const MAX_QUANTITY = 1_000_000;
export const MAX_INVOICE_LINES = 1000;
/** Table rows a document job renders (a synchronous render takes far fewer: MAX_SYNC_ROWS). */
export const MAX_REPORT_ROWS = 10_000;
/**
 * The JSON values a document request may hold: the largest report (four a row: the row and its
 * account, debit and credit) and room for the rest. More than other bodies may hold (the
 * platform's MAX_INPUT_VALUES), so that a report too large to render at once reaches the row count
 * and is told to use a job, and a job gets its rows; rows are validated a slice at a time.
 */
export const MAX_DOCUMENT_INPUT_VALUES = 4 * MAX_REPORT_ROWS + 1000;

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Fields every document type takes. */
export class DocumentDataDto {
  @ApiPropertyOptional({ enum: DOCUMENT_LOCALES, description: 'Language and number format; default from Accept-Language (fr → fr-CM, else en-CM).' })
  @IsOptional()
  @IsIn(DOCUMENT_LOCALES)
  locale?: DocumentLocale;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 200,
    example: 'Acme Cameroun SARL',
    description: 'Shown in the header and footers; default: the company id.',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  companyName?: string;
}

export class PayslipDataDto extends DocumentDataDto {
  @ApiProperty({ format: 'uuid', description: 'A payroll run of the company' })
  @Transform(lower)
  @IsUUID('all', { message: 'payrollRunId must be a UUID' })
  payrollRunId: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Required for one payslip; a document job without it renders every payslip of the run into one ZIP.' })
  @IsOptional()
  @Transform(lower)
  @IsUUID('all', { message: 'employeeId must be a UUID' })
  employeeId?: string;
}

export class CustomerDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Brasseries du Cameroun' })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  address?: string;

  @ApiPropertyOptional({ format: 'email', example: 'billing@example.cm' })
  @IsOptional()
  @IsEmail()
  email?: string;

  @ApiPropertyOptional({ maxLength: 50 })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  taxId?: string;
}

export class InvoiceLineDto {
  @ApiProperty({ minLength: 1, maxLength: 300, example: 'Payroll service, March 2026' })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(300)
  description: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_QUANTITY, example: 1 })
  @IsInt({ message: 'quantity must be an integer' })
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_UNIT_PRICE, example: 150000, description: 'Integer, in the currency’s minor unit (XAF has none).' })
  @IsInt({ message: 'unitPrice must be an integer amount in minor units' })
  @Min(0)
  @Max(MAX_UNIT_PRICE)
  unitPrice: number;
}

export class InvoiceTaxDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'TVA' })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name: string;

  @ApiProperty({
    minimum: 0,
    maximum: 100,
    example: 19.25,
    description: 'Percent of the subtotal, up to 4 decimals; the amount is rounded half up to the minor unit.',
  })
  @IsNumber({ maxDecimalPlaces: 4 })
  @Min(0)
  @Max(100)
  rate: number;
}

export class InvoiceDataDto extends DocumentDataDto {
  @ApiProperty({ minLength: 1, maxLength: 50, example: 'INV-2026-0042' })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(50)
  number: string;

  @ApiProperty({
    type: Object,
    oneOf: [{ $ref: getSchemaPath(CustomerDto) }, { type: 'string', minLength: 1, maxLength: 200 }],
    description: 'The customer, or just its name as a string.',
  })
  @Transform(({ obj }: { obj: Record<string, unknown> }) =>
    typeof obj.customer === 'string'
      ? plainToInstance(CustomerDto, { name: obj.customer })
      : obj.customer && typeof obj.customer === 'object'
        ? plainToInstance(CustomerDto, obj.customer)
        : obj.customer,
  )
  @ValidateNested()
  customer: CustomerDto;

  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'XAF', description: 'ISO 4217; amounts are integers in its minor unit.' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as XAF' })
  currency: string;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2026-03-31', description: 'Default: today.' })
  @IsOptional()
  @IsDateOnly()
  issueDate?: string;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2026-04-30', description: 'Not before issueDate.' })
  @IsOptional()
  @IsDateOnly()
  dueDate?: string;

  @ApiProperty({ type: [InvoiceLineDto], minItems: 1, maxItems: MAX_INVOICE_LINES })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_INVOICE_LINES)
  @ValidateNested({ each: true })
  @Type(() => InvoiceLineDto)
  lines: InvoiceLineDto[];

  @ApiPropertyOptional({ type: [InvoiceTaxDto], maxItems: 10 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => InvoiceTaxDto)
  taxes?: InvoiceTaxDto[];

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  notes?: string;
}

export class ReportRowDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: '601 Purchases' })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  account: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, example: 250000, description: 'Integer, in the currency’s minor unit.' })
  @IsInt({ message: 'debit must be an integer amount in minor units' })
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  debit: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, example: 0, description: 'Integer, in the currency’s minor unit.' })
  @IsInt({ message: 'credit must be an integer amount in minor units' })
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  credit: number;
}

export class FinancialReportDataDto extends DocumentDataDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200, description: 'Default: “Trial balance” for Books’ report, “Financial report” for rows sent.' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title?: string;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2026-01-01', description: 'Period start (Books’ trial balance: movements from this day).' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2026-12-31', description: 'Period end; not before from.' })
  @IsOptional()
  @IsDateOnly()
  to?: string;

  @ApiPropertyOptional({ pattern: '^[A-Z]{3}$', example: 'XAF', description: 'For rows sent (default XAF); Books’ report carries its own.' })
  @IsOptional()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as XAF' })
  currency?: string;

  @ApiPropertyOptional({
    type: [ReportRowDto],
    minItems: 1,
    maxItems: MAX_REPORT_ROWS,
    description: 'Rendered as sent; without rows, the trial balance comes from Books for [from, to].',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REPORT_ROWS)
  @ValidateNested({ each: true })
  @Type(() => ReportRowDto)
  rows?: ReportRowDto[];
}
