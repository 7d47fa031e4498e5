import { KeyObject, sign } from 'node:crypto';

/**
 * Signs a JWT with ES256 (RFC 7515 compact serialization, RFC 7518 §3.4): the base64url header
 * and claims, and Node's ECDSA P-256 / SHA-256 signature over them in the JOSE form (r‖s, 64
 * bytes, `dsaEncoding: 'ieee-p1363'`). The cryptography is Node's; this only encodes. It replaces
 * jsonwebtoken's `sign`, whose claim checks, option parsing and DER-to-JOSE conversion cost about
 * a tenth of a token exchange; the services still verify tokens with passport-jwt
 * (jsonwebtoken), ES256 only.
 */
/** Whether `key` is an EC P-256 private key, the only kind ES256 signs with. */
export function isP256PrivateKey(key: KeyObject): boolean {
  return key.type === 'private' && key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
}

export class Es256JwtSigner {
  private readonly header: string;

  /** `typ` names the kind of token (RFC 8725 §3.11): access tokens are `at+jwt` (RFC 9068). */
  constructor(
    private readonly key: KeyObject,
    kid: string,
    typ: string,
  ) {
    if (!isP256PrivateKey(key)) throw new Error('ES256 needs an EC P-256 private key');
    this.header = Buffer.from(JSON.stringify({ alg: 'ES256', typ, kid })).toString('base64url');
  }

  sign(claims: object): string {
    const input = `${this.header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    const signature = sign('sha256', Buffer.from(input), { key: this.key, dsaEncoding: 'ieee-p1363' });
    return `${input}.${signature.toString('base64url')}`;
  }
}
