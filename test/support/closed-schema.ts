/**
 * A JSON Schema closed to the properties it names (`additionalProperties: false` wherever it
 * lists properties and says nothing of others): the tests' reading of the event catalogue, so
 * that an event or an example with a field its view does not document is refused. Integrators
 * get the open schema: a field added later is not a breaking change.
 */
export function closedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closedSchema(value)]));
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}
