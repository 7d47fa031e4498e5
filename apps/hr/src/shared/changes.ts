import { canonicalJson } from './json';

/**
 * The fields whose value `after` changed from `before`, compared by value (JSON with keys in
 * order, as PostgreSQL's jsonb gives objects back in its own order): what an UPDATE of the row
 * sets. Empty when nothing changed: the row is then left as it is, updatedAt included.
 */
export function changedFields<T extends object, K extends keyof T>(before: T, after: T, fields: readonly K[]): Partial<Pick<T, K>> {
  const changes: Partial<Pick<T, K>> = {};
  for (const field of fields) if (canonicalJson(before[field]) !== canonicalJson(after[field])) changes[field] = after[field];
  return changes;
}
