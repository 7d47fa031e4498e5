import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paying a run in bulk: the run keeps its payment progress, counted from its payslips; each paid
 * payslip names the settlement entry that posted it to Books. A payslip paid before this was
 * posted on its own, under its own id.
 */
export class BulkPayouts1795860000001 implements MigrationInterface {
  name = 'BulkPayouts1795860000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "payroll"."payroll_runs"
            ADD "payment_progress" jsonb
        `);
    await queryRunner.query(`
            UPDATE "payroll"."payroll_runs" r SET "payment_progress" = jsonb_build_object(
                'total', r."employee_count",
                'succeeded', (SELECT count(*) FROM "payroll"."payslips" p WHERE p."run_id" = r."id" AND p."payment_status" = 'succeeded'),
                'failed', (SELECT count(*) FROM "payroll"."payslips" p WHERE p."run_id" = r."id" AND p."payment_status" = 'failed'),
                'pending', (SELECT count(*) FROM "payroll"."payslips" p WHERE p."run_id" = r."id" AND (p."payment_status" IS NULL OR p."payment_status" = 'pending'))
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payroll_runs" ALTER COLUMN "payment_progress" SET NOT NULL
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips"
            ADD "settlement_id" uuid
        `);
    await queryRunner.query(`
            UPDATE "payroll"."payslips" SET "settlement_id" = "id" WHERE "payment_status" = 'succeeded'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "payroll"."payslips" DROP COLUMN "settlement_id"
        `);
    await queryRunner.query(`
            ALTER TABLE "payroll"."payroll_runs" DROP COLUMN "payment_progress"
        `);
  }
}
