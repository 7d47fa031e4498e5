import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Incremental sync on every list: each listed record has an `updated_at` (rows already stored
 * take the time of their last known change); the lists a company's rows fill have an index on
 * the list's scope and `updated_at`, for `updatedSince`.
 */
export class ListSync1795810000000 implements MigrationInterface {
  name = 'ListSync1795810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_employees_company_updated" ON "hr"."employees" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_types_company_updated" ON "hr"."leave_types" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_requests_company_updated" ON "hr"."leave_requests" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_contracts_company_updated" ON "hr"."contracts" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_performance_reviews_company_updated" ON "hr"."performance_reviews" ("company_id", "updated_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_attendance_records_company_updated" ON "hr"."attendance_records" ("company_id", "updated_at")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "hr"."idx_attendance_records_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_performance_reviews_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_contracts_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_requests_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_types_company_updated"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_employees_company_updated"
        `);
  }
}
