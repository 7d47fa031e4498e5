import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import { qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { Session } from './session.entity';

/** What a session is written with (its user and keys aside). */
export type SessionFields = Pick<Session, 'tokenHash' | 'lastSeenAt' | 'expiresAt' | 'ipAddress' | 'userAgent'>;

const SAMPLE_HASH = 'e'.repeat(64);
const SAMPLE_SESSION: SessionFields = { tokenHash: SAMPLE_HASH, lastSeenAt: new Date(0), expiresAt: new Date(0), ipAddress: '127.0.0.1', userAgent: 'sample' };

/**
 * Dashboard sessions (`sessions`). A session is a person's, before and beside any organization:
 * its methods take the user first, or end in AcrossAccounts when the row is found by its token
 * (the cookie names no one until it is read) or the statement spans everyone's sessions.
 */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.id, SAMPLE_SESSION, SAMPLE.tx])
  insertSession(userId: string, fields: SessionFields, manager: EntityManager): Promise<Session> {
    return manager.save(manager.create(Session, { ...fields, userId, endedAt: null }));
  }

  /** The session a cookie's token opens (by the token's SHA-256), live or not. */
  @QuerySample([SAMPLE_HASH])
  findSessionByTokenAcrossAccounts(tokenHash: string): Promise<Session | null> {
    return this.dataSource.getRepository(Session).findOneBy({ tokenHash });
  }

  /** Notes the last request of sessions not ended, of whoever they are (one statement for a batch). */
  @QuerySample([[SAMPLE.id]])
  markSeenAcrossAccounts(sessionIds: string[]): Promise<unknown> {
    return this.dataSource.query(
      `UPDATE ${qualifiedTable(this.dataSource, Session)} SET "last_seen_at" = now() WHERE "id" = ANY($1::uuid[]) AND "ended_at" IS NULL`,
      [[...new Set(sessionIds)]],
    );
  }

  /** The user's sessions neither ended nor past their absolute end, the most recent first (at most 100). */
  @QuerySample([SAMPLE.id])
  listOpenSessions(userId: string): Promise<Session[]> {
    return this.dataSource
      .getRepository(Session)
      .find({ where: { userId, endedAt: IsNull(), expiresAt: MoreThan(new Date()) }, order: { lastSeenAt: 'DESC' }, take: 100 });
  }

  /** Ends one of the user's sessions; false when the user has no such session not ended. */
  @QuerySample([SAMPLE.id, SAMPLE.otherId, SAMPLE.tx])
  async endSession(userId: string, sessionId: string, manager: EntityManager): Promise<boolean> {
    const result = await manager.update(Session, { id: sessionId, userId, endedAt: IsNull() }, { endedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /** Ends every session of the user but `keep`; answers the ids ended. */
  @QuerySample([SAMPLE.id, undefined, SAMPLE.tx])
  @QuerySample([SAMPLE.id, SAMPLE.otherId, SAMPLE.tx], 'but one')
  async endSessions(userId: string, keep: string | undefined, manager: EntityManager): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, Session)} SET "ended_at" = now() WHERE "user_id" = $1 AND "ended_at" IS NULL AND ($2::uuid IS NULL OR "id" <> $2::uuid) RETURNING "id"`,
      [userId, keep ?? null],
    );
    return (Array.isArray(rows[0]) ? (rows[0] as Array<{ id: string }>) : rows).map((row) => row.id);
  }

  /** Sessions of anyone ended after `since` (at most 10,000): the revocation feed's. */
  @QuerySample([new Date(0)])
  async endedSinceAcrossAccounts(since: Date): Promise<string[]> {
    const rows = await this.dataSource.getRepository(Session).find({ select: { id: true }, where: { endedAt: MoreThan(since) }, take: 10_000 });
    return rows.map((row) => row.id);
  }
}
