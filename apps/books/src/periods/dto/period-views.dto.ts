import { ApiProperty } from '@nestjs/swagger';

/** A closed period as the API answers it. */
export class AccountingPeriodView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  companyId: string;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description: 'The day after the previous closing; null for the first period.',
    example: '2026-01-01',
  })
  startDate: string | null;

  @ApiProperty({ format: 'date', example: '2026-03-31' })
  endDate: string;

  @ApiProperty({ format: 'date-time' })
  closedAt: string;

  @ApiProperty({ format: 'date-time', description: 'When it last changed: what `updatedSince` compares.' })
  updatedAt: string;
}

/** What closing a period did. */
export class PeriodClosingView {
  @ApiProperty({ format: 'date', example: '2026-03-31', description: 'Every date up to and including this one is closed.' })
  closedThrough: string;

  @ApiProperty({ type: AccountingPeriodView, nullable: true, description: 'The span closed now; null when `through` was already closed.' })
  period: AccountingPeriodView | null;
}
