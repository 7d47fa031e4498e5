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
            CREATE INDEX "idx_payroll_runs_company_id" ON "payroll"."payroll_runs" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payslips_company_run_id" ON "payroll"."payslips" ("company_id", "run_id", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payslips_company_run_id"
        `);
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payroll_runs_company_id"
        `);
  }
}
