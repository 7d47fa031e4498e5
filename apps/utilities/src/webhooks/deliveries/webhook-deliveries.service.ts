import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectMetric, makeCounterProvider } from '@willsoto/nestjs-prometheus';
import { randomUUID } from 'node:crypto';
import { Counter } from 'prom-client';
import type { EntityManager } from 'typeorm';
import { Event, EVENT_VERSION } from '@platform/contracts';
import {
  Environment,
  Page,
  PageQueryDto,
  PlatformException,
  quotaPeriodBounds,
  RateLimitStore,
  serviceMetricProvider,
  WEBHOOK_RETRIES,
} from '@platform/pipeline';
import { EventOutbox, JobQueue, rowJobKey, Transactions } from '@platform/data';
import { WebhookEndpoint } from '../endpoints/webhook-endpoint.entity';
import { endpointView, WebhookEndpointsService } from '../endpoints/webhook-endpoints.service';
import { WebhookEndpointsRepository } from '../endpoints/webhook-endpoints.repository';
import { CompanyEvent } from '../events/company-event.entity';
import { EventSink } from '../events/event-ingestion.service';
import { signWebhook } from '../transport/signature';
import { isDelivered, sendWebhook, SendOutcome } from '../transport/webhook-sender';
import { nextAttemptDelay, parseSchedule } from './delivery-schedule';
import { DisabledEndpointAlerts } from './disabled-endpoint-alerts.service';
import { EndpointDayLimits } from './endpoint-day-limits.service';
import { TEST_EVENT_TYPE, WebhookDelivery, WebhookDeliveryAttempt } from './webhook-delivery.entity';
import { AttemptFields, DueDelivery, NewDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';

export const DELIVER_TASK = 'utilities:deliver-webhook';
const ATTEMPTS_METRIC = 'webhook_attempts_total';

/** Webhook delivery attempts this process recorded, by outcome (delivered: a 2xx in time; failed: anything else), on utilities' metrics path. */
export const attemptsCounterProvider = serviceMetricProvider('utilities', makeCounterProvider, {
  name: ATTEMPTS_METRIC,
  help: 'Webhook delivery attempts, by outcome',
  labelNames: ['outcome'],
});

/** Deliveries `recover` puts back in the queue at most, per call. */
export const MAX_RECOVERED = 10_000;
/** The first attempts of one endpoint's new (or recovered) deliveries go in jobs of at most this many. */
export const DELIVERY_BATCH = 25;
/** Requests to one endpoint at once within a job. */
export const ENDPOINT_PARALLELISM = 8;
/** A delivery is due a little before its next attempt (clocks of replicas differ by milliseconds). */
const DUE_SLACK_MS = 1000;

/**
 * Webhook deliveries: one per (event, subscribed endpoint), made by jobs of the queue. Each
 * attempt signs the stored body anew (Standard Webhooks: `webhook-id` is the event's id, the same
 * at every attempt), sends it through the network guard, and records what the endpoint answered.
 * A 2xx ends the delivery; a 410 disables the endpoint; anything else is tried again on the
 * schedule (WEBHOOK_RETRY_SCHEDULE, never before a 429/503's Retry-After) until it is spent. An
 * endpoint that has failed every attempt for WEBHOOK_DISABLE_AFTER_MS is disabled, with a
 * `webhook_endpoint.disabled` event and an alert to the company. Every attempt from the
 * second onward counts as a webhook retry of the credential that created the endpoint, and so
 * does every attempt of a delivery a retry or a recovery asked for, its first included. A company
 * runs at most WEBHOOK_DELIVERY_COMPANY_CONCURRENCY delivery jobs at once (the queue's company
 * queues), so its backlog to a slow receiver leaves the other workers to the other companies.
 */
@Injectable()
export class WebhookDeliveries implements EventSink {
  private readonly logger = new Logger('WebhookDeliveries');
  private readonly schedule: number[];

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpointRows: WebhookEndpointsRepository,
    private readonly transactions: Transactions,
    @Inject(Environment) private readonly env: Environment,
    private readonly queue: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly limits: RateLimitStore,
    private readonly endpoints: WebhookEndpointsService,
    private readonly alerts: DisabledEndpointAlerts,
    private readonly dayLimits: EndpointDayLimits,
    @InjectMetric(ATTEMPTS_METRIC) private readonly attempts: Counter<'outcome'>,
  ) {
    this.schedule = parseSchedule(env.WEBHOOK_RETRY_SCHEDULE);
    // `deliveryId`: the jobs of releases that sent one delivery a job
    queue.handle<DeliverJob & { deliveryId?: string }>(DELIVER_TASK, (job) => this.attempt(job.deliveryIds ?? (job.deliveryId ? [job.deliveryId] : [])), {
      concurrency: env.WEBHOOK_DELIVERY_CONCURRENCY,
      companyConcurrency: env.WEBHOOK_DELIVERY_COMPANY_CONCURRENCY,
      maxAttempts: 10,
      retryBaseMs: 2000,
    });
  }

  /** Fan-out: a delivery for each enabled endpoint of the event's company that takes its type and existed when it occurred. */
  async accept(events: CompanyEvent[], manager: EntityManager): Promise<void> {
    const companies = [...new Set(events.map((event) => event.companyId))];
    const endpoints = await this.endpointRows.subscribedEndpointsAcrossCompanies(companies, manager);
    if (!endpoints.length) return;
    const rows: NewDelivery[] = [];
    for (const event of events) {
      const payload = JSON.stringify(envelope({ ...event, occurredAt: event.occurredAt.toISOString() }));
      for (const endpoint of endpoints) {
        if (endpoint.companyId !== event.companyId || endpoint.createdAt > event.occurredAt) continue;
        if (endpoint.eventTypes.length && !endpoint.eventTypes.includes(event.type)) continue;
        rows.push({ endpointId: endpoint.id, companyId: event.companyId, eventId: event.id, eventType: event.type, payload });
      }
    }
    await this.create(rows, manager);
  }

  /** Sends a made-up event to the endpoint now, like any other (its first attempt is not a retry); WEBHOOK_TEST_CALLS_PER_DAY per endpoint. */
  async sendTest(companyId: string, endpointId: string): Promise<WebhookDelivery> {
    const endpoint = await this.endpointOf(companyId, endpointId);
    await this.dayLimits.take('test', endpoint.id);
    const event = envelope({
      id: randomUUID(),
      type: TEST_EVENT_TYPE,
      occurredAt: new Date().toISOString(),
      companyId,
      data: { endpointId: endpoint.id, note: 'A test event: your endpoint received and verified it.' },
      version: EVENT_VERSION,
    });
    return this.transactions.run(async (manager) => {
      const [id] = await this.create(
        [{ endpointId: endpoint.id, companyId, eventId: event.id, eventType: event.type, payload: JSON.stringify(event) }],
        manager,
      );
      return (await this.deliveries.findDelivery(companyId, id, manager))!;
    });
  }

  /** Tries one delivery again now, whatever became of it; WEBHOOK_RETRY_CALLS_PER_DAY per endpoint. */
  async retryNow(companyId: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpointId = await this.deliveries.endpointOfDelivery(companyId, deliveryId);
    if (!endpointId) throw new PlatformException('WEBHOOK_DELIVERY_NOT_FOUND');
    await this.dayLimits.take('retry', endpointId);
    return this.transactions.run(async (manager) => {
      const delivery = await this.deliveries.findDelivery(companyId, deliveryId, manager);
      // deleted with its endpoint meanwhile
      if (!delivery) throw new PlatformException('WEBHOOK_DELIVERY_NOT_FOUND');
      await this.deliveries.requestRetry(companyId, delivery.id, new Date(), manager);
      await this.queue.add(DELIVER_TASK, deliverJob([delivery.id]), { companyId, jobKey: rowJobKey(DELIVER_TASK, delivery.id) }, manager);
      return (await this.deliveries.findDelivery(companyId, delivery.id, manager))!;
    });
  }

  /**
   * Puts the endpoint's failed deliveries created since `since` back in the queue; answers how many
   * (at most MAX_RECOVERED a call, WEBHOOK_RECOVER_CALLS_PER_DAY calls per endpoint).
   */
  async recover(companyId: string, endpointId: string, since: Date): Promise<{ recovered: number; complete: boolean }> {
    await this.endpointOf(companyId, endpointId);
    await this.dayLimits.take('recover', endpointId);
    let recovered = 0;
    while (recovered < MAX_RECOVERED) {
      const batch = await this.transactions.run(async (manager) => {
        const ids = await this.deliveries.recoverFailed(companyId, endpointId, since, Math.min(500, MAX_RECOVERED - recovered), manager);
        await this.queueDue(
          ids.map((id) => ({ id, endpoint_id: endpointId, company_id: companyId })),
          manager,
        );
        return ids.length;
      });
      recovered += batch;
      if (batch === 0) return { recovered, complete: true };
    }
    return { recovered, complete: !(await this.deliveries.anyFailedSince(companyId, endpointId, since)) };
  }

  /** The endpoint's deliveries, newest first. */
  async list(companyId: string, endpointId: string, query: PageQueryDto & { status?: string }): Promise<Page<DeliveryView>> {
    await this.endpointOf(companyId, endpointId);
    const page = await this.deliveries.listDeliveriesPage(companyId, endpointId, query);
    return { ...page, items: page.items.map(deliveryView) };
  }

  /** One delivery with every attempt. */
  async get(companyId: string, deliveryId: string) {
    const delivery = await this.deliveries.findDelivery(companyId, deliveryId);
    if (!delivery) throw new PlatformException('WEBHOOK_DELIVERY_NOT_FOUND');
    const attempts = await this.deliveries.attemptsOf(companyId, deliveryId);
    return { ...deliveryView(delivery), event: JSON.parse(delivery.payload), attemptLog: attempts.map(attemptView) };
  }

  /**
   * One attempt of each delivery given that is pending and due (the job's handler). The
   * deliveries of one endpoint are sent together, ENDPOINT_PARALLELISM at a time over kept-alive
   * connections, and recorded in one transaction. A job re-run after its runner died skips those
   * already recorded; one not yet due has its job put back for when it is.
   */
  async attempt(deliveryIds: string[]): Promise<void> {
    if (!deliveryIds.length) return;
    const dueBy = Date.now() + DUE_SLACK_MS;
    const due: WebhookDelivery[] = [];
    for (const delivery of await this.deliveries.pendingAcrossCompanies(deliveryIds)) {
      if (!delivery.nextAttemptAt || delivery.nextAttemptAt.getTime() <= dueBy) due.push(delivery);
      // not due yet (a job run again after its runner died, or a database clock ahead of this one's):
      // never dropped, its job waits for when it is due (one waiting per delivery, by its key)
      else
        await this.queue.add(DELIVER_TASK, deliverJob([delivery.id]), {
          companyId: delivery.companyId,
          runAt: delivery.nextAttemptAt,
          jobKey: rowJobKey(DELIVER_TASK, delivery.id),
        });
    }
    for (const [endpointId, batch] of groupBy(due, (delivery) => delivery.endpointId)) await this.attemptBatch(endpointId, batch);
  }

  private async attemptBatch(endpointId: string, deliveries: WebhookDelivery[]): Promise<void> {
    const endpoint = await this.endpointRows.findEndpointAcrossCompanies(endpointId);
    // a deleted endpoint took its deliveries with it; a disabled one receives nothing until it is enabled and its deliveries recovered
    if (!endpoint) return;
    if (endpoint.disabledAt) {
      await this.deliveries.failPending(
        endpoint.companyId,
        deliveries.map((delivery) => delivery.id),
      );
      return;
    }
    const secrets = await this.endpoints.signingSecrets(endpoint.id);
    const results = await mapWithLimit(deliveries, ENDPOINT_PARALLELISM, async (delivery): Promise<AttemptResult> => {
      const timestamp = Math.floor(Date.now() / 1000);
      const attemptedAt = new Date();
      const outcome = await sendWebhook({
        url: endpoint.url,
        headers: {
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secrets, delivery.eventId, timestamp, delivery.payload),
        },
        body: delivery.payload,
        timeoutMs: this.env.WEBHOOK_TIMEOUT_MS,
        allowedNetworks: this.env.WEBHOOK_ALLOWED_NETWORKS,
      });
      const attempt = delivery.attempts + 1;
      const succeeded = isDelivered(outcome);
      const delay =
        succeeded || outcome.statusCode === 410
          ? null
          : nextAttemptDelay(this.schedule, attempt, outcome.statusCode === 429 || outcome.statusCode === 503 ? outcome.retryAfterMs : null);
      return { delivery, attempt, attemptedAt, outcome, succeeded, nextAttemptAt: delay === null ? null : new Date(Date.now() + delay) };
    });
    const recorded = await this.transactions.run((manager) => this.record(endpoint, results, manager));
    for (const result of recorded) this.attempts.inc({ outcome: result.succeeded ? 'delivered' : 'failed' });
    const retries = recorded.filter((result) => result.attempt >= 2 || result.delivery.retryRequested).length;
    if (retries) await this.countRetries(endpoint, retries);
  }

  /**
   * The attempts of one endpoint's batch: each delivery's new state (unless another run of it
   * recorded its attempt first: a retry asked for while one was under way), its attempt log, the
   * endpoint's failing streak, and the next attempt of those that failed.
   */
  private async record(endpoint: WebhookEndpoint, results: AttemptResult[], manager: EntityManager): Promise<AttemptResult[]> {
    const { companyId } = endpoint;
    const ids = await this.deliveries.settleAttempts(
      companyId,
      results.map((result) => ({
        id: result.delivery.id,
        attempts: result.attempt,
        status: result.succeeded ? 'succeeded' : result.nextAttemptAt === null ? 'failed' : 'pending',
        nextAttemptAt: result.nextAttemptAt,
        attemptedAt: result.attemptedAt,
        statusCode: result.outcome.statusCode,
      })),
      manager,
    );
    const settled = new Set(ids);
    const recorded = results.filter((result) => settled.has(result.delivery.id));
    if (!recorded.length) return recorded;
    await this.deliveries.insertAttempts(
      companyId,
      recorded.map((result) => attemptRow(result.delivery.id, result.attempt, result.attemptedAt, result.outcome)),
      manager,
    );
    if (recorded.some((result) => result.outcome.statusCode === 410)) {
      await this.disable(companyId, endpoint.id, 'gone', manager);
      return recorded;
    }
    // the endpoint answers: its failing streak, if any, is over
    if (recorded.some((result) => result.succeeded)) {
      await this.endpointRows.endFailingStreak(companyId, endpoint.id, manager);
    } else {
      const times = recorded.map((result) => result.attemptedAt.getTime());
      const failingSince = await this.endpointRows.startFailingStreak(companyId, endpoint.id, new Date(Math.min(...times)), manager);
      // deleted meanwhile: its deliveries went with it
      if (!failingSince) return recorded;
      if (Math.max(...times) - failingSince.getTime() >= this.env.WEBHOOK_DISABLE_AFTER_MS) {
        await this.disable(companyId, endpoint.id, 'failing', manager);
        return recorded;
      }
    }
    // the next attempt of each that failed (one waiting job per delivery)
    for (const { delivery, nextAttemptAt } of recorded) {
      if (nextAttemptAt !== null)
        await this.queue.add(
          DELIVER_TASK,
          deliverJob([delivery.id]),
          { companyId: delivery.companyId, runAt: nextAttemptAt, jobKey: rowJobKey(DELIVER_TASK, delivery.id) },
          manager,
        );
    }
    return recorded;
  }

  /** Rows for new deliveries, each carried by a job: one endpoint's go in jobs of up to DELIVERY_BATCH. */
  private async create(rows: NewDelivery[], manager: EntityManager): Promise<string[]> {
    if (!rows.length) return [];
    const created = await this.deliveries.insertDeliveriesAcrossCompanies(rows, manager);
    await this.queueDue(created, manager);
    return created.map((row) => row.id);
  }

  /** Jobs for deliveries due now (new or recovered): one endpoint's go in jobs of up to DELIVERY_BATCH. */
  private async queueDue(deliveries: DueDelivery[], manager: EntityManager): Promise<void> {
    for (const batch of groupBy(deliveries, (row) => row.endpoint_id).values()) {
      for (let start = 0; start < batch.length; start += DELIVERY_BATCH) {
        const ids = batch.slice(start, start + DELIVERY_BATCH).map((row) => row.id);
        // a job of one delivery carries its key, as a retry's does: asking for it again replaces the waiting one
        await this.queue.add(
          DELIVER_TASK,
          deliverJob(ids),
          { companyId: batch[0].company_id, jobKey: ids.length === 1 ? rowJobKey(DELIVER_TASK, ids[0]) : undefined },
          manager,
        );
      }
    }
  }

  /**
   * Disables the endpoint (once: a reason already given is kept), fails its pending deliveries,
   * records `webhook_endpoint.disabled` and queues the company's alert.
   */
  private async disable(companyId: string, endpointId: string, reason: 'gone' | 'failing', manager: EntityManager): Promise<void> {
    if (!(await this.endpointRows.disableEndpoint(companyId, endpointId, reason, manager))) return;
    const disabled = (await this.endpointRows.readEndpoint(companyId, endpointId, manager))!;
    await this.deliveries.failEndpointPending(companyId, endpointId, manager);
    await this.outbox.record(manager, companyId, 'webhook_endpoint.disabled', endpointView(disabled));
    await this.alerts.queue(disabled, reason, manager);
  }

  /** Counted for the credential that created the endpoint; a count that fails is logged, never a reason to deliver again. */
  private async countRetries(endpoint: WebhookEndpoint, retries: number): Promise<void> {
    if (endpoint.createdByPeriodAnchor === null) return;
    const period = quotaPeriodBounds(endpoint.createdByPeriodAnchor);
    await this.limits
      .countUsage(endpoint.createdByCredentialId, period.index, period.endMs, WEBHOOK_RETRIES, retries)
      .catch((error: unknown) =>
        this.logger.warn(
          `${retries} webhook retr${retries === 1 ? 'y' : 'ies'} of endpoint ${endpoint.id} not counted: ${(error as Error)?.message ?? String(error)}`,
        ),
      );
  }

  private async endpointOf(companyId: string, endpointId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpointRows.findEndpoint(companyId, endpointId);
    if (!endpoint) throw new PlatformException('WEBHOOK_ENDPOINT_NOT_FOUND');
    return endpoint;
  }
}

/** The body of every delivery: the event envelope (its feed position is the suite's own). */
function envelope({ id, type, occurredAt, companyId, data, version }: Omit<Event, 'position' | 'type' | 'occurredAt'> & { type: string; occurredAt: string }) {
  return { id, type, occurredAt, companyId, data, version };
}

interface DeliverJob {
  deliveryIds: string[];
}

const deliverJob = (deliveryIds: string[]): DeliverJob => ({ deliveryIds });

interface AttemptResult {
  delivery: WebhookDelivery;
  attempt: number;
  attemptedAt: Date;
  outcome: SendOutcome;
  succeeded: boolean;
  /** Null when there is none: delivered, gone (410), or the schedule spent. */
  nextAttemptAt: Date | null;
}

/** The items by key, in their order. */
function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** `work` on every item, at most `limit` at once; the results in the items' order. */
async function mapWithLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function attemptRow(deliveryId: string, attempt: number, attemptedAt: Date, outcome: SendOutcome): AttemptFields {
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

export type DeliveryView = ReturnType<typeof deliveryView>;

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
