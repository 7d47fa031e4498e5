import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThanOrEqual } from 'typeorm';
import { qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { IdempotencyKey } from './idempotency-key.entity';

/** What a key is claimed with (the company aside): the request it guards, and the payment it creates, if any. */
export interface KeyClaim {
  key: string;
  requestHash: string;
  paymentId: string | null;
  expiresAt: Date;
}

/** The response a key replays. */
export interface KeyResponse {
  status: number;
  body: unknown;
}

const SAMPLE_CLAIM: KeyClaim = { key: 'key-1', requestHash: '0'.repeat(64), paymentId: SAMPLE.otherId, expiresAt: new Date(0) };
const SAMPLE_RESPONSE: KeyResponse = { status: 201, body: { id: SAMPLE.otherId } };

/** A company's Idempotency-Keys and the responses they replay (`idempotency_keys`). */
@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, 'key-1'])
  findKey(companyId: string, key: string): Promise<IdempotencyKey | null> {
    return this.dataSource.getRepository(IdempotencyKey).findOneBy({ companyId, key });
  }

  @QuerySample([SAMPLE.companyId, ['key-1', 'key-2']])
  findKeys(companyId: string, keys: string[]): Promise<IdempotencyKey[]> {
    return this.dataSource.getRepository(IdempotencyKey).findBy({ companyId, key: In(keys) });
  }

  /** Forgets these keys where they expired by `now`, so that they can be claimed again. */
  @QuerySample([SAMPLE.companyId, ['key-1', 'key-2'], new Date(0), SAMPLE.tx])
  async deleteExpiredKeys(companyId: string, keys: string[], now: Date, manager: EntityManager): Promise<void> {
    await manager.delete(IdempotencyKey, { companyId, key: In(keys), expiresAt: LessThanOrEqual(now) });
  }

  /** Claims a key as in progress; a key another request holds fails on the unique index (waiting there for it to commit). */
  @QuerySample([SAMPLE.companyId, SAMPLE_CLAIM, SAMPLE.tx])
  insertKey(companyId: string, claim: KeyClaim, manager: EntityManager): Promise<IdempotencyKey> {
    return manager.save(manager.create(IdempotencyKey, { ...claim, companyId, state: 'in_progress' }));
  }

  /** Claims many keys in one statement; answers the keys claimed (a key another request holds is left out). */
  @QuerySample([SAMPLE.companyId, [SAMPLE_CLAIM], SAMPLE.tx])
  async insertKeysLeavingTaken(companyId: string, claims: KeyClaim[], manager: EntityManager): Promise<Set<string>> {
    const claimed = await manager
      .createQueryBuilder()
      .insert()
      .into(IdempotencyKey)
      .values(claims.map((claim) => ({ ...claim, companyId, state: 'in_progress' as const })))
      .orIgnore()
      .returning(['key'])
      .execute();
    return new Set((claimed.raw as { key: string }[]).map((row) => row.key));
  }

  /** Stores the response to replay on the key claimed as `id`. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE_RESPONSE, SAMPLE.tx])
  async completeKey(companyId: string, id: string, response: KeyResponse, manager: EntityManager): Promise<void> {
    await manager.update(IdempotencyKey, { id, companyId }, { state: 'completed', responseStatus: response.status, responseBody: response.body as object });
  }

  /** Stores the response to replay on the key, still in progress, of the request that created a payment. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE_RESPONSE, SAMPLE.tx])
  async completeKeyOfPayment(companyId: string, paymentId: string, response: KeyResponse, manager: EntityManager): Promise<void> {
    await manager.update(
      IdempotencyKey,
      { companyId, paymentId, state: 'in_progress' },
      { state: 'completed', responseStatus: response.status, responseBody: response.body as object },
    );
  }

  /** completeKeyOfPayment for many payments, in one statement. */
  @QuerySample([SAMPLE.companyId, [{ paymentId: SAMPLE.id, response: SAMPLE_RESPONSE }], SAMPLE.tx])
  async completeKeysOfPayments(companyId: string, responses: { paymentId: string; response: KeyResponse }[], manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, IdempotencyKey)} k SET "state" = 'completed', "response_status" = r."status", "response_body" = r."body"
       FROM json_to_recordset($1::json) AS r("paymentId" uuid, "status" integer, "body" jsonb)
       WHERE k."payment_id" = r."paymentId" AND k."state" = 'in_progress' AND k."company_id" = $2`,
      [JSON.stringify(responses.map(({ paymentId, response }) => ({ paymentId, status: response.status, body: response.body }))), companyId],
    );
  }

  /** Forgets claims still in progress: their request was refused before any money moved. */
  @QuerySample([SAMPLE.companyId, ['key-1', 'key-2'], SAMPLE.tx])
  async deleteClaims(companyId: string, keys: string[], manager: EntityManager): Promise<void> {
    await manager.delete(IdempotencyKey, { companyId, key: In(keys), state: 'in_progress' });
  }

  /** Forgets completed keys expired by `now`, every company's (the recovery pass). Answers how many. */
  @QuerySample([new Date(0), SAMPLE.tx])
  async deleteExpiredCompletedAcrossCompanies(now: Date, manager: EntityManager): Promise<number> {
    const result = await manager.delete(IdempotencyKey, { state: 'completed', expiresAt: LessThanOrEqual(now) });
    return result.affected ?? 0;
  }
}
