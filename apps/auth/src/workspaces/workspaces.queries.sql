-- The SQL of apps/auth/src/workspaces/workspaces.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- WorkspacesRepository.insertWorkspace
START TRANSACTION;
INSERT INTO "auth"."workspaces"("id", "organization_id", "name", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";
COMMIT;

-- WorkspacesRepository.listWorkspacesPage
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $2 AND (count(*) > 0 OR $3 = 0) THEN ($3 + count(*))::int ELSE coalesce($4::int, (
  SELECT count(*)::int
  FROM "auth"."workspaces"
  WHERE "organization_id" = $1
)) END AS total,
  NOT (count(*) < $2 AND (count(*) > 0 OR $3 = 0)) AND $4::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "auth"."workspaces"
    WHERE "organization_id" = $1
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $2
    OFFSET $3
  ) k
  JOIN "auth"."workspaces" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."organization_id" AS "organizationId",
    r."name" AS "name",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- WorkspacesRepository.listWorkspacesPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."name" AS "row_name",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "auth"."workspaces" "row"
WHERE "row"."organization_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- WorkspacesRepository.findWorkspace
SELECT "Workspace"."id" AS "Workspace_id",
  "Workspace"."organization_id" AS "Workspace_organization_id",
  "Workspace"."name" AS "Workspace_name",
  "Workspace"."created_at" AS "Workspace_created_at",
  "Workspace"."updated_at" AS "Workspace_updated_at"
FROM "auth"."workspaces" "Workspace"
WHERE (("Workspace"."id" = $1) AND ("Workspace"."organization_id" = $2))
LIMIT 1;

-- WorkspacesRepository.insertCompany
START TRANSACTION;
INSERT INTO "auth"."client_companies"("id", "workspace_id", "organization_id", "name", "country", "registration_number", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";
COMMIT;

-- WorkspacesRepository.listCompaniesPage
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "auth"."client_companies"
  WHERE "organization_id" = $1 AND "workspace_id" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "auth"."client_companies"
    WHERE "organization_id" = $1 AND "workspace_id" = $2
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "auth"."client_companies" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."workspace_id" AS "workspaceId",
    r."organization_id" AS "organizationId",
    r."name" AS "name",
    r."country" AS "country",
    r."registration_number" AS "registrationNumber",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- WorkspacesRepository.listCompaniesPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."workspace_id" AS "row_workspace_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."name" AS "row_name",
  "row"."country" AS "row_country",
  "row"."registration_number" AS "row_registration_number",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "auth"."client_companies" "row"
WHERE ("row"."organization_id" = $1 AND "row"."workspace_id" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- WorkspacesRepository.companyExists
SELECT 1 AS "row_exists"
FROM (
  SELECT 1 AS dummy_column
) "dummy_table"
WHERE EXISTS (
  SELECT 1
  FROM "auth"."client_companies" "ClientCompany"
  WHERE (("ClientCompany"."id" = $1) AND ("ClientCompany"."workspace_id" = $2) AND ("ClientCompany"."organization_id" = $3))
)
LIMIT 1;

-- WorkspacesRepository.findOrganizationName
SELECT "Organization"."name" AS "Organization_name",
  "Organization"."id" AS "Organization_id"
FROM "auth"."organizations" "Organization"
WHERE (("Organization"."id" = $1))
LIMIT 1;

-- WorkspacesRepository.findClientCompanyName
SELECT "ClientCompany"."name" AS "ClientCompany_name",
  "ClientCompany"."id" AS "ClientCompany_id"
FROM "auth"."client_companies" "ClientCompany"
WHERE (("ClientCompany"."id" = $1))
LIMIT 1;
