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
            CREATE INDEX "idx_wallets_company_currency_created" ON "pay"."wallets" ("company_id", "currency", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_wallets_company_currency" ON "pay"."wallets" ("company_id", "currency", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payments_company_status_created" ON "pay"."payments" ("company_id", "status", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payments_company_status" ON "pay"."payments" ("company_id", "status", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payments_company_wallet_created" ON "pay"."payments" ("company_id", "wallet_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payments_company_wallet" ON "pay"."payments" ("company_id", "wallet_id", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "pay"."idx_payments_company_wallet"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_payments_company_wallet_created"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_payments_company_status"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_payments_company_status_created"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallets_company_currency"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallets_company_currency_created"
        `);
  }
}
