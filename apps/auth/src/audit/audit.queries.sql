-- The SQL of apps/auth/src/audit/audit.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- AuditRepository.insertEntry
INSERT INTO "auth"."audit_log"("id", "organization_id", "actor_user_id", "actor_email", "action", "target_type", "target_id", "data", "ip_address", "occurred_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, DEFAULT)
RETURNING "id", "data", "occurred_at";

-- AuditRepository.insertEntryPerMembership
INSERT INTO "auth"."audit_log" ("organization_id", "actor_user_id", "actor_email", "action", "target_type", "target_id", "data", "ip_address")
SELECT "m"."organization_id",
  $1::uuid,
  $2::varchar,
  $3::varchar,
  $4::varchar,
  $5::varchar,
  $6::jsonb,
  $7::varchar
FROM (
  SELECT 1
) AS "one"
LEFT JOIN "auth"."memberships" AS "m" ON "m"."user_id" = $1::uuid;

-- AuditRepository.insertReportedEntry
INSERT INTO "auth"."audit_log"("id", "organization_id", "actor_user_id", "actor_email", "action", "target_type", "target_id", "data", "ip_address", "occurred_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING "id", "data", "occurred_at";

-- AuditRepository.findUserEmail
SELECT "User"."email" AS "User_email",
  "User"."id" AS "User_id"
FROM "auth"."users" "User"
WHERE (("User"."id" = $1))
LIMIT 1;

-- AuditRepository.listEntriesPage
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."actor_user_id" AS "row_actor_user_id",
  "row"."actor_email" AS "row_actor_email",
  "row"."action" AS "row_action",
  "row"."target_type" AS "row_target_type",
  "row"."target_id" AS "row_target_id",
  "row"."data" AS "row_data",
  "row"."ip_address" AS "row_ip_address",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1;

-- AuditRepository.listEntriesPage (by action)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."actor_user_id" AS "row_actor_user_id",
  "row"."actor_email" AS "row_actor_email",
  "row"."action" AS "row_action",
  "row"."target_type" AS "row_target_type",
  "row"."target_id" AS "row_target_id",
  "row"."data" AS "row_data",
  "row"."ip_address" AS "row_ip_address",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."action" = $2
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."action" = $2;

-- AuditRepository.listEntriesPage (by actor)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."actor_user_id" AS "row_actor_user_id",
  "row"."actor_email" AS "row_actor_email",
  "row"."action" AS "row_action",
  "row"."target_type" AS "row_target_type",
  "row"."target_id" AS "row_target_id",
  "row"."data" AS "row_data",
  "row"."ip_address" AS "row_ip_address",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."actor_user_id" = $2
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."actor_user_id" = $2;

-- AuditRepository.listEntriesPage (from a time)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."actor_user_id" AS "row_actor_user_id",
  "row"."actor_email" AS "row_actor_email",
  "row"."action" AS "row_action",
  "row"."target_type" AS "row_target_type",
  "row"."target_id" AS "row_target_id",
  "row"."data" AS "row_data",
  "row"."ip_address" AS "row_ip_address",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" >= $2
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" >= $2;

-- AuditRepository.listEntriesPage (to a time)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."actor_user_id" AS "row_actor_user_id",
  "row"."actor_email" AS "row_actor_email",
  "row"."action" AS "row_action",
  "row"."target_type" AS "row_target_type",
  "row"."target_id" AS "row_target_id",
  "row"."data" AS "row_data",
  "row"."ip_address" AS "row_ip_address",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" < $2
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" < $2;

-- AuditRepository.listEntriesPage (over a range)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."actor_user_id" AS "row_actor_user_id",
  "row"."actor_email" AS "row_actor_email",
  "row"."action" AS "row_action",
  "row"."target_type" AS "row_target_type",
  "row"."target_id" AS "row_target_id",
  "row"."data" AS "row_data",
  "row"."ip_address" AS "row_ip_address",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" >= $2 AND "row"."occurred_at" < $3
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."audit_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" >= $2 AND "row"."occurred_at" < $3;
