const PREFIX = 'Bearer ';
const LOWER_PREFIX = 'bearer ';
const SPACE = 32;
const WHITESPACE = /\s/;

/**
 * What follows `Bearer ` and any further spaces in an Authorization header, when anything does.
 * The scheme is case-insensitive (RFC 7235 §2.1: `bearer`, `BEARER`). With `hasNoWhitespace` it
 * accepts what `/^Bearer +(\S+)$/i` matches, and gives its group; the two are apart so that a
 * token already verified and cached, which passed that check when it was first seen, is not
 * scanned again: the scan of a token's few hundred characters was 3% of the server's busy time
 * under the GET as a regular expression.
 */
export function bearerCandidate(header: string | undefined): string | undefined {
  if (header === undefined || !(header.startsWith(PREFIX) || header.slice(0, PREFIX.length).toLowerCase() === LOWER_PREFIX)) return undefined;
  let start = PREFIX.length;
  while (header.charCodeAt(start) === SPACE) start++;
  return start < header.length ? header.slice(start) : undefined;
}

/** True when the candidate holds no whitespace (the `\S+` of a Bearer token). */
export function hasNoWhitespace(candidate: string): boolean {
  return !WHITESPACE.test(candidate);
}
