import { MigrationInterface, QueryRunner } from 'typeorm';

/** A run's payslip pages filter on the company and the run, in name order: one index leading with both. */
export class PayslipCompanyRunIndex1795860000000 implements MigrationInterface {
  name = 'PayslipCompanyRunIndex1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payslips_run"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payslips_company_run" ON "payroll"."payslips" ("company_id", "run_id", "employee_name", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payslips_company_run"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payslips_run" ON "payroll"."payslips" ("run_id", "employee_name", "id")
        `);
  }
}
