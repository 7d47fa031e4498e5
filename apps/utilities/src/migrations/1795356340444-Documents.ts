import { MigrationInterface, QueryRunner } from 'typeorm';

export class Documents1795356340444 implements MigrationInterface {
  name = 'Documents1795356340444';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "utilities"."document_jobs" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "status" character varying(10) NOT NULL,
                "progress" integer NOT NULL DEFAULT '0',
                "attempts" integer NOT NULL DEFAULT '0',
                "request" jsonb NOT NULL,
                "document_id" uuid,
                "error" jsonb,
                "locked_until" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "started_at" TIMESTAMP WITH TIME ZONE,
                "finished_at" TIMESTAMP WITH TIME ZONE,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e3211d87a85f3ee381f0fde756c" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_document_jobs_claim" ON "utilities"."document_jobs" ("status", "locked_until")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_document_jobs_company_created" ON "utilities"."document_jobs" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."documents" (
                "id" uuid NOT NULL,
                "company_id" uuid NOT NULL,
                "type" character varying(20) NOT NULL,
                "format" character varying(4) NOT NULL,
                "title" character varying(300) NOT NULL,
                "locale" character varying(10) NOT NULL,
                "file_id" uuid NOT NULL,
                "filename" character varying(255) NOT NULL,
                "content_type" character varying(127) NOT NULL,
                "size" bigint NOT NULL,
                "page_count" integer,
                "source" jsonb NOT NULL,
                "job_id" uuid,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ac51aa5181ee2036f5ca482857c" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_documents_company_created" ON "utilities"."documents" ("company_id", "created_at", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_documents_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."documents"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_document_jobs_company_created"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_document_jobs_claim"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."document_jobs"
        `);
  }
}
