-- The SQL of apps/utilities/src/webhooks/deliveries/webhook-deliveries.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- WebhookDeliveriesRepository.insertDeliveriesAcrossCompanies
INSERT INTO "utilities"."webhook_deliveries" ("endpoint_id", "company_id", "event_id", "event_type", "payload", "status", "attempts", "next_attempt_at")
SELECT d.endpoint_id,
  d.company_id,
  d.event_id,
  d.event_type,
  d.payload,
  'pending',
  0,
  now()
FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[]) WITH ORDINALITY AS d(endpoint_id, company_id, event_id, event_type, payload, n)
WHERE EXISTS (
  SELECT 1
  FROM "utilities"."webhook_endpoints" e
  WHERE e."id" = d.endpoint_id AND e."company_id" = d.company_id
)
ORDER BY d.n
ON CONFLICT DO NOTHING
RETURNING "id", "endpoint_id", "company_id";

-- WebhookDeliveriesRepository.findDelivery
SELECT "WebhookDelivery"."id" AS "WebhookDelivery_id",
  "WebhookDelivery"."endpoint_id" AS "WebhookDelivery_endpoint_id",
  "WebhookDelivery"."company_id" AS "WebhookDelivery_company_id",
  "WebhookDelivery"."event_id" AS "WebhookDelivery_event_id",
  "WebhookDelivery"."event_type" AS "WebhookDelivery_event_type",
  "WebhookDelivery"."payload" AS "WebhookDelivery_payload",
  "WebhookDelivery"."status" AS "WebhookDelivery_status",
  "WebhookDelivery"."attempts" AS "WebhookDelivery_attempts",
  "WebhookDelivery"."next_attempt_at" AS "WebhookDelivery_next_attempt_at",
  "WebhookDelivery"."last_attempt_at" AS "WebhookDelivery_last_attempt_at",
  "WebhookDelivery"."last_status_code" AS "WebhookDelivery_last_status_code",
  "WebhookDelivery"."retry_requested" AS "WebhookDelivery_retry_requested",
  "WebhookDelivery"."created_at" AS "WebhookDelivery_created_at",
  "WebhookDelivery"."updated_at" AS "WebhookDelivery_updated_at"
FROM "utilities"."webhook_deliveries" "WebhookDelivery"
WHERE (("WebhookDelivery"."id" = $1) AND ("WebhookDelivery"."company_id" = $2))
LIMIT 1;

-- WebhookDeliveriesRepository.findDelivery (in a transaction)
SELECT "WebhookDelivery"."id" AS "WebhookDelivery_id",
  "WebhookDelivery"."endpoint_id" AS "WebhookDelivery_endpoint_id",
  "WebhookDelivery"."company_id" AS "WebhookDelivery_company_id",
  "WebhookDelivery"."event_id" AS "WebhookDelivery_event_id",
  "WebhookDelivery"."event_type" AS "WebhookDelivery_event_type",
  "WebhookDelivery"."payload" AS "WebhookDelivery_payload",
  "WebhookDelivery"."status" AS "WebhookDelivery_status",
  "WebhookDelivery"."attempts" AS "WebhookDelivery_attempts",
  "WebhookDelivery"."next_attempt_at" AS "WebhookDelivery_next_attempt_at",
  "WebhookDelivery"."last_attempt_at" AS "WebhookDelivery_last_attempt_at",
  "WebhookDelivery"."last_status_code" AS "WebhookDelivery_last_status_code",
  "WebhookDelivery"."retry_requested" AS "WebhookDelivery_retry_requested",
  "WebhookDelivery"."created_at" AS "WebhookDelivery_created_at",
  "WebhookDelivery"."updated_at" AS "WebhookDelivery_updated_at"
FROM "utilities"."webhook_deliveries" "WebhookDelivery"
WHERE (("WebhookDelivery"."id" = $1) AND ("WebhookDelivery"."company_id" = $2))
LIMIT 1;

-- WebhookDeliveriesRepository.endpointOfDelivery
SELECT "WebhookDelivery"."id" AS "WebhookDelivery_id",
  "WebhookDelivery"."endpoint_id" AS "WebhookDelivery_endpoint_id"
FROM "utilities"."webhook_deliveries" "WebhookDelivery"
WHERE (("WebhookDelivery"."id" = $1) AND ("WebhookDelivery"."company_id" = $2))
LIMIT 1;

-- WebhookDeliveriesRepository.requestRetry
UPDATE "utilities"."webhook_deliveries"
SET "status" = $1,
  "next_attempt_at" = $2,
  "retry_requested" = $3,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $4 AND "company_id" = $5);

-- WebhookDeliveriesRepository.recoverFailed
UPDATE "utilities"."webhook_deliveries"
SET "status" = 'pending',
  "next_attempt_at" = now(),
  "retry_requested" = true,
  "updated_at" = now()
WHERE "id" IN (
  SELECT "id"
  FROM "utilities"."webhook_deliveries"
  WHERE "endpoint_id" = $1 AND "company_id" = $2 AND "status" = 'failed' AND "created_at" >= $3
  ORDER BY "created_at", "id"
  LIMIT $4
)
RETURNING "id";

