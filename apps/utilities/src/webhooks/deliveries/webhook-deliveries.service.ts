import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import {
  Environment,
  Event,
  EVENT_VERSION,
  EventOutbox,
  findPage,
  JobQueue,
  PageQueryDto,
  PlatformException,
  quotaPeriodBounds,
  RateLimitStore,
  rowJobKey,
  WEBHOOK_RETRIES,
} from '@platform/common';
import { NotificationsService } from '../../notifications/notifications.service';
import { WebhookEndpoint } from '../endpoints/webhook-endpoint.entity';
import { endpointView, WebhookEndpointsService } from '../endpoints/webhook-endpoints.service';
import { CompanyEvent } from '../events/company-event.entity';
import { EventSink } from '../events/event-ingestion.service';
import { signWebhook } from '../transport/signature';
import { isDelivered, sendWebhook, SendOutcome } from '../transport/webhook-sender';
import { nextAttemptDelay, parseSchedule } from './delivery-schedule';
import { TEST_EVENT_TYPE, WebhookDelivery, WebhookDeliveryAttempt } from './webhook-delivery.entity';

export const DELIVER_TASK = 'utilities:deliver-webhook';
/** Deliveries `recover` puts back in the queue at most, per call. */
export const MAX_RECOVERED = 10_000;

/**
 * Webhook deliveries: one per (event, subscribed endpoint), made by jobs of the queue. Each
 * attempt signs the stored body anew (Standard Webhooks: `webhook-id` is the event's id, the same
 * at every attempt), sends it through the network guard, and records what the endpoint answered.
 * A 2xx ends the delivery; a 410 disables the endpoint; anything else is tried again on the
 * schedule (WEBHOOK_RETRY_SCHEDULE, never before a 429/503's Retry-After) until it is spent. An
 * endpoint that has failed every attempt for WEBHOOK_DISABLE_AFTER_MS is disabled, with a
 * `webhook_endpoint.disabled` event and a notification to the company. Every attempt from the
 * second onward counts as a webhook retry of the credential that created the endpoint.
 */
