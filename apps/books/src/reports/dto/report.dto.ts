import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { PageQueryDto } from '@platform/common';
import { IsDateOnly } from '../../shared/validation';

export class TrialBalanceQueryDto {
  @ApiPropertyOptional({ example: '2026-01-01', description: 'First day of the range; movements before it make the opening balances. Without it, everything up to `to` is movement.' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ example: '2026-12-31', description: 'Last day of the range (inclusive); without it, no end.' })
  @IsOptional()
  @IsDateOnly()
  to?: string;
}

export class GeneralLedgerQueryDto extends PageQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'accountId must be a UUID' })
  accountId: string;

  @ApiPropertyOptional({ example: '2026-01-01' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ example: '2026-12-31' })
  @IsOptional()
  @IsDateOnly()
  to?: string;
}
