import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { CURSOR_START, MAX_CURSOR_LENGTH, PageQueryDto } from '@platform/pipeline';
import { IsDateOnly } from '../../shared/validation';

export class TrialBalanceQueryDto {
  @ApiPropertyOptional({
    example: '2026-01-01',
    format: 'date',
    description: 'First day of the range; movements before it make the opening balances. Without it, everything up to `to` is movement.',
  })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ example: '2026-12-31', format: 'date', description: 'Last day of the range (inclusive); without it, no end.' })
  @IsOptional()
  @IsDateOnly()
  to?: string;
}

/** Page mode (`page`) or cursor mode (`cursor`), as a list's; the lines have no `updatedAt` to sync on. */
export class GeneralLedgerQueryDto extends OmitType(PageQueryDto, ['updatedSince'] as const) {
  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_CURSOR_LENGTH,
    example: CURSOR_START,
    description:
      `Cursor mode: \`${CURSOR_START}\` (or empty) for the first page, then the \`nextCursor\` of the page before, until it is null. ` +
      'Lines come in ledger order (date, entry, line), each page from where the one before ended, at the same cost however deep. ' +
      '`total` is counted on the first page and carried by the cursors; the balances and totals are read afresh on every page. ' +
      'Opaque: send it back as it came. Not with `page`.',
  })
  override cursor?: string;

  @ApiProperty({ format: 'uuid', description: 'The account whose lines to list.' })
  @IsUUID('all', { message: 'accountId must be a UUID' })
  accountId: string;

  @ApiPropertyOptional({ example: '2026-01-01', format: 'date' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ example: '2026-12-31', format: 'date' })
  @IsOptional()
  @IsDateOnly()
  to?: string;
}

const ACCOUNT_TYPE_VALUES = ['asset', 'liability', 'equity', 'revenue', 'expense'];

/** The six amount columns of a trial balance, in minor units. */
export class TrialBalanceColumnsView {
  @ApiProperty({ type: 'integer', minimum: 0 })
  openingDebit: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  openingCredit: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  debits: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  credits: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  closingDebit: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  closingCredit: number;
}

export class TrialBalanceRowView extends TrialBalanceColumnsView {
  @ApiProperty({ format: 'uuid' })
  accountId: string;

  @ApiProperty({ example: '521' })
  code: string;

  @ApiProperty({ example: 'Banks' })
  name: string;

  @ApiProperty({ enum: ACCOUNT_TYPE_VALUES })
  type: string;

  @ApiProperty({ type: 'integer', description: 'Balance before `from`, debit positive.' })
  opening: number;

  @ApiProperty({ type: 'integer', description: 'Balance at `to`, debit positive.' })
  closing: number;
}

export class TrialBalanceTotalsView extends TrialBalanceColumnsView {
  @ApiProperty({ description: 'Debits equal credits in every column (always true for books kept by this API).' })
  balanced: boolean;
}

export class TrialBalanceView {
  @ApiProperty({ type: String, format: 'date', nullable: true })
  from: string | null;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  to: string | null;

  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'XAF' })
  currency: string;

  @ApiProperty({ type: [TrialBalanceRowView], description: 'One row per account with movements or a balance, by code.' })
  accounts: TrialBalanceRowView[];

  @ApiProperty({ type: TrialBalanceTotalsView })
  totals: TrialBalanceTotalsView;
}

export class LedgerAccountView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '521' })
  code: string;

  @ApiProperty({ example: 'Banks' })
  name: string;

  @ApiProperty({ enum: ACCOUNT_TYPE_VALUES })
  type: string;

  @ApiProperty()
  active: boolean;
}

export class LedgerLineView {
  @ApiProperty({ format: 'uuid' })
  entryId: string;

  @ApiProperty({ example: 'JE-2026-000012' })
  entryNumber: string;

  @ApiProperty({ format: 'date' })
  date: string;

  @ApiProperty({ example: 'March payroll' })
  memo: string;

  @ApiProperty({ type: String, nullable: true })
  reference: string | null;

  @ApiProperty({ type: String, nullable: true })
  description: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  debit: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  credit: number;

  @ApiProperty({ type: 'integer', description: 'The account’s balance after this line, debit positive.' })
  balance: number;
}

export class GeneralLedgerView {
  @ApiProperty({ type: LedgerAccountView })
  account: LedgerAccountView;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  from: string | null;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  to: string | null;

  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'XAF' })
  currency: string;

  @ApiProperty({ type: 'integer' })
  openingBalance: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  totalDebits: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  totalCredits: number;

  @ApiProperty({ type: 'integer' })
  closingBalance: number;

  @ApiProperty({ type: [LedgerLineView], description: 'The account’s lines in date order.' })
  items: LedgerLineView[];

  @ApiProperty({ type: 'integer', minimum: 1, nullable: true, description: 'Page mode: the page’s number. Cursor mode (`cursor` sent): null.' })
  page: number | null;

  @ApiProperty({ type: 'integer', minimum: 1 })
  limit: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'The account’s lines within the range, wherever this page is (cursor mode: as the walk began).' })
  total: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'eyJrIjpbIjIwMjYtMDMtMDIiLDEyLDJdLCJ0IjoxNTB9',
    description: 'Cursor mode only (absent in page mode): the `cursor` of the next page; null after the last.',
  })
  nextCursor?: string | null;
}
