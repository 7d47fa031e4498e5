import { MigrationInterface, QueryRunner } from "typeorm";

/** A rotation may keep the previous secret exchanging for a grace period (`rotate-secret?graceSeconds=`). */
export class SecretGracePeriod1795820000000 implements MigrationInterface {
    name = 'SecretGracePeriod1795820000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" ADD "previous_secret_hash" character varying(64)`);
        await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" ADD "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" DROP COLUMN "previous_secret_expires_at"`);
        await queryRunner.query(`ALTER TABLE "auth"."developer_credentials" DROP COLUMN "previous_secret_hash"`);
    }
}
