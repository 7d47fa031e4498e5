-- The SQL of apps/utilities/src/files/files.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- FilesRepository.insertFile
INSERT INTO "utilities"."files"("id", "company_id", "filename", "content_type", "declared_content_type", "size", "sha256", "storage_key", "visibility", "link_version", "link_owner_credential_id", "link_owner_period_anchor", "created_at", "deleted_at", "updated_at")
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, DEFAULT, DEFAULT, DEFAULT, DEFAULT, $10, DEFAULT)
RETURNING "link_version", "created_at", "updated_at";

-- FilesRepository.insertFileWith
INSERT INTO "utilities"."files"("id", "company_id", "filename", "content_type", "declared_content_type", "size", "sha256", "storage_key", "visibility", "link_version", "link_owner_credential_id", "link_owner_period_anchor", "created_at", "deleted_at", "updated_at")
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, DEFAULT, DEFAULT, DEFAULT, DEFAULT, $10, DEFAULT)
RETURNING "link_version", "created_at", "updated_at";

-- FilesRepository.insertedFile
SELECT "FileRecord"."id" AS "FileRecord_id",
  "FileRecord"."company_id" AS "FileRecord_company_id",
  "FileRecord"."filename" AS "FileRecord_filename",
  "FileRecord"."content_type" AS "FileRecord_content_type",
  "FileRecord"."declared_content_type" AS "FileRecord_declared_content_type",
  "FileRecord"."size" AS "FileRecord_size",
  "FileRecord"."sha256" AS "FileRecord_sha256",
  "FileRecord"."storage_key" AS "FileRecord_storage_key",
  "FileRecord"."visibility" AS "FileRecord_visibility",
  "FileRecord"."link_version" AS "FileRecord_link_version",
  "FileRecord"."link_owner_credential_id" AS "FileRecord_link_owner_credential_id",
  "FileRecord"."link_owner_period_anchor" AS "FileRecord_link_owner_period_anchor",
  "FileRecord"."created_at" AS "FileRecord_created_at",
  "FileRecord"."deleted_at" AS "FileRecord_deleted_at",
  "FileRecord"."updated_at" AS "FileRecord_updated_at"
FROM "utilities"."files" "FileRecord"
WHERE (("FileRecord"."id" = $1) AND ("FileRecord"."company_id" = $2))
LIMIT 1;

-- FilesRepository.listFilesPage
SELECT "FileRecord"."id" AS "FileRecord_id",
  "FileRecord"."company_id" AS "FileRecord_company_id",
  "FileRecord"."filename" AS "FileRecord_filename",
  "FileRecord"."content_type" AS "FileRecord_content_type",
  "FileRecord"."declared_content_type" AS "FileRecord_declared_content_type",
  "FileRecord"."size" AS "FileRecord_size",
  "FileRecord"."sha256" AS "FileRecord_sha256",
  "FileRecord"."storage_key" AS "FileRecord_storage_key",
  "FileRecord"."visibility" AS "FileRecord_visibility",
  "FileRecord"."link_version" AS "FileRecord_link_version",
  "FileRecord"."link_owner_credential_id" AS "FileRecord_link_owner_credential_id",
  "FileRecord"."link_owner_period_anchor" AS "FileRecord_link_owner_period_anchor",
  "FileRecord"."created_at" AS "FileRecord_created_at",
  "FileRecord"."deleted_at" AS "FileRecord_deleted_at",
  "FileRecord"."updated_at" AS "FileRecord_updated_at"
FROM "utilities"."files" "FileRecord"
WHERE (("FileRecord"."company_id" = $1) AND ("FileRecord"."deleted_at" IS NULL))
ORDER BY "FileRecord"."created_at" DESC, "FileRecord"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."files" "FileRecord"
WHERE (("FileRecord"."company_id" = $1) AND ("FileRecord"."deleted_at" IS NULL));

-- FilesRepository.listFilesPage (by visibility)
SELECT "FileRecord"."id" AS "FileRecord_id",
  "FileRecord"."company_id" AS "FileRecord_company_id",
  "FileRecord"."filename" AS "FileRecord_filename",
  "FileRecord"."content_type" AS "FileRecord_content_type",
  "FileRecord"."declared_content_type" AS "FileRecord_declared_content_type",
  "FileRecord"."size" AS "FileRecord_size",
  "FileRecord"."sha256" AS "FileRecord_sha256",
  "FileRecord"."storage_key" AS "FileRecord_storage_key",
  "FileRecord"."visibility" AS "FileRecord_visibility",
  "FileRecord"."link_version" AS "FileRecord_link_version",
  "FileRecord"."link_owner_credential_id" AS "FileRecord_link_owner_credential_id",
  "FileRecord"."link_owner_period_anchor" AS "FileRecord_link_owner_period_anchor",
  "FileRecord"."created_at" AS "FileRecord_created_at",
  "FileRecord"."deleted_at" AS "FileRecord_deleted_at",
  "FileRecord"."updated_at" AS "FileRecord_updated_at"
