import { MigrationInterface, QueryRunner } from 'typeorm';

/** A credential can be revoked for good (`credentials:revoke`): its key and secret are then refused. */
export class CredentialRevocation1795790000000 implements MigrationInterface {
  name = 'CredentialRevocation1795790000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" ADD "revoked_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" DROP COLUMN "revoked_at"`);
  }
}
