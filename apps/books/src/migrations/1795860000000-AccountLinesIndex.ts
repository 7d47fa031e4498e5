import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account's lines in ledger order with their entry and amounts: the entries of an account
 * and the general ledger's sums are read from the index alone. A company's entries in the
 * order of their id, for cursor mode.
 */
export class AccountLinesIndex1795860000000 implements MigrationInterface {
  name = 'AccountLinesIndex1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_lines_company_account_date"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_lines_company_account_order" ON "books"."books_journal_lines" (
                "company_id",
                "account_id",
                "date",
                "entry_sequence",
                "line_number",
                "entry_id",
                "debit",
                "credit"
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_entries_company_id" ON "books"."books_journal_entries" ("company_id", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_entries_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_lines_company_account_order"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_lines_company_account_date" ON "books"."books_journal_lines" (
                "company_id",
                "account_id",
                "date",
                "entry_sequence",
                "line_number"
            )
        `);
  }
}
