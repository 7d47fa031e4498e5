/**
 * JSON with every object's keys in order: two values compare by their content, as PostgreSQL's
 * jsonb gives objects back with their keys in its own order.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}
