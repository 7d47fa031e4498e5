import { MigrationInterface, QueryRunner } from 'typeorm';

export class BooksDomain1795355336440 implements MigrationInterface {
  name = 'BooksDomain1795355336440';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "books"."books_accounts" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "code" character varying(20) NOT NULL,
                "name" character varying(200) NOT NULL,
                "type" character varying(10) NOT NULL,
                "active" boolean NOT NULL DEFAULT true,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_cc573b181fd90a29d07d7a6912f" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_books_accounts_company_code" ON "books"."books_accounts" ("company_id", "code")
        `);
    await queryRunner.query(`
            CREATE TABLE "books"."books_entry_sequences" (
                "company_id" uuid NOT NULL,
                "year" integer NOT NULL,
                "last_number" integer NOT NULL,
                CONSTRAINT "PK_90ac8ba11f2d826ec4a3fa70da4" PRIMARY KEY ("company_id", "year")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "books"."books_journal_entries" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "number" character varying(20) NOT NULL,
                "sequence" integer NOT NULL,
                "date" date NOT NULL,
                "memo" character varying(500) NOT NULL,
                "reference" character varying(100),
                "currency" character varying(3) NOT NULL,
                "total_debit" bigint NOT NULL,
                "total_credit" bigint NOT NULL,
                "reversal_of_id" uuid,
                "reversed_by_id" uuid,
                "source_type" character varying(50),
                "source_id" character varying(100),
                "posted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_bd0fd00bdc3c185b031b4e92460" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_books_entries_source" ON "books"."books_journal_entries" (
                "company_id",
                "source_type",
                "source_id",
                "reference"
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_books_entries_reversal_of" ON "books"."books_journal_entries" ("reversal_of_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_entries_company_reference" ON "books"."books_journal_entries" ("company_id", "reference")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_entries_company_date" ON "books"."books_journal_entries" ("company_id", "date", "sequence")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_books_entries_company_number" ON "books"."books_journal_entries" ("company_id", "number")
        `);
    await queryRunner.query(`
            CREATE TABLE "books"."books_journal_lines" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "entry_id" uuid NOT NULL,
                "line_number" integer NOT NULL,
                "account_id" uuid NOT NULL,
                "account_code" character varying(20) NOT NULL,
                "debit" bigint NOT NULL,
                "credit" bigint NOT NULL,
                "description" character varying(500),
                "date" date NOT NULL,
                "entry_sequence" integer NOT NULL,
                CONSTRAINT "PK_bac79c799ddb3100a267ea4ce4f" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_lines_company_date" ON "books"."books_journal_lines" ("company_id", "date")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_lines_company_account_date" ON "books"."books_journal_lines" (
                "company_id",
                "account_id",
                "date",
                "entry_sequence",
                "line_number"
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_books_lines_entry" ON "books"."books_journal_lines" ("entry_id", "line_number")
        `);
    await queryRunner.query(`
            CREATE TABLE "books"."books_accounting_periods" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "start_date" date,
                "end_date" date NOT NULL,
                "closed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e74706e94b5625e14c22d465491" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_books_periods_company_end" ON "books"."books_accounting_periods" ("company_id", "end_date")
        `);
    await queryRunner.query(`
            CREATE TABLE "books"."books_settings" (
                "company_id" uuid NOT NULL,
                "currency" character varying(3) NOT NULL,
                "closed_through" date,
                "posted_total" bigint NOT NULL DEFAULT '0',
                "chart_installed_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_93f364e9b48e2f4189283f952a5" PRIMARY KEY ("company_id")
            )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "books"."books_settings"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."uq_books_periods_company_end"
        `);
    await queryRunner.query(`
            DROP TABLE "books"."books_accounting_periods"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_lines_entry"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_lines_company_account_date"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_lines_company_date"
        `);
    await queryRunner.query(`
            DROP TABLE "books"."books_journal_lines"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."uq_books_entries_company_number"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_entries_company_date"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."idx_books_entries_company_reference"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."uq_books_entries_reversal_of"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."uq_books_entries_source"
        `);
    await queryRunner.query(`
            DROP TABLE "books"."books_journal_entries"
        `);
    await queryRunner.query(`
            DROP TABLE "books"."books_entry_sequences"
        `);
    await queryRunner.query(`
            DROP INDEX "books"."uq_books_accounts_company_code"
        `);
    await queryRunner.query(`
            DROP TABLE "books"."books_accounts"
        `);
  }
}
