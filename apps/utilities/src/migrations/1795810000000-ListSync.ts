import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Incremental sync on every list: each listed record has an `updated_at` (rows already stored
 * take the time of their last known change); the lists a company's rows fill have an index on
 * the list's scope and `updated_at`, for `updatedSince`.
 */
export class ListSync1795810000000 implements MigrationInterface {
  name = 'ListSync1795810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."files"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
    await queryRunner.query(`
            UPDATE "utilities"."files" SET "updated_at" = greatest(created_at, deleted_at)
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."documents"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
    await queryRunner.query(`
            UPDATE "utilities"."documents" SET "updated_at" = created_at
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."notification_inbox"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
    await queryRunner.query(`
            UPDATE "utilities"."notification_inbox" SET "updated_at" = greatest(created_at, read_at, archived_at)
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_files_company_updated" ON "utilities"."files" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_documents_company_updated" ON "utilities"."documents" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_document_jobs_company_updated" ON "utilities"."document_jobs" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_inbox_company_recipient_updated" ON "utilities"."notification_inbox" ("company_id", "recipient", "updated_at")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_inbox_company_recipient_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_document_jobs_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_documents_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_files_company_updated"
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."notification_inbox" DROP COLUMN "updated_at"
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."documents" DROP COLUMN "updated_at"
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."files" DROP COLUMN "updated_at"
        `);
  }
}
