-- The SQL of apps/pay/src/idempotency/idempotency.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- IdempotencyRepository.findKey
SELECT "IdempotencyKey"."id" AS "IdempotencyKey_id",
  "IdempotencyKey"."company_id" AS "IdempotencyKey_company_id",
  "IdempotencyKey"."key" AS "IdempotencyKey_key",
  "IdempotencyKey"."request_hash" AS "IdempotencyKey_request_hash",
  "IdempotencyKey"."state" AS "IdempotencyKey_state",
  "IdempotencyKey"."payment_id" AS "IdempotencyKey_payment_id",
  "IdempotencyKey"."response_status" AS "IdempotencyKey_response_status",
  "IdempotencyKey"."response_body" AS "IdempotencyKey_response_body",
  "IdempotencyKey"."created_at" AS "IdempotencyKey_created_at",
  "IdempotencyKey"."expires_at" AS "IdempotencyKey_expires_at"
FROM "pay"."idempotency_keys" "IdempotencyKey"
WHERE (("IdempotencyKey"."company_id" = $1) AND ("IdempotencyKey"."key" = $2))
LIMIT 1;

-- IdempotencyRepository.findKeys
SELECT "IdempotencyKey"."id" AS "IdempotencyKey_id",
  "IdempotencyKey"."company_id" AS "IdempotencyKey_company_id",
  "IdempotencyKey"."key" AS "IdempotencyKey_key",
  "IdempotencyKey"."request_hash" AS "IdempotencyKey_request_hash",
  "IdempotencyKey"."state" AS "IdempotencyKey_state",
  "IdempotencyKey"."payment_id" AS "IdempotencyKey_payment_id",
  "IdempotencyKey"."response_status" AS "IdempotencyKey_response_status",
  "IdempotencyKey"."response_body" AS "IdempotencyKey_response_body",
  "IdempotencyKey"."created_at" AS "IdempotencyKey_created_at",
  "IdempotencyKey"."expires_at" AS "IdempotencyKey_expires_at"
FROM "pay"."idempotency_keys" "IdempotencyKey"
WHERE (("IdempotencyKey"."company_id" = $1) AND ("IdempotencyKey"."key" IN ($2, $3)));

-- IdempotencyRepository.deleteExpiredKeys
DELETE FROM "pay"."idempotency_keys"
WHERE ("company_id" = $1 AND "key" IN ($2, $3) AND "expires_at" <= $4);

-- IdempotencyRepository.insertKey
INSERT INTO "pay"."idempotency_keys"("id", "company_id", "key", "request_hash", "state", "payment_id", "response_status", "response_body", "created_at", "expires_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT, DEFAULT, DEFAULT, $6)
RETURNING "id", "created_at";

-- IdempotencyRepository.insertKeysLeavingTaken
INSERT INTO "pay"."idempotency_keys"("id", "company_id", "key", "request_hash", "state", "payment_id", "response_status", "response_body", "created_at", "expires_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT, DEFAULT, DEFAULT, $6)
ON CONFLICT DO NOTHING
RETURNING "key", "id", "created_at";

-- IdempotencyRepository.completeKey
UPDATE "pay"."idempotency_keys"
SET "state" = $1,
  "response_status" = $2,
  "response_body" = $3
WHERE ("id" = $4 AND "company_id" = $5);

-- IdempotencyRepository.completeKeyOfPayment
UPDATE "pay"."idempotency_keys"
SET "state" = $1,
  "response_status" = $2,
  "response_body" = $3
WHERE ("company_id" = $4 AND "payment_id" = $5 AND "state" = $6);

-- IdempotencyRepository.completeKeysOfPayments
UPDATE "pay"."idempotency_keys" k
SET "state" = 'completed',
  "response_status" = r."status",
  "response_body" = r."body"
FROM json_to_recordset($1::json) AS r("paymentId" uuid, "status" integer, "body" jsonb)
WHERE k."payment_id" = r."paymentId" AND k."state" = 'in_progress' AND k."company_id" = $2;

-- IdempotencyRepository.deleteClaims
DELETE FROM "pay"."idempotency_keys"
WHERE ("company_id" = $1 AND "key" IN ($2, $3) AND "state" = $4);

-- IdempotencyRepository.deleteExpiredCompletedAcrossCompanies
DELETE FROM "pay"."idempotency_keys"
WHERE ("state" = $1 AND "expires_at" <= $2);
