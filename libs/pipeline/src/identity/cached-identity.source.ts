import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { AuthContract } from '@platform/contracts';
import { PlatformException } from '../errors/platform.exception';
import { FailureLog } from '../logging/failure-log';
import { CompanyAccessQuery, IdentitySource } from './identity-source';

/** Revocations older than this are not trusted: tokens are refused with 503 until they refresh. */
export const REVOCATION_MAX_STALENESS_MS = 5000;
const ACCESS_ALLOWED_TTL_MS = 5000;
const ACCESS_DENIED_TTL_MS = 1000;

/** One rotated credential of auth's revocation feed (the contract's type, by the pipeline's name). */
export type RevocationEntry = AuthContract.RevocationEntry;

/** What auth's revocation feed says (the contract's type, by the pipeline's name). */
export type RevocationFeed = AuthContract.RevocationFeed;

/**
 * The caching both identity sources share: revocations re-read every poll interval and held
 * for at most REVOCATION_MAX_STALENESS_MS, company access answers held 5 s (1 s when denied).
 * Subclasses say where the facts come from.
 */
export abstract class CachedIdentitySource extends IdentitySource implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger('IdentitySource');
  /** Failures of what this source calls, logged when they start, every 30 s, and when they end. */
  protected readonly failures = new FailureLog(this.logger);
  /** When the last refresh failed, and how many have failed in a row (0 after one succeeds). */
  private failedAt = 0;
  private failedInARow = 0;
  private versions = new Map<string, number>();
  private endedSessions = new Set<string>();
  /** Sessions ended in this process, kept over a sync that may have read just before them. */
  private readonly localEndings = new Map<string, number>();
  /** Rotations made in this process, kept over a sync that may have read just before them. */
  private readonly localRotations = new Map<string, { version: number; at: number }>();
  private syncedAt = 0;
  private syncing?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private readonly access = new LRUCache<string, boolean>({ max: 10_000, ttl: ACCESS_ALLOWED_TTL_MS });
  /** Access lookups under way, by key: concurrent misses of one key wait for the same answer. */
  private readonly accessLookups = new Map<string, Promise<boolean>>();

  constructor(private readonly pollMs: number) {
    super();
  }

  protected abstract loadRevocations(): Promise<RevocationFeed>;
  protected abstract loadAccess(query: CompanyAccessQuery): Promise<boolean>;

  async onApplicationBootstrap(): Promise<void> {
    await this.sync().catch(() => undefined);
    this.timer = setInterval(() => void this.sync().catch(() => undefined), this.pollMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  revocationsFresh(): boolean {
    return Date.now() - this.syncedAt <= REVOCATION_MAX_STALENESS_MS;
  }

  /**
   * Refreshes stale revocations before a request goes on, or refuses it with 503. While the
   * refreshes keep failing (two or more in a row, the last less than a poll interval ago),
   * requests do not try again each: the poll does, and they are refused at once rather than each
   * waiting for a call to a service that is down. A single failure, such as the first refresh of a
   * service started just before auth listens, still lets the next request try.
   */
  async ensureRevocationsFresh(): Promise<void> {
    if (this.revocationsFresh()) return;
    const failing = this.failedInARow >= 2 && Date.now() - this.failedAt < this.pollMs;
    if (!failing) await this.sync().catch(() => undefined);
    if (Date.now() - this.syncedAt > REVOCATION_MAX_STALENESS_MS) throw new PlatformException('UPSTREAM_UNAVAILABLE');
  }

  minimumSecretVersion(credentialId: string): number | undefined {
    return this.versions.get(credentialId);
  }

  /** Applies a rotation made in this process at once. */
  revoked(credentialId: string, minimumSecretVersion: number): void {
    this.versions.set(credentialId, minimumSecretVersion);
    this.localRotations.set(credentialId, { version: minimumSecretVersion, at: Date.now() });
  }

  revocations(): RevocationFeed {
    return {
      items: [...this.versions].map(([credentialId, minimumSecretVersion]) => ({ credentialId, minimumSecretVersion })),
      sessions: [...this.endedSessions],
    };
  }

  /** Whether the session has ended (as far as revocations within the bound say). */
  sessionEnded(sessionId: string): boolean {
    return this.endedSessions.has(sessionId);
  }

  /** Applies a session's end made in this process at once. */
  endedSession(sessionId: string): void {
    this.endedSessions.add(sessionId);
    this.localEndings.set(sessionId, Date.now());
  }

  /**
   * Whether the organization may act for the company, held 5 s (1 s when denied). Requests that
   * miss the cache together (the first ones, or all those in flight when an answer expires)
   * share one lookup; a failed lookup is not held, and the next request asks again.
   */
  canActFor(query: CompanyAccessQuery): Promise<boolean> {
    const key = `${query.organizationId}:${query.workspaceId}:${query.companyId}`;
    const cached = this.access.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    let lookup = this.accessLookups.get(key);
    if (!lookup) {
      lookup = this.loadAccess(query)
        .then((allowed) => {
          this.access.set(key, allowed, { ttl: allowed ? ACCESS_ALLOWED_TTL_MS : ACCESS_DENIED_TTL_MS });
          return allowed;
        })
        .finally(() => this.accessLookups.delete(key));
      this.accessLookups.set(key, lookup);
    }
    return lookup;
  }

  private sync(): Promise<void> {
    this.syncing ??= this.loadRevocations()
      .then((feed) => {
        const versions = new Map(feed.items.map((entry) => [entry.credentialId, entry.minimumSecretVersion]));
        const ended = new Set(feed.sessions);
        const now = Date.now();
        for (const [id, at] of this.localEndings) {
          if (now - at > 2 * REVOCATION_MAX_STALENESS_MS) this.localEndings.delete(id);
          else ended.add(id);
        }
        this.endedSessions = ended;
        for (const [id, rotation] of this.localRotations) {
          if (now - rotation.at > 2 * REVOCATION_MAX_STALENESS_MS) this.localRotations.delete(id);
          else if ((versions.get(id) ?? 0) < rotation.version) versions.set(id, rotation.version);
        }
        this.versions = versions;
        this.syncedAt = now;
        this.failedInARow = 0;
        this.failures.succeeded('revocation refresh');
      })
      .catch((error: Error) => {
        this.failedAt = Date.now();
        this.failedInARow++;
        this.failures.failed('revocation refresh', `revocation refresh failed: ${error.message}`);
        throw error;
      })
      .finally(() => (this.syncing = undefined));
    return this.syncing;
  }
}
