import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import { OrganizationRole, PlanId } from '@platform/pipeline';
import { qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { User } from '../accounts/user.entity';
import { Invitation } from './invitation.entity';
import { Membership } from './membership.entity';
import { Organization } from './organization.entity';

/** What an organization is written with (its id and creation aside). */
export type OrganizationFields = Pick<Organization, 'name' | 'plan' | 'burstPerSecond' | 'monthlyQuota' | 'webhookRetries'>;

/** What an invitation is written with (its organization and keys aside). */
export type InvitationFields = Pick<Invitation, 'email' | 'role' | 'invitedBy' | 'tokenHash' | 'expiresAt'>;

export interface MemberRow {
  userId: string;
  email: string;
  name: string;
  role: OrganizationRole;
  joinedAt: Date;
}

/** A member's role and what the gateway's session token says of the organization: its period's anchor, its plan and its negotiated limits. */
export interface MemberAccess {
  role: OrganizationRole;
  createdAt: Date;
  plan: PlanId;
  burstPerSecond: number | null;
  monthlyQuota: number | null;
  webhookRetries: number | null;
}

const SAMPLE_EMAIL = 'someone@example.com';
const SAMPLE_HASH = 'e'.repeat(64);
const SAMPLE_ORGANIZATION: OrganizationFields = { name: 'Sample', plan: 'developer-sandbox', burstPerSecond: null, monthlyQuota: null, webhookRetries: null };
const SAMPLE_INVITATION: InvitationFields = { email: SAMPLE_EMAIL, role: 'viewer', invitedBy: SAMPLE.otherId, tokenHash: SAMPLE_HASH, expiresAt: new Date(0) };

/**
 * Organizations, their members and their invitations (`organizations`, `memberships`,
 * `invitations`). A person's memberships across their organizations take the user first; an
 * invitation found by its link's token, or the invitations an address was sent by every
 * organization, end in AcrossCompanies.
 */
@Injectable()
export class OrganizationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new organization, with the id its caller chose. */
  @QuerySample([SAMPLE.companyId, SAMPLE_ORGANIZATION, SAMPLE.tx])
  async insertOrganization(organizationId: string, fields: OrganizationFields, manager: EntityManager): Promise<Organization> {
    const organization = manager.create(Organization, { ...fields, id: organizationId });
    await manager.insert(Organization, organization);
    return organization;
  }

  @QuerySample([SAMPLE.companyId])
  @QuerySample([SAMPLE.companyId, SAMPLE.tx], 'in a transaction')
  findOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<Organization | null> {
    return manager.findOneBy(Organization, { id: organizationId });
  }

  /** The user's organizations with their role in each, in the order they joined them (one statement: the memberships joined to their organizations). */
  @QuerySample([SAMPLE.id])
  async listUserOrganizations(userId: string): Promise<Array<{ organization: Organization; role: OrganizationRole }>> {
    const { entities, raw } = await this.dataSource
      .getRepository(Organization)
      .createQueryBuilder('o')
      .innerJoin(Membership, 'm', 'm.organizationId = o.id')
      .addSelect('m.role', 'member_role')
      .where('m.userId = :userId', { userId })
      .orderBy('m.createdAt', 'ASC')
      .getRawAndEntities<{ member_role: OrganizationRole }>();
    return entities.map((organization, i) => ({ organization, role: raw[i].member_role }));
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'owner' as const, SAMPLE.tx])
  async insertMembership(organizationId: string, userId: string, role: OrganizationRole, manager: EntityManager): Promise<void> {
    await manager.insert(Membership, { organizationId, userId, role });
  }

  /** Joins a member unless they are one already (their role then stays). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'viewer' as const, SAMPLE.tx])
  async insertMembershipUnlessMember(organizationId: string, userId: string, role: OrganizationRole, manager: EntityManager): Promise<void> {
    await manager.createQueryBuilder().insert().into(Membership).values({ organizationId, userId, role }).orIgnore().execute();
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  hasMember(organizationId: string, userId: string, manager: EntityManager): Promise<boolean> {
    return manager.existsBy(Membership, { organizationId, userId });
  }

  /** The members with their account's email and name, oldest first (at most 1,000). */
  @QuerySample([SAMPLE.companyId])
  listMembers(organizationId: string): Promise<MemberRow[]> {
    return this.dataSource
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.userId')
      .select(['m.userId AS "userId"', 'u.email AS email', 'u.name AS name', 'm.role AS role', 'm.createdAt AS "joinedAt"'])
      .where('m.organizationId = :organizationId', { organizationId })
      .orderBy('m.createdAt', 'ASC')
      .limit(1000)
      .getRawMany<MemberRow>();
  }

  /** The member's row, locked until the transaction ends. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  lockMember(organizationId: string, userId: string, manager: EntityManager): Promise<Membership | null> {
    return manager.findOne(Membership, { where: { organizationId, userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The owners' rows, locked until the transaction ends. */
  @QuerySample([SAMPLE.companyId, SAMPLE.tx])
  lockOwners(organizationId: string, manager: EntityManager): Promise<Membership[]> {
    return manager.find(Membership, { where: { organizationId, role: 'owner' }, lock: { mode: 'pessimistic_write' } });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'admin' as const, SAMPLE.tx])
  async updateMemberRole(organizationId: string, userId: string, role: OrganizationRole, manager: EntityManager): Promise<void> {
    await manager.update(Membership, { organizationId, userId }, { role });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  async deleteMember(organizationId: string, userId: string, manager: EntityManager): Promise<void> {
    await manager.delete(Membership, { organizationId, userId });
  }

  /** Whether an account of this (normalized) email is a member. */
  @QuerySample([SAMPLE.companyId, SAMPLE_EMAIL, SAMPLE.tx])
  isMemberByEmail(organizationId: string, email: string, manager: EntityManager): Promise<boolean> {
    return manager
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.userId')
      .where('m.organizationId = :organizationId AND u.email = :email', { organizationId, email })
      .getExists();
  }

  /** Whether a member now has this (normalized) email and verified it. */
  @QuerySample([SAMPLE.companyId, SAMPLE_EMAIL])
  isVerifiedMemberByEmail(organizationId: string, email: string): Promise<boolean> {
    return this.dataSource
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.userId')
      .where('m.organizationId = :organizationId AND u.email = :email AND u.emailVerifiedAt IS NOT NULL', { organizationId, email })
      .getExists();
  }

  /** The member's role with the organization's plan and limits, or null when the user is no member (the gateway's read). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  async findMemberAccess(organizationId: string, userId: string): Promise<MemberAccess | null> {
    const rows: Array<{
      role: OrganizationRole;
      created_at: Date;
      plan: PlanId;
      burst_per_second: number | null;
      monthly_quota: number | null;
      webhook_retries: number | null;
    }> = await this.dataSource.query(
      `SELECT m.role, o.created_at, o.plan, o.burst_per_second, o.monthly_quota, o.webhook_retries FROM ${qualifiedTable(this.dataSource, Membership)} m JOIN ${qualifiedTable(this.dataSource, Organization)} o ON o.id = m.organization_id WHERE m.organization_id = $1 AND m.user_id = $2`,
      [organizationId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      role: row.role,
      createdAt: row.created_at,
      plan: row.plan,
      burstPerSecond: row.burst_per_second,
      monthlyQuota: row.monthly_quota,
      webhookRetries: row.webhook_retries,
    };
  }

  /**
   * Locks the person's memberships until the transaction ends (an advisory lock of the user) and
   * counts them: concurrent creations or acceptances at the limit are counted one after the other.
   */
  @QuerySample([SAMPLE.id, SAMPLE.tx])
  async lockAndCountMemberships(userId: string, manager: EntityManager): Promise<number> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`memberships:${userId}`]);
    return manager.countBy(Membership, { userId });
  }

  /** Locks, until the transaction ends, the invitations the organization sends and those the address is sent (two advisory locks). */
  @QuerySample([SAMPLE.companyId, SAMPLE_EMAIL, SAMPLE.tx])
  async lockInvitationLimits(organizationId: string, email: string, manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`invitations:organization:${organizationId}`]);
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`invitations:recipient:${email}`]);
  }

  /** The organization's last `limit` invitations sent after `since`, newest first (revoked and replaced ones too). */
  @QuerySample([SAMPLE.companyId, new Date(0), 20, SAMPLE.tx])
  latestInvitationsSent(organizationId: string, since: Date, limit: number, manager: EntityManager): Promise<Array<Pick<Invitation, 'id' | 'createdAt'>>> {
    return manager.find(Invitation, {
      select: { id: true, createdAt: true },
      where: { organizationId, createdAt: MoreThan(since) },
      order: { createdAt: 'DESC' },
      take: limit,
    });
  }

  /** The last `limit` invitations to the address after `since`, from every organization, newest first. */
  @QuerySample([SAMPLE_EMAIL, new Date(0), 5, SAMPLE.tx])
  latestInvitationsToAcrossCompanies(email: string, since: Date, limit: number, manager: EntityManager): Promise<Array<Pick<Invitation, 'id' | 'createdAt'>>> {
    return manager.find(Invitation, {
      select: { id: true, createdAt: true },
      where: { email, createdAt: MoreThan(since) },
      order: { createdAt: 'DESC' },
      take: limit,
    });
  }

  /** The organization's invitations not accepted, revoked nor expired, newest first (at most 1,000). */
  @QuerySample([SAMPLE.companyId])
  listPendingInvitations(organizationId: string): Promise<Invitation[]> {
    return this.dataSource.getRepository(Invitation).find({
      where: { organizationId, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC' },
      take: 1000,
    });
  }

  /** Revokes the organization's pending invitations to the address (a new one replaces them). */
  @QuerySample([SAMPLE.companyId, SAMPLE_EMAIL, SAMPLE.tx])
  async revokeInvitationsTo(organizationId: string, email: string, manager: EntityManager): Promise<void> {
    await manager.update(Invitation, { organizationId, email, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE_INVITATION, SAMPLE.tx])
  insertInvitation(organizationId: string, fields: InvitationFields, manager: EntityManager): Promise<Invitation> {
    return manager.save(manager.create(Invitation, { ...fields, organizationId, acceptedAt: null, revokedAt: null }));
  }

  /** Revokes a pending invitation; false when the organization has none of this id pending. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  async revokeInvitation(organizationId: string, invitationId: string, manager: EntityManager): Promise<boolean> {
    const result = await manager.update(Invitation, { id: invitationId, organizationId, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: new Date() });
    return Boolean(result.affected);
  }

  /** The pending invitation a link's token names, whatever its organization (the link says which), locked until the transaction ends. */
  @QuerySample([SAMPLE_HASH, SAMPLE.tx])
  lockInvitationByTokenAcrossCompanies(tokenHash: string, manager: EntityManager): Promise<Invitation | null> {
    return manager.findOne(Invitation, {
      where: { tokenHash, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      lock: { mode: 'pessimistic_write' },
    });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  async markInvitationAccepted(organizationId: string, invitationId: string, manager: EntityManager): Promise<void> {
    await manager.update(Invitation, { id: invitationId, organizationId }, { acceptedAt: new Date() });
  }

  /**
   * Gives a pending invitation a new link (its token's hash) when its email is sent, and answers
   * what the email says; null when it is no longer pending. The email job names the invitation only.
   */
  @QuerySample([SAMPLE.id, SAMPLE_HASH])
  async renewInvitationLinkAcrossCompanies(
    invitationId: string,
    tokenHash: string,
  ): Promise<{ email: string; role: OrganizationRole; organizationId: string; invitedBy: string } | null> {
    const rows: [Array<{ email: string; role: OrganizationRole; organization_id: string; invited_by: string }>, number] = await this.dataSource.query(
      `UPDATE ${qualifiedTable(this.dataSource, Invitation)} SET "token_hash" = $2 WHERE "id" = $1 AND "accepted_at" IS NULL AND "revoked_at" IS NULL AND "expires_at" > now() RETURNING "email", "role", "organization_id", "invited_by"`,
      [invitationId, tokenHash],
    );
    const row = rows[0]?.[0];
    return row ? { email: row.email, role: row.role, organizationId: row.organization_id, invitedBy: row.invited_by } : null;
  }
}