-- WebhookDeliveriesRepository.anyFailedSince
SELECT 1
FROM "utilities"."webhook_deliveries"
WHERE "endpoint_id" = $1 AND "company_id" = $3 AND "status" = 'failed' AND "created_at" >= $2
LIMIT 1;

-- WebhookDeliveriesRepository.listDeliveriesPage
SELECT "delivery"."id" AS "delivery_id",
  "delivery"."endpoint_id" AS "delivery_endpoint_id",
  "delivery"."company_id" AS "delivery_company_id",
  "delivery"."event_id" AS "delivery_event_id",
  "delivery"."event_type" AS "delivery_event_type",
  "delivery"."payload" AS "delivery_payload",
  "delivery"."status" AS "delivery_status",
  "delivery"."attempts" AS "delivery_attempts",
  "delivery"."next_attempt_at" AS "delivery_next_attempt_at",
  "delivery"."last_attempt_at" AS "delivery_last_attempt_at",
  "delivery"."last_status_code" AS "delivery_last_status_code",
  "delivery"."retry_requested" AS "delivery_retry_requested",
  "delivery"."created_at" AS "delivery_created_at",
  "delivery"."updated_at" AS "delivery_updated_at"
FROM "utilities"."webhook_deliveries" "delivery"
WHERE "delivery"."endpoint_id" = $1 AND "delivery"."company_id" = $2
ORDER BY "delivery"."created_at" DESC, "delivery"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."webhook_deliveries" "delivery"
WHERE "delivery"."endpoint_id" = $1 AND "delivery"."company_id" = $2;

-- WebhookDeliveriesRepository.listDeliveriesPage (by status)
SELECT "delivery"."id" AS "delivery_id",
  "delivery"."endpoint_id" AS "delivery_endpoint_id",
  "delivery"."company_id" AS "delivery_company_id",
  "delivery"."event_id" AS "delivery_event_id",
  "delivery"."event_type" AS "delivery_event_type",
  "delivery"."payload" AS "delivery_payload",
  "delivery"."status" AS "delivery_status",
  "delivery"."attempts" AS "delivery_attempts",
  "delivery"."next_attempt_at" AS "delivery_next_attempt_at",
  "delivery"."last_attempt_at" AS "delivery_last_attempt_at",
  "delivery"."last_status_code" AS "delivery_last_status_code",
  "delivery"."retry_requested" AS "delivery_retry_requested",
  "delivery"."created_at" AS "delivery_created_at",
  "delivery"."updated_at" AS "delivery_updated_at"
FROM "utilities"."webhook_deliveries" "delivery"
WHERE "delivery"."endpoint_id" = $1 AND "delivery"."company_id" = $2 AND "delivery"."status" = $3
ORDER BY "delivery"."created_at" DESC, "delivery"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "utilities"."webhook_deliveries" "delivery"
WHERE "delivery"."endpoint_id" = $1 AND "delivery"."company_id" = $2 AND "delivery"."status" = $3;

-- WebhookDeliveriesRepository.listDeliveriesPage (after a cursor)
SELECT "delivery"."id" AS "delivery_id",
  "delivery"."endpoint_id" AS "delivery_endpoint_id",
  "delivery"."company_id" AS "delivery_company_id",
  "delivery"."event_id" AS "delivery_event_id",
  "delivery"."event_type" AS "delivery_event_type",
  "delivery"."payload" AS "delivery_payload",
  "delivery"."status" AS "delivery_status",
  "delivery"."attempts" AS "delivery_attempts",
  "delivery"."next_attempt_at" AS "delivery_next_attempt_at",
  "delivery"."last_attempt_at" AS "delivery_last_attempt_at",
  "delivery"."last_status_code" AS "delivery_last_status_code",
  "delivery"."retry_requested" AS "delivery_retry_requested",
  "delivery"."created_at" AS "delivery_created_at",
  "delivery"."updated_at" AS "delivery_updated_at"
FROM "utilities"."webhook_deliveries" "delivery"
WHERE "delivery"."endpoint_id" = $1 AND "delivery"."company_id" = $2 AND ("delivery"."id") > ($3)
ORDER BY "delivery"."id" ASC
LIMIT 21;

-- WebhookDeliveriesRepository.listDeliveriesPage (by status, after a cursor)
SELECT "delivery"."id" AS "delivery_id",
  "delivery"."endpoint_id" AS "delivery_endpoint_id",
  "delivery"."company_id" AS "delivery_company_id",
  "delivery"."event_id" AS "delivery_event_id",
  "delivery"."event_type" AS "delivery_event_type",
  "delivery"."payload" AS "delivery_payload",
  "delivery"."status" AS "delivery_status",
  "delivery"."attempts" AS "delivery_attempts",
  "delivery"."next_attempt_at" AS "delivery_next_attempt_at",
  "delivery"."last_attempt_at" AS "delivery_last_attempt_at",
  "delivery"."last_status_code" AS "delivery_last_status_code",
  "delivery"."retry_requested" AS "delivery_retry_requested",
  "delivery"."created_at" AS "delivery_created_at",
  "delivery"."updated_at" AS "delivery_updated_at"
