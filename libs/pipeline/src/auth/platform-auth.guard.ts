import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { TokenExpiredError } from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { PlatformException } from '../errors/platform.exception';
import { IdentitySource } from '../identity/identity-source';
import { Environment } from '../config/environment';
import { internalToken } from '../config/secret-files';
import { bearerCandidate, hasNoWhitespace } from './bearer';
import { constantTimeEquals } from './constant-time';
import { routeAccess } from './route-access';
import { PlatformJwtStrategy } from './jwt.strategy';
import { hashApiKey, PLATFORM_CLIENT_ID, Principal } from './principal';
import { scopesOfRole, SESSION_HEADER, SessionPrincipal, verifySessionToken } from './session-token';
import { headerValue, httpRequest, PlatformRequest, requestState } from './request-state';

interface VerifiedToken {
  /** the whole token: the cache is keyed by its signature, and a hit must be this very token */
  token: string;
  principal: Principal;
  /** the X-Platform-Api-Key value already matched against the token's key hash */
  matchedApiKey?: string;
}

/** CLIENT_ID_INVALID worded by what is wrong with the header: missing, or not `platform-developer`. */
export function clientIdRefusal(clientId: string | undefined): PlatformException {
  return new PlatformException('CLIENT_ID_INVALID', { reason: clientId ? 'unknown' : 'missing' });
}

function signatureOf(token: string): string {
  return token.slice(token.lastIndexOf('.') + 1);
}

/**
 * Deny by default: every route needs a valid token unless marked @Public(). A token's
 * signature is verified once (passport-jwt) and its claims cached until `exp`; the API key,
 * client id and revocation are checked on every request. The cache is keyed by the token's
 * signature (86 characters) rather than the whole token (hundreds), whose hash V8 would compute
 * afresh for every request's new string; a hit counts only when the whole token is equal.
 */
