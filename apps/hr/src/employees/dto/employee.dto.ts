import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, getSchemaPath, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsEmail,
  IsIn,
  IsISO31661Alpha2,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsDateOnly, KeptAsParsed, MaxInputValues, PageQueryDto } from '@platform/pipeline';
import { trim } from '../../shared/validation';
import { EMPLOYEE_STATUSES, EmployeeStatus, MOBILE_MONEY_PROVIDERS, Payout, PAYOUT_METHODS } from '../employee.entity';

const CAMEROON_PHONE = /^\+237[26]\d{8}$/;
const E164 = /^\+[1-9]\d{7,14}$/;
export const COUNTRY = /^[A-Z]{2}$/;

/**
 * A payout field of one method: refused under the other method, validated when sent, and
 * (when `required`) demanded under its own method.
 */
function PayoutField(method: Payout['method'], required = false): PropertyDecorator {
  return applyDecorators(
    ValidateIf((payout: PayoutDto, value: unknown) => value !== undefined || (required && payout.method === method)),
    ValidateBy({
      name: 'payoutMethod',
      validator: {
        validate: (value: unknown, args) => value === undefined || (args?.object as PayoutDto).method === method,
        defaultMessage: (args) => `${args?.property} is only for method ${method}`,
      },
    }),
  );
}

/**
 * The rules of a payout, whichever its method. Its documentation is the two shapes below, one per
 * method, so that each example is one the server accepts.
 */
export class PayoutDto implements Payout {
  @IsIn(PAYOUT_METHODS)
  method: Payout['method'];

  @PayoutField('bank')
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  bankName?: string;

  @PayoutField('bank')
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  bankCode?: string;

  @PayoutField('bank', true)
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  accountNumber?: string;

  @PayoutField('bank')
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  accountHolder?: string;

  @PayoutField('mobile_money', true)
  @IsIn(MOBILE_MONEY_PROVIDERS)
  provider?: Payout['provider'];

  @PayoutField('mobile_money', true)
  @Matches(CAMEROON_PHONE, { message: 'phoneNumber must be a Cameroon number in E.164 form, such as +237677123456' })
  phoneNumber?: string;
}

/** Pay into a bank account. */
export class BankPayout {
  @ApiProperty({ enum: ['bank'] })
  method: 'bank';

  @ApiPropertyOptional({ example: 'Afriland First Bank', minLength: 1, maxLength: 100 })
  bankName?: string;

  @ApiPropertyOptional({ example: '10005', minLength: 1, maxLength: 20 })
  bankCode?: string;

  @ApiProperty({ example: '10005000010123456789012', minLength: 1, maxLength: 40 })
  accountNumber: string;

  @ApiPropertyOptional({ example: 'Amina Nkemelu', minLength: 1, maxLength: 150 })
  accountHolder?: string;
}

/** Pay to a Cameroon mobile-money account. */
export class MobileMoneyPayout {
  @ApiProperty({ enum: ['mobile_money'] })
  method: 'mobile_money';

  @ApiProperty({ enum: MOBILE_MONEY_PROVIDERS, example: 'mtn_momo' })
  provider: Payout['provider'];

  @ApiProperty({ example: '+237677123456', pattern: CAMEROON_PHONE.source, description: 'A Cameroon number, E.164.' })
  phoneNumber: string;
}

/**
 * The OpenAPI schema of a payout: one of the two shapes (`method` tells them apart), or null for
 * none. Null is a branch of its own: OpenAPI 3.0 lets `nullable` stand only beside a `type`.
 */
export const PAYOUT_SCHEMA = {
  type: Object,
  oneOf: [{ $ref: getSchemaPath(BankPayout) }, { $ref: getSchemaPath(MobileMoneyPayout) }, { type: 'object', nullable: true, enum: [null] }],
};

export class CreateEmployeeDto {
  @ApiProperty({
    example: 'EMP-0042',
    minLength: 1,
    maxLength: 100,
    description: 'Your system’s id for the employee; POST with a known externalId syncs that employee.',
  })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  externalId: string;

