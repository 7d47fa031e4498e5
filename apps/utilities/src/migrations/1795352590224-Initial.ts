import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795352590224 implements MigrationInterface {
  name = 'Initial1795352590224';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "utilities"."notification_preferences" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "category" character varying(20) NOT NULL,
                "in_app" boolean NOT NULL,
                "email" boolean NOT NULL,
                "push" boolean NOT NULL,
                "sms" boolean NOT NULL,
                "whatsapp" boolean NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e94e2b543f2f218ee68e4f4fad2" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_notification_preferences_company_category" ON "utilities"."notification_preferences" ("company_id", "category")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "utilities"."uq_notification_preferences_company_category"
        `);
    await queryRunner.query(`
            DROP TABLE "utilities"."notification_preferences"
        `);
  }
}
