import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { KeyObject } from 'node:crypto';
import passport from 'passport';
import { ExtractJwt, Strategy, StrategyOptionsWithoutRequest, VerifyCallback } from 'passport-jwt';
import { Environment } from '../config/environment';
import { PlatformException } from '../errors/platform.exception';
import { IdentitySource } from '../identity/identity-source';
import { isAccessTokenClaims, MAX_CLOCK_SKEW_SECONDS, Principal, principalFromClaims, PLATFORM_CLIENT_ID, TOKEN_ALGORITHM } from './principal';
import { accessTokenHeader } from './token-header';

let instances = 0;

/**
 * passport-jwt's strategy under a name of each instance's own. passport keeps one registry per
 * process, and the one-machine suite runs six services in one: under a shared name the last
 * service started would verify every service's tokens with its own key source.
 */
class InstanceJwtStrategy extends Strategy {
  constructor(options: StrategyOptionsWithoutRequest, verify: VerifyCallback) {
    super(options, verify);
    this.name = `platform-jwt:${++instances}`;
  }
}

/**
 * passport-jwt with the algorithm pinned, the issuer and audience (the deployment's environment)
 * checked, and keys from auth's JWKS by `kid`. Before any key is looked up the header must be an
 * access token's (`accessTokenHeader`: `typ` at+jwt, no `crit`); after the signature, the claims
 * must be complete and `iat` not in the future.
 */
@Injectable()
export class PlatformJwtStrategy extends PassportStrategy(InstanceJwtStrategy) implements OnModuleDestroy {
  constructor(identity: IdentitySource, @Inject(Environment) env: Environment) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: [TOKEN_ALGORITHM],
      issuer: env.JWT_ISSUER,
      audience: env.PLATFORM_ENVIRONMENT,
      ignoreExpiration: false,
      secretOrKeyProvider: (_request, rawJwt: string, done) => {
        const header = accessTokenHeader(rawJwt);
        if (!header) return done(new PlatformException('AUTH_TOKEN_INVALID'));
        // jsonwebtoken 9 verifies with a KeyObject as it is (a PEM it would parse on every token);
        // passport-jwt's typings predate that.
        identity.verificationKey(header.kid).then((key: KeyObject) => done(null, key as unknown as Buffer), done);
      },
    });
  }

  validate(claims: unknown): Principal {
    if (!isAccessTokenClaims(claims) || claims.platform_client_id !== PLATFORM_CLIENT_ID || claims.iat > Date.now() / 1000 + MAX_CLOCK_SKEW_SECONDS) {
      throw new PlatformException('AUTH_TOKEN_INVALID');
    }
    return principalFromClaims(claims);
  }

  onModuleDestroy(): void {
    passport.unuse(this.name);
  }
}
