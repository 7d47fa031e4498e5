-- The SQL of apps/books/src/accounts/accounts.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- AccountsRepository.insertAccount
START TRANSACTION;
INSERT INTO "books"."books_accounts"("id", "company_id", "code", "name", "type", "active", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT, DEFAULT)
RETURNING "id", "active", "created_at", "updated_at";
COMMIT;

-- AccountsRepository.insertMissingAccounts
INSERT INTO "books"."books_accounts"("id", "company_id", "code", "name", "type", "active", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING "id", "active", "created_at", "updated_at";

-- AccountsRepository.listAccountsPage
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."code" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $2 AND (count(*) > 0 OR $3 = 0) THEN ($3 + count(*))::int ELSE coalesce($4::int, (
  SELECT count(*)::int
  FROM "books"."books_accounts"
  WHERE "company_id" = $1
)) END AS total,
  NOT (count(*) < $2 AND (count(*) > 0 OR $3 = 0)) AND $4::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "books"."books_accounts"
    WHERE "company_id" = $1
    ORDER BY "code" ASC
    LIMIT $2
    OFFSET $3
  ) k
  JOIN "books"."books_accounts" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."code" AS "code",
    r."name" AS "name",
    r."type" AS "type",
    r."active" AS "active",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- AccountsRepository.listAccountsPage (by type)
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."code" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "books"."books_accounts"
  WHERE "company_id" = $1 AND "type" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "books"."books_accounts"
    WHERE "company_id" = $1 AND "type" = $2
    ORDER BY "code" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "books"."books_accounts" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."code" AS "code",
    r."name" AS "name",
    r."type" AS "type",
    r."active" AS "active",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- AccountsRepository.listAccountsPage (by state)
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."code" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "books"."books_accounts"
  WHERE "company_id" = $1 AND "active" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "books"."books_accounts"
    WHERE "company_id" = $1 AND "active" = $2
    ORDER BY "code" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "books"."books_accounts" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."code" AS "code",
    r."name" AS "name",
    r."type" AS "type",
    r."active" AS "active",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- AccountsRepository.listAccountsPage (by code prefix)
SELECT "Account"."id" AS "Account_id",
  "Account"."company_id" AS "Account_company_id",
  "Account"."code" AS "Account_code",
  "Account"."name" AS "Account_name",
  "Account"."type" AS "Account_type",
  "Account"."active" AS "Account_active",
  "Account"."created_at" AS "Account_created_at",
  "Account"."updated_at" AS "Account_updated_at"
FROM "books"."books_accounts" "Account"
WHERE (("Account"."company_id" = $1) AND ("Account"."code" LIKE $2))
ORDER BY "Account"."code" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "books"."books_accounts" "Account"
WHERE (("Account"."company_id" = $1) AND ("Account"."code" LIKE $2));

-- AccountsRepository.listAccountsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."code" AS "row_code",
  "row"."name" AS "row_name",
  "row"."type" AS "row_type",
  "row"."active" AS "row_active",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "books"."books_accounts" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- AccountsRepository.listAccountsPage (by type, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."code" AS "row_code",
  "row"."name" AS "row_name",
  "row"."type" AS "row_type",
  "row"."active" AS "row_active",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "books"."books_accounts" "row"
WHERE ("row"."company_id" = $1 AND "row"."type" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- AccountsRepository.listAccountsPage (by state, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."code" AS "row_code",
  "row"."name" AS "row_name",
  "row"."type" AS "row_type",
  "row"."active" AS "row_active",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "books"."books_accounts" "row"
WHERE ("row"."company_id" = $1 AND "row"."active" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- AccountsRepository.listAccountsPage (by code prefix, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."code" AS "row_code",
  "row"."name" AS "row_name",
  "row"."type" AS "row_type",
  "row"."active" AS "row_active",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "books"."books_accounts" "row"
WHERE ("row"."company_id" = $1 AND "row"."code" LIKE $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- AccountsRepository.findAccount
SELECT "Account"."id" AS "Account_id",
  "Account"."company_id" AS "Account_company_id",
  "Account"."code" AS "Account_code",
  "Account"."name" AS "Account_name",
  "Account"."type" AS "Account_type",
  "Account"."active" AS "Account_active",
  "Account"."created_at" AS "Account_created_at",
  "Account"."updated_at" AS "Account_updated_at"
FROM "books"."books_accounts" "Account"
WHERE (("Account"."id" = $1) AND ("Account"."company_id" = $2))
LIMIT 1;

-- AccountsRepository.accountsBy (by id)
SELECT "Account"."id" AS "Account_id",
  "Account"."company_id" AS "Account_company_id",
  "Account"."code" AS "Account_code",
  "Account"."name" AS "Account_name",
  "Account"."type" AS "Account_type",
  "Account"."active" AS "Account_active",
  "Account"."created_at" AS "Account_created_at",
  "Account"."updated_at" AS "Account_updated_at"
FROM "books"."books_accounts" "Account"
WHERE (("Account"."company_id" = $1) AND ("Account"."id" IN ($2, $3)));

-- AccountsRepository.accountsBy (by code)
SELECT "Account"."id" AS "Account_id",
  "Account"."company_id" AS "Account_company_id",
  "Account"."code" AS "Account_code",
  "Account"."name" AS "Account_name",
  "Account"."type" AS "Account_type",
  "Account"."active" AS "Account_active",
  "Account"."created_at" AS "Account_created_at",
  "Account"."updated_at" AS "Account_updated_at"
FROM "books"."books_accounts" "Account"
WHERE (("Account"."company_id" = $1) AND ("Account"."code" IN ($2, $3)));

-- AccountsRepository.codesOf
SELECT "Account"."code" AS "Account_code",
  "Account"."id" AS "Account_id"
FROM "books"."books_accounts" "Account"
WHERE (("Account"."company_id" = $1) AND ("Account"."code" IN ($2, $3)));

-- AccountsRepository.codesOf (every code)
SELECT "Account"."code" AS "Account_code",
  "Account"."id" AS "Account_id"
FROM "books"."books_accounts" "Account"
WHERE (("Account"."company_id" = $1));

-- AccountsRepository.hasEntries
SELECT 1 AS "row_exists"
FROM (
  SELECT 1 AS dummy_column
) "dummy_table"
WHERE EXISTS (
  SELECT 1
  FROM "books"."books_journal_entries" "JournalEntry"
  WHERE (("JournalEntry"."company_id" = $1))
)
LIMIT 1;

-- AccountsRepository.hasLines
SELECT 1 AS "row_exists"
FROM (
  SELECT 1 AS dummy_column
) "dummy_table"
WHERE EXISTS (
  SELECT 1
  FROM "books"."books_journal_lines" "JournalLine"
  WHERE (("JournalLine"."company_id" = $1) AND ("JournalLine"."account_id" = $2))
)
LIMIT 1;

-- AccountsRepository.updateAccount
UPDATE "books"."books_accounts"
SET "name" = $1,
  "type" = $2,
  "active" = $3,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $4 AND "company_id" = $5);
SELECT "Account"."id" AS "Account_id",
  "Account"."company_id" AS "Account_company_id",
  "Account"."code" AS "Account_code",
  "Account"."name" AS "Account_name",
  "Account"."type" AS "Account_type",
  "Account"."active" AS "Account_active",
  "Account"."created_at" AS "Account_created_at",
  "Account"."updated_at" AS "Account_updated_at"
FROM "books"."books_accounts" "Account"
WHERE (("Account"."id" = $1) AND ("Account"."company_id" = $2))
LIMIT 1;
