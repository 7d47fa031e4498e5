import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery a retry or a recovery asked for again: each of its attempts counts as a webhook
 * retry, the first too.
 */
export class WebhookRetryRequests1796003000000 implements MigrationInterface {
  name = 'WebhookRetryRequests1796003000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."webhook_deliveries" ADD "retry_requested" boolean NOT NULL DEFAULT false
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."webhook_deliveries" DROP COLUMN "retry_requested"
        `);
  }
}
