import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * HR's outbox in the suite's one event envelope, its events kept: the serial id becomes the
 * event's position in the feed (its sequence goes on numbering), each event gets a uuid id,
 * `payload` becomes `data` and leave events are named after their resource (leave_request.*).
 */
export class EventOutbox1795716464513 implements MigrationInterface {
  name = 'EventOutbox1795716464513';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" DROP CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" RENAME COLUMN "id" TO "position"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "position" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "position" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "position" TYPE bigint`);
    await queryRunner.query(`ALTER SEQUENCE "hr"."outbox_events_id_seq" RENAME TO "outbox_events_position_seq"`);
    await queryRunner.query(`ALTER SEQUENCE "hr"."outbox_events_position_seq" AS bigint`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ADD "id" uuid NOT NULL DEFAULT gen_random_uuid()`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ADD CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id")`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" RENAME COLUMN "payload" TO "data"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" DROP COLUMN "aggregate_id"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "type" TYPE character varying(60)`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ADD "version" smallint NOT NULL DEFAULT '1'`);
    await queryRunner.query(`UPDATE "hr"."outbox_events" SET "type" = replace("type", 'leave.', 'leave_request.') WHERE "type" LIKE 'leave.%'`);
    await queryRunner.query(`UPDATE "hr"."outbox_events" SET "published_at" = "occurred_at" WHERE "published_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished" ON "hr"."outbox_events" ("occurred_at", "id") WHERE "position" IS NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_outbox_events_position" ON "hr"."outbox_events" ("position") WHERE "position" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "hr"."idx_outbox_events_position"`);
    await queryRunner.query(`DROP INDEX "hr"."idx_outbox_events_unpublished"`);
    await queryRunner.query(
      `DELETE FROM "hr"."outbox_events" WHERE "position" IS NULL OR "type" NOT IN ('employee.created', 'employee.updated', 'employee.terminated', 'contract.activated', 'contract.ended', 'leave_request.approved', 'leave_request.cancelled')`,
    );
    await queryRunner.query(`UPDATE "hr"."outbox_events" SET "type" = replace("type", 'leave_request.', 'leave.') WHERE "type" LIKE 'leave_request.%'`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "type" TYPE character varying(50)`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ADD "aggregate_id" uuid`);
    await queryRunner.query(`UPDATE "hr"."outbox_events" SET "aggregate_id" = ("data"->>'id')::uuid`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "aggregate_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" RENAME COLUMN "data" TO "payload"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" DROP CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" DROP COLUMN "id"`);
    await queryRunner.query(`ALTER SEQUENCE "hr"."outbox_events_position_seq" AS integer`);
    await queryRunner.query(`ALTER SEQUENCE "hr"."outbox_events_position_seq" RENAME TO "outbox_events_id_seq"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "position" TYPE integer`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "position" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ALTER COLUMN "position" SET DEFAULT nextval('"hr"."outbox_events_id_seq"')`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" RENAME COLUMN "position" TO "id"`);
    await queryRunner.query(`ALTER TABLE "hr"."outbox_events" ADD CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id")`);
  }
}
