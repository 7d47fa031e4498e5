import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request log's filters read one range of an index within the organization, newest first:
 * a key's requests, and the successes (an organization keeps at most 1,000 of them; its errors,
 * kept 7 days besides, are found among its newest requests).
 */
export class ListFilters1795910000000 implements MigrationInterface {
  name = 'ListFilters1795910000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_request_log_organization_credential" ON "auth"."request_log" ("organization_id", "credential_id", "occurred_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_request_log_organization_successes" ON "auth"."request_log" ("organization_id", "occurred_at", "id") WHERE "status" < 400
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "auth"."idx_request_log_organization_successes"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_request_log_organization_credential"
        `);
  }
}
