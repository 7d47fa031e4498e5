import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events of every service as utilities gathered them (the events API and the source of
 * webhook deliveries), where it is in each service's feed, and the deliveries of events to
 * endpoints with each attempt.
 */
export class WebhookEventsAndDeliveries1795800100000 implements MigrationInterface {
  name = 'WebhookEventsAndDeliveries1795800100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "utilities"."events" (
                "id" uuid NOT NULL,
                "sequence" BIGSERIAL NOT NULL,
                "service" character varying(20) NOT NULL,
                "type" character varying(60) NOT NULL,
                "company_id" uuid NOT NULL,
                "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "data" jsonb NOT NULL,
                "version" smallint NOT NULL,
                "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_events" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "idx_events_company_sequence" ON "utilities"."events" ("company_id", "sequence")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_events_received_at" ON "utilities"."events" ("received_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."event_sources" (
                "service" character varying(20) NOT NULL,
                "position" bigint NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_event_sources" PRIMARY KEY ("service")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."webhook_deliveries" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "endpoint_id" uuid NOT NULL,
                "company_id" uuid NOT NULL,
                "event_id" uuid NOT NULL,
                "event_type" character varying(60) NOT NULL,
                "payload" text NOT NULL,
                "status" character varying(12) NOT NULL,
                "attempts" integer NOT NULL DEFAULT 0,
                "next_attempt_at" TIMESTAMP WITH TIME ZONE,
                "last_attempt_at" TIMESTAMP WITH TIME ZONE,
                "last_status_code" integer,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("id"),
                CONSTRAINT "FK_webhook_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "utilities"."webhook_endpoints"("id") ON DELETE CASCADE
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "idx_webhook_deliveries_endpoint_event" ON "utilities"."webhook_deliveries" ("endpoint_id", "event_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_webhook_deliveries_endpoint_created" ON "utilities"."webhook_deliveries" ("endpoint_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_webhook_deliveries_created" ON "utilities"."webhook_deliveries" ("created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."webhook_delivery_attempts" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "delivery_id" uuid NOT NULL,
                "attempt" integer NOT NULL,
                "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "status_code" integer,
                "duration_ms" integer NOT NULL,
                "response_body" character varying(1024),
                "error" character varying(500),
                CONSTRAINT "PK_webhook_delivery_attempts" PRIMARY KEY ("id"),
                CONSTRAINT "FK_webhook_delivery_attempts_delivery" FOREIGN KEY ("delivery_id") REFERENCES "utilities"."webhook_deliveries"("id") ON DELETE CASCADE
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_webhook_delivery_attempts_delivery" ON "utilities"."webhook_delivery_attempts" ("delivery_id", "attempt")
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."webhook_endpoints"
            ADD "failing_since" TIMESTAMP WITH TIME ZONE,
            ADD "created_by_period_anchor" integer,
            ADD "alert_email" character varying(254)
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."webhook_endpoints" DROP COLUMN "failing_since", DROP COLUMN "created_by_period_anchor", DROP COLUMN "alert_email"
        `);
    await queryRunner.query(`DROP TABLE "utilities"."webhook_delivery_attempts"`);
    await queryRunner.query(`DROP TABLE "utilities"."webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "utilities"."event_sources"`);
    await queryRunner.query(`DROP TABLE "utilities"."events"`);
  }
}
