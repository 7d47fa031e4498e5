-- The SQL of apps/utilities/src/webhooks/endpoints/webhook-endpoints.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- WebhookEndpointsRepository.lockCompanyEndpoints
SELECT pg_advisory_xact_lock(hashtext($1));

-- WebhookEndpointsRepository.countEndpoints
SELECT COUNT(1) AS "cnt"
FROM "utilities"."webhook_endpoints" "WebhookEndpoint"
WHERE (("WebhookEndpoint"."company_id" = $1));

-- WebhookEndpointsRepository.insertEndpoint
INSERT INTO "utilities"."webhook_endpoints"("id", "company_id", "organization_id", "created_by_credential_id", "url", "description", "event_types", "disabled_at", "disabled_reason", "alert_email", "last_alert_at", "failing_since", "created_by_period_anchor", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, DEFAULT, DEFAULT, $10, DEFAULT, DEFAULT)
RETURNING "id", "event_types", "created_at", "updated_at";

-- WebhookEndpointsRepository.listEndpointsPage
SELECT "WebhookEndpoint"."id" AS "WebhookEndpoint_id",
  "WebhookEndpoint"."company_id" AS "WebhookEndpoint_company_id",
  "WebhookEndpoint"."organization_id" AS "WebhookEndpoint_organization_id",
  "WebhookEndpoint"."created_by_credential_id" AS "WebhookEndpoint_created_by_credential_id",
  "WebhookEndpoint"."url" AS "WebhookEndpoint_url",
  "WebhookEndpoint"."description" AS "WebhookEndpoint_description",
  "WebhookEndpoint"."event_types" AS "WebhookEndpoint_event_types",
  "WebhookEndpoint"."disabled_at" AS "WebhookEndpoint_disabled_at",
  "WebhookEndpoint"."disabled_reason" AS "WebhookEndpoint_disabled_reason",
  "WebhookEndpoint"."alert_email" AS "WebhookEndpoint_alert_email",
  "WebhookEndpoint"."last_alert_at" AS "WebhookEndpoint_last_alert_at",
  "WebhookEndpoint"."failing_since" AS "WebhookEndpoint_failing_since",
  "WebhookEndpoint"."created_by_period_anchor" AS "WebhookEndpoint_created_by_period_anchor",
  "WebhookEndpoint"."created_at" AS "WebhookEndpoint_created_at",
  "WebhookEndpoint"."updated_at" AS "WebhookEndpoint_updated_at"
FROM "utilities"."webhook_endpoints" "WebhookEndpoint"
WHERE (("WebhookEndpoint"."company_id" = $1))
ORDER BY "WebhookEndpoint"."created_at" DESC, "WebhookEndpoint"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."webhook_endpoints" "WebhookEndpoint"
WHERE (("WebhookEndpoint"."company_id" = $1));

-- WebhookEndpointsRepository.listEndpointsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."created_by_credential_id" AS "row_created_by_credential_id",
  "row"."url" AS "row_url",
  "row"."description" AS "row_description",
  "row"."event_types" AS "row_event_types",
  "row"."disabled_at" AS "row_disabled_at",
  "row"."disabled_reason" AS "row_disabled_reason",
  "row"."alert_email" AS "row_alert_email",
  "row"."last_alert_at" AS "row_last_alert_at",
  "row"."failing_since" AS "row_failing_since",
  "row"."created_by_period_anchor" AS "row_created_by_period_anchor",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "utilities"."webhook_endpoints" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- WebhookEndpointsRepository.findEndpoint
SELECT "WebhookEndpoint"."id" AS "WebhookEndpoint_id",
  "WebhookEndpoint"."company_id" AS "WebhookEndpoint_company_id",
  "WebhookEndpoint"."organization_id" AS "WebhookEndpoint_organization_id",
  "WebhookEndpoint"."created_by_credential_id" AS "WebhookEndpoint_created_by_credential_id",
  "WebhookEndpoint"."url" AS "WebhookEndpoint_url",
  "WebhookEndpoint"."description" AS "WebhookEndpoint_description",
  "WebhookEndpoint"."event_types" AS "WebhookEndpoint_event_types",
  "WebhookEndpoint"."disabled_at" AS "WebhookEndpoint_disabled_at",
  "WebhookEndpoint"."disabled_reason" AS "WebhookEndpoint_disabled_reason",
  "WebhookEndpoint"."alert_email" AS "WebhookEndpoint_alert_email",
  "WebhookEndpoint"."last_alert_at" AS "WebhookEndpoint_last_alert_at",
  "WebhookEndpoint"."failing_since" AS "WebhookEndpoint_failing_since",
  "WebhookEndpoint"."created_by_period_anchor" AS "WebhookEndpoint_created_by_period_anchor",
  "WebhookEndpoint"."created_at" AS "WebhookEndpoint_created_at",
  "WebhookEndpoint"."updated_at" AS "WebhookEndpoint_updated_at"
