import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795352584172 implements MigrationInterface {
  name = 'Initial1795352584172';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "hr"."employees" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "external_id" character varying(100) NOT NULL,
                "first_name" character varying(100) NOT NULL,
                "last_name" character varying(100) NOT NULL,
                "email" character varying(254) NOT NULL,
                "phone" character varying(20),
                "hire_date" date NOT NULL,
                "job_title" character varying(150) NOT NULL,
                "department" character varying(150) NOT NULL,
                "status" character varying(20) NOT NULL,
                "termination_date" date,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_b9535a98350d5b26e7eb0c26af4" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_employees_company_created" ON "hr"."employees" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_employees_company_external_id" ON "hr"."employees" ("company_id", "external_id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "hr"."uq_employees_company_external_id"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_employees_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "hr"."employees"
        `);
  }
}
