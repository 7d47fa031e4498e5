-- The SQL of apps/auth/src/credentials/credentials.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- CredentialsRepository.insertCredential
INSERT INTO "auth"."developer_credentials"("id", "organization_id", "key_hash", "key_prefix", "key_last_four", "name", "last_used_at", "secret_hash", "secret_version", "secret_rotated_at", "previous_secret_hash", "previous_secret_expires_at", "revoked_at", "environment", "scopes", "created_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT, $6, $7, $8, DEFAULT, DEFAULT, DEFAULT, $9, $10, DEFAULT)
RETURNING "id", "name", "secret_version", "created_at";

-- CredentialsRepository.lockAndCountLiveCredentials
SELECT pg_advisory_xact_lock(hashtext($1));
SELECT COUNT(1) AS "cnt"
FROM "auth"."developer_credentials" "DeveloperCredential"
WHERE (("DeveloperCredential"."organization_id" = $1) AND ("DeveloperCredential"."revoked_at" IS NULL));

-- CredentialsRepository.markUsedAcrossCompanies
UPDATE "auth"."developer_credentials"
SET "last_used_at" = now()
WHERE "id" = ANY($1::uuid[]);

-- CredentialsRepository.findByKeyHashesAcrossCompanies
SELECT c.id,
  c.key_hash,
  c.secret_hash,
  c.secret_version,
  c.previous_secret_hash,
  c.previous_secret_expires_at,
  c.scopes,
  c.revoked_at,
  o.id AS organization_id,
  o.plan,
  o.burst_per_second,
  o.monthly_quota,
  o.webhook_retries,
  o.created_at
FROM "auth"."developer_credentials" c
JOIN "auth"."organizations" o ON o.id = c.organization_id
WHERE c.key_hash = ANY($1::varchar[]);

-- CredentialsRepository.findCredentialAcrossCompanies
SELECT "DeveloperCredential"."id" AS "DeveloperCredential_id",
  "DeveloperCredential"."organization_id" AS "DeveloperCredential_organization_id",
  "DeveloperCredential"."key_hash" AS "DeveloperCredential_key_hash",
  "DeveloperCredential"."key_prefix" AS "DeveloperCredential_key_prefix",
  "DeveloperCredential"."key_last_four" AS "DeveloperCredential_key_last_four",
  "DeveloperCredential"."name" AS "DeveloperCredential_name",
  "DeveloperCredential"."last_used_at" AS "DeveloperCredential_last_used_at",
  "DeveloperCredential"."secret_hash" AS "DeveloperCredential_secret_hash",
  "DeveloperCredential"."secret_version" AS "DeveloperCredential_secret_version",
  "DeveloperCredential"."secret_rotated_at" AS "DeveloperCredential_secret_rotated_at",
  "DeveloperCredential"."previous_secret_hash" AS "DeveloperCredential_previous_secret_hash",
  "DeveloperCredential"."previous_secret_expires_at" AS "DeveloperCredential_previous_secret_expires_at",
  "DeveloperCredential"."revoked_at" AS "DeveloperCredential_revoked_at",
  "DeveloperCredential"."environment" AS "DeveloperCredential_environment",
  "DeveloperCredential"."scopes" AS "DeveloperCredential_scopes",
  "DeveloperCredential"."created_at" AS "DeveloperCredential_created_at"
FROM "auth"."developer_credentials" "DeveloperCredential"
WHERE (("DeveloperCredential"."id" = $1))
LIMIT 1;

-- CredentialsRepository.findCredential
SELECT "DeveloperCredential"."id" AS "DeveloperCredential_id",
  "DeveloperCredential"."organization_id" AS "DeveloperCredential_organization_id",
  "DeveloperCredential"."key_hash" AS "DeveloperCredential_key_hash",
  "DeveloperCredential"."key_prefix" AS "DeveloperCredential_key_prefix",
  "DeveloperCredential"."key_last_four" AS "DeveloperCredential_key_last_four",
  "DeveloperCredential"."name" AS "DeveloperCredential_name",
  "DeveloperCredential"."last_used_at" AS "DeveloperCredential_last_used_at",
  "DeveloperCredential"."secret_hash" AS "DeveloperCredential_secret_hash",
  "DeveloperCredential"."secret_version" AS "DeveloperCredential_secret_version",
  "DeveloperCredential"."secret_rotated_at" AS "DeveloperCredential_secret_rotated_at",
  "DeveloperCredential"."previous_secret_hash" AS "DeveloperCredential_previous_secret_hash",
  "DeveloperCredential"."previous_secret_expires_at" AS "DeveloperCredential_previous_secret_expires_at",
  "DeveloperCredential"."revoked_at" AS "DeveloperCredential_revoked_at",
  "DeveloperCredential"."environment" AS "DeveloperCredential_environment",
  "DeveloperCredential"."scopes" AS "DeveloperCredential_scopes",
  "DeveloperCredential"."created_at" AS "DeveloperCredential_created_at"
FROM "auth"."developer_credentials" "DeveloperCredential"
WHERE (("DeveloperCredential"."id" = $1) AND ("DeveloperCredential"."organization_id" = $2))
LIMIT 1;

-- CredentialsRepository.lockCredentialAcrossCompanies
SELECT "DeveloperCredential"."id" AS "DeveloperCredential_id",
  "DeveloperCredential"."organization_id" AS "DeveloperCredential_organization_id",
  "DeveloperCredential"."key_hash" AS "DeveloperCredential_key_hash",
  "DeveloperCredential"."key_prefix" AS "DeveloperCredential_key_prefix",
  "DeveloperCredential"."key_last_four" AS "DeveloperCredential_key_last_four",
  "DeveloperCredential"."name" AS "DeveloperCredential_name",
  "DeveloperCredential"."last_used_at" AS "DeveloperCredential_last_used_at",
  "DeveloperCredential"."secret_hash" AS "DeveloperCredential_secret_hash",
  "DeveloperCredential"."secret_version" AS "DeveloperCredential_secret_version",
  "DeveloperCredential"."secret_rotated_at" AS "DeveloperCredential_secret_rotated_at",
  "DeveloperCredential"."previous_secret_hash" AS "DeveloperCredential_previous_secret_hash",
  "DeveloperCredential"."previous_secret_expires_at" AS "DeveloperCredential_previous_secret_expires_at",
  "DeveloperCredential"."revoked_at" AS "DeveloperCredential_revoked_at",
  "DeveloperCredential"."environment" AS "DeveloperCredential_environment",
  "DeveloperCredential"."scopes" AS "DeveloperCredential_scopes",
  "DeveloperCredential"."created_at" AS "DeveloperCredential_created_at"
FROM "auth"."developer_credentials" "DeveloperCredential"
WHERE (("DeveloperCredential"."id" = $1))
LIMIT 1
FOR UPDATE;

-- CredentialsRepository.updateSecret
UPDATE "auth"."developer_credentials"
SET "secret_hash" = $1,
  "secret_version" = $2,
  "secret_rotated_at" = $3,
  "previous_secret_hash" = $4,
  "previous_secret_expires_at" = $5,
  "revoked_at" = $6
WHERE ("id" = $7 AND "organization_id" = $8);

-- CredentialsRepository.listCredentials
SELECT "DeveloperCredential"."id" AS "DeveloperCredential_id",
  "DeveloperCredential"."organization_id" AS "DeveloperCredential_organization_id",
  "DeveloperCredential"."key_hash" AS "DeveloperCredential_key_hash",
  "DeveloperCredential"."key_prefix" AS "DeveloperCredential_key_prefix",
  "DeveloperCredential"."key_last_four" AS "DeveloperCredential_key_last_four",
  "DeveloperCredential"."name" AS "DeveloperCredential_name",
  "DeveloperCredential"."last_used_at" AS "DeveloperCredential_last_used_at",
  "DeveloperCredential"."secret_hash" AS "DeveloperCredential_secret_hash",
  "DeveloperCredential"."secret_version" AS "DeveloperCredential_secret_version",
  "DeveloperCredential"."secret_rotated_at" AS "DeveloperCredential_secret_rotated_at",
  "DeveloperCredential"."previous_secret_hash" AS "DeveloperCredential_previous_secret_hash",
  "DeveloperCredential"."previous_secret_expires_at" AS "DeveloperCredential_previous_secret_expires_at",
  "DeveloperCredential"."revoked_at" AS "DeveloperCredential_revoked_at",
  "DeveloperCredential"."environment" AS "DeveloperCredential_environment",
  "DeveloperCredential"."scopes" AS "DeveloperCredential_scopes",
  "DeveloperCredential"."created_at" AS "DeveloperCredential_created_at"
FROM "auth"."developer_credentials" "DeveloperCredential"
WHERE (("DeveloperCredential"."organization_id" = $1))
ORDER BY "DeveloperCredential"."created_at" DESC;

-- CredentialsRepository.listCredentialsAcrossCompanies
SELECT "DeveloperCredential"."id" AS "DeveloperCredential_id",
  "DeveloperCredential"."organization_id" AS "DeveloperCredential_organization_id",
  "DeveloperCredential"."key_hash" AS "DeveloperCredential_key_hash",
  "DeveloperCredential"."key_prefix" AS "DeveloperCredential_key_prefix",
  "DeveloperCredential"."key_last_four" AS "DeveloperCredential_key_last_four",
  "DeveloperCredential"."name" AS "DeveloperCredential_name",
  "DeveloperCredential"."last_used_at" AS "DeveloperCredential_last_used_at",
  "DeveloperCredential"."secret_hash" AS "DeveloperCredential_secret_hash",
  "DeveloperCredential"."secret_version" AS "DeveloperCredential_secret_version",
  "DeveloperCredential"."secret_rotated_at" AS "DeveloperCredential_secret_rotated_at",
  "DeveloperCredential"."previous_secret_hash" AS "DeveloperCredential_previous_secret_hash",
  "DeveloperCredential"."previous_secret_expires_at" AS "DeveloperCredential_previous_secret_expires_at",
  "DeveloperCredential"."revoked_at" AS "DeveloperCredential_revoked_at",
  "DeveloperCredential"."environment" AS "DeveloperCredential_environment",
  "DeveloperCredential"."scopes" AS "DeveloperCredential_scopes",
  "DeveloperCredential"."created_at" AS "DeveloperCredential_created_at"
FROM "auth"."developer_credentials" "DeveloperCredential"
ORDER BY "DeveloperCredential"."created_at" DESC;

-- CredentialsRepository.findOrganizationsAcrossCompanies
SELECT "Organization"."id" AS "Organization_id",
  "Organization"."name" AS "Organization_name",
  "Organization"."plan" AS "Organization_plan",
  "Organization"."burst_per_second" AS "Organization_burst_per_second",
  "Organization"."monthly_quota" AS "Organization_monthly_quota",
  "Organization"."webhook_retries" AS "Organization_webhook_retries",
  "Organization"."created_at" AS "Organization_created_at"
FROM "auth"."organizations" "Organization"
WHERE (("Organization"."id" IN ($1)));

-- CredentialsRepository.organizationExists
SELECT 1 AS "row_exists"
FROM (
  SELECT 1 AS dummy_column
) "dummy_table"
WHERE EXISTS (
  SELECT 1
  FROM "auth"."organizations" "Organization"
  WHERE (("Organization"."id" = $1))
)
LIMIT 1;

-- CredentialsRepository.countOrganizationsAcrossCompanies
SELECT COUNT(1) AS "cnt"
FROM "auth"."organizations" "Organization";

-- CredentialsRepository.listRotatedSinceAcrossCompanies
SELECT "DeveloperCredential"."id" AS "DeveloperCredential_id",
  "DeveloperCredential"."secret_version" AS "DeveloperCredential_secret_version",
  "DeveloperCredential"."previous_secret_expires_at" AS "DeveloperCredential_previous_secret_expires_at"
FROM "auth"."developer_credentials" "DeveloperCredential"
WHERE (((("DeveloperCredential"."secret_rotated_at" > $1))) OR ((("DeveloperCredential"."previous_secret_expires_at" > $2))));

-- CredentialsRepository.hasSchemaAcrossCompanies
SELECT *
FROM "information_schema"."schemata"
WHERE "schema_name" = 'hr';
