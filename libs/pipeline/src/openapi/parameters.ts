import { ApiParam } from '@nestjs/swagger';

/**
 * What IsUUID() and ParseUUIDPipe accept (validator's `all`: versions 1–8 with the RFC 4122
 * variant, the nil and the max uuid), for the OpenAPI documents: `format: uuid` alone is looser
 * (ajv-formats takes any hex digits and a `urn:uuid:` prefix).
 */
export const UUID_PATTERN =
  '^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$';

/** The schema keywords of a uuid as the server checks it (spread into @ApiProperty or a schema). */
export const UUID = { format: 'uuid', pattern: UUID_PATTERN } as const;

/** Documents the `id` path parameter of a by-id route: a uuid; any other text is answered as not found. */
export const ApiIdParam = (what: string) =>
  ApiParam({ name: 'id', description: `The ${what}’s id. Any other text is answered as not found.`, schema: { type: 'string', ...UUID } });
