-- The SQL of apps/auth/src/request-log/request-log.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- RequestLogRepository.insertRequestsAcrossCompanies
INSERT INTO "auth"."request_log" ("organization_id", "credential_id", "product", "method", "route", "status", "duration_ms", "request_id", "occurred_at")
SELECT *
FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::smallint[], $7::real[], $8::varchar[], $9::timestamptz[]);

-- RequestLogRepository.addDailyUsageAcrossCompanies
INSERT INTO "auth"."daily_usage" ("organization_id", "day", "credential_id", "product", "requests")
SELECT *
FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::varchar[], $5::int[])
ON CONFLICT ("organization_id", "day", "credential_id", "product")
DO UPDATE SET "requests" = "auth"."daily_usage"."requests" + EXCLUDED."requests";

-- RequestLogRepository.listRequestsPage
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."credential_id" AS "row_credential_id",
  "row"."product" AS "row_product",
  "row"."method" AS "row_method",
  "row"."route" AS "row_route",
  "row"."status" AS "row_status",
  "row"."duration_ms" AS "row_duration_ms",
  "row"."request_id" AS "row_request_id",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1;

-- RequestLogRepository.listRequestsPage (by key)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."credential_id" AS "row_credential_id",
  "row"."product" AS "row_product",
  "row"."method" AS "row_method",
  "row"."route" AS "row_route",
  "row"."status" AS "row_status",
  "row"."duration_ms" AS "row_duration_ms",
  "row"."request_id" AS "row_request_id",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."credential_id" = $2
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."credential_id" = $2;

-- RequestLogRepository.listRequestsPage (errors)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."credential_id" AS "row_credential_id",
  "row"."product" AS "row_product",
  "row"."method" AS "row_method",
  "row"."route" AS "row_route",
  "row"."status" AS "row_status",
  "row"."duration_ms" AS "row_duration_ms",
  "row"."request_id" AS "row_request_id",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."status" >= 400
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."status" >= 400;

-- RequestLogRepository.listRequestsPage (successes)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."credential_id" AS "row_credential_id",
  "row"."product" AS "row_product",
  "row"."method" AS "row_method",
  "row"."route" AS "row_route",
  "row"."status" AS "row_status",
  "row"."duration_ms" AS "row_duration_ms",
  "row"."request_id" AS "row_request_id",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."status" < 400
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."status" < 400;

-- RequestLogRepository.listRequestsPage (from a time)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."credential_id" AS "row_credential_id",
  "row"."product" AS "row_product",
  "row"."method" AS "row_method",
  "row"."route" AS "row_route",
  "row"."status" AS "row_status",
  "row"."duration_ms" AS "row_duration_ms",
  "row"."request_id" AS "row_request_id",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" >= $2
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" >= $2;

-- RequestLogRepository.listRequestsPage (to a time)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."credential_id" AS "row_credential_id",
  "row"."product" AS "row_product",
  "row"."method" AS "row_method",
  "row"."route" AS "row_route",
  "row"."status" AS "row_status",
  "row"."duration_ms" AS "row_duration_ms",
  "row"."request_id" AS "row_request_id",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" < $2
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" < $2;

-- RequestLogRepository.listRequestsPage (over a range)
SELECT "row"."id" AS "row_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."credential_id" AS "row_credential_id",
  "row"."product" AS "row_product",
  "row"."method" AS "row_method",
  "row"."route" AS "row_route",
  "row"."status" AS "row_status",
  "row"."duration_ms" AS "row_duration_ms",
  "row"."request_id" AS "row_request_id",
  "row"."occurred_at" AS "row_occurred_at"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" >= $2 AND "row"."occurred_at" < $3
ORDER BY "row"."occurred_at" DESC, "row"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "auth"."request_log" "row"
WHERE "row"."organization_id" = $1 AND "row"."occurred_at" >= $2 AND "row"."occurred_at" < $3;

-- RequestLogRepository.credentialNames
SELECT "DeveloperCredential"."id" AS "DeveloperCredential_id",
  "DeveloperCredential"."name" AS "DeveloperCredential_name"
FROM "auth"."developer_credentials" "DeveloperCredential"
WHERE (((("DeveloperCredential"."id" = $1) AND ("DeveloperCredential"."organization_id" = $2))) OR ((("DeveloperCredential"."id" = $3) AND ("DeveloperCredential"."organization_id" = $4))));

-- RequestLogRepository.dailyUsage
SELECT to_char("day", 'YYYY-MM-DD') AS day,
  "product",
  sum("requests")::int AS requests
FROM "auth"."daily_usage"
WHERE "organization_id" = $1 AND "day" BETWEEN $2::date AND $3::date
GROUP BY 1, 2;

-- RequestLogRepository.listKeysLiveSince
SELECT "DeveloperCredential"."id" AS "DeveloperCredential_id"
FROM "auth"."developer_credentials" "DeveloperCredential"
WHERE (((("DeveloperCredential"."organization_id" = $1) AND ("DeveloperCredential"."revoked_at" IS NULL))) OR ((("DeveloperCredential"."organization_id" = $2) AND ("DeveloperCredential"."revoked_at" >= $3))));

-- RequestLogRepository.listActiveOrganizationsAcrossCompanies
SELECT DISTINCT "organization_id"
FROM "auth"."daily_usage"
WHERE "day" >= current_date - 8;

-- RequestLogRepository.findKeptCut
SELECT "occurred_at"
FROM "auth"."request_log"
WHERE "organization_id" = $1
ORDER BY "occurred_at" DESC, "id" DESC
OFFSET $2
LIMIT 1;

-- RequestLogRepository.deleteOlderRequests
DELETE FROM "auth"."request_log"
WHERE "id" IN (
  SELECT "id"
  FROM "auth"."request_log"
  WHERE "organization_id" = $1 AND "occurred_at" < $2 AND ("status" < 400 OR "occurred_at" < now() - make_interval(days => $3))
  LIMIT $4
);

-- RequestLogRepository.listKeysAfterAcrossCompanies
SELECT c.id,
  c.organization_id,
  o.created_at
FROM "auth"."developer_credentials" c
JOIN "auth"."organizations" o ON o.id = c.organization_id
WHERE c.id > $1
ORDER BY c.id
LIMIT $2;
