import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook endpoints per company and their signing secrets (encrypted; one current, previous ones
 * signing until they expire), removed with their endpoint.
 */
export class WebhookEndpoints1795800000000 implements MigrationInterface {
  name = 'WebhookEndpoints1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "utilities"."webhook_endpoints" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "organization_id" uuid NOT NULL,
                "created_by_credential_id" uuid NOT NULL,
                "url" character varying(2048) NOT NULL,
                "description" character varying(500),
                "event_types" text array NOT NULL DEFAULT '{}',
                "disabled_at" TIMESTAMP WITH TIME ZONE,
                "disabled_reason" character varying(30),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_webhook_endpoints_company_created" ON "utilities"."webhook_endpoints" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "utilities"."webhook_endpoint_secrets" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "endpoint_id" uuid NOT NULL,
                "sealed_secret" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "expires_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_13743a727b19a001d80596dd4d4" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_webhook_endpoint_secrets_current" ON "utilities"."webhook_endpoint_secrets" ("endpoint_id")
            WHERE "expires_at" IS NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_webhook_endpoint_secrets_endpoint" ON "utilities"."webhook_endpoint_secrets" ("endpoint_id", "created_at")
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."webhook_endpoint_secrets"
            ADD CONSTRAINT "fk_webhook_endpoint_secrets_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "utilities"."webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."webhook_endpoint_secrets" DROP CONSTRAINT "fk_webhook_endpoint_secrets_endpoint"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_webhook_endpoint_secrets_endpoint"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."uq_webhook_endpoint_secrets_current"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."webhook_endpoint_secrets"
        `);
    await queryRunner.query(`
            DROP INDEX "utilities"."idx_webhook_endpoints_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."webhook_endpoints"
        `);
  }
}
