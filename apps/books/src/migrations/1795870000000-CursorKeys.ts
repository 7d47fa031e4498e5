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
            CREATE INDEX "idx_books_accounts_company_id" ON "books"."books_accounts" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_accounting_periods_company_id" ON "books"."books_accounting_periods" ("company_id", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_accounting_periods_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_accounts_company_id"
        `);
  }
}
