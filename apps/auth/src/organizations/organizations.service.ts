import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Environment, OrganizationRole, PlatformException, randomToken, roleAtLeast, SessionPrincipal } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { AccountEmails, LINK_LIFETIME_MS } from '../accounts/account-emails.service';
import { AccountsRepository } from '../accounts/accounts.repository';
import { User } from '../accounts/user.entity';
import { normalizeEmail } from '../accounts/email-limits.service';
import { Actor, AuditService } from '../audit/audit.service';
import { tokenHash } from '../sessions/sessions.service';
import { Invitation } from './invitation.entity';
import { Membership } from './membership.entity';
import { Organization } from './organization.entity';
import { MemberRow, OrganizationsRepository } from './organizations.repository';

/**
 * The organization a person acts on, as the gateway's session token names it, and their role in
 * it: another organization than the path's is a bad session; no role is not a member; a role below
 * `least` is not allowed (INSUFFICIENT_SCOPE).
 */
export function requireRole(session: SessionPrincipal, organizationId: string, least: OrganizationRole): OrganizationRole {
  if (session.organizationId !== organizationId.toLowerCase()) throw new PlatformException('GATEWAY_AUTH_INVALID', { reason: 'organization' });
  if (!session.role) throw new PlatformException('NOT_AN_ORGANIZATION_MEMBER');
  if (!roleAtLeast(session.role, least))
    throw new PlatformException('INSUFFICIENT_SCOPE', {
      reason: 'role',
      params: { scope: `role:${least}`, role: least },
      details: { requiredRole: least, role: session.role },
    });
  return session.role;
}

/** The window of the invitation limits: any 24 hours. */
const INVITATION_WINDOW_MS = 24 * 3600_000;

export type MemberView = MemberRow;

