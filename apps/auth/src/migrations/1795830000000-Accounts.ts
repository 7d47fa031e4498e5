import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People's accounts: users, memberships with roles, dashboard sessions, one-time email links,
 * invitations, and the audit log, which refuses UPDATE and DELETE (append-only).
 */
export class Accounts1795830000000 implements MigrationInterface {
  name = 'Accounts1795830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "auth"."users" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "email" character varying(254) NOT NULL,
                "name" character varying(200) NOT NULL,
                "password_hash" character varying(200) NOT NULL,
                "email_verified_at" TIMESTAMP WITH TIME ZONE,
                "password_changed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_users_email" ON "auth"."users" ("email")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."memberships" (
                "organization_id" uuid NOT NULL,
                "user_id" uuid NOT NULL,
                "role" character varying(20) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_d43d9c8d18fcd49de0fa44bbd79" PRIMARY KEY ("organization_id", "user_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_memberships_user" ON "auth"."memberships" ("user_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."sessions" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "user_id" uuid NOT NULL,
                "token_hash" character varying(64) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "ended_at" TIMESTAMP WITH TIME ZONE,
                "ip_address" character varying(64),
                "user_agent" character varying(300),
                CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_sessions_user" ON "auth"."sessions" ("user_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_sessions_token_hash" ON "auth"."sessions" ("token_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_sessions_ended_at" ON "auth"."sessions" ("ended_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."account_links" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "kind" character varying(20) NOT NULL,
                "user_id" uuid NOT NULL,
                "token_hash" character varying(64) NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e03b1e79173941b176b58836ecd" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_account_links_user" ON "auth"."account_links" ("user_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_account_links_token_hash" ON "auth"."account_links" ("token_hash")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."invitations" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "organization_id" uuid NOT NULL,
                "email" character varying(254) NOT NULL,
                "role" character varying(20) NOT NULL,
                "token_hash" character varying(64) NOT NULL,
                "invited_by" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "accepted_at" TIMESTAMP WITH TIME ZONE,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_5dec98cfdfd562e4ad3648bbb07" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_invitations_organization" ON "auth"."invitations" ("organization_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_invitations_token_hash" ON "auth"."invitations" ("token_hash")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."audit_log" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "organization_id" uuid,
                "actor_user_id" uuid,
                "actor_email" character varying(254),
                "action" character varying(60) NOT NULL,
                "target_type" character varying(40),
                "target_id" character varying(100),
                "data" jsonb NOT NULL DEFAULT '{}',
                "ip_address" character varying(64),
                "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_audit_log_actor" ON "auth"."audit_log" ("actor_user_id", "occurred_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_audit_log_organization" ON "auth"."audit_log" ("organization_id", "occurred_at")
        `);
    await queryRunner.query(`
            CREATE FUNCTION "auth"."audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'the audit log is append-only';
            END
            $$
        `);
    await queryRunner.query(`
            CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "auth"."audit_log"
            FOR EACH ROW EXECUTE FUNCTION "auth"."audit_log_append_only"()
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "audit_log_append_only" ON "auth"."audit_log"`);
    await queryRunner.query(`DROP FUNCTION "auth"."audit_log_append_only"()`);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_audit_log_organization"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_audit_log_actor"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."audit_log"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."uq_invitations_token_hash"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_invitations_organization"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."invitations"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."uq_account_links_token_hash"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_account_links_user"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."account_links"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_sessions_ended_at"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."uq_sessions_token_hash"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_sessions_user"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."sessions"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_memberships_user"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."memberships"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."uq_users_email"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."users"
        `);
  }
}
