import { Inject, Injectable } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { Environment } from '../config/environment';
import { JWKS, REVOCATIONS, TENANCY_ACCESS } from '@platform/contracts/internal/auth.contract';
import { InternalApi } from '../http/internal-api';
import { CachedIdentitySource, RevocationFeed } from './cached-identity.source';
import { CompanyAccessQuery } from './identity-source';
import { TokenKeySet } from './token-key-set';

const UPSTREAM_TIMEOUT_MS = 2000;

/**
 * Asks the auth service (AUTH_URL): its JWKS for token keys, read at start and every
 * JWKS_REFRESH_MS into a copy that tokens are verified from (TokenKeySet), and its internal feed
 * for revocations and tenancy.
 */
@Injectable()
export class RemoteIdentitySource extends CachedIdentitySource {
  private readonly keys: TokenKeySet;
  private keyTimer?: NodeJS.Timeout;

  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {
    super(env.REVOCATION_POLL_MS);
    this.keys = new TokenKeySet({
      fetch: () => this.api.expectOk(this.env.AUTH_URL, JWKS, { timeoutMs: UPSTREAM_TIMEOUT_MS }),
      minIntervalMs: env.JWKS_MIN_REFRESH_MS,
      onRead: (error) => (error ? this.failures.failed('JWKS', `JWKS read failed: ${error.message}`) : this.failures.succeeded('JWKS')),
    });
  }

  override async onApplicationBootstrap(): Promise<void> {
    await Promise.all([super.onApplicationBootstrap(), this.keys.refresh().catch(() => undefined)]);
    this.keyTimer = setInterval(() => void this.keys.refresh().catch(() => undefined), this.env.JWKS_REFRESH_MS);
    this.keyTimer.unref();
  }

  override onApplicationShutdown(): void {
    super.onApplicationShutdown();
    clearInterval(this.keyTimer);
  }

  verificationKey(kid: string): Promise<KeyObject> {
    return this.keys.key(kid);
  }

  protected async loadRevocations(): Promise<RevocationFeed> {
    const feed = await this.api.expectOk(this.env.AUTH_URL, REVOCATIONS, { timeoutMs: UPSTREAM_TIMEOUT_MS });
    // an auth of the release before sessions sends no `sessions`
    return { items: feed.items, sessions: feed.sessions ?? [] };
  }

  protected async loadAccess(query: CompanyAccessQuery): Promise<boolean> {
    return (await this.api.expectOk(this.env.AUTH_URL, TENANCY_ACCESS, { query, timeoutMs: UPSTREAM_TIMEOUT_MS })).allowed;
  }
}
