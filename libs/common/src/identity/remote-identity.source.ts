import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { JwksClient, SigningKeyNotFoundError } from 'jwks-rsa';
import { LRUCache } from 'lru-cache';
import { Environment } from '../config/environment';
import { internalToken } from '../config/secret-files';
import { PlatformException } from '../errors/platform.exception';
import { CompanyAccessQuery, IdentitySource } from './identity-source';

export const REVOCATION_MAX_STALENESS_MS = 5000;
const ACCESS_ALLOWED_TTL_MS = 5000;
const ACCESS_DENIED_TTL_MS = 1000;
const UPSTREAM_TIMEOUT_MS = 2000;

interface RevocationFeed {
  items: { credentialId: string; minimumSecretVersion: number }[];
}

/** Asks the auth service (AUTH_URL) and keeps what it says in bounded, short-lived caches. */
@Injectable()
export class RemoteIdentitySource extends IdentitySource implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdentitySource');
  private readonly jwks: JwksClient;
  private readonly token: string;
  private versions = new Map<string, number>();
  private syncedAt = 0;
  private syncing?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private readonly access = new LRUCache<string, boolean>({ max: 10_000, ttl: ACCESS_ALLOWED_TTL_MS });

  constructor(@Inject(Environment) private readonly env: Environment) {
    super();
    this.token = internalToken(env);
    this.jwks = new JwksClient({
      jwksUri: `${env.AUTH_URL}/api/v1/.well-known/jwks.json`,
      cache: true,
      cacheMaxEntries: 10,
      cacheMaxAge: 10 * 60_000,
      rateLimit: true,
      jwksRequestsPerMinute: 30,
      timeout: UPSTREAM_TIMEOUT_MS,
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sync().catch(() => undefined), this.env.REVOCATION_POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async verificationKey(kid: string): Promise<string> {
    try {
      return (await this.jwks.getSigningKey(kid)).getPublicKey();
    } catch (error) {
      if (error instanceof SigningKeyNotFoundError) throw new PlatformException('AUTH_TOKEN_INVALID');
      this.logger.warn(`JWKS unavailable: ${(error as Error).message}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
  }

  async ensureRevocationsFresh(): Promise<void> {
    if (Date.now() - this.syncedAt <= REVOCATION_MAX_STALENESS_MS) return;
    await this.sync().catch(() => undefined);
    if (Date.now() - this.syncedAt > REVOCATION_MAX_STALENESS_MS) throw new PlatformException('UPSTREAM_UNAVAILABLE');
  }

  minimumSecretVersion(credentialId: string): number | undefined {
    return this.versions.get(credentialId);
  }

  async canActFor(query: CompanyAccessQuery): Promise<boolean> {
    const key = `${query.organizationId}:${query.workspaceId}:${query.companyId}`;
    const cached = this.access.get(key);
    if (cached !== undefined) return cached;
    const params = new URLSearchParams({ ...query });
    const body = await this.call<{ allowed: boolean }>(`/internal/v1/tenancy/access?${params}`);
    this.access.set(key, body.allowed, { ttl: body.allowed ? ACCESS_ALLOWED_TTL_MS : ACCESS_DENIED_TTL_MS });
    return body.allowed;
  }

  private sync(): Promise<void> {
    this.syncing ??= this.call<RevocationFeed>('/internal/v1/revocations')
      .then((feed) => {
        this.versions = new Map(feed.items.map((item) => [item.credentialId, item.minimumSecretVersion]));
        this.syncedAt = Date.now();
      })
      .finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async call<T>(path: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.env.AUTH_URL}${path}`, {
        headers: { 'x-internal-token': this.token, accept: 'application/json' },
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch {
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    if (!response.ok) {
      this.logger.warn(`auth answered ${response.status} for ${path.split('?')[0]}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
    return (await response.json()) as T;
  }
}