FROM "utilities"."webhook_deliveries" "delivery"
WHERE "delivery"."endpoint_id" = $1 AND "delivery"."company_id" = $2 AND "delivery"."status" = $3 AND ("delivery"."id") > ($4)
ORDER BY "delivery"."id" ASC
LIMIT 21;

-- WebhookDeliveriesRepository.attemptsOf
SELECT "WebhookDeliveryAttempt"."id" AS "WebhookDeliveryAttempt_id",
  "WebhookDeliveryAttempt"."delivery_id" AS "WebhookDeliveryAttempt_delivery_id",
  "WebhookDeliveryAttempt"."attempt" AS "WebhookDeliveryAttempt_attempt",
  "WebhookDeliveryAttempt"."attempted_at" AS "WebhookDeliveryAttempt_attempted_at",
  "WebhookDeliveryAttempt"."status_code" AS "WebhookDeliveryAttempt_status_code",
  "WebhookDeliveryAttempt"."duration_ms" AS "WebhookDeliveryAttempt_duration_ms",
  "WebhookDeliveryAttempt"."response_body" AS "WebhookDeliveryAttempt_response_body",
  "WebhookDeliveryAttempt"."error" AS "WebhookDeliveryAttempt_error"
FROM "utilities"."webhook_delivery_attempts" "WebhookDeliveryAttempt"
WHERE (("WebhookDeliveryAttempt"."delivery_id" = $1))
ORDER BY "WebhookDeliveryAttempt"."attempt" ASC, "WebhookDeliveryAttempt"."attempted_at" ASC;

-- WebhookDeliveriesRepository.pendingAcrossCompanies
SELECT "WebhookDelivery"."id" AS "WebhookDelivery_id",
  "WebhookDelivery"."endpoint_id" AS "WebhookDelivery_endpoint_id",
  "WebhookDelivery"."company_id" AS "WebhookDelivery_company_id",
  "WebhookDelivery"."event_id" AS "WebhookDelivery_event_id",
  "WebhookDelivery"."event_type" AS "WebhookDelivery_event_type",
  "WebhookDelivery"."payload" AS "WebhookDelivery_payload",
  "WebhookDelivery"."status" AS "WebhookDelivery_status",
  "WebhookDelivery"."attempts" AS "WebhookDelivery_attempts",
  "WebhookDelivery"."next_attempt_at" AS "WebhookDelivery_next_attempt_at",
  "WebhookDelivery"."last_attempt_at" AS "WebhookDelivery_last_attempt_at",
  "WebhookDelivery"."last_status_code" AS "WebhookDelivery_last_status_code",
  "WebhookDelivery"."retry_requested" AS "WebhookDelivery_retry_requested",
  "WebhookDelivery"."created_at" AS "WebhookDelivery_created_at",
  "WebhookDelivery"."updated_at" AS "WebhookDelivery_updated_at"
FROM "utilities"."webhook_deliveries" "WebhookDelivery"
WHERE (("WebhookDelivery"."id" IN ($1, $2)) AND ("WebhookDelivery"."status" = $3));

-- WebhookDeliveriesRepository.failPending
UPDATE "utilities"."webhook_deliveries"
SET "status" = $1,
  "next_attempt_at" = $2,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" IN ($3, $4) AND "company_id" = $5 AND "status" = $6);

-- WebhookDeliveriesRepository.failEndpointPending
UPDATE "utilities"."webhook_deliveries"
SET "status" = $1,
  "next_attempt_at" = $2,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("endpoint_id" = $3 AND "company_id" = $4 AND "status" = $5);

-- WebhookDeliveriesRepository.settleAttempts
UPDATE "utilities"."webhook_deliveries" AS delivery
SET "attempts" = settled.attempts,
  "status" = settled.status,
  "next_attempt_at" = settled.next_attempt_at,
  "last_attempt_at" = settled.attempted_at,
  "last_status_code" = settled.status_code,
  "updated_at" = now()
FROM unnest($1::uuid[], $2::int[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int[]) AS settled(id, attempts, status, next_attempt_at, attempted_at, status_code)
WHERE delivery."id" = settled.id AND delivery."company_id" = $7 AND delivery."status" = 'pending' AND delivery."attempts" = settled.attempts - 1
RETURNING delivery."id";

-- WebhookDeliveriesRepository.insertAttempts
INSERT INTO "utilities"."webhook_delivery_attempts" ("delivery_id", "attempt", "attempted_at", "status_code", "duration_ms", "response_body", "error")
SELECT a.delivery_id,
  a.attempt,
  a.attempted_at,
  a.status_code,
  a.duration_ms,
  a.response_body,
  a.error
FROM unnest($2::uuid[], $3::int[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::text[]) WITH ORDINALITY AS a(delivery_id, attempt, attempted_at, status_code, duration_ms, response_body, error, n)
JOIN "utilities"."webhook_deliveries" d ON d."id" = a.delivery_id AND d."company_id" = $1
ORDER BY a.n;
