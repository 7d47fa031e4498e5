-- The SQL of apps/payroll/src/accounting/postings.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- PostingsRepository.insertPosting
INSERT INTO "payroll"."books_postings"("id", "company_id", "run_id", "kind", "source_id", "request", "status", "journal_entry_id", "journal_entry_number", "attempts", "last_error", "next_attempt_at", "created_at", "posted_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, DEFAULT, DEFAULT, $7, DEFAULT, $8, DEFAULT, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING "id", "attempts", "created_at";

-- PostingsRepository.pendingAcrossCompanies
SELECT "Posting"."id" AS "Posting_id",
  "Posting"."company_id" AS "Posting_company_id"
FROM "payroll"."books_postings" "Posting"
WHERE (("Posting"."status" = $1));

-- PostingsRepository.listPostings
SELECT "Posting"."id" AS "Posting_id",
  "Posting"."company_id" AS "Posting_company_id",
  "Posting"."run_id" AS "Posting_run_id",
  "Posting"."kind" AS "Posting_kind",
  "Posting"."source_id" AS "Posting_source_id",
  "Posting"."request" AS "Posting_request",
  "Posting"."status" AS "Posting_status",
  "Posting"."journal_entry_id" AS "Posting_journal_entry_id",
  "Posting"."journal_entry_number" AS "Posting_journal_entry_number",
  "Posting"."attempts" AS "Posting_attempts",
  "Posting"."last_error" AS "Posting_last_error",
  "Posting"."next_attempt_at" AS "Posting_next_attempt_at",
  "Posting"."created_at" AS "Posting_created_at",
  "Posting"."posted_at" AS "Posting_posted_at"
FROM "payroll"."books_postings" "Posting"
WHERE (("Posting"."company_id" = $1) AND ("Posting"."run_id" = $2))
ORDER BY "Posting"."created_at" ASC, "Posting"."kind" ASC;

-- PostingsRepository.pendingOfRun
SELECT "Posting"."id" AS "Posting_id",
  "Posting"."attempts" AS "Posting_attempts"
FROM "payroll"."books_postings" "Posting"
WHERE (("Posting"."company_id" = $1) AND ("Posting"."run_id" = $2) AND ("Posting"."status" = $3));

-- PostingsRepository.deliveryOf
SELECT "Posting"."id" AS "Posting_id",
  "Posting"."status" AS "Posting_status",
  "Posting"."attempts" AS "Posting_attempts"
FROM "payroll"."books_postings" "Posting"
WHERE (("Posting"."company_id" = $1) AND ("Posting"."id" IN ($2, $3)));

-- PostingsRepository.findPosting
SELECT "Posting"."id" AS "Posting_id",
  "Posting"."company_id" AS "Posting_company_id",
  "Posting"."run_id" AS "Posting_run_id",
  "Posting"."kind" AS "Posting_kind",
  "Posting"."source_id" AS "Posting_source_id",
  "Posting"."request" AS "Posting_request",
  "Posting"."status" AS "Posting_status",
  "Posting"."journal_entry_id" AS "Posting_journal_entry_id",
  "Posting"."journal_entry_number" AS "Posting_journal_entry_number",
  "Posting"."attempts" AS "Posting_attempts",
  "Posting"."last_error" AS "Posting_last_error",
  "Posting"."next_attempt_at" AS "Posting_next_attempt_at",
  "Posting"."created_at" AS "Posting_created_at",
  "Posting"."posted_at" AS "Posting_posted_at"
FROM "payroll"."books_postings" "Posting"
WHERE (("Posting"."id" = $1) AND ("Posting"."company_id" = $2))
LIMIT 1;

-- PostingsRepository.findPostingAcrossCompanies
SELECT "Posting"."id" AS "Posting_id",
  "Posting"."company_id" AS "Posting_company_id",
  "Posting"."run_id" AS "Posting_run_id",
  "Posting"."kind" AS "Posting_kind",
  "Posting"."source_id" AS "Posting_source_id",
  "Posting"."request" AS "Posting_request",
  "Posting"."status" AS "Posting_status",
  "Posting"."journal_entry_id" AS "Posting_journal_entry_id",
  "Posting"."journal_entry_number" AS "Posting_journal_entry_number",
  "Posting"."attempts" AS "Posting_attempts",
  "Posting"."last_error" AS "Posting_last_error",
  "Posting"."next_attempt_at" AS "Posting_next_attempt_at",
  "Posting"."created_at" AS "Posting_created_at",
  "Posting"."posted_at" AS "Posting_posted_at"
FROM "payroll"."books_postings" "Posting"
WHERE (("Posting"."id" = $1))
LIMIT 1;

-- PostingsRepository.markPosted
UPDATE "payroll"."books_postings"
SET "status" = $1,
  "journal_entry_id" = $2,
  "journal_entry_number" = $3,
  "attempts" = "attempts" + 1,
  "last_error" = $4,
  "posted_at" = $5
WHERE ("id" = $6 AND "company_id" = $7);

-- PostingsRepository.markFailed
UPDATE "payroll"."books_postings"
SET "status" = $1,
  "attempts" = "attempts" + 1,
  "last_error" = $2
WHERE ("id" = $3 AND "company_id" = $4);

-- PostingsRepository.markUnavailable
UPDATE "payroll"."books_postings"
SET "attempts" = "attempts" + 1,
  "last_error" = $1,
  "next_attempt_at" = $2
WHERE ("id" = $3 AND "company_id" = $4);
