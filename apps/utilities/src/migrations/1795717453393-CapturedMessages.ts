import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The table of messages for channels with no provider is named for what it holds (captured
 * messages, not an outbox: the suite's outbox is its domain events), its rows kept; the
 * deliveries' provider `outbox` becomes `capture`.
 */
export class CapturedMessages1795717453393 implements MigrationInterface {
  name = 'CapturedMessages1795717453393';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "utilities"."notification_outbox" RENAME TO "captured_messages"`);
    await queryRunner.query(
      `ALTER TABLE "utilities"."captured_messages" RENAME CONSTRAINT "PK_83d47c7dba1da2d038749fe757e" TO "PK_a1e3f75ad97892381bc36993cf8"`,
    );
    await queryRunner.query(`ALTER INDEX "utilities"."idx_notification_outbox_company_created" RENAME TO "idx_captured_messages_company_created"`);
    await queryRunner.query(`ALTER INDEX "utilities"."uq_notification_outbox_delivery" RENAME TO "uq_captured_messages_delivery"`);
    await queryRunner.query(`UPDATE "utilities"."notification_delivery_attempts" SET "provider" = 'capture' WHERE "provider" = 'outbox'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "utilities"."notification_delivery_attempts" SET "provider" = 'outbox' WHERE "provider" = 'capture'`);
    await queryRunner.query(`ALTER INDEX "utilities"."uq_captured_messages_delivery" RENAME TO "uq_notification_outbox_delivery"`);
    await queryRunner.query(`ALTER INDEX "utilities"."idx_captured_messages_company_created" RENAME TO "idx_notification_outbox_company_created"`);
    await queryRunner.query(
      `ALTER TABLE "utilities"."captured_messages" RENAME CONSTRAINT "PK_a1e3f75ad97892381bc36993cf8" TO "PK_83d47c7dba1da2d038749fe757e"`,
    );
    await queryRunner.query(`ALTER TABLE "utilities"."captured_messages" RENAME TO "notification_outbox"`);
  }
}
