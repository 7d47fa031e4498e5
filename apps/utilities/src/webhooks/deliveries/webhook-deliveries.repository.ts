import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { Page, PageQueryDto } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhook-delivery.entity';

/** A new delivery: of an event to an endpoint, with the body it sends. */
export type NewDelivery = Pick<WebhookDelivery, 'endpointId' | 'companyId' | 'eventId' | 'eventType' | 'payload'>;

/** A delivery as its row's insert or update returns it. */
export interface DueDelivery {
  id: string;
  endpoint_id: string;
  company_id: string;
}

/** A delivery's state after one attempt. */
export interface SettledAttempt {
  id: string;
  /** The attempt's number: the row changes only while it has the attempts before it (another run of it did not record this one first). */
  attempts: number;
  status: WebhookDelivery['status'];
  nextAttemptAt: Date | null;
  attemptedAt: Date;
  statusCode: number | null;
}

/** An attempt as logged. */
export type AttemptFields = Pick<WebhookDeliveryAttempt, 'deliveryId' | 'attempt' | 'attemptedAt' | 'statusCode' | 'durationMs' | 'responseBody' | 'error'>;

const SAMPLE_DELIVERY: NewDelivery = {
  endpointId: SAMPLE.otherId,
  companyId: SAMPLE.companyId,
  eventId: SAMPLE.id,
  eventType: 'employee.created',
  payload: '{}',
};

