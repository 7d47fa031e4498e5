import { MigrationInterface, QueryRunner } from 'typeorm';

/** The request log services send auth (recent requests) and requests by day, credential and product (usage over any period). */
export class RequestLog1795840000000 implements MigrationInterface {
  name = 'RequestLog1795840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "auth"."request_log" (
                "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
                "organization_id" uuid NOT NULL,
                "credential_id" uuid NOT NULL,
                "product" character varying(20) NOT NULL,
                "method" character varying(10) NOT NULL,
                "route" character varying(200) NOT NULL,
                "status" smallint NOT NULL,
                "duration_ms" real NOT NULL,
                "request_id" character varying(128) NOT NULL,
                "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_ae393b42f50b0399df4c90160d6" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_request_log_organization" ON "auth"."request_log" ("organization_id", "occurred_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."daily_usage" (
                "organization_id" uuid NOT NULL,
                "day" date NOT NULL,
                "credential_id" uuid NOT NULL,
                "product" character varying(20) NOT NULL,
                "requests" integer NOT NULL,
                CONSTRAINT "PK_518713b7482d1bf4bfafaf301c8" PRIMARY KEY (
                    "organization_id",
                    "day",
                    "credential_id",
                    "product"
                )
            )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "auth"."daily_usage"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_request_log_organization"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."request_log"
        `);
  }
}
