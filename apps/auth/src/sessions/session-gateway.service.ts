import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomUUID } from 'node:crypto';
import { isUUID } from 'class-validator';
import { constantTimeEquals, Environment, OrganizationRole, PlanId, RateLimits, SESSION_TOKEN_LIFETIME_SECONDS, SessionTokenClaims } from '@platform/pipeline';
import { pepperOf } from '../credentials/credential-secrets';
import { rateLimitsOf } from '../credentials/credentials.service';
import { SigningKeys } from '../tokens/signing-keys.service';
import { requestCookie, SESSION_COOKIE } from '../accounts/cookies';
import { isOwnOrigin } from '../accounts/origins';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { Session } from './session.entity';
import { SessionsService } from './sessions.service';

/** What the gateway knows of the request it asks about. */
export interface GatewayRequest {
  cookie?: string;
  method: string;
  /** the path and query the client asked for */
  uri: string;
  origin?: string;
  /** the hosts the client addressed: Host, X-Forwarded-Host, the host of X-Original-URL */
  hosts: string[];
  /** the scheme the client used: X-Original-URL's, else X-Forwarded-Proto, else http */
  scheme: string;
  csrfToken?: string;
  /** X-Organization-Id, for the routes outside /api/v1/account/organizations/:id */
  organizationId?: string;
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const ORGANIZATION_PATH = /^\/api\/v1\/account\/organizations\/([0-9a-fA-F-]{36})(?:[/?#]|$)/;

/**
 * What the gateway asks of auth for each request of a person: whether the session cookie opens a
 * live session and, if so, a session token for this one request (≤ 60 s, signed with the session
 * key) naming the user, the session, the organization the request names with the user's role in
 * it and its plan's limits (services meter the person's requests by them), and whether a
 * state-changing request passed the CSRF check: an Origin of the dashboard's own scheme and host,
 * and the session's X-CSRF-Token. No cookie, or a dead session: no token.
 */
@Injectable()
export class SessionGateway {
  private readonly pepper: string;

  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly sessions: SessionsService,
    private readonly keys: SigningKeys,
    @Inject(Environment) private readonly env: Environment,
  ) {
    this.pepper = pepperOf(env);
  }

  /** The CSRF token of a session: derived, not stored; the dashboard reads it from /me or the sign-in answer. */
  csrfTokenOf(sessionId: string): string {
    return createHmac('sha256', this.pepper).update(`csrf:${sessionId}`).digest('base64url');
  }

  async mint(request: GatewayRequest): Promise<string | undefined> {
    const token = requestCookie(request.cookie, SESSION_COOKIE);
    if (!token) return undefined;
    const session = await this.sessions.open(token);
    if (!session) return undefined;
    const organizationId = (ORGANIZATION_PATH.exec(request.uri)?.[1] ?? request.organizationId)?.toLowerCase();
    const member = organizationId && isUUID(organizationId) ? await this.membership(organizationId, session.userId) : null;
    const now = Math.floor(Date.now() / 1000);
    const claims: SessionTokenClaims = {
      iss: this.env.JWT_ISSUER,
      aud: this.env.PLATFORM_ENVIRONMENT,
      sub: session.userId,
      sid: session.id,
      org: organizationId && isUUID(organizationId) ? organizationId : null,
      role: member?.role ?? null,
      pa: member?.periodAnchor ?? null,
      plan: member?.plan ?? null,
      rl: member ? { b: member.limits.burstPerSecond, q: member.limits.monthlyQuota } : null,
      csrf: SAFE_METHODS.has(request.method.toUpperCase()) || this.csrfPasses(session, request),
      iat: now,
      exp: now + SESSION_TOKEN_LIFETIME_SECONDS,
      jti: randomUUID(),
    };
    return this.keys.sessionSigner.sign(claims);
  }

  private csrfPasses(session: Session, request: GatewayRequest): boolean {
    if (!request.csrfToken || !isOwnOrigin(request.origin, { scheme: request.scheme, hosts: request.hosts, publicBaseUrl: this.env.PUBLIC_BASE_URL }))
      return false;
    return constantTimeEquals(request.csrfToken, this.csrfTokenOf(session.id));
  }

  private async membership(
    organizationId: string,
    userId: string,
  ): Promise<{ role: OrganizationRole; periodAnchor: number; plan: PlanId; limits: RateLimits } | null> {
    const access = await this.organizations.findMemberAccess(organizationId, userId);
    if (!access) return null;
    return { role: access.role, periodAnchor: Math.floor(access.createdAt.getTime() / 1000), plan: access.plan, limits: rateLimitsOf(access) };
  }
}
