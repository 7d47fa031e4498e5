-- The SQL of apps/utilities/src/documents/documents.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- DocumentsRepository.insertDocument
SELECT "DocumentRecord"."id" AS "DocumentRecord_id",
  "DocumentRecord"."company_id" AS "DocumentRecord_company_id",
  "DocumentRecord"."type" AS "DocumentRecord_type",
  "DocumentRecord"."format" AS "DocumentRecord_format",
  "DocumentRecord"."title" AS "DocumentRecord_title",
  "DocumentRecord"."locale" AS "DocumentRecord_locale",
  "DocumentRecord"."file_id" AS "DocumentRecord_file_id",
  "DocumentRecord"."filename" AS "DocumentRecord_filename",
  "DocumentRecord"."content_type" AS "DocumentRecord_content_type",
  "DocumentRecord"."size" AS "DocumentRecord_size",
  "DocumentRecord"."page_count" AS "DocumentRecord_page_count",
  "DocumentRecord"."source" AS "DocumentRecord_source",
  "DocumentRecord"."job_id" AS "DocumentRecord_job_id",
  "DocumentRecord"."created_at" AS "DocumentRecord_created_at",
  "DocumentRecord"."updated_at" AS "DocumentRecord_updated_at"
FROM "utilities"."documents" "DocumentRecord"
WHERE "DocumentRecord"."id" IN ($1);
INSERT INTO "utilities"."documents"("id", "company_id", "type", "format", "title", "locale", "file_id", "filename", "content_type", "size", "page_count", "source", "job_id", "created_at", "updated_at")
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, DEFAULT, DEFAULT)
RETURNING "created_at", "updated_at";

-- DocumentsRepository.listDocumentsPage
SELECT "DocumentRecord"."id" AS "DocumentRecord_id",
  "DocumentRecord"."company_id" AS "DocumentRecord_company_id",
  "DocumentRecord"."type" AS "DocumentRecord_type",
  "DocumentRecord"."format" AS "DocumentRecord_format",
  "DocumentRecord"."title" AS "DocumentRecord_title",
  "DocumentRecord"."locale" AS "DocumentRecord_locale",
  "DocumentRecord"."file_id" AS "DocumentRecord_file_id",
  "DocumentRecord"."filename" AS "DocumentRecord_filename",
  "DocumentRecord"."content_type" AS "DocumentRecord_content_type",
  "DocumentRecord"."size" AS "DocumentRecord_size",
  "DocumentRecord"."page_count" AS "DocumentRecord_page_count",
  "DocumentRecord"."source" AS "DocumentRecord_source",
  "DocumentRecord"."job_id" AS "DocumentRecord_job_id",
  "DocumentRecord"."created_at" AS "DocumentRecord_created_at",
  "DocumentRecord"."updated_at" AS "DocumentRecord_updated_at"
FROM "utilities"."documents" "DocumentRecord"
WHERE (("DocumentRecord"."company_id" = $1))
ORDER BY "DocumentRecord"."created_at" DESC, "DocumentRecord"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."documents" "DocumentRecord"
WHERE (("DocumentRecord"."company_id" = $1));

-- DocumentsRepository.listDocumentsPage (by type)
SELECT "DocumentRecord"."id" AS "DocumentRecord_id",
  "DocumentRecord"."company_id" AS "DocumentRecord_company_id",
  "DocumentRecord"."type" AS "DocumentRecord_type",
  "DocumentRecord"."format" AS "DocumentRecord_format",
  "DocumentRecord"."title" AS "DocumentRecord_title",
  "DocumentRecord"."locale" AS "DocumentRecord_locale",
  "DocumentRecord"."file_id" AS "DocumentRecord_file_id",
  "DocumentRecord"."filename" AS "DocumentRecord_filename",
  "DocumentRecord"."content_type" AS "DocumentRecord_content_type",
  "DocumentRecord"."size" AS "DocumentRecord_size",
  "DocumentRecord"."page_count" AS "DocumentRecord_page_count",
  "DocumentRecord"."source" AS "DocumentRecord_source",
  "DocumentRecord"."job_id" AS "DocumentRecord_job_id",
  "DocumentRecord"."created_at" AS "DocumentRecord_created_at",
  "DocumentRecord"."updated_at" AS "DocumentRecord_updated_at"
FROM "utilities"."documents" "DocumentRecord"
WHERE (("DocumentRecord"."company_id" = $1) AND ("DocumentRecord"."type" = $2))
ORDER BY "DocumentRecord"."created_at" DESC, "DocumentRecord"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."documents" "DocumentRecord"
WHERE (("DocumentRecord"."company_id" = $1) AND ("DocumentRecord"."type" = $2));

-- DocumentsRepository.listDocumentsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."type" AS "row_type",
  "row"."format" AS "row_format",
  "row"."title" AS "row_title",
  "row"."locale" AS "row_locale",
  "row"."file_id" AS "row_file_id",
  "row"."filename" AS "row_filename",
  "row"."content_type" AS "row_content_type",
  "row"."size" AS "row_size",
  "row"."page_count" AS "row_page_count",
  "row"."source" AS "row_source",
  "row"."job_id" AS "row_job_id",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "utilities"."documents" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- DocumentsRepository.listDocumentsPage (by type, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."type" AS "row_type",
  "row"."format" AS "row_format",
  "row"."title" AS "row_title",
  "row"."locale" AS "row_locale",
  "row"."file_id" AS "row_file_id",
  "row"."filename" AS "row_filename",
  "row"."content_type" AS "row_content_type",
  "row"."size" AS "row_size",
  "row"."page_count" AS "row_page_count",
  "row"."source" AS "row_source",
  "row"."job_id" AS "row_job_id",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "utilities"."documents" "row"
WHERE ("row"."company_id" = $1 AND "row"."type" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- DocumentsRepository.findDocument
SELECT "DocumentRecord"."id" AS "DocumentRecord_id",
  "DocumentRecord"."company_id" AS "DocumentRecord_company_id",
  "DocumentRecord"."type" AS "DocumentRecord_type",
  "DocumentRecord"."format" AS "DocumentRecord_format",
  "DocumentRecord"."title" AS "DocumentRecord_title",
  "DocumentRecord"."locale" AS "DocumentRecord_locale",
  "DocumentRecord"."file_id" AS "DocumentRecord_file_id",
  "DocumentRecord"."filename" AS "DocumentRecord_filename",
  "DocumentRecord"."content_type" AS "DocumentRecord_content_type",
  "DocumentRecord"."size" AS "DocumentRecord_size",
  "DocumentRecord"."page_count" AS "DocumentRecord_page_count",
  "DocumentRecord"."source" AS "DocumentRecord_source",
  "DocumentRecord"."job_id" AS "DocumentRecord_job_id",
  "DocumentRecord"."created_at" AS "DocumentRecord_created_at",
  "DocumentRecord"."updated_at" AS "DocumentRecord_updated_at"
FROM "utilities"."documents" "DocumentRecord"
WHERE (("DocumentRecord"."id" = $1) AND ("DocumentRecord"."company_id" = $2))
LIMIT 1;