/**
 * Webhook deliveries (`webhook_deliveries`, one per event and subscribed endpoint) and their
 * attempts (`webhook_delivery_attempts`, by delivery: the delivery's row, read in the company
 * first, answers for the company). A delivery job names its deliveries, not their company.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Rows for new deliveries, pending and due now, in the order given, each carrying its own
   * company (a page of events spans companies) and made only to an endpoint of that company; one
   * already made (the same event and endpoint) is left. Answers those made.
   */
  @QuerySample([[SAMPLE_DELIVERY], SAMPLE.tx])
  insertDeliveriesAcrossCompanies(rows: NewDelivery[], manager: EntityManager): Promise<DueDelivery[]> {
    return manager.query(
      `INSERT INTO "utilities"."webhook_deliveries" ("endpoint_id", "company_id", "event_id", "event_type", "payload", "status", "attempts", "next_attempt_at")
       SELECT d.endpoint_id, d.company_id, d.event_id, d.event_type, d.payload, 'pending', 0, now()
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[]) WITH ORDINALITY AS d(endpoint_id, company_id, event_id, event_type, payload, n)
       WHERE EXISTS (SELECT 1 FROM "utilities"."webhook_endpoints" e WHERE e."id" = d.endpoint_id AND e."company_id" = d.company_id)
       ORDER BY d.n
       ON CONFLICT DO NOTHING
       RETURNING "id", "endpoint_id", "company_id"`,
      [
        rows.map((row) => row.endpointId),
        rows.map((row) => row.companyId),
        rows.map((row) => row.eventId),
        rows.map((row) => row.eventType),
        rows.map((row) => row.payload),
      ],
    );
  }

  /** Another company's delivery is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx], 'in a transaction')
  findDelivery(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<WebhookDelivery | null> {
    return manager.findOneBy(WebhookDelivery, { id, companyId });
  }

  /** The endpoint of the company's delivery (null when not found). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  async endpointOfDelivery(companyId: string, id: string): Promise<string | null> {
    const found = await this.dataSource.getRepository(WebhookDelivery).findOne({ where: { id, companyId }, select: { id: true, endpointId: true } });
    return found?.endpointId ?? null;
  }

  /** Puts a delivery back in the queue now, as a retry asked for. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, new Date(0), SAMPLE.tx])
  async requestRetry(companyId: string, id: string, at: Date, manager: EntityManager): Promise<void> {
    await manager.update(WebhookDelivery, { id, companyId }, { status: 'pending', nextAttemptAt: at, retryRequested: true });
  }

  /**
   * Puts back in the queue the endpoint's failed deliveries created since `since`, oldest first,
   * `limit` at most; answers their ids.
   */
  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, new Date(0), 500, SAMPLE.tx])
  async recoverFailed(companyId: string, endpointId: string, since: Date, limit: number, manager: EntityManager): Promise<string[]> {
    const [rows]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE "utilities"."webhook_deliveries" SET "status" = 'pending', "next_attempt_at" = now(), "retry_requested" = true, "updated_at" = now()
           WHERE "id" IN (SELECT "id" FROM "utilities"."webhook_deliveries" WHERE "endpoint_id" = $1 AND "company_id" = $2 AND "status" = 'failed' AND "created_at" >= $3 ORDER BY "created_at", "id" LIMIT $4)
           RETURNING "id"`,
      [endpointId, companyId, since, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Whether the endpoint has failed deliveries created since `since` left. */
  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, new Date(0)])
  async anyFailedSince(companyId: string, endpointId: string, since: Date): Promise<boolean> {
    const left = await this.dataSource.query(
      `SELECT 1 FROM "utilities"."webhook_deliveries" WHERE "endpoint_id" = $1 AND "company_id" = $3 AND "status" = 'failed' AND "created_at" >= $2 LIMIT 1`,
      [endpointId, since, companyId],
    );
    return left.length > 0;
  }

  /** The endpoint's deliveries, newest first; `status` filters. */
  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, { status: 'failed', page: 2, limit: 20 }], 'by status')
  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, { status: 'failed', cursor: SAMPLE.cursor, limit: 20 }], 'by status, after a cursor')
  listDeliveriesPage(companyId: string, endpointId: string, query: PageQueryDto & { status?: string }): Promise<Page<WebhookDelivery>> {
    const builder = this.dataSource
      .getRepository(WebhookDelivery)
      .createQueryBuilder('delivery')
      .where('delivery.endpointId = :endpointId AND delivery.companyId = :companyId', { endpointId, companyId })
      .orderBy('delivery.createdAt', 'DESC')
      .addOrderBy('delivery.id', 'DESC');
    if (query.status) builder.andWhere('delivery.status = :status', { status: query.status });
    return findPage(builder, query, (rows) => rows);
  }

  /** Every attempt of the company's delivery (found in it first), in order. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  attemptsOf(companyId: string, deliveryId: string): Promise<WebhookDeliveryAttempt[]> {
    return this.dataSource.getRepository(WebhookDeliveryAttempt).find({ where: { deliveryId }, order: { attempt: 'ASC', attemptedAt: 'ASC' } });
  }

  /** The deliveries a job names that are still pending. */
  @QuerySample([[SAMPLE.id, SAMPLE.otherId]])
  pendingAcrossCompanies(ids: string[]): Promise<WebhookDelivery[]> {
    return this.dataSource.getRepository(WebhookDelivery).findBy({ id: In(ids), status: 'pending' });
  }

  /** Fails the deliveries still pending among `ids` (their endpoint is disabled). */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId]])
  async failPending(companyId: string, ids: string[]): Promise<void> {
    await this.dataSource.getRepository(WebhookDelivery).update({ id: In(ids), companyId, status: 'pending' }, { status: 'failed', nextAttemptAt: null });
  }

  /** Fails every pending delivery of the endpoint (disabled). */
  @QuerySample([SAMPLE.companyId, SAMPLE.otherId, SAMPLE.tx])
  async failEndpointPending(companyId: string, endpointId: string, manager: EntityManager): Promise<void> {
    await manager.update(WebhookDelivery, { endpointId, companyId, status: 'pending' }, { status: 'failed', nextAttemptAt: null });
  }

  /**
   * Each delivery's state after its attempt, in one statement, unless another run of it recorded
   * its attempt first (a retry asked for while one was under way); answers the ids it changed.
   */
  @QuerySample([
    SAMPLE.companyId,
    [{ id: SAMPLE.id, attempts: 1, status: 'succeeded' as const, nextAttemptAt: null, attemptedAt: new Date(0), statusCode: 200 }],
    SAMPLE.tx,
  ])
  async settleAttempts(companyId: string, settled: SettledAttempt[], manager: EntityManager): Promise<string[]> {
    const [rows]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE "utilities"."webhook_deliveries" AS delivery
       SET "attempts" = settled.attempts, "status" = settled.status, "next_attempt_at" = settled.next_attempt_at,
           "last_attempt_at" = settled.attempted_at, "last_status_code" = settled.status_code, "updated_at" = now()
       FROM unnest($1::uuid[], $2::int[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int[])
         AS settled(id, attempts, status, next_attempt_at, attempted_at, status_code)
       WHERE delivery."id" = settled.id AND delivery."company_id" = $7 AND delivery."status" = 'pending' AND delivery."attempts" = settled.attempts - 1
       RETURNING delivery."id"`,
      [
        settled.map((row) => row.id),
        settled.map((row) => row.attempts),
        settled.map((row) => row.status),
        settled.map((row) => row.nextAttemptAt),
        settled.map((row) => row.attemptedAt),
        settled.map((row) => row.statusCode),
        companyId,
      ],
    );
    return rows.map((row) => row.id);
  }

  /** Logs the attempts of the company's deliveries (settled just before), in the order given. */
  @QuerySample([
    SAMPLE.companyId,
    [{ deliveryId: SAMPLE.id, attempt: 1, attemptedAt: new Date(0), statusCode: 200, durationMs: 5, responseBody: null, error: null }],
    SAMPLE.tx,
  ])
  async insertAttempts(companyId: string, attempts: AttemptFields[], manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO "utilities"."webhook_delivery_attempts" ("delivery_id", "attempt", "attempted_at", "status_code", "duration_ms", "response_body", "error")
       SELECT a.delivery_id, a.attempt, a.attempted_at, a.status_code, a.duration_ms, a.response_body, a.error
       FROM unnest($2::uuid[], $3::int[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::text[])
         WITH ORDINALITY AS a(delivery_id, attempt, attempted_at, status_code, duration_ms, response_body, error, n)
       JOIN "utilities"."webhook_deliveries" d ON d."id" = a.delivery_id AND d."company_id" = $1
       ORDER BY a.n`,
      [
        companyId,
        attempts.map((attempt) => attempt.deliveryId),
        attempts.map((attempt) => attempt.attempt),
        attempts.map((attempt) => attempt.attemptedAt),
        attempts.map((attempt) => attempt.statusCode),
        attempts.map((attempt) => attempt.durationMs),
        attempts.map((attempt) => attempt.responseBody),
        attempts.map((attempt) => attempt.error),
      ],
    );
  }
}
