import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cursor mode reads a list's rows after the cursor's key in the order of the key, within its
 * company: an index leading with the list's scope and the key reads a page as one range, in
 * order, however many rows the company and the table hold.
 */
export class CursorKeys1795870000000 implements MigrationInterface {
  name = 'CursorKeys1795870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_files_company_id" ON "utilities"."files" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_documents_company_id" ON "utilities"."documents" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_document_jobs_company_id" ON "utilities"."document_jobs" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_inbox_company_recipient_notification" ON "utilities"."notification_inbox" ("company_id", "recipient", "notification_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_webhook_endpoints_company_id" ON "utilities"."webhook_endpoints" ("company_id", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_webhook_endpoints_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_inbox_company_recipient_notification"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_document_jobs_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_documents_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_files_company_id"
        `);
  }
}
