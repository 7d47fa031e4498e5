import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An entry's lines are read by company and entry (a page's entries, the months a posting adds
 * to, a reversal). Indexed on the entry alone, a planner without statistics read them through
 * the company's dates instead, every line of the company: the index now leads with the company.
 */
export class EntryLinesIndex1795900000000 implements MigrationInterface {
  name = 'EntryLinesIndex1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_books_lines_company_entry" ON "books"."books_journal_lines" ("company_id", "entry_id", "line_number")
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_lines_entry"
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_books_lines_entry" ON "books"."books_journal_lines" ("entry_id", "line_number")
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_lines_company_entry"
        `);
  }
}
