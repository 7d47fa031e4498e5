import { ApiProperty } from '@nestjs/swagger';

/** A company's book settings as the API answers them. */
export class BooksSettingsViewDto {
  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'XAF', description: 'The book currency (ISO 4217, default XAF).' })
  currency: string;

  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The last closed date; null when none is closed.', example: '2026-03-31' })
  closedThrough: string | null;

  @ApiProperty({ description: 'Whether the default chart was installed.' })
  chartInstalled: boolean;
}
