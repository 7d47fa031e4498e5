import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AccessTokenClaims, Environment, PLATFORM_CLIENT_ID, TOKEN_LIFETIME_SECONDS } from '@platform/pipeline';
import { rateLimitsOf, TokenSubject } from '../credentials/credentials.service';
import { SigningKeys } from './signing-keys.service';

export interface IssuedToken {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  expiresAt: string;
  scope: string;
  plan: string;
}

@Injectable()
export class TokensService {
  constructor(
    private readonly keys: SigningKeys,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  issue({ credential, organization }: TokenSubject): IssuedToken {
    const now = Math.floor(Date.now() / 1000);
    const limits = rateLimitsOf(organization);
    const claims: AccessTokenClaims = {
      iss: this.env.JWT_ISSUER,
      aud: this.env.PLATFORM_ENVIRONMENT,
      sub: credential.id,
      org: organization.id,
      platform_client_id: PLATFORM_CLIENT_ID,
      akh: credential.keyHash,
      plan: organization.plan,
      rl: { b: limits.burstPerSecond, q: limits.monthlyQuota },
      pa: Math.floor(organization.createdAt.getTime() / 1000),
      scope: credential.scopes,
      sv: credential.secretVersion,
      iat: now,
      exp: now + TOKEN_LIFETIME_SECONDS,
      jti: randomUUID(),
    };
    const accessToken = this.keys.signer.sign(claims);
    return {
      accessToken,
      tokenType: 'Bearer',
      expiresIn: TOKEN_LIFETIME_SECONDS,
      expiresAt: new Date(claims.exp * 1000).toISOString(),
      scope: credential.scopes,
      plan: organization.plan,
    };
  }
}