@Injectable()
export class WebhookDeliveries implements EventSink {
  private readonly logger = new Logger('WebhookDeliveries');
  private readonly schedule: number[];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(Environment) private readonly env: Environment,
    private readonly queue: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly limits: RateLimitStore,
    private readonly endpoints: WebhookEndpointsService,
    private readonly notifications: NotificationsService,
  ) {
    this.schedule = parseSchedule(env.WEBHOOK_RETRY_SCHEDULE);
    queue.handle<{ deliveryId: string }>(DELIVER_TASK, ({ deliveryId }) => this.attempt(deliveryId), {
      concurrency: env.WEBHOOK_DELIVERY_CONCURRENCY,
      maxAttempts: 10,
      retryBaseMs: 2000,
    });
  }

  /** Fan-out: a delivery for each enabled endpoint of the event's company that takes its type and existed when it occurred. */
  async accept(manager: EntityManager, events: CompanyEvent[]): Promise<void> {
    const companies = [...new Set(events.map((event) => event.companyId))];
    const endpoints = await manager
      .createQueryBuilder(WebhookEndpoint, 'endpoint')
      .select(['endpoint.id', 'endpoint.companyId', 'endpoint.eventTypes', 'endpoint.createdAt'])
      .where('endpoint.companyId IN (:...companies) AND endpoint.disabledAt IS NULL', { companies })
      .getMany();
    if (!endpoints.length) return;
    const rows: Array<Pick<WebhookDelivery, 'endpointId' | 'companyId' | 'eventId' | 'eventType' | 'payload'>> = [];
    for (const event of events) {
      const payload = JSON.stringify(envelopeOf(event));
      for (const endpoint of endpoints) {
        if (endpoint.companyId !== event.companyId || endpoint.createdAt > event.occurredAt) continue;
        if (endpoint.eventTypes.length && !endpoint.eventTypes.includes(event.type)) continue;
        rows.push({ endpointId: endpoint.id, companyId: event.companyId, eventId: event.id, eventType: event.type, payload });
      }
    }
    await this.create(manager, rows);
  }

  /** Sends a made-up event to the endpoint now, like any other (its first attempt is not a retry). */
  async sendTest(companyId: string, endpointId: string): Promise<WebhookDelivery> {
    const endpoint = await this.endpointOf(companyId, endpointId);
    const event: Event = {
      id: randomUUID(),
      type: TEST_EVENT_TYPE as Event['type'],
      occurredAt: new Date().toISOString() as Event['occurredAt'],
      companyId,
      data: { endpointId: endpoint.id, note: 'A test event: your endpoint received and verified it.' },
      version: EVENT_VERSION,
      position: 0,
    };
    return this.dataSource.transaction(async (manager) => {
      const [created] = await this.create(manager, [{ endpointId: endpoint.id, companyId, eventId: event.id, eventType: event.type, payload: JSON.stringify(withoutPosition(event)) }]);
      return created;
    });
  }

  /** Tries one delivery again now, whatever became of it. */
  async retryNow(companyId: string, deliveryId: string): Promise<WebhookDelivery> {
    return this.dataSource.transaction(async (manager) => {
      const delivery = await manager.findOneBy(WebhookDelivery, { id: deliveryId, companyId });
      if (!delivery) throw new PlatformException('WEBHOOK_DELIVERY_NOT_FOUND');
      await manager.update(WebhookDelivery, { id: delivery.id }, { status: 'pending', nextAttemptAt: new Date() });
      await this.queue.add(DELIVER_TASK, { deliveryId: delivery.id }, { companyId, jobKey: rowJobKey(DELIVER_TASK, delivery.id) }, manager);
      return (await manager.findOneBy(WebhookDelivery, { id: delivery.id }))!;
    });
  }

  /** Puts the endpoint's failed deliveries created since `since` back in the queue; answers how many (at most MAX_RECOVERED a call). */
  async recover(companyId: string, endpointId: string, since: Date): Promise<{ recovered: number; complete: boolean }> {
    await this.endpointOf(companyId, endpointId);
    let recovered = 0;
    while (recovered < MAX_RECOVERED) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const [rows]: [Array<{ id: string }>, number] = await manager.query(
          `UPDATE "utilities"."webhook_deliveries" SET "status" = 'pending', "next_attempt_at" = now(), "updated_at" = now()
           WHERE "id" IN (SELECT "id" FROM "utilities"."webhook_deliveries" WHERE "endpoint_id" = $1 AND "company_id" = $2 AND "status" = 'failed' AND "created_at" >= $3 ORDER BY "created_at", "id" LIMIT $4)
           RETURNING "id"`,
          [endpointId, companyId, since, Math.min(500, MAX_RECOVERED - recovered)],
        );
        for (const row of rows) await this.queue.add(DELIVER_TASK, { deliveryId: row.id }, { companyId, jobKey: rowJobKey(DELIVER_TASK, row.id) }, manager);
        return rows.length;
      });
      recovered += batch;
      if (batch === 0) return { recovered, complete: true };
    }
    const left = await this.dataSource.query(
      `SELECT 1 FROM "utilities"."webhook_deliveries" WHERE "endpoint_id" = $1 AND "status" = 'failed' AND "created_at" >= $2 LIMIT 1`,
      [endpointId, since],
    );
    return { recovered, complete: left.length === 0 };
  }

  /** The endpoint's deliveries, newest first. */
  async list(companyId: string, endpointId: string, query: PageQueryDto & { status?: string }) {
    await this.endpointOf(companyId, endpointId);
    const builder = this.dataSource
      .getRepository(WebhookDelivery)
      .createQueryBuilder('delivery')
      .where('delivery.endpointId = :endpointId AND delivery.companyId = :companyId', { endpointId, companyId })
      .orderBy('delivery.createdAt', 'DESC')
      .addOrderBy('delivery.id', 'DESC');
    if (query.status) builder.andWhere('delivery.status = :status', { status: query.status });
    return findPage(builder, query, (rows) => rows.map(deliveryView));
  }

  /** One delivery with every attempt. */
  async get(companyId: string, deliveryId: string) {
    const delivery = await this.dataSource.getRepository(WebhookDelivery).findOneBy({ id: deliveryId, companyId });
    if (!delivery) throw new PlatformException('WEBHOOK_DELIVERY_NOT_FOUND');
    const attempts = await this.dataSource.getRepository(WebhookDeliveryAttempt).find({ where: { deliveryId }, order: { attempt: 'ASC', attemptedAt: 'ASC' } });
    return { ...deliveryView(delivery), event: JSON.parse(delivery.payload), attemptLog: attempts.map(attemptView) };
  }

  /** One attempt of a delivery (the job's handler). */
  async attempt(deliveryId: string): Promise<void> {
    const delivery = await this.dataSource.getRepository(WebhookDelivery).findOneBy({ id: deliveryId });
    if (!delivery || delivery.status !== 'pending') return;
    const endpoint = await this.dataSource.getRepository(WebhookEndpoint).findOneBy({ id: delivery.endpointId });
    // a deleted endpoint took its deliveries with it; a disabled one receives nothing until it is enabled and its deliveries recovered
    if (!endpoint) return;
    if (endpoint.disabledAt) {
      await this.dataSource.getRepository(WebhookDelivery).update({ id: delivery.id, status: 'pending' }, { status: 'failed', nextAttemptAt: null });
      return;
    }
    const secrets = await this.endpoints.signingSecrets(endpoint.id);
    const timestamp = Math.floor(Date.now() / 1000);
    const attemptedAt = new Date();
    const outcome = await sendWebhook({
      url: endpoint.url,
      headers: { 'webhook-id': delivery.eventId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secrets, delivery.eventId, timestamp, delivery.payload) },
      body: delivery.payload,
      timeoutMs: this.env.WEBHOOK_TIMEOUT_MS,
      allowedNetworks: this.env.WEBHOOK_ALLOWED_NETWORKS,
    });
    const attempt = delivery.attempts + 1;
    const succeeded = isDelivered(outcome);
    const gone = outcome.statusCode === 410;
    const delay = succeeded || gone ? null : nextAttemptDelay(this.schedule, attempt, outcome.statusCode === 429 || outcome.statusCode === 503 ? outcome.retryAfterMs : null);
    const disabled = await this.dataSource.transaction(async (manager) => {
      const settled = await manager.query(
        `UPDATE "utilities"."webhook_deliveries" SET "attempts" = $2, "status" = $3, "next_attempt_at" = $4, "last_attempt_at" = $5, "last_status_code" = $6, "updated_at" = now()
         WHERE "id" = $1 AND "status" = 'pending' AND "attempts" = $7 RETURNING "id"`,
        [delivery.id, attempt, succeeded ? 'succeeded' : delay === null ? 'failed' : 'pending', delay === null ? null : new Date(Date.now() + delay), attemptedAt, outcome.statusCode, delivery.attempts],
      );
      // another run of this delivery recorded its attempt first (a retry asked for while one was under way)
      if (!settled[1]) return null;
      await manager.insert(WebhookDeliveryAttempt, attemptRow(delivery.id, attempt, attemptedAt, outcome));
      if (succeeded) {
        await manager.query(`UPDATE "utilities"."webhook_endpoints" SET "failing_since" = NULL WHERE "id" = $1 AND "failing_since" IS NOT NULL`, [endpoint.id]);
        return null;
      }
      const [failing] = (
        await manager.query(`UPDATE "utilities"."webhook_endpoints" SET "failing_since" = COALESCE("failing_since", $2) WHERE "id" = $1 RETURNING "failing_since"`, [endpoint.id, attemptedAt])
      )[0] as Array<{ failing_since: Date }>;
      // deleted meanwhile: its deliveries went with it
      if (!failing) return null;
      const failingSince = failing.failing_since;
      const reason = gone ? 'gone' : attemptedAt.getTime() - failingSince.getTime() >= this.env.WEBHOOK_DISABLE_AFTER_MS ? 'failing' : null;
      if (reason) return this.disable(manager, endpoint.id, reason);
      if (delay !== null) await this.queue.add(DELIVER_TASK, { deliveryId: delivery.id }, { companyId: delivery.companyId, runAt: new Date(Date.now() + delay), jobKey: rowJobKey(DELIVER_TASK, delivery.id) }, manager);
      return null;
    });
    if (attempt >= 2) await this.countRetry(endpoint);
    if (disabled) await this.notifyDisabled(disabled);
  }

  private async create(manager: EntityManager, rows: Array<Pick<WebhookDelivery, 'endpointId' | 'companyId' | 'eventId' | 'eventType' | 'payload'>>): Promise<WebhookDelivery[]> {
    if (!rows.length) return [];
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(WebhookDelivery)
      .values(rows.map((row) => ({ ...row, status: 'pending' as const, attempts: 0, nextAttemptAt: () => 'now()' })))
      .orIgnore()
      .returning('*')
      .execute();
    const created = (inserted.raw as Array<Record<string, unknown>>).map((raw) => manager.create(WebhookDelivery, fromRaw(raw)));
    for (const delivery of created) {
      await this.queue.add(DELIVER_TASK, { deliveryId: delivery.id }, { companyId: delivery.companyId, jobKey: rowJobKey(DELIVER_TASK, delivery.id) }, manager);
    }
    return created;
  }

  /**
   * Disables the endpoint (once: a reason already given is kept), fails its pending deliveries and
   * records `webhook_endpoint.disabled`; answers the endpoint as disabled, or null when it already was.
   */
  private async disable(manager: EntityManager, endpointId: string, reason: 'gone' | 'failing'): Promise<WebhookEndpoint | null> {
    const updated = await manager
      .createQueryBuilder()
      .update(WebhookEndpoint)
      .set({ disabledAt: () => 'now()', disabledReason: reason })
      .where('id = :endpointId AND disabled_at IS NULL', { endpointId })
      .execute();
    if (!updated.affected) return null;
    const disabled = (await manager.findOneBy(WebhookEndpoint, { id: endpointId }))!;
    await manager.update(WebhookDelivery, { endpointId, status: 'pending' }, { status: 'failed', nextAttemptAt: null });
    await this.outbox.record(manager, disabled.companyId, 'webhook_endpoint.disabled', endpointView(disabled));
    return disabled;
  }

  /** Tells the company its endpoint was disabled: by email to the endpoint's alert address, and in the company inbox. */
  private async notifyDisabled(endpoint: WebhookEndpoint): Promise<void> {
    const why = endpoint.disabledReason === 'gone' ? 'it answered 410 Gone' : `every delivery to it has failed for ${Math.round(this.env.WEBHOOK_DISABLE_AFTER_MS / 3_600_000)} hours`;
    try {
      await this.notifications.send(endpoint.companyId, {
        category: 'general',
        title: 'Webhook endpoint disabled',
        body: `Your webhook endpoint ${endpoint.url} (${endpoint.id}) was disabled because ${why}. Fix it, enable it again (POST /api/v1/app/webhooks/endpoints/${endpoint.id}/enable) and recover the failed deliveries (POST /api/v1/app/webhooks/endpoints/${endpoint.id}/recover).`,
        recipients: endpoint.alertEmail ? [endpoint.alertEmail] : undefined,
        channels: endpoint.alertEmail ? ['email'] : ['inApp'],
        data: { endpointId: endpoint.id, reason: endpoint.disabledReason },
      });
    } catch (error) {
      this.logger.error({ err: error }, `endpoint ${endpoint.id} disabled; the notification could not be sent`);
    }
  }

  /** Counted for the credential that created the endpoint; a count that fails is logged, never a reason to deliver again. */
  private async countRetry(endpoint: WebhookEndpoint): Promise<void> {
    if (endpoint.createdByPeriodAnchor === null) return;
    const period = quotaPeriodBounds(endpoint.createdByPeriodAnchor);
    await this.limits
      .countUsage(endpoint.createdByCredentialId, period.index, period.endMs, WEBHOOK_RETRIES)
      .catch((error: unknown) => this.logger.warn(`webhook retry of endpoint ${endpoint.id} not counted: ${(error as Error)?.message ?? String(error)}`));
  }

  private async endpointOf(companyId: string, endpointId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.dataSource.getRepository(WebhookEndpoint).findOneBy({ id: endpointId, companyId });
    if (!endpoint) throw new PlatformException('WEBHOOK_ENDPOINT_NOT_FOUND');
    return endpoint;
  }
}

