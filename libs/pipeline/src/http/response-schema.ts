import { getMetadataArgsStorage } from 'typeorm';

type JsonSchema = Record<string, unknown>;

function columnSchema(type: unknown, nullable: boolean): JsonSchema {
  const kind = String(typeof type === 'function' ? (type as { name: string }).name : type).toLowerCase();
  let schema: JsonSchema;
  if (kind === 'jsonb' || kind === 'json' || kind === 'simple-json') schema = { type: 'object', additionalProperties: true };
  else if (['integer', 'int', 'bigint', 'smallint', 'number'].includes(kind)) schema = { type: 'integer' };
  else if (kind === 'numeric' || kind === 'decimal') schema = { type: 'number' };
  else if (kind === 'boolean') schema = { type: 'boolean' };
  else if (kind === 'timestamptz' || kind === 'datetime') schema = { type: 'string', format: 'date-time' };
  else schema = { type: 'string' };
  if (!nullable) return schema;
  return schema.type === 'object' ? { anyOf: [schema, { type: 'null' }] } : { ...schema, type: [schema.type, 'null'] };
}

/**
 * The JSON schema of an entity's rows, read from its TypeORM column declarations, so a
 * compiled serializer can write hot lists and can never drift from the entity.
 */
export function entitySchema(entity: Function): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const column of getMetadataArgsStorage().filterColumns(entity)) {
    const type = column.options.type ?? (column.mode === 'createDate' || column.mode === 'updateDate' ? 'timestamptz' : 'varchar');
    properties[column.propertyName] = columnSchema(type, !!column.options.nullable);
  }
  return { type: 'object', properties };
}

/** `{ success, message, data: { items, page, limit, total, nextCursor? } }` for a list of an entity (page null and nextCursor in cursor mode). */
export function pageResponseSchema(entity: Function): { response: Record<number, JsonSchema> } {
  return {
    response: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          message: { type: 'string' },
          data: {
            type: 'object',
            properties: {
              items: { type: 'array', items: entitySchema(entity) },
              page: { type: ['integer', 'null'] },
              limit: { type: 'integer' },
              total: { type: 'integer' },
              nextCursor: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
  };
}
