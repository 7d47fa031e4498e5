import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { OrganizationRole } from '@platform/pipeline';

/** A person with a dashboard account. The email is kept lower-cased; the password only as an argon2id hash. */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('uq_users_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 200 })
  passwordHash: string;

  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  @Column({ name: 'password_changed_at', type: 'timestamptz' })
  passwordChangedAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A user's role in an organization. */
@Entity({ name: 'memberships' })
export class Membership {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Index('idx_memberships_user')
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 20 })
  role: OrganizationRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/**
 * A dashboard session: the cookie holds a random token, the table its SHA-256. It ends when
 * signed out or revoked (`endedAt`), after SESSION_IDLE_SECONDS without a request, or at `expiresAt`.
 */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_sessions_user')
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Index('uq_sessions_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The last request seen, written at most once a minute. */
  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Index('idx_sessions_ended_at')
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ name: 'ip_address', type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;
}

/**
 * A sign-up waiting for its emailed link. The account (with this password, this name and a new
 * organization of this name) is made only when this sign-up's own link is used, within a day:
 * whoever signs up first with someone else's address gets no account and holds nothing. Each
 * sign-up of an address has its own row and link; the first link used makes the account and
 * ends the others.
 */
@Entity({ name: 'pending_sign_ups' })
@Index('idx_pending_sign_ups_email', ['email', 'createdAt'])
export class PendingSignUp {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'organization_name', type: 'varchar', length: 200 })
  organizationName: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 200 })
  passwordHash: string;

  /** The SHA-256 of the link last emailed (a new email, a new link); null until the email is sent. */
  @Index('uq_pending_sign_ups_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64, nullable: true })
  tokenHash: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Index('idx_pending_sign_ups_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}

export type AccountLinkKind = 'password_reset' | 'unlock';

/** A one-time link sent by email to an account (password reset, sign-in unlock): only the token's SHA-256 is kept. */
@Entity({ name: 'account_links' })
export class AccountLink {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20 })
  kind: AccountLinkKind;

  @Index('idx_account_links_user')
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Index('uq_account_links_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/**
 * An invitation to join an organization with a role, sent by email; accepted by a signed-in user
 * with that email. The invitations an organization sent, and those an address was sent, over the
 * last 24 hours are each one range of an index: their limits count them.
 */
@Entity({ name: 'invitations' })
@Index('idx_invitations_organization_created', ['organizationId', 'createdAt'])
@Index('idx_invitations_email_created', ['email', 'createdAt'])
export class Invitation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  role: OrganizationRole;

  @Index('uq_invitations_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'invited_by', type: 'uuid' })
  invitedBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}

/**
 * What people and keys did to an organization, append-only (the table refuses UPDATE and
 * DELETE): who (user or credential, with the email at the time), what, to what, from which address.
 * A person's own change (a sign-in, a password) is written once in the log of each organization
 * they are a member of at the time, or once with no organization when they are in none. An
 * organization's log, whatever its filter, is then one range of one index, newest first.
 */
@Entity({ name: 'audit_log' })
@Index('idx_audit_log_organization', ['organizationId', 'occurredAt', 'id'])
@Index('idx_audit_log_organization_action', ['organizationId', 'action', 'occurredAt', 'id'])
@Index('idx_audit_log_organization_actor', ['organizationId', 'actorUserId', 'occurredAt', 'id'])
export class AuditEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'organization_id', type: 'uuid', nullable: true })
  organizationId: string | null;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId: string | null;

  @Column({ name: 'actor_email', type: 'varchar', length: 254, nullable: true })
  actorEmail: string | null;

  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ name: 'target_type', type: 'varchar', length: 40, nullable: true })
  targetType: string | null;

  @Column({ name: 'target_id', type: 'varchar', length: 100, nullable: true })
  targetId: string | null;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ name: 'ip_address', type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;
}
