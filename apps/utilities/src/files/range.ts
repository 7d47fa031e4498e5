export type RangeRequest = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/**
 * One `Range: bytes=…` against a representation of `size` bytes (RFC 9110 §14): `a-b`, `a-`
 * and `-n` (the last n bytes) give a partial answer, the end clamped to the last byte; a range
 * starting past the end, `-0`, or a malformed bytes range cannot be satisfied. No header, another
 * unit, and several ranges at once (`bytes=0-1,5-6`) are answered with the whole representation,
 * which the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'full' };
  const value = header.trim().replace(/\s+/g, '');
  if (!/^bytes=/i.test(value)) return { kind: 'full' };
  if (value.includes(',')) return { kind: 'full' };
  const match = SINGLE.exec(value.toLowerCase());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'unsatisfiable' };
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || (last !== '' && Number(last) < start)) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
