-- The SQL of apps/hr/src/performance/performance.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- PerformanceRepository.insertReview
INSERT INTO "hr"."performance_reviews"("id", "company_id", "employee_id", "period_start", "period_end", "reviewer_employee_id", "reviewer_name", "goals", "overall_rating", "summary", "status", "submitted_at", "completed_at", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";

-- PerformanceRepository.listReviewsPage
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $2 AND (count(*) > 0 OR $3 = 0) THEN ($3 + count(*))::int ELSE coalesce($4::int, (
  SELECT count(*)::int
  FROM "hr"."performance_reviews"
  WHERE "company_id" = $1
)) END AS total,
  NOT (count(*) < $2 AND (count(*) > 0 OR $3 = 0)) AND $4::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "hr"."performance_reviews"
    WHERE "company_id" = $1
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $2
    OFFSET $3
  ) k
  JOIN "hr"."performance_reviews" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."employee_id" AS "employeeId",
    r."period_start" AS "periodStart",
    r."period_end" AS "periodEnd",
    r."reviewer_employee_id" AS "reviewerEmployeeId",
    r."reviewer_name" AS "reviewerName",
    r."goals" AS "goals",
    r."overall_rating" AS "overallRating",
    r."summary" AS "summary",
    r."status" AS "status",
    to_char(r."submitted_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "submittedAt",
    to_char(r."completed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "completedAt",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- PerformanceRepository.listReviewsPage (by employee)
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "hr"."performance_reviews"
  WHERE "company_id" = $1 AND "employee_id" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "hr"."performance_reviews"
    WHERE "company_id" = $1 AND "employee_id" = $2
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "hr"."performance_reviews" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."employee_id" AS "employeeId",
    r."period_start" AS "periodStart",
    r."period_end" AS "periodEnd",
    r."reviewer_employee_id" AS "reviewerEmployeeId",
    r."reviewer_name" AS "reviewerName",
    r."goals" AS "goals",
    r."overall_rating" AS "overallRating",
    r."summary" AS "summary",
    r."status" AS "status",
    to_char(r."submitted_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "submittedAt",
    to_char(r."completed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "completedAt",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- PerformanceRepository.listReviewsPage (by status)
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "hr"."performance_reviews"
  WHERE "company_id" = $1 AND "status" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "hr"."performance_reviews"
    WHERE "company_id" = $1 AND "status" = $2
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "hr"."performance_reviews" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."employee_id" AS "employeeId",
    r."period_start" AS "periodStart",
    r."period_end" AS "periodEnd",
    r."reviewer_employee_id" AS "reviewerEmployeeId",
    r."reviewer_name" AS "reviewerName",
    r."goals" AS "goals",
    r."overall_rating" AS "overallRating",
    r."summary" AS "summary",
    r."status" AS "status",
    to_char(r."submitted_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "submittedAt",
    to_char(r."completed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "completedAt",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- PerformanceRepository.listReviewsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."period_start" AS "row_period_start",
  "row"."period_end" AS "row_period_end",
  "row"."reviewer_employee_id" AS "row_reviewer_employee_id",
  "row"."reviewer_name" AS "row_reviewer_name",
  "row"."goals" AS "row_goals",
  "row"."overall_rating" AS "row_overall_rating",
  "row"."summary" AS "row_summary",
  "row"."status" AS "row_status",
  "row"."submitted_at" AS "row_submitted_at",
  "row"."completed_at" AS "row_completed_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."performance_reviews" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- PerformanceRepository.listReviewsPage (by employee, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."period_start" AS "row_period_start",
  "row"."period_end" AS "row_period_end",
  "row"."reviewer_employee_id" AS "row_reviewer_employee_id",
  "row"."reviewer_name" AS "row_reviewer_name",
  "row"."goals" AS "row_goals",
  "row"."overall_rating" AS "row_overall_rating",
  "row"."summary" AS "row_summary",
  "row"."status" AS "row_status",
  "row"."submitted_at" AS "row_submitted_at",
  "row"."completed_at" AS "row_completed_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."performance_reviews" "row"
WHERE ("row"."company_id" = $1 AND "row"."employee_id" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- PerformanceRepository.listReviewsPage (by status, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."period_start" AS "row_period_start",
  "row"."period_end" AS "row_period_end",
  "row"."reviewer_employee_id" AS "row_reviewer_employee_id",
  "row"."reviewer_name" AS "row_reviewer_name",
  "row"."goals" AS "row_goals",
  "row"."overall_rating" AS "row_overall_rating",
  "row"."summary" AS "row_summary",
  "row"."status" AS "row_status",
  "row"."submitted_at" AS "row_submitted_at",
  "row"."completed_at" AS "row_completed_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."performance_reviews" "row"
WHERE ("row"."company_id" = $1 AND "row"."status" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- PerformanceRepository.findReview
SELECT "PerformanceReview"."id" AS "PerformanceReview_id",
  "PerformanceReview"."company_id" AS "PerformanceReview_company_id",
  "PerformanceReview"."employee_id" AS "PerformanceReview_employee_id",
  "PerformanceReview"."period_start" AS "PerformanceReview_period_start",
  "PerformanceReview"."period_end" AS "PerformanceReview_period_end",
  "PerformanceReview"."reviewer_employee_id" AS "PerformanceReview_reviewer_employee_id",
  "PerformanceReview"."reviewer_name" AS "PerformanceReview_reviewer_name",
  "PerformanceReview"."goals" AS "PerformanceReview_goals",
  "PerformanceReview"."overall_rating" AS "PerformanceReview_overall_rating",
  "PerformanceReview"."summary" AS "PerformanceReview_summary",
  "PerformanceReview"."status" AS "PerformanceReview_status",
  "PerformanceReview"."submitted_at" AS "PerformanceReview_submitted_at",
  "PerformanceReview"."completed_at" AS "PerformanceReview_completed_at",
  "PerformanceReview"."created_at" AS "PerformanceReview_created_at",
  "PerformanceReview"."updated_at" AS "PerformanceReview_updated_at"
FROM "hr"."performance_reviews" "PerformanceReview"
WHERE (("PerformanceReview"."id" = $1) AND ("PerformanceReview"."company_id" = $2))
LIMIT 1;

-- PerformanceRepository.lockReview
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."period_start" AS "row_period_start",
  "row"."period_end" AS "row_period_end",
  "row"."reviewer_employee_id" AS "row_reviewer_employee_id",
  "row"."reviewer_name" AS "row_reviewer_name",
  "row"."goals" AS "row_goals",
  "row"."overall_rating" AS "row_overall_rating",
  "row"."summary" AS "row_summary",
  "row"."status" AS "row_status",
  "row"."submitted_at" AS "row_submitted_at",
  "row"."completed_at" AS "row_completed_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."performance_reviews" "row"
WHERE "row"."id" = $1 AND "row"."company_id" = $2
FOR UPDATE;

-- PerformanceRepository.updateReview
UPDATE "hr"."performance_reviews"
SET "status" = $1,
  "overall_rating" = $2,
  "submitted_at" = $3,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $4 AND "company_id" = $5
RETURNING "updated_at";
