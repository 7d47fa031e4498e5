import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every filter of a list reads one range of an index within the company that holds the filter's
 * value: in the list's order for page mode, in the key's for cursor mode (a list whose order is
 * not its key needs one of each), rather than every row of the company, at any size.
 */
export class ListFilters1795910000000 implements MigrationInterface {
  name = 'ListFilters1795910000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_files_company_visibility_created" ON "utilities"."files" ("company_id", "visibility", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_files_company_visibility" ON "utilities"."files" ("company_id", "visibility", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_documents_company_type_created" ON "utilities"."documents" ("company_id", "type", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_documents_company_type" ON "utilities"."documents" ("company_id", "type", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_document_jobs_company_status_created" ON "utilities"."document_jobs" ("company_id", "status", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_document_jobs_company_status" ON "utilities"."document_jobs" ("company_id", "status", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_inbox_unread_listing" ON "utilities"."notification_inbox" ("company_id", "recipient", "created_at", "notification_id") WHERE "read_at" IS NULL AND "archived_at" IS NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_inbox_unread" ON "utilities"."notification_inbox" ("company_id", "recipient", "notification_id") WHERE "read_at" IS NULL AND "archived_at" IS NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_webhook_deliveries_endpoint_status_created" ON "utilities"."webhook_deliveries" ("endpoint_id", "status", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_webhook_deliveries_endpoint_status" ON "utilities"."webhook_deliveries" ("endpoint_id", "status", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_webhook_deliveries_endpoint_status"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_webhook_deliveries_endpoint_status_created"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_inbox_unread"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_inbox_unread_listing"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_document_jobs_company_status"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_document_jobs_company_status_created"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_documents_company_type"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_documents_company_type_created"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_files_company_visibility"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_files_company_visibility_created"
        `);
  }
}