@Injectable()
export class PlatformAuthGuard extends AuthGuard() {
  // lru-cache allocates its slots for `max` entries up front (about 45 bytes each): 10,000 live
  // tokens per process is far more than one instance sees within a token's lifetime, and one
  // pushed out is only verified again.
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: 10_000, ttlAutopurge: false });
  private readonly internalToken: string;
  private readonly tokenChecks: { issuer: string; audience: string };

  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentitySource,
    @Inject(Environment) env: Environment,
    strategy: PlatformJwtStrategy,
  ) {
    // this service's own strategy instance (see PlatformJwtStrategy)
    super({ session: false, defaultStrategy: strategy.name });
    this.internalToken = internalToken(env);
    this.tokenChecks = { issuer: env.JWT_ISSUER, audience: env.PLATFORM_ENVIRONMENT };
  }

  /**
   * Synchronous when the token is cached and revocations are fresh (the usual case): no
   * promise, no await on the hot path. Verification and stale revocations take the async path.
   */
  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const access = routeAccess(this.reflector, context);
    const request = httpRequest(context);
    if (access.isInternal) {
      // Service-to-service routes: the shared internal token; answer as if the route did not exist.
      if (!constantTimeEquals(headerValue(request, 'x-internal-token') ?? '', this.internalToken)) throw new PlatformException('HTTP_ERROR', { status: 404 });
      return true;
    }
    if (access.isPublic) return true;
    const sessions = access.declaration?.sessions;
    if (sessions === 'only' || (sessions === 'also' && request.headers.authorization === undefined && request.headers[SESSION_HEADER] !== undefined)) {
      return this.admitSession(request, sessions === 'also');
    }
    // No header, or not `Bearer <token>`, is a missing token; anything sent as the token is then
    // verified. A token equal to a cached one is well formed: it was checked before it was cached.
    const authorization = headerValue(request, 'authorization');
    const token = bearerCandidate(authorization);
    if (token === undefined) throw new PlatformException('AUTH_TOKEN_MISSING', authorization ? { reason: 'scheme' } : {});

    const entry = this.verified.get(signatureOf(token));
    if (!entry || entry.token !== token) {
      if (!hasNoWhitespace(token)) throw new PlatformException('AUTH_TOKEN_MISSING', { reason: 'scheme' });
      return this.verify(context, request, token);
    }
    if (entry.principal.expiresAt <= Date.now()) throw new PlatformException('AUTH_TOKEN_EXPIRED');
    return this.admit(request, entry);
  }

  private async verify(context: ExecutionContext, request: PlatformRequest, token: string): Promise<boolean> {
    await super.canActivate(context);
    const principal = (request as unknown as { user: Principal }).user;
    const entry: VerifiedToken = { token, principal };
    this.verified.set(signatureOf(token), entry, { ttl: Math.max(1, principal.expiresAt - Date.now()) });
    return this.admit(request, entry);
  }

  /** The API key, client id and revocation checks every request makes, cached token or not. */
  private admit(request: PlatformRequest, entry: VerifiedToken): boolean | Promise<boolean> {
    const { principal } = entry;
    const apiKey = headerValue(request, 'x-platform-api-key');
    if (!apiKey) throw new PlatformException('DEVELOPER_KEYS_INVALID', { reason: 'keyMissing' });
    if (apiKey !== entry.matchedApiKey) {
      if (!constantTimeEquals(hashApiKey(apiKey), principal.apiKeyHash)) throw new PlatformException('DEVELOPER_KEYS_INVALID', { reason: 'keyMismatch' });
      entry.matchedApiKey = apiKey;
    }
    const clientId = headerValue(request, 'x-platform-client-id');
    if (clientId !== PLATFORM_CLIENT_ID) throw clientIdRefusal(clientId);
    if (!this.identity.revocationsFresh()) return this.identity.ensureRevocationsFresh().then(() => this.notRevoked(request, principal));
    return this.notRevoked(request, principal);
  }

  private notRevoked(request: PlatformRequest, principal: Principal): true {
    const minimum = this.identity.minimumSecretVersion(principal.credentialId);
    if (minimum !== undefined && principal.secretVersion < minimum) throw new PlatformException('AUTH_TOKEN_INVALID');
    requestState(request).principal = principal;
    return true;
  }

  /**
   * A person through the gateway: the session token verified (its own `typ`, keys from the JWKS),
   * its session not ended, and for a state-changing method the gateway's CSRF check passed. On a
   * route that also takes machine credentials the session acts as a principal of its
   * organization, with its role's scopes and its plan (PlanThrottlerGuard meters people apart):
   * the person must be a member of the organization the gateway was told (X-Organization-Id).
   */
  private async admitSession(request: PlatformRequest, asPrincipal: boolean): Promise<boolean> {
    const token = headerValue(request, SESSION_HEADER);
    if (!token) throw new PlatformException('GATEWAY_AUTH_REQUIRED');
    const session = await verifySessionToken(token, (kid) => this.identity.verificationKey(kid), this.tokenChecks);
    if (!this.identity.revocationsFresh()) await this.identity.ensureRevocationsFresh();
    if (this.identity.sessionEnded(session.sessionId)) throw new PlatformException('GATEWAY_AUTH_INVALID', { reason: 'revoked' });
    if (!SAFE_METHODS.has(request.method) && !session.csrf) throw new PlatformException('CSRF_CHECK_FAILED');
    const state = requestState(request);
    state.session = session;
    if (asPrincipal) state.principal = principalOfSession(session, headerValue(request, 'x-organization-id'));
    return true;
  }

  override handleRequest<T>(error: unknown, user: T, info: unknown): T {
    // passport-jwt reports key-lookup failures (e.g. auth unreachable) as `info`
    if (error instanceof PlatformException) throw error;
    if (info instanceof PlatformException) throw info;
    if (info instanceof TokenExpiredError) throw new PlatformException('AUTH_TOKEN_EXPIRED');
    if (error || !user) throw new PlatformException('AUTH_TOKEN_INVALID');
    return user;
  }
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A session acting on a route that takes machine credentials too: its organization (which the
 * gateway read from X-Organization-Id, as the request still says), the scopes of its role. Its
 * "credential" is the organization itself: what such a call counts (webhook retries of an
 * endpoint it creates) counts for the organization.
 */
function principalOfSession(session: SessionPrincipal, organizationHeader: string | undefined): Principal {
  if (!session.organizationId || !organizationHeader) throw new PlatformException('NOT_AN_ORGANIZATION_MEMBER', { reason: 'noOrganization' });
  if (organizationHeader.toLowerCase() !== session.organizationId) throw new PlatformException('GATEWAY_AUTH_INVALID', { reason: 'organization' });
  if (!session.role) throw new PlatformException('NOT_AN_ORGANIZATION_MEMBER');
  return {
    credentialId: session.organizationId,
    organizationId: session.organizationId,
    plan: session.plan ?? 'developer-sandbox',
    burstPerSecond: session.rateLimits?.burstPerSecond ?? 0,
    monthlyQuota: session.rateLimits?.monthlyQuota ?? 0,
    periodAnchor: session.periodAnchor ?? 0,
    scopes: new Set(scopesOfRole(session.role)),
    secretVersion: 0,
    apiKeyHash: '',
    expiresAt: session.expiresAt,
  };
}
