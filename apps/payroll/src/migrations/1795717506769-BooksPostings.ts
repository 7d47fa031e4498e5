import { MigrationInterface, QueryRunner } from 'typeorm';

/** The journal entries payroll owes Books are named for what they are (books_postings), their rows kept. */
export class BooksPostings1795717506769 implements MigrationInterface {
  name = 'BooksPostings1795717506769';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payroll"."postings" RENAME TO "books_postings"`);
    await queryRunner.query(`ALTER TABLE "payroll"."books_postings" RENAME CONSTRAINT "PK_6bdb1a5dc47d018aa7877aa9ffb" TO "PK_375344e1f95ba2604c74644d001"`);
    await queryRunner.query(`ALTER INDEX "payroll"."idx_postings_status_due" RENAME TO "idx_books_postings_status_due"`);
    await queryRunner.query(`ALTER INDEX "payroll"."uq_postings_run_kind_source" RENAME TO "uq_books_postings_run_kind_source"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "payroll"."uq_books_postings_run_kind_source" RENAME TO "uq_postings_run_kind_source"`);
    await queryRunner.query(`ALTER INDEX "payroll"."idx_books_postings_status_due" RENAME TO "idx_postings_status_due"`);
    await queryRunner.query(`ALTER TABLE "payroll"."books_postings" RENAME CONSTRAINT "PK_375344e1f95ba2604c74644d001" TO "PK_6bdb1a5dc47d018aa7877aa9ffb"`);
    await queryRunner.query(`ALTER TABLE "payroll"."books_postings" RENAME TO "postings"`);
  }
}
