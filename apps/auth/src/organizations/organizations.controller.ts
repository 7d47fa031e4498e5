import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiEnvelope, ApiErrors, ApiTag, CurrentSession, PLANS, PlatformException, SessionPrincipal, SignedIn, SuccessMessage } from '@platform/pipeline';
import { rateLimitsOf } from '../credentials/credentials.service';
import { actorOf } from '../accounts/account.controller';
import { MyOrganizationView } from '../accounts/dto/accounts-views.dto';
import { AuditService } from '../audit/audit.service';
import {
  AuditEntryView,
  CreatedKeyView,
  OrganizationUsageView,
  QuotaUseView,
  RequestEntryView,
  InvitationView,
  KeyView,
  MemberView,
  OrganizationDetailView,
  RolledKeyView,
} from './dto/organizations-views.dto';
import {
  AuditLogQueryDto,
  CreateKeyDto,
  InvitationParamsDto,
  InviteDto,
  KeyParamsDto,
  MemberParamsDto,
  OrganizationNameDto,
  OrganizationParamsDto,
  RequestsQueryDto,
  RoleDto,
  RollKeyDto,
  UsageQueryDto,
} from './dto/organizations.dto';
import { ApiExtraModels } from '@nestjs/swagger';
import { MAX_USAGE_DAYS, RequestLogService } from '../request-log/request-log.service';
import { KeysService } from './keys.service';
import { OrganizationsService, requireRole } from './organizations.service';

/**
 * An organization as its members manage it through the dashboard: members and roles,
 * invitations, API keys, the audit log. Every route names the organization in its path; the
 * gateway's session token says the person's role in it. Viewers read; developers manage keys;
 * admins manage members and invitations and read the audit log; owners manage owners.
 */
