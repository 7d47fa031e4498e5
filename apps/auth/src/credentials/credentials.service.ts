import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Batcher, Environment, PlanEnvironment, PlanId, PLANS, PlatformException, RateLimits, Scope, SCOPES } from '@platform/pipeline';
import { EventOutbox, Transactions } from '@platform/data';
import { Organization } from '../organizations/organization.entity';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { CredentialRow, CredentialsRepository, SecretFields } from './credentials.repository';
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
    private readonly repository: CredentialsRepository,
    private readonly organizations: OrganizationsRepository,
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
      const organization = await this.organizations.insertOrganization(
        randomUUID(),
        {
          name: input.organizationName,
          plan: input.plan,
          burstPerSecond: negotiated ? (input.burstPerSecond ?? null) : null,
          monthlyQuota: negotiated ? (input.monthlyQuota ?? null) : null,
          webhookRetries: negotiated ? (input.webhookRetries ?? null) : null,
        },
        manager,
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
      const organization = await this.organizations.findOrganization(organizationId, manager);
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
    const limit = this.keysPerOrganization;
    if ((await this.repository.lockAndCountLiveCredentials(organizationId, manager)) >= limit) {
      throw new PlatformException('CREDENTIAL_LIMIT_REACHED', { params: { limit }, details: { limit } });
    }
  }

  private async issue(manager: EntityManager, organizationId: string, input: { name?: string; scopes?: Scope[] }) {
    const name = (input.name ?? DEFAULT_CREDENTIAL_NAME).trim();
    if (!name || name.length > MAX_CREDENTIAL_NAME_LENGTH)
      throw PlatformException.validation({ name: [`a key's name is 1 to ${MAX_CREDENTIAL_NAME_LENGTH} characters`] });
    const apiKey = generateApiKey(this.environment);
    const apiSecret = generateApiSecret(this.environment);
    const credential = await this.repository.insertCredential(
      organizationId,
      {
        name,
        keyHash: keyHashOf(apiKey),
        keyPrefix: keyPrefixOf(apiKey),
        keyLastFour: apiKey.slice(-4),
        secretHash: hashSecret(this.pepper, apiSecret),
        secretVersion: 1,
        secretRotatedAt: null,
        environment: this.environment,
        scopes: (input.scopes ?? [...SCOPES]).join(' '),
      },
      manager,
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
      await this.repository.markUsedAcrossCompanies(ids);
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
    const rows = await this.repository.findByKeyHashesAcrossCompanies(keyHashes);
    const found = new Map(rows.map((row) => [row.key_hash, row]));
    return keyHashes.map((keyHash) => {
      const row = found.get(keyHash);
      return row ? subjectOf(row) : null;
    });
  }

  async findWithOrganization(credentialId: string): Promise<{ credential: DeveloperCredential; organization: Organization }> {
    const credential = await this.repository.findCredentialAcrossCompanies(credentialId);
    if (!credential) throw new Error(`credential ${credentialId} not found`);
    const organization = await this.organizations.findOrganization(credential.organizationId);
    if (!organization) throw new Error(`organization ${credential.organizationId} not found`);
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
      const credential = await this.lockCredential(credentialId, manager);
      if (credential.revokedAt) throw PlatformException.validation({ credentialId: ['the credential is revoked'] });
      const apiSecret = generateApiSecret(credential.environment);
      const now = new Date();
      credential.previousSecretHash = graceSeconds > 0 ? credential.secretHash : null;
      credential.previousSecretExpiresAt = graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null;
      credential.secretHash = hashSecret(this.pepper, apiSecret);
      credential.secretVersion += 1;
      credential.secretRotatedAt = now;
      await this.repository.updateSecret(credential.organizationId, credential.id, secretFieldsOf(credential), manager);
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

  /** The credential, locked until the transaction ends (a token or an operator command names it: it exists). */
  private async lockCredential(credentialId: string, manager: EntityManager): Promise<DeveloperCredential> {
    const credential = await this.repository.lockCredentialAcrossCompanies(credentialId, manager);
    if (!credential) throw new Error(`credential ${credentialId} not found`);
    return credential;
  }

  /** Every credential with its organization, newest first; one organization's when given. */
  async list(organizationId?: string): Promise<{ credential: DeveloperCredential; organization: Organization }[]> {
    const credentials = organizationId ? await this.repository.listCredentials(organizationId) : await this.repository.listCredentialsAcrossCompanies();
    const organizations = new Map(
      (await this.repository.findOrganizationsAcrossCompanies([...new Set(credentials.map((credential) => credential.organizationId))])).map((organization) => [
        organization.id,
        organization,
      ]),
    );
    return credentials.map((credential) => ({ credential, organization: organizations.get(credential.organizationId)! }));
  }

  async findOrganization(organizationId: string): Promise<Organization> {
    const organization = await this.organizations.findOrganization(organizationId);
    if (!organization) throw new Error(`organization ${organizationId} not found`);
    return organization;
  }

  /** The organization's credential by id, or null (another organization's is none of its own). */
  findInOrganization(organizationId: string, credentialId: string): Promise<DeveloperCredential | null> {
    return this.repository.findCredential(organizationId, credentialId);
  }

  async organizationExists(organizationId: string): Promise<boolean> {
    return this.repository.organizationExists(organizationId);
  }

  /** How many organizations the store holds. */
  countOrganizations(): Promise<number> {
    return this.repository.countOrganizationsAcrossCompanies();
  }

  /**
   * Revokes a credential for good: its key and secret are refused from now on, and its tokens
   * within the revocation bound (its secret version moves on, as at a rotation, and nobody holds
   * the new one). Revoking twice changes nothing.
   */
  async revoke(credentialId: string, alongWith?: AlongWith): Promise<DeveloperCredential> {
    return this.transactions.run(async (manager) => {
      const credential = await this.lockCredential(credentialId, manager);
      if (credential.revokedAt) return credential;
      await alongWith?.(manager, credential);
      const now = new Date();
      credential.revokedAt = now;
      credential.secretVersion += 1;
      credential.secretRotatedAt = now;
      credential.secretHash = hashSecret(this.pepper, generateApiSecret(credential.environment));
      credential.previousSecretHash = null;
      credential.previousSecretExpiresAt = null;
      await this.repository.updateSecret(credential.organizationId, credential.id, secretFieldsOf(credential), manager);
      return credential;
    });
  }

  /**
   * Credentials rotated, or whose previous secret's grace ended, within the token lifetime (or
   * whose grace still runs), with the oldest secret version still valid.
   */
  async recentRotations(): Promise<{ credentialId: string; minimumSecretVersion: number }[]> {
    const since = new Date(Date.now() - REVOCATION_HORIZON_MS);
    const rows = await this.repository.listRotatedSinceAcrossCompanies(since);
    const now = Date.now();
    return rows.map((row) => ({ credentialId: row.id, minimumSecretVersion: minimumSecretVersion(row, now) }));
  }

  /** Whether the store holds another service's schema: the suite has used it. */
  hasSchema(schema: string): Promise<boolean> {
    return this.repository.hasSchemaAcrossCompanies(schema);
  }
}

function secretFieldsOf(credential: DeveloperCredential): SecretFields {
  return {
    secretHash: credential.secretHash,
    secretVersion: credential.secretVersion,
    secretRotatedAt: credential.secretRotatedAt,
    previousSecretHash: credential.previousSecretHash,
    previousSecretExpiresAt: credential.previousSecretExpiresAt,
    revokedAt: credential.revokedAt,
  };
}

export function rateLimitsOf(organization: Pick<Organization, 'plan' | 'burstPerSecond' | 'monthlyQuota' | 'webhookRetries'>): RateLimits {
  const plan = PLANS[organization.plan].rateLimits;
  return {
    burstPerSecond: organization.burstPerSecond ?? plan.burstPerSecond,
    monthlyQuota: organization.monthlyQuota ?? plan.monthlyQuota,
    webhookRetries: organization.webhookRetries ?? plan.webhookRetries,
  };
}