FROM "utilities"."files" "FileRecord"
WHERE (("FileRecord"."company_id" = $1) AND ("FileRecord"."deleted_at" IS NULL) AND ("FileRecord"."visibility" = $2))
ORDER BY "FileRecord"."created_at" DESC, "FileRecord"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."files" "FileRecord"
WHERE (("FileRecord"."company_id" = $1) AND ("FileRecord"."deleted_at" IS NULL) AND ("FileRecord"."visibility" = $2));

-- FilesRepository.listFilesPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."filename" AS "row_filename",
  "row"."content_type" AS "row_content_type",
  "row"."declared_content_type" AS "row_declared_content_type",
  "row"."size" AS "row_size",
  "row"."sha256" AS "row_sha256",
  "row"."storage_key" AS "row_storage_key",
  "row"."visibility" AS "row_visibility",
  "row"."link_version" AS "row_link_version",
  "row"."link_owner_credential_id" AS "row_link_owner_credential_id",
  "row"."link_owner_period_anchor" AS "row_link_owner_period_anchor",
  "row"."created_at" AS "row_created_at",
  "row"."deleted_at" AS "row_deleted_at",
  "row"."updated_at" AS "row_updated_at"
FROM "utilities"."files" "row"
WHERE ("row"."company_id" = $1 AND "row"."deleted_at" IS NULL) AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- FilesRepository.listFilesPage (by visibility, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."filename" AS "row_filename",
  "row"."content_type" AS "row_content_type",
  "row"."declared_content_type" AS "row_declared_content_type",
  "row"."size" AS "row_size",
  "row"."sha256" AS "row_sha256",
  "row"."storage_key" AS "row_storage_key",
  "row"."visibility" AS "row_visibility",
  "row"."link_version" AS "row_link_version",
  "row"."link_owner_credential_id" AS "row_link_owner_credential_id",
  "row"."link_owner_period_anchor" AS "row_link_owner_period_anchor",
  "row"."created_at" AS "row_created_at",
  "row"."deleted_at" AS "row_deleted_at",
  "row"."updated_at" AS "row_updated_at"
FROM "utilities"."files" "row"
WHERE ("row"."company_id" = $1 AND "row"."deleted_at" IS NULL AND "row"."visibility" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- FilesRepository.findFile
SELECT "FileRecord"."id" AS "FileRecord_id",
  "FileRecord"."company_id" AS "FileRecord_company_id",
  "FileRecord"."filename" AS "FileRecord_filename",
  "FileRecord"."content_type" AS "FileRecord_content_type",
  "FileRecord"."declared_content_type" AS "FileRecord_declared_content_type",
  "FileRecord"."size" AS "FileRecord_size",
  "FileRecord"."sha256" AS "FileRecord_sha256",
  "FileRecord"."storage_key" AS "FileRecord_storage_key",
  "FileRecord"."visibility" AS "FileRecord_visibility",
  "FileRecord"."link_version" AS "FileRecord_link_version",
  "FileRecord"."link_owner_credential_id" AS "FileRecord_link_owner_credential_id",
  "FileRecord"."link_owner_period_anchor" AS "FileRecord_link_owner_period_anchor",
  "FileRecord"."created_at" AS "FileRecord_created_at",
  "FileRecord"."deleted_at" AS "FileRecord_deleted_at",
  "FileRecord"."updated_at" AS "FileRecord_updated_at"
FROM "utilities"."files" "FileRecord"
WHERE (("FileRecord"."id" = $1) AND ("FileRecord"."company_id" = $2) AND ("FileRecord"."deleted_at" IS NULL))
LIMIT 1;

-- FilesRepository.findLinkedFileAcrossCompanies
SELECT "FileRecord"."id" AS "FileRecord_id",
  "FileRecord"."company_id" AS "FileRecord_company_id",
  "FileRecord"."filename" AS "FileRecord_filename",
  "FileRecord"."content_type" AS "FileRecord_content_type",
  "FileRecord"."declared_content_type" AS "FileRecord_declared_content_type",
  "FileRecord"."size" AS "FileRecord_size",
  "FileRecord"."sha256" AS "FileRecord_sha256",
  "FileRecord"."storage_key" AS "FileRecord_storage_key",
  "FileRecord"."visibility" AS "FileRecord_visibility",
  "FileRecord"."link_version" AS "FileRecord_link_version",
  "FileRecord"."link_owner_credential_id" AS "FileRecord_link_owner_credential_id",
  "FileRecord"."link_owner_period_anchor" AS "FileRecord_link_owner_period_anchor",
  "FileRecord"."created_at" AS "FileRecord_created_at",
  "FileRecord"."deleted_at" AS "FileRecord_deleted_at",
  "FileRecord"."updated_at" AS "FileRecord_updated_at"
FROM "utilities"."files" "FileRecord"
WHERE (("FileRecord"."id" = $1) AND ("FileRecord"."deleted_at" IS NULL))
LIMIT 1;

-- FilesRepository.renewLinks
UPDATE "utilities"."files"
SET "visibility" = $1,
  "link_owner_credential_id" = $2,
  "link_owner_period_anchor" = $3,
  "link_version" = "link_version" + 1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $4 AND "company_id" = $5 AND "deleted_at" IS NULL);

-- FilesRepository.markDeleted
UPDATE "utilities"."files"
SET "deleted_at" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $2 AND "company_id" = $3 AND "deleted_at" IS NULL);
