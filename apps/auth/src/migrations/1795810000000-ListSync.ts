import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Incremental sync on every list: each listed record has an `updated_at` (rows already stored
 * take the time of their last known change); the lists a company's rows fill have an index on
 * the list's scope and `updated_at`, for `updatedSince`.
 */
export class ListSync1795810000000 implements MigrationInterface {
  name = 'ListSync1795810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "auth"."workspaces"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
    await queryRunner.query(`
            UPDATE "auth"."workspaces" SET "updated_at" = created_at
        `);
    await queryRunner.query(`
            ALTER TABLE "auth"."client_companies"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
    await queryRunner.query(`
            UPDATE "auth"."client_companies" SET "updated_at" = created_at
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "auth"."client_companies" DROP COLUMN "updated_at"
        `);
    await queryRunner.query(`
            ALTER TABLE "auth"."workspaces" DROP COLUMN "updated_at"
        `);
  }
}
