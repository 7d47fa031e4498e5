-- The SQL of apps/pay/src/payments/payments.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- PaymentsRepository.insertPayment
INSERT INTO "pay"."payments"("id", "company_id", "wallet_id", "amount", "currency", "recipient", "description", "reference", "status", "provider", "provider_reference", "failure_reason", "settled_at", "created_at", "updated_at")
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";

-- PaymentsRepository.insertPayments
INSERT INTO "pay"."payments"("id", "company_id", "wallet_id", "amount", "currency", "recipient", "description", "reference", "status", "provider", "provider_reference", "failure_reason", "settled_at", "created_at", "updated_at")
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT), ($11, $12, $13, $14, $15, $16, $17, $18, $19, $20, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";

-- PaymentsRepository.findPayment
SELECT "Payment"."id" AS "Payment_id",
  "Payment"."company_id" AS "Payment_company_id",
  "Payment"."wallet_id" AS "Payment_wallet_id",
  "Payment"."amount" AS "Payment_amount",
  "Payment"."currency" AS "Payment_currency",
  "Payment"."recipient" AS "Payment_recipient",
  "Payment"."description" AS "Payment_description",
  "Payment"."reference" AS "Payment_reference",
  "Payment"."status" AS "Payment_status",
  "Payment"."provider" AS "Payment_provider",
  "Payment"."provider_reference" AS "Payment_provider_reference",
  "Payment"."failure_reason" AS "Payment_failure_reason",
  "Payment"."settled_at" AS "Payment_settled_at",
  "Payment"."created_at" AS "Payment_created_at",
  "Payment"."updated_at" AS "Payment_updated_at"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."id" = $1) AND ("Payment"."company_id" = $2))
LIMIT 1;

-- PaymentsRepository.findPayments
SELECT "Payment"."id" AS "Payment_id",
  "Payment"."company_id" AS "Payment_company_id",
  "Payment"."wallet_id" AS "Payment_wallet_id",
  "Payment"."amount" AS "Payment_amount",
  "Payment"."currency" AS "Payment_currency",
  "Payment"."recipient" AS "Payment_recipient",
  "Payment"."description" AS "Payment_description",
  "Payment"."reference" AS "Payment_reference",
  "Payment"."status" AS "Payment_status",
  "Payment"."provider" AS "Payment_provider",
  "Payment"."provider_reference" AS "Payment_provider_reference",
  "Payment"."failure_reason" AS "Payment_failure_reason",
  "Payment"."settled_at" AS "Payment_settled_at",
  "Payment"."created_at" AS "Payment_created_at",
  "Payment"."updated_at" AS "Payment_updated_at"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."company_id" = $1) AND ("Payment"."id" IN ($2, $3)));

-- PaymentsRepository.listPaymentsPage
SELECT "Payment"."id" AS "Payment_id",
  "Payment"."company_id" AS "Payment_company_id",
  "Payment"."wallet_id" AS "Payment_wallet_id",
  "Payment"."amount" AS "Payment_amount",
  "Payment"."currency" AS "Payment_currency",
  "Payment"."recipient" AS "Payment_recipient",
  "Payment"."description" AS "Payment_description",
  "Payment"."reference" AS "Payment_reference",
  "Payment"."status" AS "Payment_status",
  "Payment"."provider" AS "Payment_provider",
  "Payment"."provider_reference" AS "Payment_provider_reference",
  "Payment"."failure_reason" AS "Payment_failure_reason",
  "Payment"."settled_at" AS "Payment_settled_at",
  "Payment"."created_at" AS "Payment_created_at",
  "Payment"."updated_at" AS "Payment_updated_at"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."company_id" = $1))
ORDER BY "Payment"."created_at" DESC, "Payment"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."company_id" = $1));

-- PaymentsRepository.listPaymentsPage (by status)
SELECT "Payment"."id" AS "Payment_id",
  "Payment"."company_id" AS "Payment_company_id",
  "Payment"."wallet_id" AS "Payment_wallet_id",
  "Payment"."amount" AS "Payment_amount",
  "Payment"."currency" AS "Payment_currency",
  "Payment"."recipient" AS "Payment_recipient",
  "Payment"."description" AS "Payment_description",
  "Payment"."reference" AS "Payment_reference",
  "Payment"."status" AS "Payment_status",
  "Payment"."provider" AS "Payment_provider",
  "Payment"."provider_reference" AS "Payment_provider_reference",
  "Payment"."failure_reason" AS "Payment_failure_reason",
  "Payment"."settled_at" AS "Payment_settled_at",
  "Payment"."created_at" AS "Payment_created_at",
  "Payment"."updated_at" AS "Payment_updated_at"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."company_id" = $1) AND ("Payment"."status" = $2))
ORDER BY "Payment"."created_at" DESC, "Payment"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."company_id" = $1) AND ("Payment"."status" = $2));

