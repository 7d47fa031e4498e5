import { MigrationInterface, QueryRunner } from 'typeorm';

export class NotificationsAndFiles1795355246768 implements MigrationInterface {
  name = 'NotificationsAndFiles1795355246768';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "utilities"."files" (
                "id" uuid NOT NULL,
                "company_id" uuid NOT NULL,
                "filename" character varying(255) NOT NULL,
                "content_type" character varying(127) NOT NULL,
                "declared_content_type" character varying(255),
                "size" bigint NOT NULL,
                "sha256" character varying(64) NOT NULL,
                "storage_key" character varying(200) NOT NULL,
                "visibility" character varying(10) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "deleted_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_6c16b9093a142e0e7613b04a3d9" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_files_company_created" ON "utilities"."files" ("company_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."notification_delivery_attempts" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "delivery_id" uuid NOT NULL,
                "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "outcome" character varying(10) NOT NULL,
                "provider" character varying(10) NOT NULL,
                "duration_ms" integer NOT NULL,
                "error" character varying(500),
                CONSTRAINT "PK_c5c87075fb55eb9848f89669d16" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_delivery_attempts_delivery" ON "utilities"."notification_delivery_attempts" ("delivery_id", "attempted_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."notification_inbox" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "notification_id" uuid NOT NULL,
                "recipient" character varying(36) NOT NULL,
                "category" character varying(20) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "read_at" TIMESTAMP WITH TIME ZONE,
                "archived_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_c012d0f936cba300e084d3d8d5a" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_inbox_listing" ON "utilities"."notification_inbox" ("company_id", "recipient", "created_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_notification_inbox_notification_recipient" ON "utilities"."notification_inbox" ("notification_id", "recipient")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."notifications" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "category" character varying(20) NOT NULL,
                "title" character varying(200) NOT NULL,
                "body" text NOT NULL,
                "data" jsonb,
                "recipients" jsonb NOT NULL,
                "channels" jsonb NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notifications_company_created" ON "utilities"."notifications" ("company_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."notification_deliveries" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "notification_id" uuid NOT NULL,
                "channel" character varying(10) NOT NULL,
                "recipient" character varying(254) NOT NULL,
                "employee_id" uuid,
                "status" character varying(10) NOT NULL,
                "attempts" integer NOT NULL DEFAULT '0',
                "next_attempt_at" TIMESTAMP WITH TIME ZONE,
                "last_error" character varying(500),
                "sent_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_81daeff81f237bd384f7cfc4a4c" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_deliveries_notification" ON "utilities"."notification_deliveries" ("notification_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_deliveries_due" ON "utilities"."notification_deliveries" ("status", "next_attempt_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."notification_outbox" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "delivery_id" uuid NOT NULL,
                "channel" character varying(10) NOT NULL,
                "recipient" character varying(254) NOT NULL,
                "subject" character varying(200) NOT NULL,
                "body" text NOT NULL,
                "data" jsonb,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_83d47c7dba1da2d038749fe757e" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_notification_outbox_company_created" ON "utilities"."notification_outbox" ("company_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_notification_outbox_delivery" ON "utilities"."notification_outbox" ("delivery_id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "utilities"."uq_notification_outbox_delivery"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_outbox_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."notification_outbox"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_deliveries_due"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_deliveries_notification"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."notification_deliveries"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notifications_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."notifications"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."uq_notification_inbox_notification_recipient"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_inbox_listing"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."notification_inbox"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_notification_delivery_attempts_delivery"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."notification_delivery_attempts"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_files_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."files"
        `);
  }
}
