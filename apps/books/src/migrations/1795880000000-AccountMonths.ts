import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sums an account's lines per month, every company's, from the lines: what the table holds when
 * it equals its lines. Reruns set each row to its lines' sums again.
 */
export const ACCOUNT_MONTHS_BACKFILL = `
    INSERT INTO "books"."books_account_months" ("company_id", "account_id", "month", "debits", "credits", "lines")
    SELECT "company_id", "account_id", date_trunc('month', "date"::timestamp)::date, sum("debit"), sum("credit"), count(*)
    FROM "books"."books_journal_lines"
    GROUP BY 1, 2, 3
    ON CONFLICT ("company_id", "account_id", "month") DO UPDATE SET "debits" = excluded."debits", "credits" = excluded."credits", "lines" = excluded."lines"
`;

/** Each account's lines summed per month, for the reports; filled from the lines already posted. */
export class AccountMonths1795880000000 implements MigrationInterface {
  name = 'AccountMonths1795880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "books"."books_account_months" (
                "company_id" uuid NOT NULL,
                "account_id" uuid NOT NULL,
                "month" date NOT NULL,
                "debits" bigint NOT NULL,
                "credits" bigint NOT NULL,
                "lines" integer NOT NULL,
                CONSTRAINT "PK_740f499773a93b52e6ce0e6bf5c" PRIMARY KEY ("company_id", "account_id", "month")
            )
        `);
    await queryRunner.query(ACCOUNT_MONTHS_BACKFILL);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "books"."books_account_months"
        `);
  }
}
