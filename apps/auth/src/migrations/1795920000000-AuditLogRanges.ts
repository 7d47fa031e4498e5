import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person's own change (a sign-in, a password) is written in the log of each organization they
 * are a member of, so that an organization's log is one range of one index whatever its filter:
 * its entries newest first, by action, or by actor. Entries written before with no organization
 * are copied into the logs of their person's organizations (what those logs showed); the
 * originals stay, as the log is append-only.
 */
export class AuditLogRanges1795920000000 implements MigrationInterface {
  name = 'AuditLogRanges1795920000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            INSERT INTO "auth"."audit_log" ("organization_id", "actor_user_id", "actor_email", "action", "target_type", "target_id", "data", "ip_address", "occurred_at")
            SELECT "m"."organization_id", "a"."actor_user_id", "a"."actor_email", "a"."action", "a"."target_type", "a"."target_id", "a"."data", "a"."ip_address", "a"."occurred_at"
            FROM "auth"."audit_log" "a" JOIN "auth"."memberships" "m" ON "m"."user_id" = "a"."actor_user_id"
            WHERE "a"."organization_id" IS NULL
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_audit_log_actor"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_audit_log_organization"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_audit_log_organization" ON "auth"."audit_log" ("organization_id", "occurred_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_audit_log_organization_action" ON "auth"."audit_log" ("organization_id", "action", "occurred_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_audit_log_organization_actor" ON "auth"."audit_log" ("organization_id", "actor_user_id", "occurred_at", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "auth"."idx_audit_log_organization_actor"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_audit_log_organization_action"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_audit_log_organization"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_audit_log_organization" ON "auth"."audit_log" ("organization_id", "occurred_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_audit_log_actor" ON "auth"."audit_log" ("actor_user_id", "occurred_at")
        `);
  }
}
