import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cursor mode reads a list's rows after the cursor's key in the order of the key, within its
 * company: an index leading with the list's scope and the key reads a page as one range, in
 * order, however many rows the company and the table hold.
 */
export class CursorKeys1795870000000 implements MigrationInterface {
  name = 'CursorKeys1795870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "idx_workspaces_organization_id" ON "auth"."workspaces" ("organization_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_client_companies_workspace_id" ON "auth"."client_companies" ("organization_id", "workspace_id", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "auth"."idx_client_companies_workspace_id"
        `);
    await queryRunner.query(`
            DROP INDEX "auth"."idx_workspaces_organization_id"
        `);
  }
}
