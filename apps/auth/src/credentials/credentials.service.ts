import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, MoreThan } from 'typeorm';
import { Batcher, Environment, PlanEnvironment, PlanId, PLANS, PlatformException, RateLimits, Scope, SCOPES } from '@platform/pipeline';
import { EventOutbox, PreparedStatement, qualifiedTable, Transactions } from '@platform/data';
import { Organization } from '../organizations/organization.entity';
import { DEFAULT_CREDENTIAL_NAME, DeveloperCredential, inGrace, MAX_CREDENTIAL_NAME_LENGTH, minimumSecretVersion } from './developer-credential.entity';
import { generateApiKey, generateApiSecret, hashSecret, keyHashOf, keyPrefixOf, pepperOf, secretMatches } from './credential-secrets';

export interface NewDeveloper {
  organizationName: string;
  /** The first key's name (DEFAULT_CREDENTIAL_NAME when not given). */
  credentialName?: string;
  plan: PlanId;
  scopes?: Scope[];
  burstPerSecond?: number;
  monthlyQuota?: number;
  webhookRetries?: number;
}

/** Work done in the transaction of a credential's change (an audit entry), with the credential as changed. */
export type AlongWith = (manager: EntityManager, credential: DeveloperCredential) => Promise<void>;

export interface IssuedCredentials {
  organizationId: string;
  credentialId: string;
  apiKey: string;
  apiSecret: string;
  plan: PlanId;
}

/** What a token is minted from: the credential and its organization, as far as a token says them. */
export interface TokenSubject {
  credential: Pick<
    DeveloperCredential,
    'id' | 'keyHash' | 'secretHash' | 'secretVersion' | 'previousSecretHash' | 'previousSecretExpiresAt' | 'scopes' | 'revokedAt'
  >;
  organization: Pick<Organization, 'id' | 'plan' | 'burstPerSecond' | 'monthlyQuota' | 'webhookRetries' | 'createdAt'>;
}

interface CredentialRow {
  id: string;
  key_hash: string;
  secret_hash: string;
  secret_version: number;
  previous_secret_hash: string | null;
  previous_secret_expires_at: Date | null;
  scopes: string;
  organization_id: string;
  plan: PlanId;
  burst_per_second: number | null;
  monthly_quota: number | null;
  webhook_retries: number | null;
  created_at: Date;
  revoked_at: Date | null;
}

/**
 * The credential lookups of concurrent token exchanges: those that arrive while two are out go
 * together in the next, one statement for all their keys.
 */
const LOOKUP_BATCHING = { maxBatch: 128, maxInFlight: 2 };

/** A token subject of its own for each exchange, from the row. */
function subjectOf(row: CredentialRow): TokenSubject {
  return {
    credential: {
      id: row.id,
      keyHash: row.key_hash,
      secretHash: row.secret_hash,
      secretVersion: row.secret_version,
      previousSecretHash: row.previous_secret_hash,
      previousSecretExpiresAt: row.previous_secret_expires_at,
      scopes: row.scopes,
      revokedAt: row.revoked_at,
    },
    organization: {
      id: row.organization_id,
      plan: row.plan,
      burstPerSecond: row.burst_per_second,
      monthlyQuota: row.monthly_quota,
      webhookRetries: row.webhook_retries,
      createdAt: row.created_at,
    },
  };
}

/** How stale a key's `lastUsedAt` may be: it is written at most once a minute per key. */
const LAST_USED_PRECISION_MS = 60_000;
/** Credentials whose last write a process remembers (the oldest forgotten first). */
const MAX_MARKED_REMEMBERED = 10_000;

/** The longest grace period a rotation may give the previous secret: 24 hours. */
export const MAX_SECRET_GRACE_SECONDS = 24 * 3600;

/** What a missing hash is compared with: the work is the same whether or not the key exists. */
const NO_HASH = '0'.repeat(64);

/** Tokens live 15 minutes: a rotation older than that can no longer revoke anything. */
export const REVOCATION_HORIZON_MS = 20 * 60_000;

