import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, MoreThan } from 'typeorm';
import { PlanId } from '@platform/pipeline';
import { PreparedStatement, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { Organization } from '../organizations/organization.entity';
import { DeveloperCredential } from './developer-credential.entity';

/** What a new credential is written with (its organization and keys aside). */
export type CredentialFields = Pick<
  DeveloperCredential,
  'name' | 'keyHash' | 'keyPrefix' | 'keyLastFour' | 'secretHash' | 'secretVersion' | 'secretRotatedAt' | 'environment' | 'scopes'
>;

/** What a rotation or a revocation changes. */
export type SecretFields = Pick<
  DeveloperCredential,
  'secretHash' | 'secretVersion' | 'secretRotatedAt' | 'previousSecretHash' | 'previousSecretExpiresAt' | 'revokedAt'
>;

/** A credential and its organization as a token exchange reads them, by key hash. */
export interface CredentialRow {
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

const SAMPLE_HASH = 'e'.repeat(64);
const SAMPLE_CREDENTIAL: CredentialFields = {
  name: 'Default',
  keyHash: SAMPLE_HASH,
  keyPrefix: 'pk_sandbox_sample',
  keyLastFour: 'abcd',
  secretHash: SAMPLE_HASH,
  secretVersion: 1,
  secretRotatedAt: null,
  environment: 'sandbox',
  scopes: 'hr:read',
};
const SAMPLE_SECRET: SecretFields = {
  secretHash: SAMPLE_HASH,
  secretVersion: 2,
  secretRotatedAt: new Date(0),
  previousSecretHash: null,
  previousSecretExpiresAt: null,
  revokedAt: null,
};

/**
 * Developer credentials (`developer_credentials`) and the organizations the operator commands
 * count. A token exchange finds its credential by the key alone, and a token names its
 * credential: those reads, and the platform's feeds, end in AcrossCompanies.
 */
@Injectable()
export class CredentialsRepository {
  private byKeyHashes?: PreparedStatement;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_CREDENTIAL, SAMPLE.tx])
  insertCredential(organizationId: string, fields: CredentialFields, manager: EntityManager): Promise<DeveloperCredential> {
    return manager.save(manager.create(DeveloperCredential, { ...fields, organizationId }));
  }

  /**
   * Locks the organization's keys until the transaction ends (an advisory lock) and counts those
   * not revoked: concurrent creations at the limit are counted one after the other.
   */
  @QuerySample([SAMPLE.companyId, SAMPLE.tx])
  async lockAndCountLiveCredentials(organizationId: string, manager: EntityManager): Promise<number> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`developer-credentials:${organizationId}`]);
    return manager.countBy(DeveloperCredential, { organizationId, revokedAt: IsNull() });
  }

  /** Notes the last exchange of credentials, whoever's (one statement for a batch). */
  @QuerySample([[SAMPLE.id]])
  async markUsedAcrossCompanies(credentialIds: string[]): Promise<void> {
    await this.dataSource.query(`UPDATE ${qualifiedTable(this.dataSource, DeveloperCredential)} SET "last_used_at" = now() WHERE "id" = ANY($1::uuid[])`, [
      [...new Set(credentialIds)],
    ]);
  }

  /** The credentials of these key hashes with their organizations, in one prepared statement: the token exchanges' lookup. */
  @QuerySample([[SAMPLE_HASH]])
  findByKeyHashesAcrossCompanies(keyHashes: string[]): Promise<CredentialRow[]> {
    this.byKeyHashes ??= new PreparedStatement(
      'SELECT c.id, c.key_hash, c.secret_hash, c.secret_version, c.previous_secret_hash, c.previous_secret_expires_at, c.scopes, c.revoked_at, o.id AS organization_id, o.plan, o.burst_per_second, o.monthly_quota, o.webhook_retries, o.created_at ' +
        `FROM ${qualifiedTable(this.dataSource, DeveloperCredential)} c JOIN ${qualifiedTable(this.dataSource, Organization)} o ON o.id = c.organization_id ` +
        'WHERE c.key_hash = ANY($1::varchar[])',
    );
    return this.byKeyHashes.run<CredentialRow>(this.dataSource, [[...new Set(keyHashes)]]);
  }

  /** A credential by id, whatever its organization (a token, or an operator command, names it). */
  @QuerySample([SAMPLE.id])
  findCredentialAcrossCompanies(credentialId: string): Promise<DeveloperCredential | null> {
    return this.dataSource.getRepository(DeveloperCredential).findOneBy({ id: credentialId });
  }

  /** The organization's credential by id, or null (another organization's is none of its own). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findCredential(organizationId: string, credentialId: string): Promise<DeveloperCredential | null> {
    return this.dataSource.getRepository(DeveloperCredential).findOneBy({ id: credentialId, organizationId });
  }

  /** A credential by id, whatever its organization, locked until the transaction ends. */
  @QuerySample([SAMPLE.id, SAMPLE.tx])
  lockCredentialAcrossCompanies(credentialId: string, manager: EntityManager): Promise<DeveloperCredential | null> {
    return manager.findOne(DeveloperCredential, { where: { id: credentialId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Writes a rotation's or a revocation's secret fields. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE_SECRET, SAMPLE.tx])
  async updateSecret(organizationId: string, credentialId: string, fields: SecretFields, manager: EntityManager): Promise<void> {
    await manager.update(DeveloperCredential, { id: credentialId, organizationId }, fields);
  }

  /** The organization's credentials, newest first. */
  @QuerySample([SAMPLE.companyId])
  listCredentials(organizationId: string): Promise<DeveloperCredential[]> {
    return this.dataSource.getRepository(DeveloperCredential).find({ where: { organizationId }, order: { createdAt: 'DESC' } });
  }

  /** Every credential, newest first (the operator's list). */
  @QuerySample([])
  listCredentialsAcrossCompanies(): Promise<DeveloperCredential[]> {
    return this.dataSource.getRepository(DeveloperCredential).find({ where: {}, order: { createdAt: 'DESC' } });
  }

  /** The organizations of these ids (those of a list of credentials). */
  @QuerySample([[SAMPLE.companyId]])
  findOrganizationsAcrossCompanies(organizationIds: string[]): Promise<Organization[]> {
    return this.dataSource.getRepository(Organization).findBy({ id: In(organizationIds) });
  }

  @QuerySample([SAMPLE.companyId])
  organizationExists(organizationId: string): Promise<boolean> {
    return this.dataSource.getRepository(Organization).existsBy({ id: organizationId });
  }

  /** How many organizations the store holds. */
  @QuerySample([])
  countOrganizationsAcrossCompanies(): Promise<number> {
    return this.dataSource.getRepository(Organization).count();
  }

  /** Credentials rotated, or whose previous secret's grace ended, after `since` (or whose grace still runs): the revocation feed's. */
  @QuerySample([new Date(0)])
  listRotatedSinceAcrossCompanies(since: Date): Promise<Array<Pick<DeveloperCredential, 'id' | 'secretVersion' | 'previousSecretExpiresAt'>>> {
    return this.dataSource.getRepository(DeveloperCredential).find({
      select: { id: true, secretVersion: true, previousSecretExpiresAt: true },
      where: [{ secretRotatedAt: MoreThan(since) }, { previousSecretExpiresAt: MoreThan(since) }],
    });
  }

  /** Whether the store holds another service's schema (the CLI migrates auth's own, so that one proves nothing). */
  @QuerySample(['hr'])
  async hasSchemaAcrossCompanies(schema: string): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await runner.hasSchema(schema);
    } finally {
      await runner.release();
    }
  }
}
