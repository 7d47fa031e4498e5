import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  ApiEnvelope,
  ApiErrors,
  ApiIdParam,
  AuthenticatedOrSignedIn,
  Environment,
  PlatformException,
  SuccessMessage,
  Tenant,
  TenantContext,
} from '@platform/pipeline';
import { ListDeliveriesQueryDto, RecoverDeliveriesDto } from './dto/delivery.dto';
import { WebhookDeliveryDetailView, WebhookDeliveryView, WebhookRecoveryView } from './dto/delivery-views.dto';
import { deliveryView, MAX_RECOVERED, WebhookDeliveries } from './webhook-deliveries.service';
import { WebhooksTag } from '../webhooks-tag';

const endpointId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('WEBHOOK_ENDPOINT_NOT_FOUND') });
const deliveryId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('WEBHOOK_DELIVERY_NOT_FOUND') });
const defaults = new Environment();
/** The daily limit of a route, as its description says it. */
const dayLimit = (setting: 'WEBHOOK_TEST_CALLS_PER_DAY' | 'WEBHOOK_RETRY_CALLS_PER_DAY' | 'WEBHOOK_RECOVER_CALLS_PER_DAY', what: string) =>
  `At most \`${setting}\` ${what} (${defaults[setting].toLocaleString('en-US')} unless configured) per endpoint and UTC day; past it, RATE_LIMIT_EXCEEDED with Retry-After until the day ends.`;

@WebhooksTag()
@Controller('webhooks')
export class DeliveriesController {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  @Get('endpoints/:id/deliveries')
  @AuthenticatedOrSignedIn('webhooks:read')
  @ApiOperation({ summary: 'List an endpoint’s deliveries', description: 'Newest first, kept 30 days.' })
  @ApiIdParam('endpoint')
  @ApiEnvelope(200, WebhookDeliveryView, 'A page of deliveries.', { page: true })
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND')
  list(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string, @Query() query: ListDeliveriesQueryDto) {
    return this.deliveries.list(tenant.companyId, id, query);
  }

  @Post('endpoints/:id/recover')
  @HttpCode(202)
  @AuthenticatedOrSignedIn('webhooks:write')
  @SuccessMessage('accepted')
  @ApiOperation({
    summary: 'Try again every failed delivery since a time',
    description:
      `For an endpoint that was down: its failed deliveries created since \`since\` (at most ${MAX_RECOVERED.toLocaleString('en-US')} a call) are due again now, on the usual schedule; ` +
      `each attempt counts as a webhook retry in the usage, the first included. Enable a disabled endpoint first. ${dayLimit('WEBHOOK_RECOVER_CALLS_PER_DAY', 'recoveries')}`,
  })
  @ApiIdParam('endpoint')
  @ApiEnvelope(202, WebhookRecoveryView, 'How many deliveries are due again.')
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND', 'RATE_LIMIT_EXCEEDED')
  recover(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string, @Body() body: RecoverDeliveriesDto) {
    return this.deliveries.recover(tenant.companyId, id, body.since);
  }

  @Post('endpoints/:id/test')
  @HttpCode(202)
  @AuthenticatedOrSignedIn('webhooks:write')
  @SuccessMessage('accepted')
  @ApiOperation({
    summary: 'Send a test event',
    description: `A \`webhook_endpoint.test\` event, signed and delivered like any other: check your receiver verifies it. ${dayLimit('WEBHOOK_TEST_CALLS_PER_DAY', 'test events')}`,
  })
  @ApiIdParam('endpoint')
  @ApiEnvelope(202, WebhookDeliveryView, 'The delivery, under way: follow it with GET /webhooks/deliveries/{id}.')
  @ApiErrors('WEBHOOK_ENDPOINT_NOT_FOUND', 'RATE_LIMIT_EXCEEDED')
  async test(@Tenant() tenant: TenantContext, @Param('id', endpointId) id: string) {
    return deliveryView(await this.deliveries.sendTest(tenant.companyId, id));
  }

  @Get('deliveries/:id')
  @AuthenticatedOrSignedIn('webhooks:read')
  @ApiOperation({ summary: 'Get a delivery with every attempt' })
  @ApiIdParam('delivery')
  @ApiEnvelope(200, WebhookDeliveryDetailView, 'The delivery, the event it carries and every attempt.')
  @ApiErrors('WEBHOOK_DELIVERY_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', deliveryId) id: string) {
    return this.deliveries.get(tenant.companyId, id);
  }

  @Post('deliveries/:id/retry')
  @HttpCode(202)
  @AuthenticatedOrSignedIn('webhooks:write')
  @SuccessMessage('accepted')
  @ApiOperation({
    summary: 'Try a delivery again now',
    description: `Whatever became of it; the attempt counts as a webhook retry in the usage, even a first one. ${dayLimit('WEBHOOK_RETRY_CALLS_PER_DAY', 'retries of its deliveries')}`,
  })
  @ApiIdParam('delivery')
  @ApiEnvelope(202, WebhookDeliveryView, 'The delivery, due now.')
  @ApiErrors('WEBHOOK_DELIVERY_NOT_FOUND', 'RATE_LIMIT_EXCEEDED')
  async retry(@Tenant() tenant: TenantContext, @Param('id', deliveryId) id: string) {
    return deliveryView(await this.deliveries.retryNow(tenant.companyId, id));
  }
}
