import { createPublicKey, JsonWebKey, KeyObject } from 'node:crypto';
import { PlatformException } from '../errors/platform.exception';

/** More keys than a rotation ever publishes at once (the current one and the one before). */
const MAX_KEYS = 16;

export interface TokenKeySetOptions {
  /** Reads the JWKS document (RFC 7517): `{ keys: [...] }`. Rejects when it cannot. */
  fetch: () => Promise<unknown>;
  /** The least time between two reads, whatever asks for them. */
  minIntervalMs: number;
  /** Told of each read's outcome (a failure log). */
  onRead?: (error?: Error) => void;
  now?: () => number;
}

/**
 * The token keys this process holds: a copy of auth's JWKS, read again on a timer (by the owner)
 * and, when a token names a `kid` the copy lacks, at most once per `minIntervalMs` for the whole
 * process. Whatever tokens arrive, the JWKS is read a bounded number of times: an unknown `kid`
 * is answered from the copy (AUTH_TOKEN_INVALID) once a read has been tried recently, and
 * concurrent askers share one read. A failed read keeps the keys of the last good one.
 */
export class TokenKeySet {
  private keys = new Map<string, KeyObject>();
  private loaded = false;
  private lastAttemptAt = Number.NEGATIVE_INFINITY;
  private reading?: Promise<void>;
  private readonly now: () => number;

  constructor(private readonly options: TokenKeySetOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The key for `kid`: from the copy, or after the one read allowed now. */
  async key(kid: string): Promise<KeyObject> {
    const held = this.keys.get(kid);
    if (held) return held;
    if (this.reading || this.now() - this.lastAttemptAt >= this.options.minIntervalMs) await this.refresh().catch(() => undefined);
    const found = this.keys.get(kid);
    if (found) return found;
    // With no copy at all, nothing can be verified: the service, not the token, is at fault.
    throw new PlatformException(this.loaded ? 'AUTH_TOKEN_INVALID' : 'UPSTREAM_UNAVAILABLE');
  }

  /** Reads the JWKS, or joins the read under way. The copy changes only when a read succeeds. */
  refresh(): Promise<void> {
    if (!this.reading) {
      this.lastAttemptAt = this.now();
      this.reading = this.options
        .fetch()
        .then((document) => {
          this.keys = parseJwks(document);
          this.loaded = true;
          this.options.onRead?.();
        })
        .catch((error: Error) => {
          this.options.onRead?.(error);
          throw error;
        })
        .finally(() => (this.reading = undefined));
    }
    return this.reading;
  }
}

/**
 * The ES256 verification keys of a JWKS document, by `kid`. Keys of another type, curve,
 * algorithm or use are skipped; a document with none usable is refused, so that a bad answer
 * never replaces good keys.
 */
export function parseJwks(document: unknown): Map<string, KeyObject> {
  const listed = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(listed)) throw new Error('the JWKS has no keys array');
  const keys = new Map<string, KeyObject>();
  for (const jwk of listed.slice(0, MAX_KEYS) as (JsonWebKey & { kid?: unknown; alg?: unknown; use?: unknown })[]) {
    if (!jwk || typeof jwk.kid !== 'string' || !jwk.kid || jwk.kty !== 'EC' || jwk.crv !== 'P-256') continue;
    if ((jwk.alg !== undefined && jwk.alg !== 'ES256') || (jwk.use !== undefined && jwk.use !== 'sig') || 'd' in jwk) continue;
    try {
      keys.set(jwk.kid, createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' }));
    } catch {
      // not a point on the curve: skipped like any other unusable key
    }
  }
  if (!keys.size) throw new Error('the JWKS has no usable ES256 key');
  return keys;
}
