import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The limits on invitations (per organization and per address over 24 hours) and on the keys an
 * organization holds count rows: the invitations of an organization, or to an address, by time,
 * and an organization's keys not revoked are each one range of an index.
 */
export class InvitationAndKeyLimits1796001000000 implements MigrationInterface {
  name = 'InvitationAndKeyLimits1796001000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_invitations_organization_created" ON "auth"."invitations" ("organization_id", "created_at")
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_invitations_organization"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_invitations_email_created" ON "auth"."invitations" ("email", "created_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_developer_credentials_live" ON "auth"."developer_credentials" ("organization_id")
            WHERE "revoked_at" IS NULL
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "auth"."idx_developer_credentials_live"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_invitations_email_created"
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_invitations_organization" ON "auth"."invitations" ("organization_id")
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_invitations_organization_created"
        `);
  }
}
