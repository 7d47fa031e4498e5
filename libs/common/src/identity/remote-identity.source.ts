import { Inject, Injectable } from '@nestjs/common';
import { JwksClient, SigningKeyNotFoundError } from 'jwks-rsa';
import { Environment } from '../config/environment';
import { PlatformException } from '../errors/platform.exception';
import { InternalApi } from '../http/internal-api';
import { CachedIdentitySource, RevocationEntry } from './cached-identity.source';
import { CompanyAccessQuery } from './identity-source';

const UPSTREAM_TIMEOUT_MS = 2000;

/** Asks the auth service (AUTH_URL): JWKS for keys, its internal feed for revocations and tenancy. */
@Injectable()
export class RemoteIdentitySource extends CachedIdentitySource {
  private readonly jwks: JwksClient;

  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {
    super(env.REVOCATION_POLL_MS);
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

  async verificationKey(kid: string): Promise<string> {
    try {
      const key = (await this.jwks.getSigningKey(kid)).getPublicKey();
      this.failures.succeeded('JWKS');
      return key;
    } catch (error) {
      if (error instanceof SigningKeyNotFoundError) throw new PlatformException('AUTH_TOKEN_INVALID');
      this.failures.failed('JWKS', `JWKS unavailable: ${(error as Error).message}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE');
    }
  }

  protected async loadRevocations(): Promise<RevocationEntry[]> {
    return (await this.call<{ items: RevocationEntry[] }>('/internal/v1/revocations')).items;
  }

  protected async loadAccess(query: CompanyAccessQuery): Promise<boolean> {
    const params = new URLSearchParams({ ...query });
    return (await this.call<{ allowed: boolean }>(`/internal/v1/tenancy/access?${params}`)).allowed;
  }

  private call<T>(path: string): Promise<T> {
    return this.api.get<T>(`${this.env.AUTH_URL}${path}`, { timeoutMs: UPSTREAM_TIMEOUT_MS });
  }
}
