import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox (`outbox_events`, the OutboxEvent entity), owned by this library and listed by every
 * app's migrations (DATA_MIGRATIONS), in the schema of the service that runs it.
 *
 * Safe for databases migrated before the library owned the table: the table came from each app's
 * own migration then (auth, books, pay, payroll and utilities created it as here; hr converted the
 * table of its first domain migration to the same shape). So this migration has one name in every
 * app and creates each object only if it is not there: on those databases it records itself and
 * changes nothing, on a new database it creates the outbox. Its timestamp sorts it after every
 * app's former outbox migration (hr's last, 1795716464513), so hr's first domain migration, which
 * still creates hr's old table, runs before it. Undoing it leaves the table (it may predate this
 * migration); drop the service's schema to start again.
 */
export class OutboxEvents1795716500000 implements MigrationInterface {
  name = 'OutboxEvents1795716500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const schema = (queryRunner.connection.options as { schema?: string }).schema;
    if (!schema) throw new Error('OutboxEvents1795716500000 runs in a service schema: the data source has none');
    await queryRunner.query(`CREATE SEQUENCE IF NOT EXISTS "${schema}"."outbox_events_position_seq" AS bigint`);
    await queryRunner.query(`
            CREATE TABLE IF NOT EXISTS "${schema}"."outbox_events" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "type" character varying(60) NOT NULL,
                "company_id" uuid NOT NULL,
                "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "data" jsonb NOT NULL,
                "version" smallint NOT NULL DEFAULT '1',
                "position" bigint,
                "published_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX IF NOT EXISTS "idx_outbox_events_unpublished" ON "${schema}"."outbox_events" ("occurred_at", "id")
            WHERE "position" IS NULL
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX IF NOT EXISTS "idx_outbox_events_position" ON "${schema}"."outbox_events" ("position")
            WHERE "position" IS NOT NULL
        `);
  }

  public async down(): Promise<void> {
    // the table may predate this migration (see above): undoing it leaves the outbox as it is
  }
}
