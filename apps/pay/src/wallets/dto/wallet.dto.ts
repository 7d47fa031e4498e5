import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '@platform/pipeline';
import { CURRENCIES, Currency } from '../../money/currency';
import { IsAmount, IsCurrency, trim } from '../../money/validation';

export class CreateWalletDto {
  @ApiProperty({ example: 'Payroll float', minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @IsCurrency()
  currency: Currency;
}

export class ListWalletsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: CURRENCIES })
  @IsOptional()
  @IsIn(CURRENCIES)
  currency?: Currency;
}

export class CreditWalletDto {
  @IsAmount()
  amount: number;

  @IsCurrency()
  currency: Currency;

  @ApiPropertyOptional({
    type: String,
    example: 'TOPUP-2026-03',
    minLength: 1,
    maxLength: 100,
    nullable: true,
    description: 'Your reference, kept on the ledger row.',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  reference?: string | null;
}
