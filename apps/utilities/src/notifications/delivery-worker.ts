import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { DueCheck, Environment, PollingLoop, Transactions } from '@platform/common';
import { retryDelayMs } from '@platform/common';
import { DeliveryAttempt } from './delivery-attempt.entity';
import { Notification } from './notification.entity';
import { NotificationDelivery } from './notification-delivery.entity';
import { ChannelProviders } from './providers/channel-providers';
import { DeliveryError } from './providers/notification-provider';

/** Deliveries claimed per round; the round's sends run side by side. */
const BATCH_SIZE = 20;
/** A claimed delivery is not claimed again before this, so one whose sender died is retried later. */
const LEASE_MS = 60_000;
const MAX_ERROR_LENGTH = 500;

/**
 * Sends pending deliveries in the background. Every NOTIFICATION_POLL_MS (or at once when a
 * notification is sent here) it claims due deliveries — `FOR UPDATE SKIP LOCKED`, so replicas
 * never claim the same row — sends each through
 * its channel's provider, records the attempt, and either marks it sent or schedules a retry
 * with exponential backoff until NOTIFICATION_MAX_ATTEMPTS, after which it is failed (and kept).
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DeliveryWorker');
  private readonly loop: PollingLoop;
  private readonly due: DueCheck;

  constructor(
    @Inject(Environment) private readonly env: Environment,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly providers: ChannelProviders,
  ) {
    this.loop = PollingLoop.logged(env.NOTIFICATION_POLL_MS, () => this.drain(), this.logger, 'delivery round');
    this.due = new DueCheck(dataSource, NotificationDelivery, (column) => `${column('status')} = 'pending' AND ${column('nextAttemptAt')} <= $1`);
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Runs a round now (or right after the current one): a new notification need not wait for the poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops claiming and lets the sends in flight finish and be recorded. */
  async onModuleDestroy(): Promise<void> {
    await this.loop.stop();
  }

  private async drain(): Promise<void> {
    if (!(await this.due.anythingDue(new Date()))) return;
    while (!this.loop.stopped) {
      const claimed = await this.claim();
      if (!claimed.length) return;
      const notifications = await this.dataSource.getRepository(Notification).findBy({ id: In([...new Set(claimed.map((d) => d.notificationId))]) });
      const byId = new Map(notifications.map((notification) => [notification.id, notification]));
      await Promise.all(claimed.map((delivery) => this.attempt(delivery, byId.get(delivery.notificationId)!)));
      if (claimed.length < BATCH_SIZE) return;
    }
  }

  /** Claims due deliveries and leases them: attempts + 1, next attempt pushed out by the lease. */
  private claim(): Promise<NotificationDelivery[]> {
    return this.transactions.run(async (manager) => {
      const now = new Date();
      const query = manager
        .getRepository(NotificationDelivery)
        .createQueryBuilder('delivery')
        .where('delivery.status = :status AND delivery.nextAttemptAt <= :now', { status: 'pending', now })
        .orderBy('delivery.nextAttemptAt', 'ASC')
        .limit(BATCH_SIZE)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked');
      const due = await query.getMany();
      if (!due.length) return [];
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      await manager.update(NotificationDelivery, { id: In(due.map((d) => d.id)) }, { attempts: () => 'attempts + 1', nextAttemptAt: leaseUntil });
      return due.map((delivery) => Object.assign(delivery, { attempts: delivery.attempts + 1, nextAttemptAt: leaseUntil }));
    });
  }

  private async attempt(delivery: NotificationDelivery, notification: Notification): Promise<void> {
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
    const exhausted = !!error && (error.permanent || delivery.attempts >= this.env.NOTIFICATION_MAX_ATTEMPTS);
    const changes: Partial<NotificationDelivery> = !error
      ? { status: 'sent', sentAt: finishedAt, nextAttemptAt: null }
      : exhausted
        ? { status: 'failed', lastError: message, nextAttemptAt: null }
        : { lastError: message, nextAttemptAt: new Date(finishedAt.getTime() + retryDelayMs(delivery.attempts, this.env.NOTIFICATION_RETRY_BASE_MS)) };
    if (error) this.logger.warn(`delivery ${delivery.id} (${delivery.channel}) attempt ${delivery.attempts} failed${exhausted ? ' for good' : ''}: ${message}`);
    await this.transactions.run(async (manager) => {
      await manager.insert(DeliveryAttempt, {
        companyId: delivery.companyId,
        deliveryId: delivery.id,
        attemptedAt,
        outcome: error ? 'failed' : 'sent',
        provider: provider.name,
        durationMs: finishedAt.getTime() - attemptedAt.getTime(),
        error: message,
      });
      await manager.update(NotificationDelivery, { id: delivery.id }, changes);
    });
  }
}
