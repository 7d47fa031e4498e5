import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_TYPES, AccountType } from '../account.entity';
import { ACCOUNT_CODE } from './account.dto';

/** An account as the API answers it. */
export class AccountView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid', description: 'The company the account belongs to.' })
  companyId: string;

  @ApiProperty({ pattern: ACCOUNT_CODE.source, example: '6611' })
  code: string;

  @ApiProperty({ example: 'Salaries: head office' })
  name: string;

  @ApiProperty({ enum: ACCOUNT_TYPES })
  type: AccountType;

  @ApiProperty({ description: 'false: the history stays, new entries are refused.' })
  active: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

/** What installing the default chart did. */
export class ChartInstallationView {
  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'XAF', description: 'The book currency (ISO 4217).' })
  currency: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Accounts of the chart added now.', example: 92 })
  created: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Accounts of the chart the company already had (kept as they are).', example: 0 })
  alreadyPresent: number;
}