/** Organizations as people see them: membership, roles and invitations. */
@Injectable()
export class OrganizationsService {
  constructor(
    private readonly repository: OrganizationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly emails: AccountEmails,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  async create(actor: Actor & { userId: string }, name: string): Promise<Organization> {
    return this.transactions.run(async (manager) => {
      await this.withinOrganizationLimit(manager, actor.userId);
      const organization = await this.repository.insertOrganization(
        randomUUID(),
        { name: name.trim(), plan: 'developer-sandbox', burstPerSecond: null, monthlyQuota: null, webhookRetries: null },
        manager,
      );
      await this.repository.insertMembership(organization.id, actor.userId, 'owner', manager);
      await this.audit.record(manager, actor, {
        organizationId: organization.id,
        action: 'organization.created',
        targetType: 'organization',
        targetId: organization.id,
        data: { name: organization.name },
      });
      return organization;
    });
  }

  /** The user's organizations, in the order they joined them, with their role in each. */
  listOfUser(userId: string): Promise<Array<{ organization: Organization; role: OrganizationRole }>> {
    return this.repository.listUserOrganizations(userId);
  }

  /** The organization (one the gateway's session token named: it exists). */
  async get(organizationId: string): Promise<Organization> {
    const organization = await this.repository.findOrganization(organizationId);
    if (!organization) throw new Error(`organization ${organizationId} not found`);
    return organization;
  }

  members(organizationId: string): Promise<MemberView[]> {
    return this.repository.listMembers(organizationId);
  }

  /**
   * Changes a member's role. Only an owner makes or unmakes owners; an admin changes the others.
   * The last owner keeps the role.
   */
  async changeRole(
    actor: Actor & { userId: string },
    actorRole: OrganizationRole,
    organizationId: string,
    userId: string,
    role: OrganizationRole,
  ): Promise<MemberView> {
    await this.transactions.run(async (manager) => {
      const member = await this.lockedMember(manager, organizationId, userId);
      if ((member.role === 'owner' || role === 'owner') && actorRole !== 'owner') throw ownerOnly();
      if (member.role === 'owner' && role !== 'owner') await this.keepAnOwner(manager, organizationId);
      await this.repository.updateMemberRole(organizationId, userId, role, manager);
      await this.audit.record(manager, actor, {
        organizationId,
        action: 'member.role_changed',
        targetType: 'user',
        targetId: userId,
        data: { from: member.role, to: role },
      });
    });
    return (await this.members(organizationId)).find((member) => member.userId === userId)!;
  }

  /** Removes a member (or the actor leaves). An admin removes non-owners; an owner anyone; the last owner stays. */
  async remove(actor: Actor & { userId: string }, actorRole: OrganizationRole, organizationId: string, userId: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const member = await this.lockedMember(manager, organizationId, userId);
      const leaving = userId === actor.userId;
      if (!leaving && !roleAtLeast(actorRole, 'admin'))
        throw new PlatformException('INSUFFICIENT_SCOPE', {
          reason: 'role',
          params: { scope: 'role:admin', role: 'admin' },
          details: { requiredRole: 'admin', role: actorRole },
        });
      if (!leaving && member.role === 'owner' && actorRole !== 'owner') throw ownerOnly();
      if (member.role === 'owner') await this.keepAnOwner(manager, organizationId);
      await this.repository.deleteMember(organizationId, userId, manager);
      await this.audit.record(manager, actor, {
        organizationId,
        action: leaving ? 'member.left' : 'member.removed',
        targetType: 'user',
        targetId: userId,
        data: { role: member.role },
      });
    });
  }

  async invitations(organizationId: string): Promise<Invitation[]> {
    return this.repository.listPendingInvitations(organizationId);
  }

  async invite(
    actor: Actor & { userId: string },
    actorRole: OrganizationRole,
    organizationId: string,
    emailInput: string,
    role: OrganizationRole,
  ): Promise<Invitation> {
    if (role === 'owner' && actorRole !== 'owner') throw ownerOnly();
    const email = normalizeEmail(emailInput);
    return this.transactions.run(async (manager) => {
      if (await this.repository.isMemberByEmail(organizationId, email, manager)) throw new PlatformException('ALREADY_A_MEMBER');
      await this.withinInvitationLimits(manager, organizationId, email);
      // a pending invitation to the same address is replaced: one link works at a time
      await this.repository.revokeInvitationsTo(organizationId, email, manager);
      const invitation = await this.repository.insertInvitation(
        organizationId,
        {
          email,
          role,
          invitedBy: actor.userId,
          tokenHash: tokenHash(randomToken(32)),
          expiresAt: new Date(Date.now() + LINK_LIFETIME_MS.invitation),
        },
        manager,
      );
      await this.audit.record(manager, actor, {
        organizationId,
        action: 'member.invited',
        targetType: 'invitation',
        targetId: invitation.id,
        data: { email, role },
      });
      await this.emails.enqueue({ kind: 'invitation', invitationId: invitation.id }, manager);
      return invitation;
    });
  }

  async revokeInvitation(actor: Actor, organizationId: string, invitationId: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      if (!(await this.repository.revokeInvitation(organizationId, invitationId, manager))) throw new PlatformException('INVITATION_NOT_FOUND');
      await this.audit.record(manager, actor, { organizationId, action: 'invitation.revoked', targetType: 'invitation', targetId: invitationId });
    });
  }

  /** Accepts an invitation for the signed-in user, whose email must be the one invited. */
  async accept(actor: Actor & { userId: string }, token: string): Promise<{ organization: Organization; role: OrganizationRole }> {
    return this.transactions.run(async (manager) => {
      const invitation = await this.repository.lockInvitationByTokenAcrossCompanies(tokenHash(token), manager);
      if (!invitation) throw new PlatformException('ACCOUNT_LINK_INVALID');
      const user = existing(await this.accounts.findUser(actor.userId, manager));
      if (user.email !== invitation.email) throw new PlatformException('ACCOUNT_LINK_INVALID', { reason: 'otherEmail' });
      if (!(await this.repository.hasMember(invitation.organizationId, user.id, manager))) await this.withinOrganizationLimit(manager, user.id);
      await this.repository.insertMembershipUnlessMember(invitation.organizationId, user.id, invitation.role, manager);
      await this.repository.markInvitationAccepted(invitation.organizationId, invitation.id, manager);
      // a verified address: the invitation reached it
      if (!user.emailVerifiedAt) await this.accounts.markEmailVerified(user.id, manager);
      await this.audit.record(manager, actor, {
        organizationId: invitation.organizationId,
        action: 'member.joined',
        targetType: 'user',
        targetId: user.id,
        data: { role: invitation.role, invitationId: invitation.id },
      });
      const organization = await this.repository.findOrganization(invitation.organizationId, manager);
      if (!organization) throw new Error(`organization ${invitation.organizationId} not found`);
      return { organization, role: invitation.role };
    });
  }

  /**
   * Refuses a membership past ORGANIZATIONS_PER_USER, created or joined, under a lock of the
   * person's memberships held until the transaction ends: concurrent creations (or acceptances)
   * at the limit cannot both pass. The limit also bounds the audit entries a sign-in writes.
   */
  private async withinOrganizationLimit(manager: EntityManager, userId: string): Promise<void> {
    const limit = this.env.ORGANIZATIONS_PER_USER;
    if ((await this.repository.lockAndCountMemberships(userId, manager)) >= limit)
      throw new PlatformException('ORGANIZATION_LIMIT_REACHED', { params: { limit }, details: { limit } });
  }

  /**
   * Refuses an invitation past INVITATIONS_PER_ORGANIZATION_PER_DAY or
   * INVITATIONS_PER_RECIPIENT_PER_DAY (the address's, from every organization), counted from the
   * invitations themselves over the last 24 hours, revoked and replaced ones included (each sent
   * an email). The table rather than a rate-limit counter: the count is exact, the same for every
   * replica and after a restart, and the oldest invitation counted says when the next may go
   * (Retry-After). Both are locked until the transaction ends, so that concurrent invitations are
   * counted one after the other.
   */
  private async withinInvitationLimits(manager: EntityManager, organizationId: string, email: string): Promise<void> {
    await this.repository.lockInvitationLimits(organizationId, email, manager);
    const since = () => new Date(Date.now() - INVITATION_WINDOW_MS);
    const limit = this.env.INVITATIONS_PER_ORGANIZATION_PER_DAY;
    withinInvitationLimit(await this.repository.latestInvitationsSent(organizationId, since(), limit, manager), limit);
    const recipientLimit = this.env.INVITATIONS_PER_RECIPIENT_PER_DAY;
    withinInvitationLimit(await this.repository.latestInvitationsToAcrossCompanies(email, since(), recipientLimit, manager), recipientLimit, 'recipient');
  }

  private async lockedMember(manager: EntityManager, organizationId: string, userId: string): Promise<Membership> {
    const member = await this.repository.lockMember(organizationId, userId, manager);
    if (!member) throw new PlatformException('MEMBER_NOT_FOUND');
    return member;
  }

  /** Refuses when the organization would be left without an owner (owners' rows locked: two owners demoting each other at once cannot both pass). */
  private async keepAnOwner(manager: EntityManager, organizationId: string): Promise<void> {
    const owners = await this.repository.lockOwners(organizationId, manager);
    if (owners.length <= 1) throw new PlatformException('ORGANIZATION_LAST_OWNER');
  }
}

/** Refuses when the last `limit` invitations counted (newest first) are all within the window. */
function withinInvitationLimit(latest: Array<Pick<Invitation, 'createdAt'>>, limit: number, reason?: 'recipient'): void {
  if (latest.length < limit) return;
  // the next may go when the oldest of the last `limit` leaves the window
  const retryAfter = Math.max(1, Math.ceil((latest[limit - 1].createdAt.getTime() + INVITATION_WINDOW_MS - Date.now()) / 1000));
  throw new PlatformException('INVITATION_LIMIT_REACHED', {
    reason,
    params: { limit, retryAfter },
    details: { limit, retryAfterSeconds: retryAfter },
    headers: { 'retry-after': String(retryAfter) },
  });
}

function ownerOnly(): PlatformException {
  return new PlatformException('INSUFFICIENT_SCOPE', { reason: 'role', params: { scope: 'role:owner', role: 'owner' }, details: { requiredRole: 'owner' } });
}

/** An account a session or a link named: it exists. */
function existing(user: User | null): User {
  if (!user) throw new Error('the account is gone');
  return user;
}
