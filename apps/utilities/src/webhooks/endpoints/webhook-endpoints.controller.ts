import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import {
  ApiEnvelope,
  ApiErrors,
  ApiIdParam,
  AuthenticatedOrSignedIn,
  CurrentPrincipal,
  PageQueryDto,
  PlatformException,
  Principal,
  SuccessMessage,
  Tenant,
  TenantContext,
} from '@platform/pipeline';
import { CreateWebhookEndpointDto, RotateSecretDto, UpdateWebhookEndpointDto } from './dto/webhook-endpoint.dto';
import { CreatedWebhookEndpointView, RotatedSecretView, WebhookEndpointView } from './dto/webhook-endpoint-views.dto';
import { MAX_ENDPOINTS_PER_COMPANY, MAX_PREVIOUS_SECRETS, WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhooksTag } from '../webhooks-tag';
import { WebhookAuditTrail } from '../clients/webhook-audit-trail.client';

const endpointId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('WEBHOOK_ENDPOINT_NOT_FOUND') });
/** The tag of the webhook routes. */
const EndpointIdParam = () => ApiIdParam('webhook endpoint');
const NOT_THE_COMPANYS = 'WEBHOOK_ENDPOINT_NOT_FOUND for an unknown endpoint or another company’s.';
const ALERT_EMAIL_RULE =
  'VALIDATION_FAILED on `alertEmail` unless it is the verified email address of a member of the organization; UPSTREAM_UNAVAILABLE when that cannot be checked.';

