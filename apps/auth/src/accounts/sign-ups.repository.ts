import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, MoreThan } from 'typeorm';
import { qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { DeveloperCredential } from '../credentials/developer-credential.entity';
import { Membership } from '../organizations/membership.entity';
import { Organization } from '../organizations/organization.entity';
import { Session } from '../sessions/session.entity';
import { AccountLink } from './account-link.entity';
import { PendingSignUp } from './pending-sign-up.entity';
import { User } from './user.entity';

/** What a sign-up is written with (its address and keys aside). */
export type SignUpFields = Pick<PendingSignUp, 'name' | 'organizationName' | 'passwordHash' | 'expiresAt'>;

/** What an account is made with (its keys aside). */
export type UserFields = Pick<User, 'email' | 'name' | 'passwordHash' | 'emailVerifiedAt' | 'passwordChangedAt'>;

const SAMPLE_EMAIL = 'someone@example.com';
const SAMPLE_HASH = 'e'.repeat(64);
const SAMPLE_SIGN_UP: SignUpFields = { name: 'Someone', organizationName: 'Sample', passwordHash: 'hash', expiresAt: new Date(0) };
const SAMPLE_USER: UserFields = { email: SAMPLE_EMAIL, name: 'Someone', passwordHash: 'hash', emailVerifiedAt: new Date(0), passwordChangedAt: new Date(0) };

/**
 * Sign-ups waiting for their emailed link (`pending_sign_ups`), the accounts they make, and the
 * expiry of both. A sign-up exists before any account or organization: its methods take its
 * address first, or end in AcrossAccounts when the row is found by a link's token or the
 * statement spans every address (the expiry job).
 */
@Injectable()
export class SignUpsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE_EMAIL, SAMPLE_SIGN_UP, SAMPLE.tx])
  insertSignUp(email: string, fields: SignUpFields, manager: EntityManager): Promise<PendingSignUp> {
    return manager.save(manager.create(PendingSignUp, { ...fields, email, tokenHash: null }));
  }

  /** The address's newest sign-up still waiting for its link, or null. */
  @QuerySample([SAMPLE_EMAIL])
  findNewestSignUp(email: string): Promise<PendingSignUp | null> {
    return this.dataSource.getRepository(PendingSignUp).findOne({ where: { email, expiresAt: MoreThan(new Date()) }, order: { createdAt: 'DESC' } });
  }

  /** The sign-up whose link a token is (expired or not), or null. */
  @QuerySample([SAMPLE_HASH])
  findSignUpByTokenAcrossAccounts(tokenHash: string): Promise<PendingSignUp | null> {
    return this.dataSource.getRepository(PendingSignUp).findOneBy({ tokenHash });
  }

  /** Locks the address's sign-ups until the transaction ends. */
  @QuerySample([SAMPLE_EMAIL, SAMPLE.tx])
  async lockSignUps(email: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT "id" FROM ${qualifiedTable(this.dataSource, PendingSignUp)} WHERE "email" = $1 ORDER BY "id" FOR UPDATE`, [email]);
  }

  /** The address's sign-up whose link a token is, if it has not expired. */
  @QuerySample([SAMPLE_EMAIL, SAMPLE_HASH, SAMPLE.tx])
  findLiveSignUp(email: string, tokenHash: string, manager: EntityManager): Promise<PendingSignUp | null> {
    return manager.findOneBy(PendingSignUp, { email, tokenHash, expiresAt: MoreThan(new Date()) });
  }

  /** The account of the address, verified or not, locked until the transaction ends. */
  @QuerySample([SAMPLE_EMAIL, SAMPLE.tx])
  lockUserByEmail(email: string, manager: EntityManager): Promise<User | null> {
    return manager.findOne(User, { where: { email }, lock: { mode: 'pessimistic_write' } });
  }

  /** The account a sign-up's link makes, with the id its caller chose. */
  @QuerySample([SAMPLE.id, SAMPLE_USER, SAMPLE.tx])
  async insertUser(userId: string, fields: UserFields, manager: EntityManager): Promise<User> {
    const user = manager.create(User, { ...fields, id: userId });
    await manager.insert(User, user);
    return user;
  }

  @QuerySample([SAMPLE_EMAIL, SAMPLE.tx])
  async deleteSignUps(email: string, manager: EntityManager): Promise<void> {
    await manager.delete(PendingSignUp, { email });
  }

  /**
   * Gives a sign-up still waiting a new link (its token's hash) when its email is sent, and
   * answers what the email says; null when it expired. The email job names the sign-up only.
   */
  @QuerySample([SAMPLE.id, SAMPLE_HASH])
  async renewSignUpLinkAcrossAccounts(signUpId: string, tokenHash: string): Promise<{ email: string; name: string; organizationName: string } | null> {
    const rows: [Array<{ email: string; name: string; organization_name: string }>, number] = await this.dataSource.query(
      `UPDATE ${qualifiedTable(this.dataSource, PendingSignUp)} SET "token_hash" = $2 WHERE "id" = $1 AND "expires_at" > now() RETURNING "email", "name", "organization_name"`,
      [signUpId, tokenHash],
    );
    const row = rows[0]?.[0];
    return row ? { email: row.email, name: row.name, organizationName: row.organization_name } : null;
  }

  /** Deletes up to `limit` sign-ups past their day, of any address; answers how many. */
  @QuerySample([1000])
  async deleteExpiredSignUpsAcrossAccounts(limit: number): Promise<number> {
    const [, removed]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM ${qualifiedTable(this.dataSource, PendingSignUp)} WHERE "id" IN (SELECT "id" FROM ${qualifiedTable(this.dataSource, PendingSignUp)} WHERE "expires_at" <= now() LIMIT $1)`,
      [limit],
    );
    return removed;
  }

  /** Up to `limit` accounts an earlier release left unverified, made at least `ageSeconds` ago. */
  @QuerySample([86_400, 1000])
  async listStaleUnverifiedUsersAcrossAccounts(ageSeconds: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT "id" FROM ${qualifiedTable(this.dataSource, User)} WHERE "email_verified_at" IS NULL AND "created_at" <= now() - make_interval(secs => $1) LIMIT $2`,
      [ageSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Removes unverified accounts with what they made: their memberships, sessions and links, and
   * the organizations they alone belong to that hold no key (those an unverified sign-up made).
   */
  @QuerySample([[SAMPLE.id], SAMPLE.tx])
  async removeUnverifiedUsersAcrossAccounts(userIds: string[], manager: EntityManager): Promise<void> {
    await manager.query(
      `DELETE FROM ${qualifiedTable(this.dataSource, Organization)} o
       WHERE o."id" IN (SELECT "organization_id" FROM ${qualifiedTable(this.dataSource, Membership)} WHERE "user_id" = ANY($1::uuid[]))
         AND NOT EXISTS (SELECT 1 FROM ${qualifiedTable(this.dataSource, Membership)} m WHERE m."organization_id" = o."id" AND NOT (m."user_id" = ANY($1::uuid[])))
         AND NOT EXISTS (SELECT 1 FROM ${qualifiedTable(this.dataSource, DeveloperCredential)} c WHERE c."organization_id" = o."id")`,
      [userIds],
    );
    for (const entity of [Membership, Session, AccountLink])
      await manager.query(`DELETE FROM ${qualifiedTable(this.dataSource, entity)} WHERE "user_id" = ANY($1::uuid[])`, [userIds]);
    await manager.query(`DELETE FROM ${qualifiedTable(this.dataSource, User)} WHERE "id" = ANY($1::uuid[]) AND "email_verified_at" IS NULL`, [userIds]);
  }
}
