import { MigrationInterface, QueryRunner } from 'typeorm';

export class FileLinkVersions1795704582697 implements MigrationInterface {
  name = 'FileLinkVersions1795704582697';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."files"
            ADD "link_version" integer NOT NULL DEFAULT '1'
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."files"
            ADD "link_owner_credential_id" uuid
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."files"
            ADD "link_owner_period_anchor" integer
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "utilities"."files" DROP COLUMN "link_owner_period_anchor"
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."files" DROP COLUMN "link_owner_credential_id"
        `);
    await queryRunner.query(`
            ALTER TABLE "utilities"."files" DROP COLUMN "link_version"
        `);
  }
}
