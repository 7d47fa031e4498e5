import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '@platform/common';
import { EMPLOYEE_STATUSES, EmployeeStatus } from '../employee.entity';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

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
  @Matches(DATE_ONLY, { message: 'hireDate must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'hireDate must be a valid calendar date' })
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
  @Matches(DATE_ONLY, { message: 'terminationDate must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'terminationDate must be a valid calendar date' })
  terminationDate?: string;
}

export class UpdateEmployeeDto extends PartialType(CreateEmployeeDto) {}

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
