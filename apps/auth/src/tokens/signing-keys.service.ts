import { Inject, Injectable } from '@nestjs/common';
import { createECDH, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, JsonWebKey, KeyObject } from 'node:crypto';
import { Environment, readOrCreateSecretFile, SESSION_TOKEN_TYPE, TOKEN_TYPE } from '@platform/pipeline';
import { Es256JwtSigner, isP256PrivateKey } from './es256-jwt';

export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/**
 * The ES256 key auth signs tokens with: from JWT_PRIVATE_KEY, or generated into the data
 * directory on first start. Its `kid` is the RFC 7638 thumbprint unless JWT_KEY_ID is set.
 * Session tokens (the gateway's X-Platform-Session) are signed with a key of their own, derived
 * from it (HKDF-SHA256): its own `kid` in the same JWKS, one secret to keep and rotate, and a
 * session key that can never sign what passes for an access token nor the other way round.
 */
@Injectable()
export class SigningKeys {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly publicKeyPem: string;
  readonly kid: string;
  readonly jwk: PublicJwk;
  /** Signs access tokens with this key, under its `kid`, typed `at+jwt`. */
  readonly signer: Es256JwtSigner;
  /** The session key's public half and `kid`; its signer types tokens `session+jwt`. */
  readonly sessionPublicKey: KeyObject;
  readonly sessionKid: string;
  readonly sessionJwk: PublicJwk;
  readonly sessionSigner: Es256JwtSigner;

  constructor(@Inject(Environment) env: Environment) {
    const pem =
      env.JWT_PRIVATE_KEY?.replace(/\\n/g, '\n') ??
      readOrCreateSecretFile(env.DATA_DIR, 'jwt-signing-key.pem', () =>
        generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      );
    this.privateKey = createPrivateKey(pem);
    if (!isP256PrivateKey(this.privateKey)) {
      throw new Error('JWT_PRIVATE_KEY must be an EC P-256 (prime256v1) key for ES256');
    }
    this.publicKey = createPublicKey(this.privateKey);
    this.publicKeyPem = this.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const { kty, crv, x, y } = this.publicKey.export({ format: 'jwk' });
    this.kid = env.JWT_KEY_ID ?? createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
    this.jwk = { kty, crv, x, y, kid: this.kid, alg: 'ES256', use: 'sig' };
    this.signer = new Es256JwtSigner(this.privateKey, this.kid, TOKEN_TYPE);

    const session = deriveSessionKey(this.privateKey);
    this.sessionPublicKey = createPublicKey(session);
    const derived = this.sessionPublicKey.export({ format: 'jwk' });
    this.sessionKid = `session-${thumbprint(derived)}`;
    this.sessionJwk = { kty: derived.kty, crv: derived.crv, x: derived.x, y: derived.y, kid: this.sessionKid, alg: 'ES256', use: 'sig' };
    this.sessionSigner = new Es256JwtSigner(session, this.sessionKid, SESSION_TOKEN_TYPE);
  }

  /** The public key for a `kid` this auth signs with, or undefined. */
  publicKeyFor(kid: string): KeyObject | undefined {
    return kid === this.kid ? this.publicKey : kid === this.sessionKid ? this.sessionPublicKey : undefined;
  }
}

function thumbprint({ crv, kty, x, y }: JsonWebKey): string {
  return createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
}

/** A P-256 private key derived from the token key: HKDF-SHA256 over its PKCS#8 form gives the scalar. */
function deriveSessionKey(tokenKey: KeyObject): KeyObject {
  const material = tokenKey.export({ type: 'pkcs8', format: 'der' });
  for (let counter = 0; ; counter++) {
    const d = Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), `platform session token key ${counter}`, 32));
    const ecdh = createECDH('prime256v1');
    try {
      // refuses a scalar of 0 or not below the curve's order (odds about 2^-32): the next counter then
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey();
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    };
    return createPrivateKey({ key: jwk, format: 'jwk' });
  }
}
