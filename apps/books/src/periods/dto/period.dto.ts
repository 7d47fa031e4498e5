import { ApiProperty } from '@nestjs/swagger';
import { IsDateOnly } from '@platform/pipeline';

export class ClosePeriodDto {
  @ApiProperty({ example: '2026-03-31', format: 'date', description: 'Closes every date up to and including this one; not after today (UTC).' })
  @IsDateOnly()
  through: string;
}