-- PaymentsRepository.listPaymentsPage (by wallet)
SELECT "Payment"."id" AS "Payment_id",
  "Payment"."company_id" AS "Payment_company_id",
  "Payment"."wallet_id" AS "Payment_wallet_id",
  "Payment"."amount" AS "Payment_amount",
  "Payment"."currency" AS "Payment_currency",
  "Payment"."recipient" AS "Payment_recipient",
  "Payment"."description" AS "Payment_description",
  "Payment"."reference" AS "Payment_reference",
  "Payment"."status" AS "Payment_status",
  "Payment"."provider" AS "Payment_provider",
  "Payment"."provider_reference" AS "Payment_provider_reference",
  "Payment"."failure_reason" AS "Payment_failure_reason",
  "Payment"."settled_at" AS "Payment_settled_at",
  "Payment"."created_at" AS "Payment_created_at",
  "Payment"."updated_at" AS "Payment_updated_at"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."company_id" = $1) AND ("Payment"."wallet_id" = $2))
ORDER BY "Payment"."created_at" DESC, "Payment"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."company_id" = $1) AND ("Payment"."wallet_id" = $2));

-- PaymentsRepository.listPaymentsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."wallet_id" AS "row_wallet_id",
  "row"."amount" AS "row_amount",
  "row"."currency" AS "row_currency",
  "row"."recipient" AS "row_recipient",
  "row"."description" AS "row_description",
  "row"."reference" AS "row_reference",
  "row"."status" AS "row_status",
  "row"."provider" AS "row_provider",
  "row"."provider_reference" AS "row_provider_reference",
  "row"."failure_reason" AS "row_failure_reason",
  "row"."settled_at" AS "row_settled_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "pay"."payments" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- PaymentsRepository.listPaymentsPage (by status, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."wallet_id" AS "row_wallet_id",
  "row"."amount" AS "row_amount",
  "row"."currency" AS "row_currency",
  "row"."recipient" AS "row_recipient",
  "row"."description" AS "row_description",
  "row"."reference" AS "row_reference",
  "row"."status" AS "row_status",
  "row"."provider" AS "row_provider",
  "row"."provider_reference" AS "row_provider_reference",
  "row"."failure_reason" AS "row_failure_reason",
  "row"."settled_at" AS "row_settled_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "pay"."payments" "row"
WHERE ("row"."company_id" = $1 AND "row"."status" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- PaymentsRepository.listPaymentsPage (by wallet, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."wallet_id" AS "row_wallet_id",
  "row"."amount" AS "row_amount",
  "row"."currency" AS "row_currency",
  "row"."recipient" AS "row_recipient",
  "row"."description" AS "row_description",
  "row"."reference" AS "row_reference",
  "row"."status" AS "row_status",
  "row"."provider" AS "row_provider",
  "row"."provider_reference" AS "row_provider_reference",
  "row"."failure_reason" AS "row_failure_reason",
  "row"."settled_at" AS "row_settled_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "pay"."payments" "row"
WHERE ("row"."company_id" = $1 AND "row"."wallet_id" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- PaymentsRepository.settlePending
UPDATE "pay"."payments"
SET "status" = $1,
  "provider_reference" = $2,
  "failure_reason" = $3,
  "settled_at" = $4,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $5 AND "company_id" = $6 AND "status" = $7;

-- PaymentsRepository.settlePendingMany
UPDATE "pay"."payments" p
SET "status" = s."status",
  "provider_reference" = s."providerReference",
  "failure_reason" = s."failureReason",
  "settled_at" = now(),
  "updated_at" = now()
FROM json_to_recordset($1::json) AS s("paymentId" uuid, "status" varchar, "providerReference" varchar, "failureReason" varchar)
WHERE p."id" = s."paymentId" AND p."status" = 'pending' AND p."company_id" = $2
RETURNING p."id";

-- PaymentsRepository.pendingAcrossCompanies
SELECT "Payment"."id" AS "Payment_id",
  "Payment"."company_id" AS "Payment_company_id",
  "Payment"."wallet_id" AS "Payment_wallet_id",
  "Payment"."amount" AS "Payment_amount",
  "Payment"."currency" AS "Payment_currency",
  "Payment"."recipient" AS "Payment_recipient",
  "Payment"."description" AS "Payment_description",
  "Payment"."reference" AS "Payment_reference",
  "Payment"."status" AS "Payment_status",
  "Payment"."provider" AS "Payment_provider",
  "Payment"."provider_reference" AS "Payment_provider_reference",
  "Payment"."failure_reason" AS "Payment_failure_reason",
  "Payment"."settled_at" AS "Payment_settled_at",
  "Payment"."created_at" AS "Payment_created_at",
  "Payment"."updated_at" AS "Payment_updated_at"
FROM "pay"."payments" "Payment"
WHERE (("Payment"."status" = $1) AND ("Payment"."provider" = $2) AND ("Payment"."created_at" <= $3))
ORDER BY "Payment"."created_at" ASC
LIMIT 100;
