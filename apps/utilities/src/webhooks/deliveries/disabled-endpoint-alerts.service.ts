import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Environment } from '@platform/pipeline';
import { JobQueue } from '@platform/data';
import { NotificationsService } from '../../notifications/notifications.module';
import { AlertRecipients } from '../clients/alert-recipients.client';
import { EndpointDisabledReason, WebhookEndpoint } from '../endpoints/webhook-endpoint.entity';
import { WebhookEndpointsRepository } from '../endpoints/webhook-endpoints.repository';

export const ALERT_TASK = 'utilities:alert-disabled-endpoint';
/** The subject of every alert: nothing an endpoint's owner wrote (its URL, its description) goes in it. */
export const ALERT_SUBJECT = 'Webhook endpoint disabled';

interface AlertJob {
  endpointId: string;
  reason: EndpointDisabledReason;
}

/**
 * Tells a company its endpoint was disabled (410 Gone, or days of failures): by email to the
 * endpoint's alert address while auth knows it as a verified member's, otherwise in the company
 * inbox. An endpoint's owner can make it answer 410 at will, and enable it again: it is alerted
 * at most once a day. The alert is queued in the transaction that disables the endpoint, and its
 * job retries while auth does not answer.
 */
@Injectable()
export class DisabledEndpointAlerts {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    @Inject(Environment) private readonly env: Environment,
    private readonly jobs: JobQueue,
    private readonly notifications: NotificationsService,
    private readonly recipients: AlertRecipients,
  ) {
    jobs.handle<AlertJob>(ALERT_TASK, (job) => this.send(job), { maxAttempts: 20, retryBaseMs: 2000 });
  }

  /** In the transaction that disabled the endpoint: its alert, unless one was queued within the last day. */
  async queue(endpoint: Pick<WebhookEndpoint, 'id' | 'companyId'>, reason: EndpointDisabledReason, manager: EntityManager): Promise<void> {
    if (await this.endpoints.takeAlertTurn(endpoint.companyId, endpoint.id, manager))
      await this.jobs.add(ALERT_TASK, { endpointId: endpoint.id, reason } satisfies AlertJob, { companyId: endpoint.companyId }, manager);
  }

  /** Sent even when the endpoint was enabled again meanwhile: it was disabled, and this was the day's alert. */
  private async send({ endpointId, reason }: AlertJob): Promise<void> {
    const endpoint = await this.endpoints.findEndpointAcrossCompanies(endpointId);
    // deleted: nothing left to fix
    if (!endpoint) return;
    const email = endpoint.alertEmail && (await this.recipients.isVerifiedMember(endpoint.organizationId, endpoint.alertEmail)) ? endpoint.alertEmail : null;
    const why =
      reason === 'gone' ? 'it answered 410 Gone' : `every delivery to it has failed for ${Math.round(this.env.WEBHOOK_DISABLE_AFTER_MS / 3_600_000)} hours`;
    await this.notifications.send(endpoint.companyId, {
      category: 'general',
      title: ALERT_SUBJECT,
      body:
        `Your webhook endpoint ${endpoint.id} (${endpoint.url}) was disabled because ${why}. Fix it, enable it again ` +
        `(POST /api/v1/app/webhooks/endpoints/${endpoint.id}/enable) and recover the failed deliveries (POST /api/v1/app/webhooks/endpoints/${endpoint.id}/recover).`,
      recipients: email ? [email] : undefined,
      channels: email ? ['email'] : ['inApp'],
      data: { endpointId: endpoint.id, reason },
    });
  }
}