@WebhooksTag()
@Controller('webhooks/endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly audit: WebhookAuditTrail,
  ) {}

  @Post()
  @HttpCode(201)
  @AuthenticatedOrSignedIn('webhooks:write')
  @SuccessMessage('webhookEndpointCreated')
  @ApiOperation({
    summary: 'Create a webhook endpoint',
    description:
      `The endpoint receives the company’s events of the types it names (all of them when \`eventTypes\` is empty or left out), signed with its secret. ` +
      `WEBHOOK_ENDPOINT_LIMIT_REACHED when the company already has ${MAX_ENDPOINTS_PER_COMPANY} endpoints. ${ALERT_EMAIL_RULE}`,
  })
  @ApiBody({
    type: CreateWebhookEndpointDto,
    examples: {
      everything: { summary: 'Every event type', value: { url: 'https://hooks.example.cm/platform' } },
      some: {
        summary: 'Some event types',
        value: {
          url: 'https://hooks.example.cm/hr',
          eventTypes: ['employee.created', 'employee.updated', 'employee.terminated'],
          description: 'HR sync of the intranet',
        },
      },
    },
  })
  @ApiEnvelope(201, CreatedWebhookEndpointView, 'Created, enabled. `secret` is shown only in this answer (and a rotation’s): store it now.')
  @ApiErrors('WEBHOOK_ENDPOINT_LIMIT_REACHED')
  async create(
    @Tenant() tenant: TenantContext,
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateWebhookEndpointDto,
    @Req() request: FastifyRequest,
  ) {
    const created = await this.endpoints.create(
      { companyId: tenant.companyId, organizationId: principal.organizationId, credentialId: principal.credentialId, periodAnchor: principal.periodAnchor },
      body,
    );
    await this.audit.record(request, 'webhook_endpoint.created', created.id, { url: created.url, eventTypes: created.eventTypes });
    return created;
  }

  @Get()
  @AuthenticatedOrSignedIn('webhooks:read')
  @ApiOperation({ summary: 'List webhook endpoints' })
  @ApiEnvelope(200, WebhookEndpointView, 'The company’s endpoints, newest first, without their secrets.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: PageQueryDto) {
    return this.endpoints.list(tenant.companyId, query);
  }

  @Get(':id')
  @AuthenticatedOrSignedIn('webhooks:read')
  @ApiOperation({ summary: 'Get a webhook endpoint', description: NOT_THE_COMPANYS })
  @EndpointIdParam()
  @ApiEnvelope(200, WebhookEndpointView, 'The endpoint, without its secret.')
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string) {
    return this.endpoints.get(tenant.companyId, id);
  }

  @Patch(':id')
  @AuthenticatedOrSignedIn('webhooks:write')
  @ApiOperation({
    summary: 'Change a webhook endpoint',
    description: `Only the fields sent change; \`eventTypes\` replaces the list. ${ALERT_EMAIL_RULE} ${NOT_THE_COMPANYS}`,
  })
  @EndpointIdParam()
  @ApiEnvelope(200, WebhookEndpointView, 'The whole endpoint after the change.')
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND')
  async update(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string, @Body() body: UpdateWebhookEndpointDto, @Req() request: FastifyRequest) {
    const updated = await this.endpoints.update(tenant.companyId, id, body);
    await this.audit.record(request, 'webhook_endpoint.updated', id, { changed: Object.keys(body) });
    return updated;
  }

  @Post(':id/disable')
  @HttpCode(200)
  @AuthenticatedOrSignedIn('webhooks:write')
  @ApiOperation({
    summary: 'Disable a webhook endpoint',
    description: `No delivery is made to it until it is enabled again. An endpoint already disabled keeps its reason. ${NOT_THE_COMPANYS}`,
  })
  @EndpointIdParam()
  @ApiEnvelope(200, WebhookEndpointView, 'The endpoint, disabled (`disabledReason` `manual` unless it was already disabled).')
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND')
  async disable(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string, @Req() request: FastifyRequest) {
    const disabled = await this.endpoints.setEnabled(tenant.companyId, id, false);
    await this.audit.record(request, 'webhook_endpoint.disabled', id);
    return disabled;
  }

  @Post(':id/enable')
  @HttpCode(200)
  @AuthenticatedOrSignedIn('webhooks:write')
  @ApiOperation({
    summary: 'Enable a webhook endpoint',
    description: `Whatever disabled it (the API, a 410 Gone, days of failures), deliveries of new events resume. ${NOT_THE_COMPANYS}`,
  })
  @EndpointIdParam()
  @ApiEnvelope(200, WebhookEndpointView, 'The endpoint, enabled.')
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND')
  async enable(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string, @Req() request: FastifyRequest) {
    const enabled = await this.endpoints.setEnabled(tenant.companyId, id, true);
    await this.audit.record(request, 'webhook_endpoint.enabled', id);
    return enabled;
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @AuthenticatedOrSignedIn('webhooks:write')
  @SuccessMessage('secretRotated')
  @ApiOperation({
    summary: 'Rotate a webhook endpoint’s signing secret',
    description:
      'Deliveries are signed with the new secret and, for `graceSeconds` (default 86400, 24 hours), with the previous ones too, so that a receiver can switch without refusing any; ' +
      `0 stops the previous ones at once (a leaked secret). At most ${MAX_PREVIOUS_SECRETS} previous secrets are kept signing. ${NOT_THE_COMPANYS}`,
  })
  @EndpointIdParam()
  @ApiBody({ type: RotateSecretDto, required: false })
  @ApiEnvelope(200, RotatedSecretView, 'The new secret, shown only in this answer: store it now.')
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND')
  async rotateSecret(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string, @Body() body: RotateSecretDto, @Req() request: FastifyRequest) {
    // a request without a body rotates with the default grace
    const rotated = await this.endpoints.rotateSecret(tenant.companyId, id, body?.graceSeconds);
    await this.audit.record(request, 'webhook_endpoint.secret_rotated', id, { previousSecretsExpireAt: rotated.previousSecretsExpireAt });
    return rotated;
  }

  @Delete(':id')
  @AuthenticatedOrSignedIn('webhooks:write')
  @ApiOperation({
    summary: 'Delete a webhook endpoint',
    description: `The endpoint and its secrets are removed; no delivery is made to it any more. ${NOT_THE_COMPANYS}`,
  })
  @EndpointIdParam()
  @ApiEnvelope(200, null, 'Deleted.', { empty: true })
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND')
  async remove(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string, @Req() request: FastifyRequest): Promise<void> {
    await this.endpoints.remove(tenant.companyId, id);
    await this.audit.record(request, 'webhook_endpoint.deleted', id);
  }
}
