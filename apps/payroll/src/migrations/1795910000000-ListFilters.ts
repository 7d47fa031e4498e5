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
            CREATE INDEX "idx_payroll_runs_company_status_created" ON "payroll"."payroll_runs" ("company_id", "status", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payroll_runs_company_status" ON "payroll"."payroll_runs" ("company_id", "status", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payroll_runs_company_status"
        `);
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payroll_runs_company_status_created"
        `);
  }
}
