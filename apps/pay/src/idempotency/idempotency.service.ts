import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PlatformException } from '@platform/pipeline';
import { isUniqueViolation, Transactions } from '@platform/data';
import { IDEMPOTENCY_TTL_MS } from './idempotency';
import { IdempotencyKey } from './idempotency-key.entity';
import { IdempotencyRepository } from './idempotency.repository';

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
    private readonly keys: IdempotencyRepository,
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
  async claim(request: IdempotentRequest, paymentId: string | null, manager: EntityManager): Promise<IdempotencyKey> {
    const now = new Date();
    await this.keys.deleteExpiredKeys(request.companyId, [request.key], now, manager);
    return this.keys.insertKey(
      request.companyId,
      { key: request.key, requestHash: request.hash, paymentId, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) },
      manager,
    );
  }

  /** Stores the response to replay, in the transaction that produced it. */
  complete(companyId: string, id: string, response: StoredResponse, manager: EntityManager): Promise<void> {
    return this.keys.completeKey(companyId, id, response, manager);
  }

  /** Completes the key of the request that created a payment (the request itself, or recovery after it died). */
  completeForPayment(companyId: string, paymentId: string, response: StoredResponse, manager: EntityManager): Promise<void> {
    return this.keys.completeKeyOfPayment(companyId, paymentId, response, manager);
  }

  /**
   * `earlier` for many keys at once, without waiting: each key's response to replay, a 409 for
   * another body, IN_PROGRESS while its first request runs; keys never used (or expired) are left out.
   */
  async earlierMany(companyId: string, requests: IdempotentRequest[]): Promise<Map<string, IdempotentResult | PlatformException>> {
    const hashes = new Map(requests.map((request) => [request.key, request.hash]));
    const rows = await this.keys.findKeys(companyId, [...hashes.keys()]);
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
   * `claim` for many keys of one company in one statement; answers the keys claimed. A key
   * another request claimed since it was looked up is left to that request (not in the answer).
   */
  async claimMany(companyId: string, requests: (IdempotentRequest & { paymentId: string })[], manager: EntityManager): Promise<Set<string>> {
    if (!requests.length) return new Set();
    const now = new Date();
    await this.keys.deleteExpiredKeys(
      companyId,
      requests.map((request) => request.key),
      now,
      manager,
    );
    return this.keys.insertKeysLeavingTaken(
      companyId,
      requests.map((request) => ({
        key: request.key,
        requestHash: request.hash,
        paymentId: request.paymentId,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })),
      manager,
    );
  }

  /** Forgets claims whose request was refused before any money moved: their keys are not used up. */
  async release(companyId: string, keys: string[], manager: EntityManager): Promise<void> {
    if (keys.length) await this.keys.deleteClaims(companyId, keys, manager);
  }

  /** completeForPayment for many payments of one company, in one statement. */
  async completeForPayments(companyId: string, responses: { paymentId: string; response: StoredResponse }[], manager: EntityManager): Promise<void> {
    if (responses.length) await this.keys.completeKeysOfPayments(companyId, responses, manager);
  }

  /** Forgets completed keys past their 24 hours. */
  purgeExpired(): Promise<number> {
    return this.transactions.run((manager) => this.keys.deleteExpiredCompletedAcrossCompanies(new Date(), manager));
  }

  /** The earlier request with this key: its response (waiting while it runs), a 409 for another body, or null. */
  private async earlier<T>(request: IdempotentRequest): Promise<IdempotentResult<T> | null> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const row = await this.keys.findKey(request.companyId, request.key);
      if (!row || row.expiresAt.getTime() <= Date.now()) return null;
      if (row.requestHash !== request.hash) throw new PlatformException('IDEMPOTENCY_KEY_REUSED');
      if (row.state === 'completed') return { status: row.responseStatus!, body: row.responseBody as T, replayed: true };
      if (Date.now() >= deadline) throw new PlatformException('IDEMPOTENCY_REQUEST_IN_PROGRESS');
      await sleep(POLL_MS);
    }
  }
}
