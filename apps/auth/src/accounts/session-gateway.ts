import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomUUID } from 'node:crypto';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { constantTimeEquals, Environment, PlanId, RateLimits, SESSION_TOKEN_LIFETIME_SECONDS, SessionTokenClaims } from '@platform/pipeline';
import { qualifiedTable } from '@platform/data';
import { pepperOf } from '../credentials/credential-secrets';
import { rateLimitsOf } from '../credentials/credentials.service';
import { Organization } from '../organizations/organization.entity';
import { SigningKeys } from '../tokens/signing-keys.service';
import { Membership, Session } from './account.entities';
import { requestCookie, SESSION_COOKIE } from './cookies';
import { isOwnOrigin } from './origins';
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
    @InjectDataSource() private readonly dataSource: DataSource,
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
  ): Promise<{ role: Membership['role']; periodAnchor: number; plan: PlanId; limits: RateLimits } | null> {
    const rows: Array<{
      role: Membership['role'];
      created_at: Date;
      plan: PlanId;
      burst_per_second: number | null;
      monthly_quota: number | null;
      webhook_retries: number | null;
    }> = await this.dataSource.query(
      `SELECT m.role, o.created_at, o.plan, o.burst_per_second, o.monthly_quota, o.webhook_retries FROM ${qualifiedTable(this.dataSource, Membership)} m JOIN ${qualifiedTable(this.dataSource, Organization)} o ON o.id = m.organization_id WHERE m.organization_id = $1 AND m.user_id = $2`,
      [organizationId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    const limits = rateLimitsOf({ plan: row.plan, burstPerSecond: row.burst_per_second, monthlyQuota: row.monthly_quota, webhookRetries: row.webhook_retries });
    return { role: row.role, periodAnchor: Math.floor(row.created_at.getTime() / 1000), plan: row.plan, limits };
  }
}
