import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PlanEnvironment } from '@platform/pipeline';

export const DEFAULT_CREDENTIAL_NAME = 'Default key';
export const MAX_CREDENTIAL_NAME_LENGTH = 100;

/**
 * An API key and secret pair. Neither is stored: the key by its SHA-256, the secret by a peppered
 * HMAC. An organization's keys not revoked, which its limit counts, are an index of their own.
 */
@Entity({ name: 'developer_credentials' })
@Index('idx_developer_credentials_live', ['organizationId'], { where: '"revoked_at" IS NULL' })
export class DeveloperCredential {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_developer_credentials_organization')
  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Index('uq_developer_credentials_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  /** The first characters of the key, enough to recognise it in a dashboard or a log. */
  @Column({ name: 'key_prefix', type: 'varchar', length: 32 })
  keyPrefix: string;

  /** The key's last four characters (null for keys issued before they were kept): with the prefix, how a person tells keys apart. */
  @Column({ name: 'key_last_four', type: 'varchar', length: 4, nullable: true })
  keyLastFour: string | null;

  /** What the organization calls the key ("Production server", "Payroll sync"). */
  @Column({ type: 'varchar', length: 100, default: DEFAULT_CREDENTIAL_NAME })
  name: string;

  /** When the key last exchanged for a token (written at most once a minute per key, off the exchange's path). */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'secret_hash', type: 'varchar', length: 64 })
  secretHash: string;

  /** Incremented by every rotation; tokens minted with an older version are refused (the previous one's while its grace runs: `minimumSecretVersion`). */
  @Column({ name: 'secret_version', type: 'integer', default: 1 })
  secretVersion: number;

  @Column({ name: 'secret_rotated_at', type: 'timestamptz', nullable: true })
  secretRotatedAt: Date | null;

  /**
   * The secret before the last rotation, while a grace period the rotation gave it runs: until
   * `previousSecretExpiresAt` it still exchanges, for tokens of the version before this one.
   */
  @Column({ name: 'previous_secret_hash', type: 'varchar', length: 64, nullable: true })
  previousSecretHash: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  /** Set when the credential is revoked for good: its key and secret are refused from then on. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'varchar', length: 20 })
  environment: PlanEnvironment;

  /** Space-separated scopes. */
  @Column({ type: 'text' })
  scopes: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** Whether the previous secret's grace period runs: it still exchanges, and its tokens still work. */
export function inGrace(credential: Pick<DeveloperCredential, 'previousSecretExpiresAt'>, now = Date.now()): boolean {
  return (credential.previousSecretExpiresAt?.getTime() ?? 0) > now;
}

/**
 * The oldest secret version whose tokens are accepted: the current one's, or the one before while
 * the previous secret's grace period runs.
 */
export function minimumSecretVersion(credential: Pick<DeveloperCredential, 'secretVersion' | 'previousSecretExpiresAt'>, now = Date.now()): number {
  return inGrace(credential, now) ? credential.secretVersion - 1 : credential.secretVersion;
}

/** A credential as people and the API see it: never a secret nor a hash. */
export function credentialView(credential: DeveloperCredential) {
  return {
    id: credential.id,
    name: credential.name,
    keyPrefix: credential.keyPrefix,
    keyLastFour: credential.keyLastFour,
    environment: credential.environment,
    scopes: credential.scopes.split(' '),
    secretRotatedAt: credential.secretRotatedAt,
    previousSecretExpiresAt: inGrace(credential) ? credential.previousSecretExpiresAt : null,
    lastUsedAt: credential.lastUsedAt,
    createdAt: credential.createdAt,
  };
}
