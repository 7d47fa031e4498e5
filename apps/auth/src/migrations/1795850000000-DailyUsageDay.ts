import { MigrationInterface, QueryRunner } from 'typeorm';

export class DailyUsageDay1795850000000 implements MigrationInterface {
  name = 'DailyUsageDay1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_daily_usage_day" ON "auth"."daily_usage" ("day")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "auth"."idx_daily_usage_day"
        `);
  }
}
