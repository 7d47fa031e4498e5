import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credentials as keys an organization manages: a name, the key's last four characters (known for
 * keys issued from now on), when it last exchanged for a token, and the previous secret a
 * rotation may keep working for a grace period (`rotate-secret?graceSeconds=`).
 */
export class CredentialKeys1795820000000 implements MigrationInterface {
  name = 'CredentialKeys1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" ADD "name" character varying(100) NOT NULL DEFAULT 'Default key'`);
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" ADD "key_last_four" character varying(4)`);
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" ADD "last_used_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" ADD "previous_secret_hash" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" ADD "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" DROP COLUMN "previous_secret_expires_at"`);
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" DROP COLUMN "previous_secret_hash"`);
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" DROP COLUMN "last_used_at"`);
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" DROP COLUMN "key_last_four"`);
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" DROP COLUMN "name"`);
  }
}
