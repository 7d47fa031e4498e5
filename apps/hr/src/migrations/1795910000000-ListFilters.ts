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
            CREATE INDEX "idx_employees_company_status_created" ON "hr"."employees" ("company_id", "status", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_employees_company_department_created" ON "hr"."employees" ("company_id", "department", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_contracts_company_status_created" ON "hr"."contracts" ("company_id", "status", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_contracts_company_status" ON "hr"."contracts" ("company_id", "status", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_requests_company_start" ON "hr"."leave_requests" ("company_id", "start_date", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_requests_company_status_start" ON "hr"."leave_requests" ("company_id", "status", "start_date", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_requests_company_status" ON "hr"."leave_requests" ("company_id", "status", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_performance_reviews_company_status_created" ON "hr"."performance_reviews" ("company_id", "status", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_performance_reviews_company_status" ON "hr"."performance_reviews" ("company_id", "status", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "hr"."idx_performance_reviews_company_status"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_performance_reviews_company_status_created"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_requests_company_status"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_requests_company_status_start"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_requests_company_start"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_contracts_company_status"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_contracts_company_status_created"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_employees_company_department_created"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_employees_company_status_created"
        `);
  }
}
