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
            CREATE INDEX "idx_books_accounts_company_type_code" ON "books"."books_accounts" ("company_id", "type", "code")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_accounts_company_type" ON "books"."books_accounts" ("company_id", "type", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_accounts_company_active_code" ON "books"."books_accounts" ("company_id", "active", "code")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_accounts_company_active" ON "books"."books_accounts" ("company_id", "active", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_accounts_company_active"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_accounts_company_active_code"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_accounts_company_type"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_accounts_company_type_code"
        `);
  }
}
