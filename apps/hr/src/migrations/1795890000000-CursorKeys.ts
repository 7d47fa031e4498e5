import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cursor mode reads a list's rows after the cursor's key in the order of the key, within its
 * company: an index leading with the list's scope and the key reads a page as one range, in
 * order, however many rows the company and the table hold.
 */
export class CursorKeys1795890000000 implements MigrationInterface {
  name = 'CursorKeys1795890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_employees_company_id" ON "hr"."employees" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_contracts_company_id" ON "hr"."contracts" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_types_company_id" ON "hr"."leave_types" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_requests_company_id" ON "hr"."leave_requests" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_performance_reviews_company_id" ON "hr"."performance_reviews" ("company_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_attendance_records_company_id" ON "hr"."attendance_records" ("company_id", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "hr"."idx_attendance_records_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_performance_reviews_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_requests_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_types_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_contracts_company_id"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_employees_company_id"
        `);
  }
}
