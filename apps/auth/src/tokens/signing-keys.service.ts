import { Inject, Injectable } from '@nestjs/common';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, JsonWebKey, KeyObject } from 'node:crypto';
import { Environment, readOrCreateSecretFile, TOKEN_TYPE } from '@platform/common';
import { Es256JwtSigner, isP256PrivateKey } from './es256-jwt';

export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/**
 * The ES256 key auth signs tokens with: from JWT_PRIVATE_KEY, or generated into the data
 * directory on first start. Its `kid` is the RFC 7638 thumbprint unless JWT_KEY_ID is set.
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
  }
}
