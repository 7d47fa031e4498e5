import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795352576881 implements MigrationInterface {
  name = 'Initial1795352576881';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "auth"."developer_credentials" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "organization_id" uuid NOT NULL,
                "key_hash" character varying(64) NOT NULL,
                "key_prefix" character varying(32) NOT NULL,
                "secret_hash" character varying(64) NOT NULL,
                "secret_version" integer NOT NULL DEFAULT '1',
                "secret_rotated_at" TIMESTAMP WITH TIME ZONE,
                "environment" character varying(20) NOT NULL,
                "scopes" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ebec7c2006ab7eb3fcdc94c3898" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_developer_credentials_organization" ON "auth"."developer_credentials" ("organization_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_developer_credentials_key_hash" ON "auth"."developer_credentials" ("key_hash")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."organizations" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "name" character varying(200) NOT NULL,
                "plan" character varying(40) NOT NULL,
                "burst_per_second" integer,
                "monthly_quota" integer,
                "webhook_retries" integer,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_6b031fcd0863e3f6b44230163f9" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."client_companies" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "workspace_id" uuid NOT NULL,
                "organization_id" uuid NOT NULL,
                "name" character varying(200) NOT NULL,
                "country" character varying(2),
                "registration_number" character varying(100),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_38cd4c4f591e68fc4bfa12541cc" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_client_companies_organization" ON "auth"."client_companies" ("organization_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_client_companies_workspace" ON "auth"."client_companies" ("workspace_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth"."workspaces" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "organization_id" uuid NOT NULL,
                "name" character varying(200) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_098656ae401f3e1a4586f47fd8e" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_workspaces_organization" ON "auth"."workspaces" ("organization_id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "auth"."idx_workspaces_organization"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."workspaces"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_client_companies_workspace"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_client_companies_organization"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."client_companies"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."organizations"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."uq_developer_credentials_key_hash"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_developer_credentials_organization"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"."developer_credentials"
        `);
  }
}