/** The body of every delivery: the event envelope (its feed position is the suite's own). */
function envelopeOf(event: CompanyEvent) {
  return { id: event.id, type: event.type, occurredAt: event.occurredAt.toISOString(), companyId: event.companyId, data: event.data, version: event.version };
}

function withoutPosition(event: Event) {
  const { position: _position, ...envelope } = event;
  return envelope;
}

function attemptRow(deliveryId: string, attempt: number, attemptedAt: Date, outcome: SendOutcome): Partial<WebhookDeliveryAttempt> {
  return {
    deliveryId,
    attempt,
    attemptedAt,
    statusCode: outcome.statusCode,
    durationMs: Math.round(outcome.durationMs),
    responseBody: outcome.responseBody ? outcome.responseBody.slice(0, 1024) : null,
    error: outcome.error ? outcome.error.slice(0, 500) : null,
  };
}

function fromRaw(raw: Record<string, unknown>): Partial<WebhookDelivery> {
  return {
    id: raw.id as string,
    endpointId: raw.endpoint_id as string,
    companyId: raw.company_id as string,
    eventId: raw.event_id as string,
    eventType: raw.event_type as string,
    payload: raw.payload as string,
    status: raw.status as WebhookDelivery['status'],
    attempts: raw.attempts as number,
    nextAttemptAt: raw.next_attempt_at as Date | null,
    lastAttemptAt: raw.last_attempt_at as Date | null,
    lastStatusCode: raw.last_status_code as number | null,
    createdAt: raw.created_at as Date,
    updatedAt: raw.updated_at as Date,
  };
}

export function deliveryView(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastAttemptAt: delivery.lastAttemptAt,
    nextAttemptAt: delivery.nextAttemptAt,
    createdAt: delivery.createdAt,
    updatedAt: delivery.updatedAt,
  };
}

function attemptView(attempt: WebhookDeliveryAttempt) {
  return {
    attempt: attempt.attempt,
    attemptedAt: attempt.attemptedAt,
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    responseBody: attempt.responseBody,
    error: attempt.error,
  };
}
