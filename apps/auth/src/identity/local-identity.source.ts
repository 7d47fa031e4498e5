import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { CompanyAccessQuery, Environment, IdentitySource, PlatformException } from '@platform/common';
import { CredentialsService } from '../credentials/credentials.service';
import { SigningKeys } from '../tokens/signing-keys.service';
import { WorkspacesService } from '../workspaces/workspaces.service';

const MAX_STALENESS_MS = 5000;

/**
 * auth answers identity questions from its own store. Revocations are re-read every
 * REVOCATION_POLL_MS so a rotation on another auth replica is seen within the bound.
 */
@Injectable()
export class LocalIdentitySource extends IdentitySource implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdentitySource');
  private versions = new Map<string, number>();
  /** Rotations made here, kept over a sync that may have read the store just before them. */
  private readonly localRotations = new Map<string, { version: number; at: number }>();
  private syncedAt = 0;
  private syncing?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private readonly access = new LRUCache<string, boolean>({ max: 10_000, ttl: 5000 });

  constructor(
    private readonly keys: SigningKeys,
    private readonly credentials: CredentialsService,
    private readonly workspaces: WorkspacesService,
    @Inject(Environment) private readonly env: Environment,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sync();
    this.timer = setInterval(() => void this.sync().catch((error: Error) => this.logger.warn(`revocation sync failed: ${error.message}`)), this.env.REVOCATION_POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async verificationKey(kid: string): Promise<string> {
    if (kid !== this.keys.kid) throw new PlatformException('AUTH_TOKEN_INVALID');
    return this.keys.publicKeyPem;
  }

  async ensureRevocationsFresh(): Promise<void> {
    if (Date.now() - this.syncedAt <= MAX_STALENESS_MS) return;
    await this.sync().catch(() => undefined);
    if (Date.now() - this.syncedAt > MAX_STALENESS_MS) throw new PlatformException('UPSTREAM_UNAVAILABLE');
  }

  minimumSecretVersion(credentialId: string): number | undefined {
    return this.versions.get(credentialId);
  }

  /** Applies a rotation made by this replica at once. */
  revoked(credentialId: string, minimumSecretVersion: number): void {
    this.versions.set(credentialId, minimumSecretVersion);
    this.localRotations.set(credentialId, { version: minimumSecretVersion, at: Date.now() });
  }

  revocations(): { credentialId: string; minimumSecretVersion: number }[] {
    return [...this.versions].map(([credentialId, minimumSecretVersion]) => ({ credentialId, minimumSecretVersion }));
  }

  async canActFor(query: CompanyAccessQuery): Promise<boolean> {
    const key = `${query.organizationId}:${query.workspaceId}:${query.companyId}`;
    const cached = this.access.get(key);
    if (cached !== undefined) return cached;
    const allowed = await this.workspaces.canActFor(query.organizationId, query.workspaceId, query.companyId);
    this.access.set(key, allowed, { ttl: allowed ? 5000 : 1000 });
    return allowed;
  }

  private sync(): Promise<void> {
    this.syncing ??= this.credentials
      .recentRotations()
      .then((rows) => {
        const versions = new Map(rows.map((row) => [row.credentialId, row.minimumSecretVersion]));
        const now = Date.now();
        for (const [id, rotation] of this.localRotations) {
          if (now - rotation.at > 2 * MAX_STALENESS_MS) this.localRotations.delete(id);
          else if ((versions.get(id) ?? 0) < rotation.version) versions.set(id, rotation.version);
        }
        this.versions = versions;
        this.syncedAt = now;
      })
      .finally(() => (this.syncing = undefined));
    return this.syncing;
  }
}