@Injectable()
export class CredentialsService {
  private readonly logger = new Logger('Credentials');
  private readonly pepper: string;
  private readonly environment: PlanEnvironment;
  private readonly keysPerOrganization: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly outbox: EventOutbox,
    @Inject(Environment) env: Environment,
  ) {
    this.pepper = pepperOf(env);
    this.environment = env.PLATFORM_ENVIRONMENT;
    this.keysPerOrganization = env.API_KEYS_PER_ORGANIZATION;
  }

  async createDeveloper(input: NewDeveloper): Promise<IssuedCredentials> {
    const plan = PLANS[input.plan];
    const negotiated = input.plan === 'api-enterprise';
    if (!negotiated && (input.burstPerSecond !== undefined || input.monthlyQuota !== undefined || input.webhookRetries !== undefined)) {
      throw PlatformException.validation({ plan: ['custom limits are negotiated for api-enterprise only'] });
    }
    // A deployment issues keys of its own environment on any plan, but free access is sandbox only.
    if (this.environment === 'production' && plan.environment === 'sandbox') {
      throw PlatformException.validation({ plan: [`the ${plan.id} plan is for the sandbox environment only`] });
    }
    return this.transactions.run(async (manager) => {
      const organization = await manager.save(
        manager.create(Organization, {
          name: input.organizationName,
          plan: input.plan,
          burstPerSecond: negotiated ? (input.burstPerSecond ?? null) : null,
          monthlyQuota: negotiated ? (input.monthlyQuota ?? null) : null,
          webhookRetries: negotiated ? (input.webhookRetries ?? null) : null,
        }),
      );
      const { credential, apiKey, apiSecret } = await this.issue(manager, organization.id, { name: input.credentialName, scopes: input.scopes });
      return { organizationId: organization.id, credentialId: credential.id, apiKey, apiSecret, plan: input.plan };
    });
  }

  /**
   * Another key of an existing organization, named; its key and secret are returned once. The
   * dashboard's and the CLI's alike, within API_KEYS_PER_ORGANIZATION keys not revoked.
   */
  async createCredential(organizationId: string, input: { name?: string; scopes?: Scope[] }, alongWith?: AlongWith): Promise<IssuedCredentials> {
    return this.transactions.run(async (manager) => {
      const organization = await manager.findOneBy(Organization, { id: organizationId });
      if (!organization) throw PlatformException.validation({ organizationId: ['no organization has this id'] });
      await this.withinKeyLimit(manager, organization.id);
      const { credential, apiKey, apiSecret } = await this.issue(manager, organization.id, input);
      await alongWith?.(manager, credential);
      return { organizationId: organization.id, credentialId: credential.id, apiKey, apiSecret, plan: organization.plan };
    });
  }

  /**
   * Refuses a key past API_KEYS_PER_ORGANIZATION, under a lock of the organization's keys held
   * until the transaction ends, so that concurrent creations at the limit cannot both pass.
   */
  private async withinKeyLimit(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`developer-credentials:${organizationId}`]);
    const limit = this.keysPerOrganization;
    if ((await manager.countBy(DeveloperCredential, { organizationId, revokedAt: IsNull() })) >= limit) {
      throw new PlatformException('CREDENTIAL_LIMIT_REACHED', { params: { limit }, details: { limit } });
    }
  }

  private async issue(manager: EntityManager, organizationId: string, input: { name?: string; scopes?: Scope[] }) {
    const name = (input.name ?? DEFAULT_CREDENTIAL_NAME).trim();
    if (!name || name.length > MAX_CREDENTIAL_NAME_LENGTH)
      throw PlatformException.validation({ name: [`a key's name is 1 to ${MAX_CREDENTIAL_NAME_LENGTH} characters`] });
    const apiKey = generateApiKey(this.environment);
    const apiSecret = generateApiSecret(this.environment);
    const credential = await manager.save(
      manager.create(DeveloperCredential, {
        organizationId,
        name,
        keyHash: keyHashOf(apiKey),
        keyPrefix: keyPrefixOf(apiKey),
        keyLastFour: apiKey.slice(-4),
        secretHash: hashSecret(this.pepper, apiSecret),
        secretVersion: 1,
        secretRotatedAt: null,
        environment: this.environment,
        scopes: (input.scopes ?? [...SCOPES]).join(' '),
      }),
    );
    return { credential, apiKey, apiSecret };
  }

  /**
   * Notes that the credential exchanged for a token: off the exchange's path (not awaited by it),
   * at most once a minute per credential and process, the credentials of concurrent exchanges in
   * one statement. A write that fails is logged; the exchange has already succeeded.
   */
  markUsed(credentialId: string): void {
    const now = Date.now();
    if (now - (this.lastMarked.get(credentialId) ?? 0) < LAST_USED_PRECISION_MS) return;
    this.lastMarked.set(credentialId, now);
    if (this.lastMarked.size > MAX_MARKED_REMEMBERED) this.lastMarked.delete(this.lastMarked.keys().next().value!);
    this.usedMarks
      .run(credentialId)
      .catch((error: unknown) => this.logger.warn(`last use of credential ${credentialId} not recorded: ${(error as Error).message}`));
  }

  private readonly lastMarked = new Map<string, number>();
  private readonly usedMarks = new Batcher(
    async (ids: string[]) => {
      await this.dataSource.query(`UPDATE ${qualifiedTable(this.dataSource, DeveloperCredential)} SET "last_used_at" = now() WHERE "id" = ANY($1::uuid[])`, [
        [...new Set(ids)],
      ]);
      return ids.map(() => undefined);
    },
    { maxBatch: 500, maxInFlight: 1 },
  );

  /**
   * The credential and organization for a key (by its `keyHashOf`) and secret, or null. Always
   * spends two hashes, whatever the key: the current secret's and the previous one's. The previous
   * secret, while its grace period runs, answers for the version before the current one (its
   * tokens are that version's, and stop with it).
   */
  async verify(keyHash: string, apiSecret: string): Promise<TokenSubject | null> {
    const found = await this.findByKeyHash(keyHash);
    const current = secretMatches(this.pepper, apiSecret, found?.credential.secretHash ?? NO_HASH);
    const previous = secretMatches(this.pepper, apiSecret, found?.credential.previousSecretHash ?? NO_HASH);
    if (!found || found.credential.revokedAt) return null;
    if (current) return found;
    if (previous && inGrace(found.credential)) return { ...found, credential: { ...found.credential, secretVersion: found.credential.secretVersion - 1 } };
    return null;
  }

  /**
   * The credential and its organization by key hash. The lookups of concurrent exchanges go
   * together (`lookups`): one prepared statement for the distinct keys of a batch.
   */
  private findByKeyHash(keyHash: string): Promise<TokenSubject | null> {
    return this.lookups.run(keyHash);
  }

  private readonly lookups = new Batcher((keyHashes: string[]) => this.findManyByKeyHash(keyHashes), LOOKUP_BATCHING);

  private async findManyByKeyHash(keyHashes: string[]): Promise<(TokenSubject | null)[]> {
    this.byKeyHashes ??= new PreparedStatement(
      'SELECT c.id, c.key_hash, c.secret_hash, c.secret_version, c.previous_secret_hash, c.previous_secret_expires_at, c.scopes, c.revoked_at, o.id AS organization_id, o.plan, o.burst_per_second, o.monthly_quota, o.webhook_retries, o.created_at ' +
        `FROM ${qualifiedTable(this.dataSource, DeveloperCredential)} c JOIN ${qualifiedTable(this.dataSource, Organization)} o ON o.id = c.organization_id ` +
        'WHERE c.key_hash = ANY($1::varchar[])',
    );
    const rows = await this.byKeyHashes.run<CredentialRow>(this.dataSource, [[...new Set(keyHashes)]]);
    const found = new Map(rows.map((row) => [row.key_hash, row]));
    return keyHashes.map((keyHash) => {
      const row = found.get(keyHash);
      return row ? subjectOf(row) : null;
    });
  }

  private byKeyHashes?: PreparedStatement;

  async findWithOrganization(credentialId: string): Promise<{ credential: DeveloperCredential; organization: Organization }> {
    const credential = await this.dataSource.getRepository(DeveloperCredential).findOneByOrFail({ id: credentialId });
    const organization = await this.dataSource.getRepository(Organization).findOneByOrFail({ id: credential.organizationId });
    return { credential, organization };
  }

  /**
   * New secret, returned once. Without a grace period the old one stops working at once and its
   * tokens are revoked; with one (at most MAX_SECRET_GRACE_SECONDS), the old secret still
   * exchanges until it ends, and its tokens stop then. A secret still in its grace when the next
   * rotation comes stops at once: there is one previous secret at most.
   */
  async rotateSecret(credentialId: string, graceSeconds = 0, alongWith?: AlongWith): Promise<{ credential: DeveloperCredential; apiSecret: string }> {
    if (!Number.isInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > MAX_SECRET_GRACE_SECONDS) {
      throw PlatformException.validation({ graceSeconds: [`graceSeconds must be an integer from 0 to ${MAX_SECRET_GRACE_SECONDS}`] });
    }
    return this.transactions.run(async (manager) => {
      const credential = await manager.findOneOrFail(DeveloperCredential, {
        where: { id: credentialId },
        lock: { mode: 'pessimistic_write' },
      });
      if (credential.revokedAt) throw PlatformException.validation({ credentialId: ['the credential is revoked'] });
      const apiSecret = generateApiSecret(credential.environment);
      const now = new Date();
      credential.previousSecretHash = graceSeconds > 0 ? credential.secretHash : null;
      credential.previousSecretExpiresAt = graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null;
      credential.secretHash = hashSecret(this.pepper, apiSecret);
      credential.secretVersion += 1;
      credential.secretRotatedAt = now;
      await manager.save(credential);
      // what a security log wants to hear: which credential, when, which version; never a secret or its hash
      await this.outbox.record(manager, credential.organizationId, 'credential.secret_rotated', {
        credentialId: credential.id,
        apiKeyPrefix: credential.keyPrefix,
        environment: credential.environment,
        secretVersion: credential.secretVersion,
        rotatedAt: credential.secretRotatedAt,
        previousSecretExpiresAt: credential.previousSecretExpiresAt,
      });
      await alongWith?.(manager, credential);
      return { credential, apiSecret };
    });
  }

  /** Every credential with its organization, newest first; one organization's when given. */
  async list(organizationId?: string): Promise<{ credential: DeveloperCredential; organization: Organization }[]> {
    const credentials = await this.dataSource
      .getRepository(DeveloperCredential)
      .find({ where: organizationId ? { organizationId } : {}, order: { createdAt: 'DESC' } });
    const organizations = new Map(
      (await this.dataSource.getRepository(Organization).findBy({ id: In([...new Set(credentials.map((credential) => credential.organizationId))]) })).map(
        (organization) => [organization.id, organization],
      ),
    );
    return credentials.map((credential) => ({ credential, organization: organizations.get(credential.organizationId)! }));
  }

  findOrganization(organizationId: string): Promise<Organization> {
    return this.dataSource.getRepository(Organization).findOneByOrFail({ id: organizationId });
  }

  /** The organization's credential by id, or null (another organization's is none of its own). */
  findInOrganization(organizationId: string, credentialId: string): Promise<DeveloperCredential | null> {
    return this.dataSource.getRepository(DeveloperCredential).findOneBy({ id: credentialId, organizationId });
  }

  async organizationExists(organizationId: string): Promise<boolean> {
    return this.dataSource.getRepository(Organization).existsBy({ id: organizationId });
  }

  /** How many organizations the store holds. */
  countOrganizations(): Promise<number> {
    return this.dataSource.getRepository(Organization).count();
  }

  /**
   * Revokes a credential for good: its key and secret are refused from now on, and its tokens
   * within the revocation bound (its secret version moves on, as at a rotation, and nobody holds
   * the new one). Revoking twice changes nothing.
   */
  async revoke(credentialId: string, alongWith?: AlongWith): Promise<DeveloperCredential> {
    return this.transactions.run(async (manager) => {
      const credential = await manager.findOneOrFail(DeveloperCredential, { where: { id: credentialId }, lock: { mode: 'pessimistic_write' } });
      if (credential.revokedAt) return credential;
      await alongWith?.(manager, credential);
      const now = new Date();
      credential.revokedAt = now;
      credential.secretVersion += 1;
      credential.secretRotatedAt = now;
      credential.secretHash = hashSecret(this.pepper, generateApiSecret(credential.environment));
      credential.previousSecretHash = null;
      credential.previousSecretExpiresAt = null;
      return manager.save(credential);
    });
  }

  /**
   * Credentials rotated, or whose previous secret's grace ended, within the token lifetime (or
   * whose grace still runs), with the oldest secret version still valid.
   */
  async recentRotations(): Promise<{ credentialId: string; minimumSecretVersion: number }[]> {
    const since = new Date(Date.now() - REVOCATION_HORIZON_MS);
    const rows = await this.dataSource.getRepository(DeveloperCredential).find({
      select: { id: true, secretVersion: true, previousSecretExpiresAt: true },
      where: [{ secretRotatedAt: MoreThan(since) }, { previousSecretExpiresAt: MoreThan(since) }],
    });
    const now = Date.now();
    return rows.map((row) => ({ credentialId: row.id, minimumSecretVersion: minimumSecretVersion(row, now) }));
  }
}

export function rateLimitsOf(organization: Pick<Organization, 'plan' | 'burstPerSecond' | 'monthlyQuota' | 'webhookRetries'>): RateLimits {
  const plan = PLANS[organization.plan].rateLimits;
  return {
    burstPerSecond: organization.burstPerSecond ?? plan.burstPerSecond,
    monthlyQuota: organization.monthlyQuota ?? plan.monthlyQuota,
    webhookRetries: organization.webhookRetries ?? plan.webhookRetries,
  };
}
