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
            ALTER TABLE "books"."books_journal_entries"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
    await queryRunner.query(`
            UPDATE "books"."books_journal_entries" SET "updated_at" = posted_at
        `);
    await queryRunner.query(`
            ALTER TABLE "books"."books_accounting_periods"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
    await queryRunner.query(`
            UPDATE "books"."books_accounting_periods" SET "updated_at" = closed_at
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_accounts_company_updated" ON "books"."books_accounts" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_journal_entries_company_updated" ON "books"."books_journal_entries" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_accounting_periods_company_updated" ON "books"."books_accounting_periods" ("company_id", "updated_at")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_accounting_periods_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_journal_entries_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_accounts_company_updated"
        `);
    await queryRunner.query(`
            ALTER TABLE "books"."books_accounting_periods" DROP COLUMN "updated_at"
        `);
    await queryRunner.query(`
            ALTER TABLE "books"."books_journal_entries" DROP COLUMN "updated_at"
        `);
  }
}
