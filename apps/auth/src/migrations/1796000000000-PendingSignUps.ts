import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-ups waiting for their emailed link, each with its own password hash, name and
 * organization name: the account is made when its own link is used. Accounts not verified
 * before this release keep their rows until they are a day old, then go (with the organizations
 * they alone belong to); nothing reads them meanwhile.
 */
export class PendingSignUps1796000000000 implements MigrationInterface {
  name = 'PendingSignUps1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "auth"."pending_sign_ups" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "email" character varying(254) NOT NULL,
                "name" character varying(200) NOT NULL,
                "organization_name" character varying(200) NOT NULL,
                "password_hash" character varying(200) NOT NULL,
                "token_hash" character varying(64),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_c584be359be056beafdb63a70c0" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_pending_sign_ups_email" ON "auth"."pending_sign_ups" ("email", "created_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_pending_sign_ups_token_hash" ON "auth"."pending_sign_ups" ("token_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_pending_sign_ups_expires_at" ON "auth"."pending_sign_ups" ("expires_at")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "auth"."pending_sign_ups"
        `);
  }
}
