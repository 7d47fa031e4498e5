// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema documents, walked by key
type Json = Record<string, any>;

const DROPPED = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator']);

/**
 * An OpenAPI 3.0 schema as JSON Schema (draft-07): `nullable`, boolean exclusive bounds, refs to
 * `#/components/schemas/X` as `<refBase>#/definitions/X`; examples dropped. The response check
 * validates with it, and the event catalogue publishes its schemas through it.
 */
export function toJsonSchema(schema: unknown, refBase: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, refBase));
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (DROPPED.has(key) || key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(/^#\/components\/schemas\//, `${refBase}#/definitions/`);
    else if (key === 'properties' || key === 'patternProperties' || key === 'definitions') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, sub]) => [name, toJsonSchema(sub, refBase)]));
    } else if (key === 'exclusiveMinimum' && typeof value === 'boolean') {
      if (value) out.exclusiveMinimum = source.minimum;
    } else if (key === 'exclusiveMaximum' && typeof value === 'boolean') {
      if (value) out.exclusiveMaximum = source.maximum;
    } else out[key] = toJsonSchema(value, refBase);
  }
  if (source.exclusiveMinimum === true) delete out.minimum;
  if (source.exclusiveMaximum === true) delete out.maximum;
  if (source.nullable === true) {
    // `nullable` on a composition (what @nestjs/swagger writes for a nullable nested class: type
    // object, allOf [$ref]) lets null through the whole of it, as generated clients read it
    const composed = ['$ref', 'allOf', 'anyOf', 'oneOf'].some((keyword) => keyword in out);
    if (typeof out.type === 'string' && !composed) {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
