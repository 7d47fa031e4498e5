import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsISO4217CurrencyCode,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { BooksContract } from '@platform/contracts';
import { IsDateOnly, PageQueryDto } from '@platform/pipeline';
import { ACCOUNT_CODE } from '../../accounts/dto/account.dto';
import { IsAmount, trim } from '../../shared/validation';

export const MAX_LINES = 500;

export class JournalLineDto {
  @ApiProperty({ format: 'uuid', description: 'An account of the company.', example: '0b5e7c1a-2f4d-4c6b-9a8e-1d2c3b4a5f60' })
  @IsUUID('all', { message: 'accountId must be a UUID' })
  accountId: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    example: 350000,
    default: 0,
    description: 'Integer in minor units of the entry currency; exactly one of debit and credit is positive.',
  })
  @IsOptional()
  @IsAmount()
  debit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, example: 0, default: 0 })
  @IsOptional()
  @IsAmount()
  credit?: number;

  @ApiPropertyOptional({ example: 'March salaries', maxLength: 500 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  description?: string;
}

export class CreateJournalEntryDto {
  @ApiProperty({ example: '2026-03-31', format: 'date' })
  @IsDateOnly()
  date: string;

  @ApiProperty({ example: 'March payroll', minLength: 1, maxLength: 500 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  memo: string;

  @ApiPropertyOptional({ example: 'INV-2026-0042', minLength: 1, maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  reference?: string;

  @ApiPropertyOptional({ example: 'XAF', pattern: '^[A-Z]{3}$', description: 'ISO 4217; must be the book currency (the default).' })
  @IsOptional()
  @IsISO4217CurrencyCode({ message: 'currency must be an ISO 4217 code such as XAF' })
  currency?: string;

  @ApiProperty({ type: [JournalLineDto], minItems: 2, maxItems: MAX_LINES, description: 'Debits must equal credits (400 JOURNAL_ENTRY_NOT_BALANCED).' })
  @IsArray()
  @ArrayMinSize(2, { message: 'an entry needs at least two lines' })
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => JournalLineDto)
  lines: JournalLineDto[];
}

export class ReverseJournalEntryDto {
  @ApiProperty({ example: '2026-04-01', format: 'date', description: 'On or after the original entry’s date, in an open period.' })
  @IsDateOnly()
  date: string;

  @ApiPropertyOptional({ example: 'Reversal of JE-2026-000012', minLength: 1, maxLength: 500, description: 'Defaults to "Reversal of <number>".' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  memo?: string;
}

export class ListJournalEntriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: '2026-01-01', format: 'date', description: 'Entries dated on or after' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ example: '2026-12-31', format: 'date', description: 'Entries dated on or before' })
  @IsOptional()
  @IsDateOnly()
  to?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Entries with a line on this account' })
  @IsOptional()
  @IsUUID('all', { message: 'accountId must be a UUID' })
  accountId?: string;

  @ApiPropertyOptional({ example: 'INV-2026-0042', maxLength: 100, description: 'Exact reference' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  reference?: string;
}

export class SourceDto {
  @ApiProperty({ example: 'payroll_run' })
  @Matches(/^[a-z][a-z0-9_.-]{0,49}$/, { message: 'type must be 1–50 lower-case letters, digits, dots, hyphens or underscores' })
  type: string;

  @ApiProperty({ example: '8f14e45f-ceea-467f-a8c3-2b7f6c1d9b10' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  id: string;
}

export class InternalJournalLineDto implements BooksContract.SourceJournalLine {
  @ApiProperty({ example: '661' })
  @Matches(ACCOUNT_CODE, { message: 'accountCode must be 1–20 letters, digits, dots or hyphens' })
  accountCode: string;

  @ApiPropertyOptional({ example: 350000, default: 0 })
  @IsOptional()
  @IsAmount()
  debit?: number;

  @ApiPropertyOptional({ example: 0, default: 0 })
  @IsOptional()
  @IsAmount()
  credit?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  description?: string;
}

/** What another service posts: lines by account code, idempotent on (companyId, source, reference). */
export class InternalJournalEntryDto implements BooksContract.SourceJournalEntry {
  @IsUUID('all', { message: 'companyId must be a UUID' })
  companyId: string;

  @IsDateOnly()
  date: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  memo: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  reference: string;

  @IsOptional()
  @IsISO4217CurrencyCode({ message: 'currency must be an ISO 4217 code such as XAF' })
  currency?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => SourceDto)
  source: SourceDto;

  @IsArray()
  @ArrayMinSize(2, { message: 'an entry needs at least two lines' })
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => InternalJournalLineDto)
  lines: InternalJournalLineDto[];
}