  @ApiProperty({ example: 'Amina', minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ example: 'Nkemelu', minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName: string;

  @ApiProperty({ example: 'amina.nkemelu@example.cm', format: 'email', maxLength: 254, description: 'Kept in lower case.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiPropertyOptional({ type: String, example: '+237677123456', pattern: E164.source, nullable: true, description: 'E.164; null removes it.' })
  @IsOptional()
  @Matches(E164, { message: 'phone must be an E.164 number such as +237677123456' })
  phone?: string | null;

  @ApiProperty({ example: '2024-03-01', format: 'date' })
  @IsDateOnly()
  hireDate: string;

  @ApiProperty({ example: 'Accountant', minLength: 1, maxLength: 150 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  jobTitle: string;

  @ApiProperty({ example: 'Finance', minLength: 1, maxLength: 150 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  department: string;

  @ApiProperty({ enum: EMPLOYEE_STATUSES, example: 'active' })
  @IsIn(EMPLOYEE_STATUSES)
  status: EmployeeStatus;

  @ApiPropertyOptional({
    example: '2025-12-31',
    format: 'date',
    description: 'Required when status is terminated; not before hireDate. Cleared when the status is not terminated.',
  })
  @ValidateIf((dto: CreateEmployeeDto) => dto.status === 'terminated' || dto.terminationDate !== undefined)
  @IsDateOnly()
  terminationDate?: string;

  @ApiPropertyOptional({
    type: String,
    example: '112233445',
    minLength: 1,
    maxLength: 50,
    nullable: true,
    description: 'National identity card number (CNI); null removes it.',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  nationalId?: string | null;

  @ApiPropertyOptional({
    type: String,
    example: '0123456789A',
    minLength: 1,
    maxLength: 50,
    nullable: true,
    description: 'Social insurance (CNPS) number; null removes it.',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  socialInsuranceNumber?: string | null;

  @ApiPropertyOptional({ example: 'CM', default: 'CM', pattern: COUNTRY.source, description: 'ISO 3166-1 alpha-2 country whose payroll rules apply.' })
  @ValidateIf((dto: CreateEmployeeDto) => dto.country !== undefined)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsISO31661Alpha2({ message: 'country must be an ISO 3166-1 alpha-2 code such as CM' })
  country?: string;

  @ApiPropertyOptional({ ...PAYOUT_SCHEMA, description: 'Where pay goes: a bank account or a mobile-money number; null removes it.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PayoutDto)
  payout?: PayoutDto | null;
}

/** `null` is refused where a column cannot be emptied; fields that may be cleared say so with their own IsOptional. */
export class UpdateEmployeeDto extends PartialType(CreateEmployeeDto, { skipNullProperties: false }) {}

export class ListEmployeesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: EMPLOYEE_STATUSES })
  @IsOptional()
  @IsIn(EMPLOYEE_STATUSES)
  status?: EmployeeStatus;

  @ApiPropertyOptional({ example: 'Finance', maxLength: 150 })
  @IsOptional()
  @IsString()
  @MaxLength(150)
  department?: string;

  @ApiPropertyOptional({ example: 'EMP-0042', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  externalId?: string;

  @ApiPropertyOptional({ example: 'amina.nkemelu@example.cm', maxLength: 254, description: 'Exact, in lower case.' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;
}

/** The most employees one bulk request upserts. */
export const MAX_BULK_EMPLOYEES = 1000;

/**
 * The body a bulk request may send: a thousand employees with every field at its longest, in
 * ASCII, take about 1.6 MB; names and places in other scripts take up to three bytes a character.
 */
export const BULK_EMPLOYEES_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The items are checked one by one by the service, CreateEmployeeDto's rules each (an item's
 * failures are its own), so the pipe hands them over as parsed and checks only that they are a
 * list; the service counts them. An employee holds at most 20 JSON values (its object, 14 fields,
 * a bank payout of 5): room for a thousand, and a little more.
 */
@MaxInputValues(MAX_BULK_EMPLOYEES * 24)
export class BulkEmployeesDto {
  @ApiProperty({
    type: [CreateEmployeeDto],
    maxItems: MAX_BULK_EMPLOYEES,
    description: 'Employees to create or sync by externalId, each as POST /employees takes it.',
  })
  @IsArray()
  @KeptAsParsed()
  items: unknown[];
}
