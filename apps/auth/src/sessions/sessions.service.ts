import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Batcher, Environment, randomToken, SESSION_TOKEN_LIFETIME_SECONDS, MAX_CLOCK_SKEW_SECONDS } from '@platform/pipeline';
import { Session } from './session.entity';
import { SessionsRepository } from './sessions.repository';

/** How stale a session's `lastSeenAt` may be: it is written at most once a minute. */
const LAST_SEEN_PRECISION_MS = 60_000;
/** Sessions ended this recently are in the revocation feed: a session token minted before the end may still live. */
const ENDED_HORIZON_MS = (SESSION_TOKEN_LIFETIME_SECONDS + MAX_CLOCK_SKEW_SECONDS) * 1000;
const MAX_USER_AGENT = 300;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * Server-side dashboard sessions. The cookie carries a 256-bit random token; the table keeps its
 * SHA-256, so that a copy of the table opens no session. A session is live until it is ended
 * (sign-out, revocation, password change), SESSION_IDLE_SECONDS pass without a request, or its
 * absolute lifetime (SESSION_LIFETIME_SECONDS) runs out.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger('Sessions');

  constructor(
    private readonly repository: SessionsRepository,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  async create(manager: EntityManager, userId: string, origin: SessionOrigin): Promise<{ session: Session; token: string }> {
    const token = randomToken(32);
    const now = new Date();
    const session = await this.repository.insertSession(
      userId,
      {
        tokenHash: tokenHash(token),
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + this.env.SESSION_LIFETIME_SECONDS * 1000),
        ipAddress: origin.ipAddress?.slice(0, 64) ?? null,
        userAgent: origin.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      },
      manager,
    );
    return { session, token };
  }

  /** The live session a cookie's token opens, or null; notes the request (at most once a minute). */
  async open(token: string): Promise<Session | null> {
    if (!token || token.length > 100) return null;
    const session = await this.repository.findSessionByTokenAcrossAccounts(tokenHash(token));
    if (!session || !this.isLive(session)) return null;
    if (Date.now() - session.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS) {
      session.lastSeenAt = new Date();
      this.seen.run(session.id).catch((error: unknown) => this.logger.warn(`last request of session ${session.id} not recorded: ${(error as Error).message}`));
    }
    return session;
  }

  isLive(session: Session, now = Date.now()): boolean {
    return !session.endedAt && session.expiresAt.getTime() > now && now - session.lastSeenAt.getTime() < this.env.SESSION_IDLE_SECONDS * 1000;
  }

  /** When a live session ends if nothing happens: its idle limit or its absolute end, whichever is first. */
  endsAt(session: Session): Date {
    return new Date(Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + this.env.SESSION_IDLE_SECONDS * 1000));
  }

  private readonly seen = new Batcher(
    async (ids: string[]) => {
      await this.repository.markSeenAcrossAccounts(ids);
      return ids.map(() => undefined);
    },
    { maxBatch: 500, maxInFlight: 1 },
  );

  /** The user's live sessions, the most recent first. */
  async listLive(userId: string): Promise<Session[]> {
    const sessions = await this.repository.listOpenSessions(userId);
    return sessions.filter((session) => this.isLive(session));
  }

  /** Ends one of the user's sessions; false when the user has no such live session. */
  async end(manager: EntityManager, userId: string, sessionId: string): Promise<boolean> {
    return this.repository.endSession(userId, sessionId, manager);
  }

  /** Ends every session of the user but `keep`; answers the ids ended. */
  async endAll(manager: EntityManager, userId: string, keep?: string): Promise<string[]> {
    return this.repository.endSessions(userId, keep, manager);
  }

  /** Sessions ended recently enough for a session token of theirs to be alive: the revocation feed's. */
  async recentlyEnded(): Promise<string[]> {
    return this.repository.endedSinceAcrossAccounts(new Date(Date.now() - ENDED_HORIZON_MS));
  }
}
