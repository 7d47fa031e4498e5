import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThanOrEqual } from 'typeorm';
import { PlatformException } from '@platform/pipeline';
import { isUniqueViolation, qualifiedTable, Transactions } from '@platform/data';
import { IDEMPOTENCY_TTL_MS } from './idempotency';
import { IdempotencyKey } from './idempotency-key.entity';

export interface StoredResponse<T = unknown> {
  status: number;
  body: T;
}

export interface IdempotentResult<T = unknown> extends StoredResponse<T> {
  replayed: boolean;
}

export interface IdempotentRequest {
  companyId: string;
  key: string;
  hash: string;
}

/** How long a duplicate waits for the first request with its key to finish before 409 IN_PROGRESS. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency-Key handling. The work claims the key inside its own transaction (`claim`), so
 * the key, the money and the response commit or vanish together; a concurrent duplicate's
 * claim hits the unique index (on PostgreSQL it waits there for the first to commit), and the
 * duplicate then waits for the first response and replays it.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  async run<T>(request: IdempotentRequest, work: () => Promise<StoredResponse<T>>): Promise<IdempotentResult<T>> {
    for (let attempt = 0; ; attempt += 1) {
      const earlier = await this.earlier<T>(request);
      if (earlier) return earlier;
      try {
        return { ...(await work()), replayed: false };
      } catch (error) {
        // another request claimed the key between our look and our claim: replay it (or, if it rolled back, go again)
        if (!isUniqueViolation(error) || attempt >= 2) throw error;
      }
    }
  }

  /** Inserts the key as in progress, in the caller's transaction. An expired key is forgotten first. */
  async claim(manager: EntityManager, request: IdempotentRequest, paymentId: string | null = null): Promise<IdempotencyKey> {
    const now = new Date();
    await manager.delete(IdempotencyKey, { companyId: request.companyId, key: request.key, expiresAt: LessThanOrEqual(now) });
    return manager.save(
      manager.create(IdempotencyKey, {
        companyId: request.companyId,
        key: request.key,
        requestHash: request.hash,
        state: 'in_progress',
        paymentId,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      }),
    );
  }

  /** Stores the response to replay, in the transaction that produced it. */
  async complete(manager: EntityManager, id: string, response: StoredResponse): Promise<void> {
    await manager.update(IdempotencyKey, { id }, { state: 'completed', responseStatus: response.status, responseBody: response.body as object });
  }

  /** Completes the key of the request that created a payment (the request itself, or recovery after it died). */
  async completeForPayment(manager: EntityManager, paymentId: string, response: StoredResponse): Promise<void> {
    await manager.update(
      IdempotencyKey,
      { paymentId, state: 'in_progress' },
      { state: 'completed', responseStatus: response.status, responseBody: response.body as object },
    );
  }

  /**
   * `earlier` for many keys at once, without waiting: each key's response to replay, a 409 for
   * another body, IN_PROGRESS while its first request runs; keys never used (or expired) are left out.
   */
  async earlierMany(companyId: string, requests: IdempotentRequest[]): Promise<Map<string, IdempotentResult | PlatformException>> {
    const hashes = new Map(requests.map((request) => [request.key, request.hash]));
    const rows = await this.dataSource.getRepository(IdempotencyKey).findBy({ companyId, key: In([...hashes.keys()]) });
    const found = new Map<string, IdempotentResult | PlatformException>();
    for (const row of rows) {
      if (row.expiresAt.getTime() <= Date.now()) continue;
      if (row.requestHash !== hashes.get(row.key)) found.set(row.key, new PlatformException('IDEMPOTENCY_KEY_REUSED'));
      else if (row.state === 'completed') found.set(row.key, { status: row.responseStatus!, body: row.responseBody, replayed: true });
      else found.set(row.key, new PlatformException('IDEMPOTENCY_REQUEST_IN_PROGRESS'));
    }
    return found;
  }

  /**
   * `claim` for many keys in one statement; answers the keys claimed. A key another request
   * claimed since it was looked up is left to that request (not in the answer).
   */
  async claimMany(manager: EntityManager, requests: (IdempotentRequest & { paymentId: string })[]): Promise<Set<string>> {
    if (!requests.length) return new Set();
    const now = new Date();
    const companyId = requests[0].companyId;
    await manager.delete(IdempotencyKey, { companyId, key: In(requests.map((request) => request.key)), expiresAt: LessThanOrEqual(now) });
    const claimed = await manager
      .createQueryBuilder()
      .insert()
      .into(IdempotencyKey)
      .values(
        requests.map((request) => ({
          companyId,
          key: request.key,
          requestHash: request.hash,
          state: 'in_progress' as const,
          paymentId: request.paymentId,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        })),
      )
      .orIgnore()
      .returning(['key'])
      .execute();
    return new Set((claimed.raw as { key: string }[]).map((row) => row.key));
  }

  /** Forgets claims whose request was refused before any money moved: their keys are not used up. */
  async release(manager: EntityManager, companyId: string, keys: string[]): Promise<void> {
    if (keys.length) await manager.delete(IdempotencyKey, { companyId, key: In(keys), state: 'in_progress' });
  }

  /** completeForPayment for many payments, in one statement. */
  async completeForPayments(manager: EntityManager, responses: { paymentId: string; response: StoredResponse }[]): Promise<void> {
    if (!responses.length) return;
    await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, IdempotencyKey)} k SET "state" = 'completed', "response_status" = r."status", "response_body" = r."body"
       FROM json_to_recordset($1::json) AS r("paymentId" uuid, "status" integer, "body" jsonb)
       WHERE k."payment_id" = r."paymentId" AND k."state" = 'in_progress'`,
      [JSON.stringify(responses.map(({ paymentId, response }) => ({ paymentId, status: response.status, body: response.body })))],
    );
  }

  /** Forgets completed keys past their 24 hours. */
  async purgeExpired(): Promise<number> {
    const result = await this.transactions.run((manager) => manager.delete(IdempotencyKey, { state: 'completed', expiresAt: LessThanOrEqual(new Date()) }));
    return result.affected ?? 0;
  }

  /** The earlier request with this key: its response (waiting while it runs), a 409 for another body, or null. */
  private async earlier<T>(request: IdempotentRequest): Promise<IdempotentResult<T> | null> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const row = await this.dataSource.getRepository(IdempotencyKey).findOneBy({ companyId: request.companyId, key: request.key });
      if (!row || row.expiresAt.getTime() <= Date.now()) return null;
      if (row.requestHash !== request.hash) throw new PlatformException('IDEMPOTENCY_KEY_REUSED');
      if (row.state === 'completed') return { status: row.responseStatus!, body: row.responseBody as T, replayed: true };
      if (Date.now() >= deadline) throw new PlatformException('IDEMPOTENCY_REQUEST_IN_PROGRESS');
      await sleep(POLL_MS);
    }
  }
}
