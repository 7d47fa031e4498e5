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
            ALTER TABLE "pay"."wallet_transactions"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
    await queryRunner.query(`
            UPDATE "pay"."wallet_transactions" SET "updated_at" = created_at
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_wallets_company_updated" ON "pay"."wallets" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payments_company_updated" ON "pay"."payments" ("company_id", "updated_at")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "pay"."idx_payments_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallets_company_updated"
        `);
    await queryRunner.query(`
            ALTER TABLE "pay"."wallet_transactions" DROP COLUMN "updated_at"
        `);
  }
}
