import { MigrationInterface, QueryRunner } from 'typeorm';

/** When an endpoint's last alert was queued: at most one a day, however often it is disabled. */
export class WebhookEndpointAlerts1796003100000 implements MigrationInterface {
  name = 'WebhookEndpointAlerts1796003100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."webhook_endpoints" ADD "last_alert_at" TIMESTAMP WITH TIME ZONE
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."webhook_endpoints" DROP COLUMN "last_alert_at"
        `);
  }
}