@ApiTag('Organizations', 'An organization as its members manage it in the dashboard: members, roles, invitations, API keys and the audit log.')
@Controller('account/organizations')
export class OrganizationsController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly keys: KeysService,
    private readonly audit: AuditService,
    private readonly requests: RequestLogService,
  ) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: 'List your organizations and your role in each' })
  @ApiEnvelope(200, MyOrganizationView, 'The organizations you belong to, in the order you joined them.', { isArray: true })
  async list(@CurrentSession() session: SessionPrincipal) {
    const organizations = await this.organizations.listOfUser(session.userId);
    return organizations.map(({ organization, role }) => ({
      id: organization.id,
      name: organization.name,
      plan: organization.plan,
      role,
      createdAt: organization.createdAt,
    }));
  }

  @Post()
  @SignedIn()
  @SuccessMessage('created')
  @ApiOperation({
    summary: 'Create an organization you own (developer-sandbox plan)',
    description: 'A person is a member of at most `ORGANIZATIONS_PER_USER` organizations (10 by default), created or joined; past it, leave one first.',
  })
  @ApiEnvelope(201, MyOrganizationView, 'The organization, with you as its owner.')
  @ApiErrors('ORGANIZATION_LIMIT_REACHED')
  async create(@CurrentSession() session: SessionPrincipal, @Body() body: OrganizationNameDto, @Req() request: FastifyRequest) {
    const organization = await this.organizations.create(actorOf(request, session), body.name);
    return { id: organization.id, name: organization.name, plan: organization.plan, role: 'owner', createdAt: organization.createdAt };
  }

  @Get(':id')
  @SignedIn('organization')
  @ApiOperation({ summary: 'Read an organization: plan, limits and your role' })
  @ApiEnvelope(200, OrganizationDetailView, 'The organization.')
  async get(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto) {
    const role = requireRole(session, params.id, 'viewer');
    const organization = await this.organizations.get(session.organizationId!);
    const plan = PLANS[organization.plan];
    return {
      id: organization.id,
      name: organization.name,
      role,
      plan: { id: plan.id, name: plan.name, environment: plan.environment, price: plan.price },
      rateLimits: rateLimitsOf(organization),
      createdAt: organization.createdAt,
    };
  }

  @Get(':id/members')
  @SignedIn('organization')
  @ApiOperation({ summary: 'List the members and their roles' })
  @ApiEnvelope(200, MemberView, 'The members, in the order they joined.', { isArray: true })
  members(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto) {
    requireRole(session, params.id, 'viewer');
    return this.organizations.members(session.organizationId!);
  }

  @Patch(':id/members/:userId')
  @SignedIn('organization')
  @SuccessMessage('updated')
  @ApiOperation({
    summary: 'Change a member’s role',
    description: 'Admins change non-owners; only an owner makes or unmakes an owner; the last owner stays one.',
  })
  @ApiEnvelope(200, MemberView, 'The member with the new role.')
  @ApiErrors('MEMBER_NOT_FOUND', 'ORGANIZATION_LAST_OWNER')
  changeRole(@CurrentSession() session: SessionPrincipal, @Param() params: MemberParamsDto, @Body() body: RoleDto, @Req() request: FastifyRequest) {
    const role = requireRole(session, params.id, 'admin');
    return this.organizations.changeRole(actorOf(request, session), role, session.organizationId!, params.userId.toLowerCase(), body.role);
  }

  @Delete(':id/members/:userId')
  @SignedIn('organization')
  @HttpCode(200)
  @SuccessMessage('deleted')
  @ApiOperation({
    summary: 'Remove a member, or leave',
    description: 'Any member may leave; admins remove non-owners, owners anyone; the last owner cannot leave.',
  })
  @ApiEnvelope(200, null, 'The member is removed.', { empty: true })
  @ApiErrors('MEMBER_NOT_FOUND', 'ORGANIZATION_LAST_OWNER')
  async remove(@CurrentSession() session: SessionPrincipal, @Param() params: MemberParamsDto, @Req() request: FastifyRequest) {
    const role = requireRole(session, params.id, 'viewer');
    await this.organizations.remove(actorOf(request, session), role, session.organizationId!, params.userId.toLowerCase());
  }

  @Get(':id/invitations')
  @SignedIn('organization')
  @ApiOperation({ summary: 'List the pending invitations' })
  @ApiEnvelope(200, InvitationView, 'Invitations neither accepted, revoked nor expired, newest first.', { isArray: true })
  async invitations(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto) {
    requireRole(session, params.id, 'admin');
    return (await this.organizations.invitations(session.organizationId!)).map(invitationView);
  }

  @Post(':id/invitations')
  @SignedIn('organization')
  @SuccessMessage('created')
  @ApiOperation({
    summary: 'Invite someone by email',
    description:
      'The link works for 7 days; inviting the same address again replaces the pending invitation. Only an owner invites an owner. An organization sends at most `INVITATIONS_PER_ORGANIZATION_PER_DAY` invitations (20 by default) over any 24 hours, and one address is sent at most `INVITATIONS_PER_RECIPIENT_PER_DAY` (5) by every organization together, replaced and revoked ones counted: past either, 429 with `Retry-After`. Every invitation has the same subject; the organization’s and the inviter’s names are in its text only.',
  })
  @ApiEnvelope(201, InvitationView, 'The invitation; the email is on its way.')
  @ApiErrors('ALREADY_A_MEMBER', 'INVITATION_LIMIT_REACHED')
  async invite(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto, @Body() body: InviteDto, @Req() request: FastifyRequest) {
    const role = requireRole(session, params.id, 'admin');
    return invitationView(await this.organizations.invite(actorOf(request, session), role, session.organizationId!, body.email, body.role));
  }

  @Delete(':id/invitations/:invitationId')
  @SignedIn('organization')
  @HttpCode(200)
  @SuccessMessage('deleted')
  @ApiOperation({ summary: 'Revoke a pending invitation' })
  @ApiEnvelope(200, null, 'The invitation’s link no longer works.', { empty: true })
  @ApiErrors('INVITATION_NOT_FOUND')
  async revokeInvitation(@CurrentSession() session: SessionPrincipal, @Param() params: InvitationParamsDto, @Req() request: FastifyRequest) {
    requireRole(session, params.id, 'admin');
    await this.organizations.revokeInvitation(actorOf(request, session), session.organizationId!, params.invitationId.toLowerCase());
  }

  @Get(':id/keys')
  @SignedIn('organization')
  @ApiOperation({
    summary: 'List the API keys',
    description: 'Never a secret: the key’s prefix and last four characters, scopes, creation, last use and revocation.',
  })
  @ApiEnvelope(200, KeyView, 'The keys, newest first.', { isArray: true })
  listKeys(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto) {
    requireRole(session, params.id, 'viewer');
    return this.keys.list(session.organizationId!);
  }

  @Post(':id/keys')
  @SignedIn('organization')
  @SuccessMessage('keyCreated')
  @ApiOperation({
    summary: 'Create an API key',
    description:
      'The key and secret are shown once, in this answer. Needs the developer role or above. An organization holds at most `API_KEYS_PER_ORGANIZATION` keys not revoked (25 by default; the CLI’s count too): past it, revoke one it no longer uses.',
  })
  @ApiEnvelope(201, CreatedKeyView, 'The key, with its secret shown once.')
  @ApiErrors('CREDENTIAL_LIMIT_REACHED')
  createKey(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto, @Body() body: CreateKeyDto, @Req() request: FastifyRequest) {
    requireRole(session, params.id, 'developer');
    return this.keys.create(actorOf(request, session), session.organizationId!, body);
  }

  @Post(':id/keys/:keyId/roll')
  @SignedIn('organization')
  @HttpCode(200)
  @SuccessMessage('secretRotated')
  @ApiOperation({
    summary: 'Roll a key’s secret',
    description: 'A new secret, shown once. With `graceSeconds` (up to 24 h) the previous secret still exchanges until it runs out; its tokens stop then.',
  })
  @ApiEnvelope(200, RolledKeyView, 'The key, with its new secret shown once.')
  @ApiErrors('CREDENTIAL_NOT_FOUND')
  rollKey(@CurrentSession() session: SessionPrincipal, @Param() params: KeyParamsDto, @Body() body: RollKeyDto, @Req() request: FastifyRequest) {
    requireRole(session, params.id, 'developer');
    return this.keys.roll(actorOf(request, session), session.organizationId!, params.keyId.toLowerCase(), body.graceSeconds ?? 0);
  }

  @Delete(':id/keys/:keyId')
  @SignedIn('organization')
  @HttpCode(200)
  @SuccessMessage('deleted')
  @ApiOperation({
    summary: 'Revoke an API key',
    description: 'Its key and secret stop exchanging at once, its tokens within 5 seconds. Revoking twice changes nothing.',
  })
  @ApiEnvelope(200, KeyView, 'The revoked key.')
  @ApiErrors('CREDENTIAL_NOT_FOUND')
  revokeKey(@CurrentSession() session: SessionPrincipal, @Param() params: KeyParamsDto, @Req() request: FastifyRequest) {
    requireRole(session, params.id, 'developer');
    return this.keys.revoke(actorOf(request, session), session.organizationId!, params.keyId.toLowerCase());
  }

  @Get(':id/usage')
  @SignedIn('organization')
  @ApiExtraModels(QuotaUseView)
  @ApiOperation({
    summary: 'Read usage by day and product',
    description: `Requests by UTC day and product over any past period (at most ${MAX_USAGE_DAYS} days; the last 30 by default), the current period's quota and what is left, and the webhook retries.`,
  })
  @ApiEnvelope(200, OrganizationUsageView, 'Usage of the organization (every key).')
  async usage(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto, @Query() query: UsageQueryDto) {
    requireRole(session, params.id, 'viewer');
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (Number.isNaN(span)) throw PlatformException.validation({ from: ['from and to must be real dates'] });
    if (span < 0) throw PlatformException.validation({ to: ['to must be after from'] });
    if (span >= MAX_USAGE_DAYS) throw PlatformException.validation({ from: [`a usage query covers at most ${MAX_USAGE_DAYS} days`] });
    return this.requests.usage(await this.organizations.get(session.organizationId!), from, to);
  }

  @Get(':id/requests')
  @SignedIn('organization')
  @ApiOperation({
    summary: 'List recent requests',
    description:
      'Requests made with the organization’s keys, newest first: method, route template, status, latency and request id. The last 1,000 are kept, and errors for 7 days besides. They appear within a couple of seconds.',
  })
  @ApiEnvelope(200, RequestEntryView, 'A page of requests.', { page: true })
  recent(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto, @Query() query: RequestsQueryDto) {
    requireRole(session, params.id, 'viewer');
    if (query.from && query.to && Date.parse(query.from) >= Date.parse(query.to)) throw PlatformException.validation({ to: ['to must be after from'] });
    return this.requests.recent(
      session.organizationId!,
      { credentialId: query.credentialId?.toLowerCase(), outcome: query.outcome, from: query.from, to: query.to },
      query,
    );
  }

  @Get(':id/audit-log')
  @SignedIn('organization')
  @ApiOperation({
    summary: 'Read the audit log',
    description:
      'Member, invitation, key and webhook endpoint changes, and the sign-ins and password changes of the people who were members at the time: who, when, what, from which address. Append-only: a member who leaves keeps their entries here. Needs the admin role or above.',
  })
  @ApiEnvelope(200, AuditEntryView, 'Entries, newest first.', { page: true })
  auditLog(@CurrentSession() session: SessionPrincipal, @Param() params: OrganizationParamsDto, @Query() query: AuditLogQueryDto) {
    requireRole(session, params.id, 'admin');
    if (query.from && query.to && Date.parse(query.from) >= Date.parse(query.to)) throw PlatformException.validation({ to: ['to must be after from'] });
    return this.audit.list(session.organizationId!, query, query);
  }
}

function invitationView(invitation: { id: string; email: string; role: string; invitedBy: string; createdAt: Date; expiresAt: Date }) {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
  };
}
