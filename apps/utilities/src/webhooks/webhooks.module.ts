import { Module } from '@nestjs/common';
import { Environment } from '@platform/common';
import { WebhookEndpointsController } from './endpoints/webhook-endpoints.controller';
import { WebhookEndpointsService } from './endpoints/webhook-endpoints.service';
import { SigningSecretCipher, signingSecretCipher } from './endpoints/signing-secret-cipher';

/**
 * Webhooks and the events API: the suite's domain events, gathered from every service's feed,
 * listed per company (`/api/v1/app/events`) and delivered to the company's endpoints in the
 * Standard Webhooks format (`/api/v1/app/webhooks/...`).
 */
@Module({
  imports: [],
  controllers: [WebhookEndpointsController],
  providers: [WebhookEndpointsService, { provide: SigningSecretCipher, inject: [Environment], useFactory: signingSecretCipher }],
  exports: [WebhookEndpointsService],
})
export class WebhooksModule {}
