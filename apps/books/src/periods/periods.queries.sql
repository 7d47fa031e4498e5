-- The SQL of apps/books/src/periods/periods.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- PeriodsRepository.insertPeriod
INSERT INTO "books"."books_accounting_periods"("id", "company_id", "start_date", "end_date", "closed_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, DEFAULT, DEFAULT)
RETURNING "id", "closed_at", "updated_at";

-- PeriodsRepository.listPeriodsPage
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."end_date" DESC), '') || ']' AS items,
  CASE WHEN count(*) < $2 AND (count(*) > 0 OR $3 = 0) THEN ($3 + count(*))::int ELSE coalesce($4::int, (
  SELECT count(*)::int
  FROM "books"."books_accounting_periods"
  WHERE "company_id" = $1
)) END AS total,
  NOT (count(*) < $2 AND (count(*) > 0 OR $3 = 0)) AND $4::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "books"."books_accounting_periods"
    WHERE "company_id" = $1
    ORDER BY "end_date" DESC
    LIMIT $2
    OFFSET $3
  ) k
  JOIN "books"."books_accounting_periods" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."start_date" AS "startDate",
    r."end_date" AS "endDate",
    to_char(r."closed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "closedAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- PeriodsRepository.listPeriodsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."start_date" AS "row_start_date",
  "row"."end_date" AS "row_end_date",
  "row"."closed_at" AS "row_closed_at",
  "row"."updated_at" AS "row_updated_at"
FROM "books"."books_accounting_periods" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- PeriodsRepository.findPeriod
SELECT "AccountingPeriod"."id" AS "AccountingPeriod_id",
  "AccountingPeriod"."company_id" AS "AccountingPeriod_company_id",
  "AccountingPeriod"."start_date" AS "AccountingPeriod_start_date",
  "AccountingPeriod"."end_date" AS "AccountingPeriod_end_date",
  "AccountingPeriod"."closed_at" AS "AccountingPeriod_closed_at",
  "AccountingPeriod"."updated_at" AS "AccountingPeriod_updated_at"
FROM "books"."books_accounting_periods" "AccountingPeriod"
WHERE (("AccountingPeriod"."id" = $1) AND ("AccountingPeriod"."company_id" = $2))
LIMIT 1;
