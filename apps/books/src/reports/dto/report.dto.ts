import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { CURSOR_START, IsDateOnly, MAX_CURSOR_LENGTH, PageQueryDto } from '@platform/pipeline';

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

export const ACCOUNT_TYPE_VALUES = ['asset', 'liability', 'equity', 'revenue', 'expense'];
