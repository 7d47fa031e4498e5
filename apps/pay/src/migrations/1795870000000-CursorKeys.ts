import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cursor mode reads a list's rows after the cursor's key in the order of the key, within its
 * company: an index leading with the list's scope and the key reads a page as one range, in
 * order, however many rows the company and the table hold.
 */
export class CursorKeys1795870000000 implements MigrationInterface {
  name = 'CursorKeys1795870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // the company's and wallet's index, now with the key
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallet_transactions_company_wallet"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_wallets_company_id" ON "pay"."wallets" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_wallet_transactions_company_wallet_id" ON "pay"."wallet_transactions" ("company_id", "wallet_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payments_company_id" ON "pay"."payments" ("company_id", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "pay"."idx_payments_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallet_transactions_company_wallet_id"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_wallet_transactions_company_wallet" ON "pay"."wallet_transactions" ("company_id", "wallet_id")
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallets_company_id"
        `);
  }
}
