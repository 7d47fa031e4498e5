import { applyDecorators } from '@nestjs/common';
import { ApiParam, ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { CURRENCIES, MAX_AMOUNT } from './currency';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A positive integer in the currency's minor unit (XAF: whole francs); a string or a fraction is refused. */
export function IsAmount(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_AMOUNT, example: 25_000, description: 'Integer in the currency’s minor unit (XAF and XOF have none: whole francs; EUR: cents).' }),
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

/**
 * What IsUUID() and ParseUUIDPipe accept (validator's `all`: versions 1–8 with the RFC 4122
 * variant, the nil and the max uuid), for the OpenAPI document: `format: uuid` alone is looser
 * (ajv-formats takes any hex digits and a `urn:uuid:` prefix).
 */
export const UUID_PATTERN =
  '^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$';
export const UUID = { format: 'uuid', pattern: UUID_PATTERN } as const;

/** Documents the `id` path parameter of a by-id route: a uuid; any other text is answered as not found. */
export const ApiIdParam = (what: string) => ApiParam({ name: 'id', description: `The ${what}’s id. Any other text is answered as not found.`, schema: { type: 'string', ...UUID } });
