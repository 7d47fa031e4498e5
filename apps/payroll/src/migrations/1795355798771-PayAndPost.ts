import { MigrationInterface, QueryRunner } from 'typeorm';

export class PayAndPost1795355798771 implements MigrationInterface {
  name = 'PayAndPost1795355798771';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "payroll"."postings" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "run_id" uuid NOT NULL,
                "kind" character varying(10) NOT NULL,
                "source_id" uuid NOT NULL,
                "request" jsonb NOT NULL,
                "status" character varying(10) NOT NULL,
                "journal_entry_id" uuid,
                "journal_entry_number" character varying(40),
                "attempts" integer NOT NULL DEFAULT '0',
                "last_error" character varying(500),
                "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "posted_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_6bdb1a5dc47d018aa7877aa9ffb" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_postings_status_due" ON "payroll"."postings" ("status", "next_attempt_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_postings_run_kind_source" ON "payroll"."postings" ("run_id", "kind", "source_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips"
            ADD "payment_id" uuid
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips"
            ADD "payment_status" character varying(12)
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips"
            ADD "payment_failure_reason" character varying(200)
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips"
            ADD "paid_at" TIMESTAMP WITH TIME ZONE
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips" DROP COLUMN "paid_at"
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips" DROP COLUMN "payment_failure_reason"
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips" DROP COLUMN "payment_status"
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips" DROP COLUMN "payment_id"
        `);
    await queryRunner.query(`
            DROP INDEX "payroll"."uq_postings_run_kind_source"
        `);
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_postings_status_due"
        `);
    await queryRunner.query(`
            DROP TABLE "payroll"."postings"
        `);
  }
}
