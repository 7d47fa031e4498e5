import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { decode } from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { Environment } from '../config/environment';
import { PlatformException } from '../errors/platform.exception';
import { IdentitySource } from '../identity/identity-source';
import { isAccessTokenClaims, Principal, principalFromClaims, PLATFORM_CLIENT_ID, TOKEN_ALGORITHM } from './principal';

export const JWT_STRATEGY = 'platform-jwt';

/** passport-jwt with the algorithm pinned, issuer checked and keys from auth's JWKS by `kid`. */
@Injectable()
export class PlatformJwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(identity: IdentitySource, @Inject(Environment) env: Environment) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: [TOKEN_ALGORITHM],
      issuer: env.JWT_ISSUER,
      ignoreExpiration: false,
      secretOrKeyProvider: (_request: unknown, rawJwt: string, done: (error: unknown, key?: string | Buffer) => void) => {
        const kid = decode(rawJwt, { complete: true })?.header.kid;
        if (!kid) return done(new PlatformException('AUTH_TOKEN_INVALID'));
        identity.verificationKey(kid).then(
          (key) => done(null, typeof key === 'string' ? key : key.export({ type: 'spki', format: 'pem' })),
          (error: unknown) => done(error),
        );
      },
    });
  }

  validate(claims: unknown): Principal {
    if (!isAccessTokenClaims(claims) || claims.platform_client_id !== PLATFORM_CLIENT_ID) {
      throw new PlatformException('AUTH_TOKEN_INVALID');
    }
    return principalFromClaims(claims);
  }
}
