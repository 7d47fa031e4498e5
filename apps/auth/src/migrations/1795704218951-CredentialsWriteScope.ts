import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rotating a secret now needs `credentials:write`. Credentials created with every scope before
 * it existed get it, as new default credentials do; credentials created with narrowed scopes
 * do not. The list is the scopes of that time, not today's.
 */
const EVERY_SCOPE_BEFORE = [
  'auth:read',
  'auth:write',
  'hr:read',
  'hr:write',
  'app:read',
  'app:write',
  'payroll:read',
  'payroll:write',
  'pay:read',
  'pay:write',
  'books:read',
  'books:write',
];

export class CredentialsWriteScope1795704218951 implements MigrationInterface {
  name = 'CredentialsWriteScope1795704218951';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `
            UPDATE "auth"."developer_credentials" SET "scopes" = "scopes" || ' credentials:write'
            WHERE string_to_array("scopes", ' ') @> $1::text[] AND NOT ('credentials:write' = ANY (string_to_array("scopes", ' ')))
        `,
      [EVERY_SCOPE_BEFORE],
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            UPDATE "auth"."developer_credentials" SET "scopes" = array_to_string(array_remove(string_to_array("scopes", ' '), 'credentials:write'), ' ')
            WHERE 'credentials:write' = ANY (string_to_array("scopes", ' '))
        `);
  }
}
