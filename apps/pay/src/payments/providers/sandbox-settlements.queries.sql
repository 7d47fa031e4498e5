-- The SQL of apps/pay/src/payments/providers/sandbox-settlements.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- SandboxSettlementsRepository.insertDecisionsAcrossCompanies
INSERT INTO "pay"."sandbox_settlements"("payment_id", "outcome", "provider_reference", "failure_reason", "created_at")
VALUES ($1, $2, $3, $4, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING "created_at";

-- SandboxSettlementsRepository.findDecisionAcrossCompanies
SELECT "SandboxSettlement"."payment_id" AS "SandboxSettlement_payment_id",
  "SandboxSettlement"."outcome" AS "SandboxSettlement_outcome",
  "SandboxSettlement"."provider_reference" AS "SandboxSettlement_provider_reference",
  "SandboxSettlement"."failure_reason" AS "SandboxSettlement_failure_reason",
  "SandboxSettlement"."created_at" AS "SandboxSettlement_created_at"
FROM "pay"."sandbox_settlements" "SandboxSettlement"
WHERE (("SandboxSettlement"."payment_id" = $1))
LIMIT 1;

-- SandboxSettlementsRepository.findDecisionsAcrossCompanies
SELECT "SandboxSettlement"."payment_id" AS "SandboxSettlement_payment_id",
  "SandboxSettlement"."outcome" AS "SandboxSettlement_outcome",
  "SandboxSettlement"."provider_reference" AS "SandboxSettlement_provider_reference",
  "SandboxSettlement"."failure_reason" AS "SandboxSettlement_failure_reason",
  "SandboxSettlement"."created_at" AS "SandboxSettlement_created_at"
FROM "pay"."sandbox_settlements" "SandboxSettlement"
WHERE (("SandboxSettlement"."payment_id" IN ($1, $2)));