FROM "utilities"."webhook_endpoints" "WebhookEndpoint"
WHERE (("WebhookEndpoint"."company_id" = $1) AND ("WebhookEndpoint"."id" = $2))
LIMIT 1;

-- WebhookEndpointsRepository.organizationOf
SELECT "WebhookEndpoint"."id" AS "WebhookEndpoint_id",
  "WebhookEndpoint"."organization_id" AS "WebhookEndpoint_organization_id"
FROM "utilities"."webhook_endpoints" "WebhookEndpoint"
WHERE (("WebhookEndpoint"."company_id" = $1) AND ("WebhookEndpoint"."id" = $2))
LIMIT 1;

-- WebhookEndpointsRepository.updateEndpoint
UPDATE "utilities"."webhook_endpoints"
SET "url" = $1,
  "description" = $2,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("company_id" = $3 AND "id" = $4);

-- WebhookEndpointsRepository.enableEndpoint
UPDATE "utilities"."webhook_endpoints"
SET "disabled_at" = $1,
  "disabled_reason" = $2,
  "failing_since" = $3,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $4 AND "company_id" = $5 AND "disabled_at" IS NOT NULL;

-- WebhookEndpointsRepository.disableEndpointByHand
UPDATE "utilities"."webhook_endpoints"
SET "disabled_at" = now(),
  "disabled_reason" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $2 AND "company_id" = $3 AND "disabled_at" IS NULL;

-- WebhookEndpointsRepository.deleteEndpoint
DELETE FROM "utilities"."webhook_endpoints"
WHERE ("company_id" = $1 AND "id" = $2);

-- WebhookEndpointsRepository.lockEndpoint
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."organization_id" AS "row_organization_id",
  "row"."created_by_credential_id" AS "row_created_by_credential_id",
  "row"."url" AS "row_url",
  "row"."description" AS "row_description",
  "row"."event_types" AS "row_event_types",
  "row"."disabled_at" AS "row_disabled_at",
  "row"."disabled_reason" AS "row_disabled_reason",
  "row"."alert_email" AS "row_alert_email",
  "row"."last_alert_at" AS "row_last_alert_at",
  "row"."failing_since" AS "row_failing_since",
  "row"."created_by_period_anchor" AS "row_created_by_period_anchor",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "utilities"."webhook_endpoints" "row"
WHERE "row"."id" = $1 AND "row"."company_id" = $2
FOR UPDATE;

-- WebhookEndpointsRepository.insertSecret
INSERT INTO "utilities"."webhook_endpoint_secrets" ("endpoint_id", "sealed_secret", "expires_at")
SELECT "id",
  $3,
  NULL
FROM "utilities"."webhook_endpoints"
WHERE "id" = $2 AND "company_id" = $1;

-- WebhookEndpointsRepository.expireSecrets
SELECT now() + make_interval(secs => $1) AS until;
UPDATE "utilities"."webhook_endpoint_secrets"
SET "expires_at" = $1
WHERE "endpoint_id" = $2 AND ("expires_at" IS NULL OR "expires_at" > $3);

-- WebhookEndpointsRepository.prunePreviousSecrets
SELECT "secret"."id" AS "id"
FROM "utilities"."webhook_endpoint_secrets" "secret"
WHERE "secret"."endpoint_id" = $1 AND "secret"."expires_at" > now()
ORDER BY "secret"."created_at" DESC, "secret"."id" DESC
LIMIT 3;
DELETE FROM "utilities"."webhook_endpoint_secrets"
WHERE "endpoint_id" = $1 AND NOT ("id" = ANY($2));

-- WebhookEndpointsRepository.secretsAcrossCompanies
SELECT "secret"."id" AS "id",
  "secret"."sealed_secret" AS "sealedSecret",
  "secret"."expires_at" IS NOT NULL AND "secret"."expires_at" <= now() AS "expired"
FROM "utilities"."webhook_endpoint_secrets" "secret"
WHERE "secret"."endpoint_id" = $1
ORDER BY "secret"."expires_at" IS NULL DESC, "secret"."created_at" DESC, "secret"."id" DESC;

-- WebhookEndpointsRepository.deleteSecretsAcrossCompanies
DELETE FROM "utilities"."webhook_endpoint_secrets"
WHERE "id" IN ($1);

-- WebhookEndpointsRepository.subscribedEndpointsAcrossCompanies
SELECT "endpoint"."id" AS "endpoint_id",
  "endpoint"."company_id" AS "endpoint_company_id",
  "endpoint"."event_types" AS "endpoint_event_types",
  "endpoint"."created_at" AS "endpoint_created_at"
