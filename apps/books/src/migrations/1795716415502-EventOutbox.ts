import { MigrationInterface, QueryRunner } from 'typeorm';

/** The service's outbox: its domain events, written with the changes, numbered by the relay (outbox_events_position_seq). */
export class EventOutbox1795716415502 implements MigrationInterface {
  name = 'EventOutbox1795716415502';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE SEQUENCE "books"."outbox_events_position_seq" AS bigint
        `);
    await queryRunner.query(`
            CREATE TABLE "books"."outbox_events" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "type" character varying(60) NOT NULL,
                "company_id" uuid NOT NULL,
                "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "data" jsonb NOT NULL,
                "version" smallint NOT NULL DEFAULT '1',
                "position" bigint,
                "published_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_outbox_events_unpublished" ON "books"."outbox_events" ("occurred_at", "id")
            WHERE "position" IS NULL
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "idx_outbox_events_position" ON "books"."outbox_events" ("position")
            WHERE "position" IS NOT NULL
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "books"."idx_outbox_events_position"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_outbox_events_unpublished"
        `);
    await queryRunner.query(`
            DROP TABLE "books"."outbox_events"
        `);
    await queryRunner.query(`
            DROP SEQUENCE "books"."outbox_events_position_seq"
        `);
  }
}
