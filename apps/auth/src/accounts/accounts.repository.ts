import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan, Not } from 'typeorm';
import { qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { AccountLink, AccountLinkKind } from './account-link.entity';
import { User } from './user.entity';

const SAMPLE_EMAIL = 'someone@example.com';
const SAMPLE_HASH = 'e'.repeat(64);

/**
 * People's accounts and the one-time links emailed to them (`users`, `account_links`). An account
 * exists before and beside any organization: its methods take the user first, or end in
 * AcrossAccounts when the row is found by an address or a link's token (which name no one until
 * they are read).
 */
@Injectable()
export class AccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.id])
  @QuerySample([SAMPLE.id, SAMPLE.tx], 'in a transaction')
  findUser(userId: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.findOneBy(User, { id: userId });
  }

  @QuerySample([SAMPLE.id])
  findVerifiedUser(userId: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ id: userId, emailVerifiedAt: Not(IsNull()) });
  }

  /** The verified account of a (normalized) address, or null: sign-in, sign-up and the emailed links start from an address. */
  @QuerySample([SAMPLE_EMAIL])
  @QuerySample([SAMPLE_EMAIL, SAMPLE.tx], 'in a transaction')
  findVerifiedUserByEmailAcrossAccounts(email: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.findOneBy(User, { email, emailVerifiedAt: Not(IsNull()) });
  }

  @QuerySample([SAMPLE.id, SAMPLE_HASH, SAMPLE.tx])
  async updatePassword(userId: string, passwordHash: string, manager: EntityManager): Promise<void> {
    await manager.update(User, { id: userId }, { passwordHash, passwordChangedAt: new Date() });
  }

  @QuerySample([SAMPLE.id, SAMPLE.tx])
  async markEmailVerified(userId: string, manager: EntityManager): Promise<void> {
    await manager.update(User, { id: userId }, { emailVerifiedAt: new Date() });
  }

  /** A link emailed to the account: only its token's hash is kept. */
  @QuerySample([SAMPLE.id, 'unlock' as const, SAMPLE_HASH, new Date(0)])
  async insertLink(userId: string, kind: AccountLinkKind, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.getRepository(AccountLink).insert({ kind, userId, tokenHash, expiresAt, usedAt: null });
  }

  /** The live link of a kind a token opens, or null. */
  @QuerySample(['password_reset' as const, SAMPLE_HASH])
  findLiveLinkAcrossAccounts(kind: AccountLinkKind, tokenHash: string): Promise<AccountLink | null> {
    return this.dataSource.getRepository(AccountLink).findOneBy({ kind, tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /** Uses a live link of a kind: its user, or null when the token opens none (unknown, used or expired). */
  @QuerySample(['unlock' as const, SAMPLE_HASH, SAMPLE.tx])
  async useLinkAcrossAccounts(kind: AccountLinkKind, tokenHash: string, manager: EntityManager): Promise<string | null> {
    const [rows]: [Array<{ user_id: string }>, number] = await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, AccountLink)} SET "used_at" = now() WHERE "kind" = $1 AND "token_hash" = $2 AND "used_at" IS NULL AND "expires_at" > now() RETURNING "user_id"`,
      [kind, tokenHash],
    );
    return rows[0]?.user_id ?? null;
  }

  /** Ends the account's links not used yet (of one kind, or every kind). */
  @QuerySample([SAMPLE.id, undefined, SAMPLE.tx])
  @QuerySample([SAMPLE.id, 'unlock' as const, SAMPLE.tx], 'of a kind')
  async endLinks(userId: string, kind: AccountLinkKind | undefined, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, AccountLink)} SET "expires_at" = now() WHERE "user_id" = $1 AND "used_at" IS NULL AND "expires_at" > now() AND ($2::varchar IS NULL OR "kind" = $2)`,
      [userId, kind ?? null],
    );
  }
}
