import { MigrationInterface, QueryRunner } from 'typeorm';

/** Document jobs run on the job queue: their lease column and its claim index go. */
export class DocumentJobsOnTheQueue1795720460630 implements MigrationInterface {
  name = 'DocumentJobsOnTheQueue1795720460630';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_document_jobs_claim"
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."document_jobs" DROP COLUMN "locked_until"
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."document_jobs"
            ADD "locked_until" TIMESTAMP WITH TIME ZONE
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_document_jobs_claim" ON "utilities"."document_jobs" ("status", "locked_until")
        `);
  }
}
