import { ApiProperty } from '@nestjs/swagger';

/** One line of a posted entry. */
export class JournalEntryLineView {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  lineNumber: number;

  @ApiProperty({ format: 'uuid' })
  accountId: string;

  @ApiProperty({ example: '661' })
  accountCode: string;

  @ApiProperty({ type: 'integer', minimum: 0, example: 350000, description: 'Minor units of the entry currency.' })
  debit: number;

  @ApiProperty({ type: 'integer', minimum: 0, example: 0 })
  credit: number;

  @ApiProperty({ type: String, nullable: true, example: 'March salaries' })
  description: string | null;
}

export class JournalEntrySourceView {
  @ApiProperty({ example: 'payroll_run' })
  type: string;

  @ApiProperty({ example: '8f14e45f-ceea-467f-a8c3-2b7f6c1d9b10' })
  id: string;
}

/** A posted journal entry as the API answers it. */
export class JournalEntryView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ pattern: '^JE-\\d{4}-\\d{6}$', example: 'JE-2026-000012', description: 'Per company and year, without gaps.' })
  number: string;

  @ApiProperty({ format: 'date', example: '2026-03-31' })
  date: string;

  @ApiProperty({ example: 'March payroll' })
  memo: string;

  @ApiProperty({ type: String, nullable: true, example: 'INV-2026-0042' })
  reference: string | null;

  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'XAF' })
  currency: string;

  @ApiProperty({ type: 'integer', minimum: 0, example: 350000 })
  totalDebit: number;

  @ApiProperty({ type: 'integer', minimum: 0, example: 350000 })
  totalCredit: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The entry this one reverses.' })
  reversalOf: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The entry that reversed this one.' })
  reversedBy: string | null;

  @ApiProperty({
    type: JournalEntrySourceView,
    nullable: true,
    description: 'What another service posted the entry for; null for entries made through the API.',
  })
  source: JournalEntrySourceView | null;

  @ApiProperty({ format: 'date-time' })
  postedAt: string;

  @ApiProperty({ format: 'date-time', description: 'When it last changed (posted, then reversed): what `updatedSince` compares.' })
  updatedAt: string;

  @ApiProperty({ type: [JournalEntryLineView] })
  lines: JournalEntryLineView[];
}
