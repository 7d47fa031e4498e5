import { TOKEN_ALGORITHM, TOKEN_TYPE } from './principal';

/** Far more than any header auth writes (about 120 characters): a longer one is not ours, and is not decoded. */
const MAX_HEADER_SEGMENT = 1024;

export interface AccessTokenHeader {
  alg: typeof TOKEN_ALGORITHM;
  typ: string;
  kid: string;
}

/**
 * The protected header of a compact JWS when it is an access token's, or undefined: three
 * segments, a header that is a JSON object, `alg` ES256, `typ` `at+jwt` (RFC 9068 §4, explicit
 * typing per RFC 8725 §3.11, so that no other kind of JWT signed by auth passes for one), a `kid`,
 * and no `crit`: the suite implements no JWS extension, and RFC 7515 §4.1.11 says a token naming
 * one it does not understand is invalid. Nothing here throws, whatever the input.
 */
export function accessTokenHeader(token: string): AccessTokenHeader | undefined {
  return jwsHeader(token, TOKEN_TYPE);
}

/** The protected header of a compact JWS whose `typ` is `type` (or `application/<type>`), by the rules above, or undefined. */
export function jwsHeader(token: string, type: string): AccessTokenHeader | undefined {
  const end = token.indexOf('.');
  if (end <= 0 || end > MAX_HEADER_SEGMENT) return undefined;
  const rest = token.indexOf('.', end + 1);
  if (rest < 0 || token.indexOf('.', rest + 1) >= 0) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(token.slice(0, end), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return undefined;
  const { alg, typ, kid } = header as Record<string, unknown>;
  if (alg !== TOKEN_ALGORITHM || typeof typ !== 'string' || !isType(typ, type)) return undefined;
  if (typeof kid !== 'string' || !kid || 'crit' in header) return undefined;
  return { alg, typ, kid };
}

/** `typ` compared as RFC 7515 §4.1.9 says: case-insensitively, the `application/` prefix optional. */
function isType(typ: string, type: string): boolean {
  const lower = typ.toLowerCase();
  return lower === type || lower === `application/${type}`;
}
