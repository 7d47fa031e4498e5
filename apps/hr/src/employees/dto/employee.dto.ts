import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsISO31661Alpha2, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';
import { PageQueryDto } from '@platform/common';
import { IsDateOnly, trim } from '../../shared/validation';
import { EMPLOYEE_STATUSES, EmployeeStatus, MOBILE_MONEY_PROVIDERS, Payout, PAYOUT_METHODS } from '../employee.entity';

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

export class PayoutDto implements Payout {
  @ApiProperty({ enum: PAYOUT_METHODS, example: 'mobile_money' })
  @IsIn(PAYOUT_METHODS)
  method: Payout['method'];

  @ApiPropertyOptional({ example: 'Afriland First Bank', description: 'bank only' })
  @PayoutField('bank')
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  bankName?: string;

  @ApiPropertyOptional({ example: '10005', description: 'bank only' })
  @PayoutField('bank')
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  bankCode?: string;

  @ApiPropertyOptional({ example: '10005000010123456789012', description: 'Required for method bank.' })
  @PayoutField('bank', true)
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  accountNumber?: string;

  @ApiPropertyOptional({ example: 'Amina Nkemelu', description: 'bank only' })
  @PayoutField('bank')
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  accountHolder?: string;

  @ApiPropertyOptional({ enum: MOBILE_MONEY_PROVIDERS, description: 'Required for method mobile_money.' })
  @PayoutField('mobile_money', true)
  @IsIn(MOBILE_MONEY_PROVIDERS)
  provider?: Payout['provider'];

  @ApiPropertyOptional({ example: '+237677123456', description: 'Required for method mobile_money: a Cameroon mobile number, E.164.' })
  @PayoutField('mobile_money', true)
  @Matches(/^\+237[26]\d{8}$/, { message: 'phoneNumber must be a Cameroon number in E.164 form, such as +237677123456' })
  phoneNumber?: string;
}

export class CreateEmployeeDto {
  @ApiProperty({ example: 'EMP-0042', description: 'Your system’s id for the employee; POST with a known externalId syncs that employee.' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  externalId: string;

  @ApiProperty({ example: 'Amina' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ example: 'Nkemelu' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName: string;

  @ApiProperty({ example: 'amina.nkemelu@example.cm' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiPropertyOptional({ example: '+237677123456', description: 'E.164' })
  @IsOptional()
  @Matches(/^\+[1-9]\d{7,14}$/, { message: 'phone must be an E.164 number such as +237677123456' })
  phone?: string;

  @ApiProperty({ example: '2024-03-01', format: 'date' })
  @IsDateOnly()
  hireDate: string;

  @ApiProperty({ example: 'Accountant' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  jobTitle: string;

  @ApiProperty({ example: 'Finance' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(150)
  department: string;

  @ApiProperty({ enum: EMPLOYEE_STATUSES, example: 'active' })
  @IsIn(EMPLOYEE_STATUSES)
  status: EmployeeStatus;

  @ApiPropertyOptional({ example: '2025-12-31', format: 'date', description: 'Required when status is terminated.' })
  @ValidateIf((dto: CreateEmployeeDto) => dto.status === 'terminated' || dto.terminationDate !== undefined)
  @IsDateOnly()
  terminationDate?: string;

  @ApiPropertyOptional({ example: '112233445', description: 'National identity card number (CNI).' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  nationalId?: string;

  @ApiPropertyOptional({ example: '0123456789A', description: 'Social insurance (CNPS) number.' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  socialInsuranceNumber?: string;

  @ApiPropertyOptional({ example: 'CM', default: 'CM', description: 'ISO 3166-1 alpha-2 country whose payroll rules apply.' })
  @ValidateIf((dto: CreateEmployeeDto) => dto.country !== undefined)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsISO31661Alpha2({ message: 'country must be an ISO 3166-1 alpha-2 code such as CM' })
  country?: string;

  @ApiPropertyOptional({ type: PayoutDto, nullable: true, description: 'Where pay goes; null removes it.' })
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

  @ApiPropertyOptional({ example: 'Finance' })
  @IsOptional()
  @IsString()
  @MaxLength(150)
  department?: string;

  @ApiPropertyOptional({ example: 'EMP-0042' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  externalId?: string;

  @ApiPropertyOptional({ example: 'amina.nkemelu@example.cm' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;
}
