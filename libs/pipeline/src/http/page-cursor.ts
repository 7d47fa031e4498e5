/**
 * A list's cursor: the sort key of the last row a page answered (its primary key, which never
 * changes for a row) and the walk's total, counted once on its first page, as base64url of
 * `{"k":[…key],"t":total}`. Opaque to clients: they send back the `nextCursor` a page gave them,
 * or `start` (or an empty `cursor=`) to begin. A bare JSON array of the key (the cursors of
 * earlier releases, without a total) is still taken.
 */
export type CursorKey = readonly (string | number)[];

/** Where a cursor resumes: after `key`, in a walk whose first page counted `total` rows (null: not carried). */
export interface CursorPosition {
  key: CursorKey;
  total: number | null;
}

/** What a client sends to begin cursor mode, besides an empty value. */
export const CURSOR_START = 'start';

/** Longer than any key the suite's tables have (a uuid is 36 characters, 52 once encoded). */
export const MAX_CURSOR_LENGTH = 256;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function encodeCursor(key: CursorKey, total?: number): string {
  return Buffer.from(JSON.stringify(total === undefined ? key : { k: key, t: total }), 'utf8').toString('base64url');
}

/** Whether a cursor value starts cursor mode from the beginning. */
export function isCursorStart(cursor: string): boolean {
  return cursor === '' || cursor === CURSOR_START;
}

/**
 * The position a cursor names: a key (a non-empty array of strings and safe integers) and the
 * total it carries; null for anything else (not base64url, not JSON, another shape). Whether the
 * key fits a table is the list's to check.
 */
export function decodeCursor(cursor: string): CursorPosition | null {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  // Buffer skips what it cannot decode: only a cursor that encodes back to itself is ours
  if (Buffer.from(text, 'utf8').toString('base64url') !== cursor) return null;
  let key: unknown;
  try {
    key = JSON.parse(text);
  } catch {
    return null;
  }
  let total: number | null = null;
  if (!Array.isArray(key) && typeof key === 'object' && key !== null) {
    const { k, t, ...rest } = key as { k?: unknown; t?: unknown };
    if (Object.keys(rest).length || typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0) return null;
    key = k;
    total = t;
  }
  if (!Array.isArray(key) || key.length === 0) return null;
  return key.every((value) => typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) ? { key, total } : null;
}

/** The check of a `cursor` query value: the start, or a cursor that decodes. */
export function isPageCursor(value: unknown): value is string {
  return typeof value === 'string' && (isCursorStart(value) || decodeCursor(value) !== null);
}
