-- The SQL of apps/utilities/src/documents/document-jobs.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- DocumentJobsRepository.insertJob
INSERT INTO "utilities"."document_jobs"("id", "company_id", "status", "progress", "attempts", "request", "document_id", "error", "created_at", "started_at", "finished_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, DEFAULT, $8, $9, DEFAULT)
RETURNING "id", "progress", "attempts", "created_at", "updated_at";

-- DocumentJobsRepository.listJobsPage
SELECT "DocumentJob"."id" AS "DocumentJob_id",
  "DocumentJob"."company_id" AS "DocumentJob_company_id",
  "DocumentJob"."status" AS "DocumentJob_status",
  "DocumentJob"."progress" AS "DocumentJob_progress",
  "DocumentJob"."attempts" AS "DocumentJob_attempts",
  "DocumentJob"."request" AS "DocumentJob_request",
  "DocumentJob"."document_id" AS "DocumentJob_document_id",
  "DocumentJob"."error" AS "DocumentJob_error",
  "DocumentJob"."created_at" AS "DocumentJob_created_at",
  "DocumentJob"."started_at" AS "DocumentJob_started_at",
  "DocumentJob"."finished_at" AS "DocumentJob_finished_at",
  "DocumentJob"."updated_at" AS "DocumentJob_updated_at"
FROM "utilities"."document_jobs" "DocumentJob"
WHERE (("DocumentJob"."company_id" = $1))
ORDER BY "DocumentJob"."created_at" DESC, "DocumentJob"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."document_jobs" "DocumentJob"
WHERE (("DocumentJob"."company_id" = $1));

-- DocumentJobsRepository.listJobsPage (by status)
SELECT "DocumentJob"."id" AS "DocumentJob_id",
  "DocumentJob"."company_id" AS "DocumentJob_company_id",
  "DocumentJob"."status" AS "DocumentJob_status",
  "DocumentJob"."progress" AS "DocumentJob_progress",
  "DocumentJob"."attempts" AS "DocumentJob_attempts",
  "DocumentJob"."request" AS "DocumentJob_request",
  "DocumentJob"."document_id" AS "DocumentJob_document_id",
  "DocumentJob"."error" AS "DocumentJob_error",
  "DocumentJob"."created_at" AS "DocumentJob_created_at",
  "DocumentJob"."started_at" AS "DocumentJob_started_at",
  "DocumentJob"."finished_at" AS "DocumentJob_finished_at",
  "DocumentJob"."updated_at" AS "DocumentJob_updated_at"
FROM "utilities"."document_jobs" "DocumentJob"
WHERE (("DocumentJob"."company_id" = $1) AND ("DocumentJob"."status" = $2))
ORDER BY "DocumentJob"."created_at" DESC, "DocumentJob"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."document_jobs" "DocumentJob"
WHERE (("DocumentJob"."company_id" = $1) AND ("DocumentJob"."status" = $2));

-- DocumentJobsRepository.listJobsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."status" AS "row_status",
  "row"."progress" AS "row_progress",
  "row"."attempts" AS "row_attempts",
  "row"."request" AS "row_request",
  "row"."document_id" AS "row_document_id",
  "row"."error" AS "row_error",
  "row"."created_at" AS "row_created_at",
  "row"."started_at" AS "row_started_at",
  "row"."finished_at" AS "row_finished_at",
  "row"."updated_at" AS "row_updated_at"
FROM "utilities"."document_jobs" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- DocumentJobsRepository.listJobsPage (by status, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."status" AS "row_status",
  "row"."progress" AS "row_progress",
  "row"."attempts" AS "row_attempts",
  "row"."request" AS "row_request",
  "row"."document_id" AS "row_document_id",
  "row"."error" AS "row_error",
  "row"."created_at" AS "row_created_at",
  "row"."started_at" AS "row_started_at",
  "row"."finished_at" AS "row_finished_at",
  "row"."updated_at" AS "row_updated_at"
FROM "utilities"."document_jobs" "row"
WHERE ("row"."company_id" = $1 AND "row"."status" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- DocumentJobsRepository.findJob
SELECT "DocumentJob"."id" AS "DocumentJob_id",
  "DocumentJob"."company_id" AS "DocumentJob_company_id",
  "DocumentJob"."status" AS "DocumentJob_status",
  "DocumentJob"."progress" AS "DocumentJob_progress",
  "DocumentJob"."attempts" AS "DocumentJob_attempts",
  "DocumentJob"."request" AS "DocumentJob_request",
  "DocumentJob"."document_id" AS "DocumentJob_document_id",
  "DocumentJob"."error" AS "DocumentJob_error",
  "DocumentJob"."created_at" AS "DocumentJob_created_at",
  "DocumentJob"."started_at" AS "DocumentJob_started_at",
  "DocumentJob"."finished_at" AS "DocumentJob_finished_at",
  "DocumentJob"."updated_at" AS "DocumentJob_updated_at"
FROM "utilities"."document_jobs" "DocumentJob"
WHERE (("DocumentJob"."id" = $1) AND ("DocumentJob"."company_id" = $2))
LIMIT 1;

-- DocumentJobsRepository.readJob
SELECT "DocumentJob"."id" AS "DocumentJob_id",
  "DocumentJob"."company_id" AS "DocumentJob_company_id",
  "DocumentJob"."status" AS "DocumentJob_status",
  "DocumentJob"."progress" AS "DocumentJob_progress",
  "DocumentJob"."attempts" AS "DocumentJob_attempts",
  "DocumentJob"."request" AS "DocumentJob_request",
  "DocumentJob"."document_id" AS "DocumentJob_document_id",
  "DocumentJob"."error" AS "DocumentJob_error",
  "DocumentJob"."created_at" AS "DocumentJob_created_at",
  "DocumentJob"."started_at" AS "DocumentJob_started_at",
  "DocumentJob"."finished_at" AS "DocumentJob_finished_at",
  "DocumentJob"."updated_at" AS "DocumentJob_updated_at"
FROM "utilities"."document_jobs" "DocumentJob"
WHERE (("DocumentJob"."id" = $1) AND ("DocumentJob"."company_id" = $2))
LIMIT 1;

-- DocumentJobsRepository.unfinishedAcrossCompanies
SELECT "DocumentJob"."id" AS "DocumentJob_id",
  "DocumentJob"."company_id" AS "DocumentJob_company_id"
FROM "utilities"."document_jobs" "DocumentJob"
WHERE (("DocumentJob"."status" IN ($1, $2)));

-- DocumentJobsRepository.claimAcrossCompanies
UPDATE "utilities"."document_jobs"
SET "status" = $1,
  "attempts" = "attempts" + 1,
  "started_at" = COALESCE("started_at", now()),
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $2 AND "status" IN ('queued', 'running');

-- DocumentJobsRepository.findJobAcrossCompanies
SELECT "DocumentJob"."id" AS "DocumentJob_id",
  "DocumentJob"."company_id" AS "DocumentJob_company_id",
  "DocumentJob"."status" AS "DocumentJob_status",
  "DocumentJob"."progress" AS "DocumentJob_progress",
  "DocumentJob"."attempts" AS "DocumentJob_attempts",
  "DocumentJob"."request" AS "DocumentJob_request",
  "DocumentJob"."document_id" AS "DocumentJob_document_id",
  "DocumentJob"."error" AS "DocumentJob_error",
  "DocumentJob"."created_at" AS "DocumentJob_created_at",
  "DocumentJob"."started_at" AS "DocumentJob_started_at",
  "DocumentJob"."finished_at" AS "DocumentJob_finished_at",
  "DocumentJob"."updated_at" AS "DocumentJob_updated_at"
FROM "utilities"."document_jobs" "DocumentJob"
WHERE (("DocumentJob"."id" = $1))
LIMIT 1;

-- DocumentJobsRepository.setProgress
UPDATE "utilities"."document_jobs"
SET "progress" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $2 AND "status" = $3 AND "attempts" = $4 AND "company_id" = $5);

-- DocumentJobsRepository.settleClaim
UPDATE "utilities"."document_jobs"
SET "status" = $1,
  "error" = $2,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $3 AND "status" = $4 AND "attempts" = $5 AND "company_id" = $6);

-- DocumentJobsRepository.settleClaim (in a transaction)
UPDATE "utilities"."document_jobs"
SET "status" = $1,
  "error" = $2,
  "finished_at" = $3,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $4 AND "status" = $5 AND "attempts" = $6 AND "company_id" = $7);