FROM "utilities"."webhook_endpoints" "endpoint"
WHERE "endpoint"."company_id" IN ($1) AND "endpoint"."disabled_at" IS NULL;

-- WebhookEndpointsRepository.findEndpointAcrossCompanies
SELECT "WebhookEndpoint"."id" AS "WebhookEndpoint_id",
  "WebhookEndpoint"."company_id" AS "WebhookEndpoint_company_id",
  "WebhookEndpoint"."organization_id" AS "WebhookEndpoint_organization_id",
  "WebhookEndpoint"."created_by_credential_id" AS "WebhookEndpoint_created_by_credential_id",
  "WebhookEndpoint"."url" AS "WebhookEndpoint_url",
  "WebhookEndpoint"."description" AS "WebhookEndpoint_description",
  "WebhookEndpoint"."event_types" AS "WebhookEndpoint_event_types",
  "WebhookEndpoint"."disabled_at" AS "WebhookEndpoint_disabled_at",
  "WebhookEndpoint"."disabled_reason" AS "WebhookEndpoint_disabled_reason",
  "WebhookEndpoint"."alert_email" AS "WebhookEndpoint_alert_email",
  "WebhookEndpoint"."last_alert_at" AS "WebhookEndpoint_last_alert_at",
  "WebhookEndpoint"."failing_since" AS "WebhookEndpoint_failing_since",
  "WebhookEndpoint"."created_by_period_anchor" AS "WebhookEndpoint_created_by_period_anchor",
  "WebhookEndpoint"."created_at" AS "WebhookEndpoint_created_at",
  "WebhookEndpoint"."updated_at" AS "WebhookEndpoint_updated_at"
FROM "utilities"."webhook_endpoints" "WebhookEndpoint"
WHERE (("WebhookEndpoint"."id" = $1))
LIMIT 1;

-- WebhookEndpointsRepository.endFailingStreak
UPDATE "utilities"."webhook_endpoints"
SET "failing_since" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $2 AND "company_id" = $3 AND NOT("failing_since" IS NULL));

-- WebhookEndpointsRepository.startFailingStreak
UPDATE "utilities"."webhook_endpoints"
SET "failing_since" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $2 AND "company_id" = $3 AND "failing_since" IS NULL);
SELECT "WebhookEndpoint"."id" AS "WebhookEndpoint_id",
  "WebhookEndpoint"."failing_since" AS "WebhookEndpoint_failing_since"
FROM "utilities"."webhook_endpoints" "WebhookEndpoint"
WHERE (("WebhookEndpoint"."id" = $1) AND ("WebhookEndpoint"."company_id" = $2))
LIMIT 1;

-- WebhookEndpointsRepository.disableEndpoint
UPDATE "utilities"."webhook_endpoints"
SET "disabled_at" = now(),
  "disabled_reason" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $2 AND "company_id" = $3 AND "disabled_at" IS NULL;

-- WebhookEndpointsRepository.readEndpoint
SELECT "WebhookEndpoint"."id" AS "WebhookEndpoint_id",
  "WebhookEndpoint"."company_id" AS "WebhookEndpoint_company_id",
  "WebhookEndpoint"."organization_id" AS "WebhookEndpoint_organization_id",
  "WebhookEndpoint"."created_by_credential_id" AS "WebhookEndpoint_created_by_credential_id",
  "WebhookEndpoint"."url" AS "WebhookEndpoint_url",
  "WebhookEndpoint"."description" AS "WebhookEndpoint_description",
  "WebhookEndpoint"."event_types" AS "WebhookEndpoint_event_types",
  "WebhookEndpoint"."disabled_at" AS "WebhookEndpoint_disabled_at",
  "WebhookEndpoint"."disabled_reason" AS "WebhookEndpoint_disabled_reason",
  "WebhookEndpoint"."alert_email" AS "WebhookEndpoint_alert_email",
  "WebhookEndpoint"."last_alert_at" AS "WebhookEndpoint_last_alert_at",
  "WebhookEndpoint"."failing_since" AS "WebhookEndpoint_failing_since",
  "WebhookEndpoint"."created_by_period_anchor" AS "WebhookEndpoint_created_by_period_anchor",
  "WebhookEndpoint"."created_at" AS "WebhookEndpoint_created_at",
  "WebhookEndpoint"."updated_at" AS "WebhookEndpoint_updated_at"
FROM "utilities"."webhook_endpoints" "WebhookEndpoint"
WHERE (("WebhookEndpoint"."id" = $1) AND ("WebhookEndpoint"."company_id" = $2))
LIMIT 1;

-- WebhookEndpointsRepository.takeAlertTurn
UPDATE "utilities"."webhook_endpoints"
SET "last_alert_at" = now(),
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $1 AND "company_id" = $2 AND ("last_alert_at" IS NULL OR "last_alert_at" <= now() - interval '1 day');
