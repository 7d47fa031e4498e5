-- The SQL of apps/hr/src/leave/leave-types.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- LeaveTypesRepository.insertType
INSERT INTO "hr"."leave_types"("id", "company_id", "name", "annual_allowance_days", "paid", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, DEFAULT, DEFAULT)
RETURNING "id", "paid", "created_at", "updated_at";

-- LeaveTypesRepository.listTypesPage
SELECT "LeaveType"."id" AS "LeaveType_id",
  "LeaveType"."company_id" AS "LeaveType_company_id",
  "LeaveType"."name" AS "LeaveType_name",
  "LeaveType"."annual_allowance_days" AS "LeaveType_annual_allowance_days",
  "LeaveType"."paid" AS "LeaveType_paid",
  "LeaveType"."created_at" AS "LeaveType_created_at",
  "LeaveType"."updated_at" AS "LeaveType_updated_at"
FROM "hr"."leave_types" "LeaveType"
WHERE (("LeaveType"."company_id" = $1))
ORDER BY "LeaveType"."created_at" ASC, "LeaveType"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."leave_types" "LeaveType"
WHERE (("LeaveType"."company_id" = $1));

-- LeaveTypesRepository.listTypesPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."name" AS "row_name",
  "row"."annual_allowance_days" AS "row_annual_allowance_days",
  "row"."paid" AS "row_paid",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."leave_types" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- LeaveTypesRepository.findType
SELECT "LeaveType"."id" AS "LeaveType_id",
  "LeaveType"."company_id" AS "LeaveType_company_id",
  "LeaveType"."name" AS "LeaveType_name",
  "LeaveType"."annual_allowance_days" AS "LeaveType_annual_allowance_days",
  "LeaveType"."paid" AS "LeaveType_paid",
  "LeaveType"."created_at" AS "LeaveType_created_at",
  "LeaveType"."updated_at" AS "LeaveType_updated_at"
FROM "hr"."leave_types" "LeaveType"
WHERE (("LeaveType"."id" = $1) AND ("LeaveType"."company_id" = $2))
LIMIT 1;

-- LeaveTypesRepository.typesByName
SELECT "LeaveType"."id" AS "LeaveType_id",
  "LeaveType"."company_id" AS "LeaveType_company_id",
  "LeaveType"."name" AS "LeaveType_name",
  "LeaveType"."annual_allowance_days" AS "LeaveType_annual_allowance_days",
  "LeaveType"."paid" AS "LeaveType_paid",
  "LeaveType"."created_at" AS "LeaveType_created_at",
  "LeaveType"."updated_at" AS "LeaveType_updated_at"
FROM "hr"."leave_types" "LeaveType"
WHERE (("LeaveType"."company_id" = $1))
ORDER BY "LeaveType"."name" ASC;
