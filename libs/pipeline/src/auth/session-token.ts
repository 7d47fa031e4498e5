import type { KeyObject } from 'node:crypto';
import { JsonWebTokenError, TokenExpiredError, verify } from 'jsonwebtoken';
import { PlatformException } from '../errors/platform.exception';
import { isPlanId, type PlanId, type Scope } from '../plans';
import { MAX_CLOCK_SKEW_SECONDS, TOKEN_ALGORITHM } from './principal';
import { jwsHeader } from './token-header';

/** The header that carries a person's session from the gateway to a service. */
export const SESSION_HEADER = 'x-platform-session';
/** The `typ` of a session token's header: never taken for an access token (`at+jwt`), nor the other way round. */
export const SESSION_TOKEN_TYPE = 'session+jwt';
/** A session token is minted by the gateway check for one request and lives at most this long. */
export const SESSION_TOKEN_LIFETIME_SECONDS = 60;

/** A person's role in an organization, from the most to the least trusted. */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** Whether `role` is `least` or more trusted. */
export function roleAtLeast(role: OrganizationRole, least: OrganizationRole): boolean {
  return ORGANIZATION_ROLES.indexOf(role) <= ORGANIZATION_ROLES.indexOf(least);
}

/**
 * What a role may do on the routes that take a machine credential or a session (webhook
 * management): a viewer reads, a developer and above also write.
 */
export function scopesOfRole(role: OrganizationRole): Scope[] {
  return role === 'viewer' ? ['webhooks:read'] : ['webhooks:read', 'webhooks:write'];
}

/** The claims of a session token. */
export interface SessionTokenClaims {
  iss: string;
  aud: string;
  /** the user */
  sub: string;
  /** the session */
  sid: string;
  /** the organization the request names (path or X-Organization-Id), or null */
  org: string | null;
  /** the user's role in `org`, or null when not a member (or no organization named) */
  role: OrganizationRole | null;
  /** `org`'s quota period anchor (epoch seconds), when it is named and the user a member */
  pa: number | null;
  /**
   * `org`'s plan and its limits (burst per second, monthly quota) when the user is a member: a
   * person's requests in the organization are metered by them. Absent from the tokens of an auth
   * of the release before.
   */
  plan?: PlanId | null;
  rl?: { b: number; q: number } | null;
  /** whether the request passed the CSRF check (its Origin and X-CSRF-Token); true for a safe method */
  csrf: boolean;
  iat: number;
  exp: number;
  jti: string;
}

/** A person signed in, as the gateway's session token says. */
export interface SessionPrincipal {
  userId: string;
  sessionId: string;
  organizationId: string | null;
  role: OrganizationRole | null;
  periodAnchor: number | null;
  plan: PlanId | null;
  rateLimits: { burstPerSecond: number; monthlyQuota: number } | null;
  csrf: boolean;
  expiresAt: number;
}

function isSessionClaims(value: unknown): value is SessionTokenClaims {
  const c = value as SessionTokenClaims;
  return (
    !!c &&
    typeof c.sub === 'string' &&
    typeof c.sid === 'string' &&
    (c.org === null || typeof c.org === 'string') &&
    (c.role === null || ORGANIZATION_ROLES.includes(c.role)) &&
    (c.pa === null || Number.isInteger(c.pa)) &&
    (c.plan === undefined || c.plan === null || isPlanId(c.plan)) &&
    (c.rl === undefined || c.rl === null || (typeof c.rl === 'object' && Number.isInteger(c.rl.b) && Number.isInteger(c.rl.q))) &&
    typeof c.csrf === 'boolean' &&
    Number.isInteger(c.iat) &&
    Number.isInteger(c.exp)
  );
}

/** The session token's header when it is one (`typ` session+jwt, ES256, a `kid`, no `crit`), or undefined. */
export function sessionTokenHeader(token: string) {
  return jwsHeader(token, SESSION_TOKEN_TYPE);
}

/**
 * Verifies a session token: ES256 only, the issuer and audience, a lifetime of at most
 * SESSION_TOKEN_LIFETIME_SECONDS, not issued in the future. Anything wrong is GATEWAY_AUTH_INVALID;
 * the key lookup's own refusal (an unknown `kid`, auth unreachable) is passed on as it is.
 */
export async function verifySessionToken(
  token: string,
  keyOf: (kid: string) => Promise<KeyObject>,
  expected: { issuer: string; audience: string },
): Promise<SessionPrincipal> {
  const header = sessionTokenHeader(token);
  if (!header) throw new PlatformException('GATEWAY_AUTH_INVALID');
  const key = await keyOf(header.kid).catch((error: unknown) => {
    throw error instanceof PlatformException && error.code === 'AUTH_TOKEN_INVALID' ? new PlatformException('GATEWAY_AUTH_INVALID') : error;
  });
  let claims: unknown;
  try {
    claims = verify(token, key, { algorithms: [TOKEN_ALGORITHM], issuer: expected.issuer, audience: expected.audience });
  } catch (error) {
    if (error instanceof TokenExpiredError || error instanceof JsonWebTokenError)
      throw new PlatformException('GATEWAY_AUTH_INVALID', { reason: error instanceof TokenExpiredError ? 'expired' : undefined });
    throw error;
  }
  const now = Date.now() / 1000;
  if (!isSessionClaims(claims) || claims.exp - claims.iat > SESSION_TOKEN_LIFETIME_SECONDS || claims.iat > now + MAX_CLOCK_SKEW_SECONDS) {
    throw new PlatformException('GATEWAY_AUTH_INVALID');
  }
  return {
    userId: claims.sub,
    sessionId: claims.sid,
    organizationId: claims.org,
    role: claims.role,
    periodAnchor: claims.pa,
    plan: claims.plan ?? null,
    rateLimits: claims.rl ? { burstPerSecond: claims.rl.b, monthlyQuota: claims.rl.q } : null,
    csrf: claims.csrf,
    expiresAt: claims.exp * 1000,
  };
}
