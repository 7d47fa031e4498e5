import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Environment } from '@platform/pipeline';
import { EventOutbox, JobContext, JobQueue, rowJobKey, Transactions } from '@platform/data';
import { NotificationDelivery } from './notification-delivery.entity';
import { NotificationsRepository } from './notifications.repository';
import { ChannelProviders } from './providers/channel-providers.service';
import { DeliveryError } from './providers/notification-provider';

export const DELIVER_NOTIFICATION = 'utilities:deliver-notification';
const MAX_ERROR_LENGTH = 500;

/**
 * Sends each pending delivery as a job of the queue (`utilities:deliver-notification`, added in
 * the transaction that writes the delivery): through its channel's provider, recording every
 * attempt, retried with the queue's jittered backoff (NOTIFICATION_RETRY_BASE_MS, doubled each
 * time) until NOTIFICATION_MAX_ATTEMPTS, after which the delivery is failed (and kept) and the job
 * is a dead letter an operator may retry. A provider's permanent refusal fails it at once.
 */
@Injectable()
export class DeliverySender implements OnApplicationBootstrap {
  private readonly logger = new Logger('DeliverySender');

  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly notifications: NotificationsRepository,
    private readonly transactions: Transactions,
    private readonly providers: ChannelProviders,
    private readonly queue: JobQueue,
    private readonly outbox: EventOutbox,
  ) {
    queue.handle<{ deliveryId: string }>(DELIVER_NOTIFICATION, (payload, job) => this.attempt(payload.deliveryId, job), {
      maxAttempts: env.NOTIFICATION_MAX_ATTEMPTS,
      retryBaseMs: env.NOTIFICATION_RETRY_BASE_MS,
      concurrency: 10,
    });
  }

  /** Queues a delivery just written in `manager`'s transaction. */
  enqueue(delivery: { id: string; companyId: string }, manager: EntityManager): Promise<string> {
    return this.queue.add(
      DELIVER_NOTIFICATION,
      { deliveryId: delivery.id },
      { companyId: delivery.companyId, jobKey: rowJobKey(DELIVER_NOTIFICATION, delivery.id) },
      manager,
    );
  }

  /** Pending deliveries without a job (written before deliveries were jobs) get one. */
  async onApplicationBootstrap(): Promise<void> {
    const pending = await this.notifications.pendingDeliveriesAcrossCompanies();
    await this.queue.addMissing(DELIVER_NOTIFICATION, pending, (deliveryId) => ({ deliveryId }));
  }

  private async attempt(deliveryId: string, job: JobContext): Promise<void> {
    const delivery = await this.notifications.findDeliveryAcrossCompanies(deliveryId);
    // sent (a job run twice) or skipped: nothing to do; a failed one is sent again when an operator retries its job
    if (!delivery || delivery.status === 'sent' || delivery.status === 'skipped') return;
    const notification = await this.notifications.readNotification(delivery.companyId, delivery.notificationId);
    if (!notification) throw new Error(`delivery ${delivery.id}: notification ${delivery.notificationId} not found`);
    const provider = this.providers.for(delivery.channel);
    const attemptedAt = new Date();
    let error: DeliveryError | undefined;
    try {
      await provider.send({
        deliveryId: delivery.id,
        notificationId: notification.id,
        companyId: delivery.companyId,
        channel: delivery.channel,
        to: delivery.recipient,
        category: notification.category,
        title: notification.title,
        body: notification.body,
        data: notification.data,
      });
    } catch (caught) {
      error = caught instanceof DeliveryError ? caught : new DeliveryError((caught as Error)?.message ?? String(caught));
    }
    const finishedAt = new Date();
    const message = error?.message.slice(0, MAX_ERROR_LENGTH) ?? null;
    const exhausted = !!error && (error.permanent || !job.retryAt);
    const changes: Partial<NotificationDelivery> = !error
      ? { status: 'sent', sentAt: finishedAt, nextAttemptAt: null, lastError: delivery.lastError }
      : exhausted
        ? { status: 'failed', lastError: message, nextAttemptAt: null }
        : { status: 'pending', lastError: message, nextAttemptAt: job.retryAt };
    if (error) this.logger.warn(`delivery ${delivery.id} (${delivery.channel}) attempt ${job.attempt} failed${exhausted ? ' for good' : ''}: ${message}`);
    await this.transactions.run(async (manager) => {
      await this.notifications.insertAttempt(
        delivery.companyId,
        {
          deliveryId: delivery.id,
          attemptedAt,
          outcome: error ? 'failed' : 'sent',
          provider: provider.name,
          durationMs: finishedAt.getTime() - attemptedAt.getTime(),
          error: message,
        },
        manager,
      );
      await this.notifications.updateAfterAttempt(delivery.companyId, delivery.id, changes, manager);
      // a delivery that settled: sent, or failed for good
      if (changes.status !== 'pending') {
        const settled = await this.notifications.readDelivery(delivery.companyId, delivery.id, manager);
        if (!settled) throw new Error(`delivery ${delivery.id} not found`);
        await this.outbox.record(manager, delivery.companyId, settled.status === 'sent' ? 'notification.delivered' : 'notification.failed', settled);
      }
    });
    // a refusal is not retried; any other failure is, by the queue, until its attempts run out
    if (error && !error.permanent) throw error;
  }
}
