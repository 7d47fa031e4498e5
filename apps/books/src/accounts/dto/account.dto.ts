import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsISO4217CurrencyCode, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { OptionalNotNull, PageQueryDto } from '@platform/pipeline';
import { trim } from '../../shared/validation';
import { ACCOUNT_TYPES, AccountType } from '../account.entity';

export const ACCOUNT_CODE = /^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/;
const CODE_MESSAGE = 'code must be 1–20 letters, digits, dots or hyphens, starting with a letter or digit';

const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class CreateAccountDto {
  @ApiProperty({
    example: '6611',
    pattern: ACCOUNT_CODE.source,
    minLength: 1,
    maxLength: 20,
    description: 'Unique within the company; never changes. SYSCOHADA codes are digits, the first being the class (1–8).',
  })
  @Matches(ACCOUNT_CODE, { message: CODE_MESSAGE })
  code: string;

  @ApiProperty({ example: 'Salaries: head office', minLength: 1, maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiProperty({ enum: ACCOUNT_TYPES })
  @IsIn(ACCOUNT_TYPES)
  type: AccountType;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

/** Every field may be left out, none set to null: an account always has a name, a type and a state. */
export class UpdateAccountDto {
  @ApiPropertyOptional({ example: 'Salaries: head office', minLength: 1, maxLength: 200 })
  @ValidateIf((dto: UpdateAccountDto) => dto.name !== undefined)
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ enum: ACCOUNT_TYPES, description: 'Only while the account has no entry (409 ACCOUNT_TYPE_LOCKED otherwise).' })
  @ValidateIf((dto: UpdateAccountDto) => dto.type !== undefined)
  @IsIn(ACCOUNT_TYPES)
  type?: AccountType;

  @ApiPropertyOptional({ description: 'false deactivates: the history stays, new entries are refused (409 ACCOUNT_INACTIVE).' })
  @ValidateIf((dto: UpdateAccountDto) => dto.active !== undefined)
  @IsBoolean()
  active?: boolean;
}

export class ListAccountsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ACCOUNT_TYPES })
  @IsOptional()
  @IsIn(ACCOUNT_TYPES)
  type?: AccountType;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;

  @ApiPropertyOptional({ example: '66', pattern: ACCOUNT_CODE.source, description: 'Accounts whose code starts with this (e.g. a class or sub-class).' })
  @IsOptional()
  @Matches(ACCOUNT_CODE, { message: 'codePrefix must be 1–20 letters, digits, dots or hyphens' })
  codePrefix?: string;
}

export class InstallChartDto {
  @ApiPropertyOptional({
    example: 'XAF',
    default: 'XAF',
    pattern: '^[A-Z]{3}$',
    description: 'The book currency (ISO 4217). It can change only while no entry is posted. Leave it out to keep the current one (null is refused).',
  })
  @OptionalNotNull()
  @IsISO4217CurrencyCode({ message: 'currency must be an ISO 4217 code such as XAF' })
  currency?: string;
}
