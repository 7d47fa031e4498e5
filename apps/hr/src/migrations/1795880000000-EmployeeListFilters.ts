import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The employee list's filters (status, department, email) each read one range of an index
 * within the company, in the order of the cursor's key, rather than every row of the company.
 */
export class EmployeeListFilters1795880000000 implements MigrationInterface {
  name = 'EmployeeListFilters1795880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_employees_company_email" ON "hr"."employees" ("company_id", "email", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_employees_company_department" ON "hr"."employees" ("company_id", "department", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_employees_company_status" ON "hr"."employees" ("company_id", "status", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "hr"."idx_employees_company_status"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_employees_company_department"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_employees_company_email"
        `);
  }
}
