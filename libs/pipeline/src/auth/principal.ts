import { createHash } from 'node:crypto';
import type { PlanEnvironment, PlanId } from '../plans';
import type { SessionPrincipal } from './session-token';

export const PLATFORM_CLIENT_ID = 'platform-developer';
export const TOKEN_ALGORITHM = 'ES256';
/** The `typ` of an access token's header (RFC 9068 §2.1). */
export const TOKEN_TYPE = 'at+jwt';
/** How far ahead of this clock a token's `iat` may be (clock skew between auth and a service). */
export const MAX_CLOCK_SKEW_SECONDS = 60;
export const TOKEN_LIFETIME_SECONDS = 15 * 60;

/** The claims auth puts in an access token. */
export interface AccessTokenClaims {
  iss: string;
  aud: PlanEnvironment; // the deployment's environment (PLATFORM_ENVIRONMENT)
  sub: string; // credential id
  org: string; // organization id
  platform_client_id: string;
  akh: string; // hash of the API key the token was minted for
  plan: PlanId;
  rl: { b: number; q: number }; // burst per second, monthly quota
  pa: number; // quota period anchor (epoch seconds)
  scope: string; // space-separated scopes
  sv: number; // secret version at minting
  iat: number;
  exp: number;
  jti: string;
}

/** Who is calling, as the pipeline established it. */
export interface Principal {
  credentialId: string;
  organizationId: string;
  plan: PlanId;
  burstPerSecond: number;
  monthlyQuota: number;
  periodAnchor: number;
  scopes: ReadonlySet<string>;
  secretVersion: number;
  apiKeyHash: string;
  expiresAt: number; // epoch ms
}

/** The company every product query is scoped to. */
export interface TenantContext {
  organizationId: string;
  workspaceId: string | null;
  /** The acting company, or the caller's own organization when acting for itself. */
  companyId: string;
  actingOnBehalf: boolean;
}

export interface PlatformRequestState {
  principal?: Principal;
  tenant?: TenantContext;
  /** A person signed in through the gateway (X-Platform-Session), on routes that take sessions. */
  session?: SessionPrincipal;
}

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('base64url');
}

export function principalFromClaims(claims: AccessTokenClaims): Principal {
  return {
    credentialId: claims.sub,
    organizationId: claims.org,
    plan: claims.plan,
    burstPerSecond: claims.rl.b,
    monthlyQuota: claims.rl.q,
    periodAnchor: claims.pa,
    scopes: new Set(claims.scope.split(' ').filter(Boolean)),
    secretVersion: claims.sv,
    apiKeyHash: claims.akh,
    expiresAt: claims.exp * 1000,
  };
}

export function isAccessTokenClaims(value: unknown): value is AccessTokenClaims {
  const c = value as AccessTokenClaims;
  return (
    !!c &&
    typeof c.sub === 'string' &&
    typeof c.org === 'string' &&
    typeof c.platform_client_id === 'string' &&
    typeof c.akh === 'string' &&
    typeof c.plan === 'string' &&
    !!c.rl &&
    Number.isInteger(c.rl.b) &&
    Number.isInteger(c.rl.q) &&
    Number.isInteger(c.pa) &&
    typeof c.scope === 'string' &&
    Number.isInteger(c.sv) &&
    Number.isInteger(c.iat) &&
    Number.isInteger(c.exp)
  );
}
