import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook endpoints need `webhooks:read` and `webhooks:write`. Credentials created with every
 * scope before they existed get both, as new default credentials do; credentials created with
 * narrowed scopes do not. The list is the scopes of that time, not today's.
 */
const EVERY_SCOPE_BEFORE = [
  'auth:read',
  'auth:write',
  'credentials:write',
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
const ADDED = ['webhooks:read', 'webhooks:write'];

export class WebhookScopes1795800000000 implements MigrationInterface {
  name = 'WebhookScopes1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `
            UPDATE "auth"."developer_credentials"
            SET "scopes" = array_to_string(string_to_array("scopes", ' ') || ARRAY(SELECT added FROM unnest($2::text[]) AS added WHERE NOT (added = ANY (string_to_array("scopes", ' ')))), ' ')
            WHERE string_to_array("scopes", ' ') @> $1::text[] AND NOT (string_to_array("scopes", ' ') @> $2::text[])
        `,
      [EVERY_SCOPE_BEFORE, ADDED],
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `
            UPDATE "auth"."developer_credentials"
            SET "scopes" = array_to_string(ARRAY(SELECT scope FROM unnest(string_to_array("scopes", ' ')) AS scope WHERE NOT (scope = ANY ($1::text[]))), ' ')
            WHERE string_to_array("scopes", ' ') && $1::text[]
        `,
      [ADDED],
    );
  }
}
