import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { CURRENCIES, MAX_AMOUNT } from './currency';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A positive integer in the currency's minor unit (XAF: whole francs); a string or a fraction is refused. */
export function IsAmount(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: 'integer',
      minimum: 1,
      maximum: MAX_AMOUNT,
      example: 25_000,
      description: 'Integer in the currency’s minor unit (XAF and XOF have none: whole francs; EUR: cents).',
    }),
    IsInt({ message: 'amount must be an integer in the currency’s minor unit (XAF: whole francs)' }),
    Min(1, { message: 'amount must be positive' }),
    Max(MAX_AMOUNT, { message: `amount must not exceed ${MAX_AMOUNT}` }),
  );
}

/** An upper-case ISO 4217 code the pay product holds. */
export function IsCurrency(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ enum: CURRENCIES, example: 'XAF', description: 'ISO 4217, upper case.' }),
    IsIn(CURRENCIES, { message: `currency must be one of ${CURRENCIES.join(', ')} (ISO 4217, upper case)` }),
  );
}

export { ApiIdParam, UUID, UUID_PATTERN } from '@platform/pipeline';
