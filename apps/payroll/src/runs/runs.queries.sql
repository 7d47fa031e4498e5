-- The SQL of apps/payroll/src/runs/runs.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- RunsRepository.insertRun
INSERT INTO "payroll"."payroll_runs"("id", "company_id", "status", "country", "period_start", "period_end", "employee_ids", "rule_set_version", "currency", "employee_count", "total_gross", "total_deductions", "total_net", "total_employer_contributions", "total_employer_cost", "payment_progress", "version", "calculated_at", "approved_at", "paid_at", "cancelled_at", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT)
RETURNING "id", "version", "created_at", "updated_at";

-- RunsRepository.findRun
SELECT "PayrollRun"."id" AS "PayrollRun_id",
  "PayrollRun"."company_id" AS "PayrollRun_company_id",
  "PayrollRun"."status" AS "PayrollRun_status",
  "PayrollRun"."country" AS "PayrollRun_country",
  "PayrollRun"."period_start" AS "PayrollRun_period_start",
  "PayrollRun"."period_end" AS "PayrollRun_period_end",
  "PayrollRun"."employee_ids" AS "PayrollRun_employee_ids",
  "PayrollRun"."rule_set_version" AS "PayrollRun_rule_set_version",
  "PayrollRun"."currency" AS "PayrollRun_currency",
  "PayrollRun"."employee_count" AS "PayrollRun_employee_count",
  "PayrollRun"."total_gross" AS "PayrollRun_total_gross",
  "PayrollRun"."total_deductions" AS "PayrollRun_total_deductions",
  "PayrollRun"."total_net" AS "PayrollRun_total_net",
  "PayrollRun"."total_employer_contributions" AS "PayrollRun_total_employer_contributions",
  "PayrollRun"."total_employer_cost" AS "PayrollRun_total_employer_cost",
  "PayrollRun"."payment_progress" AS "PayrollRun_payment_progress",
  "PayrollRun"."version" AS "PayrollRun_version",
  "PayrollRun"."calculated_at" AS "PayrollRun_calculated_at",
  "PayrollRun"."approved_at" AS "PayrollRun_approved_at",
  "PayrollRun"."paid_at" AS "PayrollRun_paid_at",
  "PayrollRun"."cancelled_at" AS "PayrollRun_cancelled_at",
  "PayrollRun"."created_at" AS "PayrollRun_created_at",
  "PayrollRun"."updated_at" AS "PayrollRun_updated_at"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."id" = $1) AND ("PayrollRun"."company_id" = $2))
LIMIT 1;

-- RunsRepository.listRunsPage
SELECT "PayrollRun"."id" AS "PayrollRun_id",
  "PayrollRun"."company_id" AS "PayrollRun_company_id",
  "PayrollRun"."status" AS "PayrollRun_status",
  "PayrollRun"."country" AS "PayrollRun_country",
  "PayrollRun"."period_start" AS "PayrollRun_period_start",
  "PayrollRun"."period_end" AS "PayrollRun_period_end",
  "PayrollRun"."employee_ids" AS "PayrollRun_employee_ids",
  "PayrollRun"."rule_set_version" AS "PayrollRun_rule_set_version",
  "PayrollRun"."currency" AS "PayrollRun_currency",
  "PayrollRun"."employee_count" AS "PayrollRun_employee_count",
  "PayrollRun"."total_gross" AS "PayrollRun_total_gross",
  "PayrollRun"."total_deductions" AS "PayrollRun_total_deductions",
  "PayrollRun"."total_net" AS "PayrollRun_total_net",
  "PayrollRun"."total_employer_contributions" AS "PayrollRun_total_employer_contributions",
  "PayrollRun"."total_employer_cost" AS "PayrollRun_total_employer_cost",
  "PayrollRun"."payment_progress" AS "PayrollRun_payment_progress",
  "PayrollRun"."version" AS "PayrollRun_version",
  "PayrollRun"."calculated_at" AS "PayrollRun_calculated_at",
  "PayrollRun"."approved_at" AS "PayrollRun_approved_at",
  "PayrollRun"."paid_at" AS "PayrollRun_paid_at",
  "PayrollRun"."cancelled_at" AS "PayrollRun_cancelled_at",
  "PayrollRun"."created_at" AS "PayrollRun_created_at",
  "PayrollRun"."updated_at" AS "PayrollRun_updated_at"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."company_id" = $1))
ORDER BY "PayrollRun"."created_at" DESC, "PayrollRun"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."company_id" = $1));

-- RunsRepository.listRunsPage (by status)
SELECT "PayrollRun"."id" AS "PayrollRun_id",
  "PayrollRun"."company_id" AS "PayrollRun_company_id",
  "PayrollRun"."status" AS "PayrollRun_status",
  "PayrollRun"."country" AS "PayrollRun_country",
  "PayrollRun"."period_start" AS "PayrollRun_period_start",
  "PayrollRun"."period_end" AS "PayrollRun_period_end",
  "PayrollRun"."employee_ids" AS "PayrollRun_employee_ids",
  "PayrollRun"."rule_set_version" AS "PayrollRun_rule_set_version",
  "PayrollRun"."currency" AS "PayrollRun_currency",
  "PayrollRun"."employee_count" AS "PayrollRun_employee_count",
  "PayrollRun"."total_gross" AS "PayrollRun_total_gross",
  "PayrollRun"."total_deductions" AS "PayrollRun_total_deductions",
  "PayrollRun"."total_net" AS "PayrollRun_total_net",
  "PayrollRun"."total_employer_contributions" AS "PayrollRun_total_employer_contributions",
  "PayrollRun"."total_employer_cost" AS "PayrollRun_total_employer_cost",
  "PayrollRun"."payment_progress" AS "PayrollRun_payment_progress",
  "PayrollRun"."version" AS "PayrollRun_version",
  "PayrollRun"."calculated_at" AS "PayrollRun_calculated_at",
  "PayrollRun"."approved_at" AS "PayrollRun_approved_at",
  "PayrollRun"."paid_at" AS "PayrollRun_paid_at",
  "PayrollRun"."cancelled_at" AS "PayrollRun_cancelled_at",
  "PayrollRun"."created_at" AS "PayrollRun_created_at",
  "PayrollRun"."updated_at" AS "PayrollRun_updated_at"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."company_id" = $1) AND ("PayrollRun"."status" = $2))
ORDER BY "PayrollRun"."created_at" DESC, "PayrollRun"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."company_id" = $1) AND ("PayrollRun"."status" = $2));

-- RunsRepository.listRunsPage (from a date)
SELECT "PayrollRun"."id" AS "PayrollRun_id",
  "PayrollRun"."company_id" AS "PayrollRun_company_id",
  "PayrollRun"."status" AS "PayrollRun_status",
  "PayrollRun"."country" AS "PayrollRun_country",
  "PayrollRun"."period_start" AS "PayrollRun_period_start",
  "PayrollRun"."period_end" AS "PayrollRun_period_end",
  "PayrollRun"."employee_ids" AS "PayrollRun_employee_ids",
  "PayrollRun"."rule_set_version" AS "PayrollRun_rule_set_version",
  "PayrollRun"."currency" AS "PayrollRun_currency",
  "PayrollRun"."employee_count" AS "PayrollRun_employee_count",
  "PayrollRun"."total_gross" AS "PayrollRun_total_gross",
  "PayrollRun"."total_deductions" AS "PayrollRun_total_deductions",
  "PayrollRun"."total_net" AS "PayrollRun_total_net",
  "PayrollRun"."total_employer_contributions" AS "PayrollRun_total_employer_contributions",
  "PayrollRun"."total_employer_cost" AS "PayrollRun_total_employer_cost",
  "PayrollRun"."payment_progress" AS "PayrollRun_payment_progress",
  "PayrollRun"."version" AS "PayrollRun_version",
  "PayrollRun"."calculated_at" AS "PayrollRun_calculated_at",
  "PayrollRun"."approved_at" AS "PayrollRun_approved_at",
  "PayrollRun"."paid_at" AS "PayrollRun_paid_at",
  "PayrollRun"."cancelled_at" AS "PayrollRun_cancelled_at",
  "PayrollRun"."created_at" AS "PayrollRun_created_at",
  "PayrollRun"."updated_at" AS "PayrollRun_updated_at"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."company_id" = $1) AND ("PayrollRun"."period_start" >= $2))
ORDER BY "PayrollRun"."created_at" DESC, "PayrollRun"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."company_id" = $1) AND ("PayrollRun"."period_start" >= $2));

-- RunsRepository.listRunsPage (to a date)
SELECT "PayrollRun"."id" AS "PayrollRun_id",
  "PayrollRun"."company_id" AS "PayrollRun_company_id",
  "PayrollRun"."status" AS "PayrollRun_status",
  "PayrollRun"."country" AS "PayrollRun_country",
  "PayrollRun"."period_start" AS "PayrollRun_period_start",
  "PayrollRun"."period_end" AS "PayrollRun_period_end",
  "PayrollRun"."employee_ids" AS "PayrollRun_employee_ids",
  "PayrollRun"."rule_set_version" AS "PayrollRun_rule_set_version",
  "PayrollRun"."currency" AS "PayrollRun_currency",
  "PayrollRun"."employee_count" AS "PayrollRun_employee_count",
  "PayrollRun"."total_gross" AS "PayrollRun_total_gross",
  "PayrollRun"."total_deductions" AS "PayrollRun_total_deductions",
  "PayrollRun"."total_net" AS "PayrollRun_total_net",
  "PayrollRun"."total_employer_contributions" AS "PayrollRun_total_employer_contributions",
  "PayrollRun"."total_employer_cost" AS "PayrollRun_total_employer_cost",
  "PayrollRun"."payment_progress" AS "PayrollRun_payment_progress",
  "PayrollRun"."version" AS "PayrollRun_version",
  "PayrollRun"."calculated_at" AS "PayrollRun_calculated_at",
  "PayrollRun"."approved_at" AS "PayrollRun_approved_at",
  "PayrollRun"."paid_at" AS "PayrollRun_paid_at",
  "PayrollRun"."cancelled_at" AS "PayrollRun_cancelled_at",
  "PayrollRun"."created_at" AS "PayrollRun_created_at",
  "PayrollRun"."updated_at" AS "PayrollRun_updated_at"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."company_id" = $1) AND ("PayrollRun"."period_end" <= $2))
ORDER BY "PayrollRun"."created_at" DESC, "PayrollRun"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "payroll"."payroll_runs" "PayrollRun"
WHERE (("PayrollRun"."company_id" = $1) AND ("PayrollRun"."period_end" <= $2));

-- RunsRepository.listRunsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."status" AS "row_status",
  "row"."country" AS "row_country",
  "row"."period_start" AS "row_period_start",
  "row"."period_end" AS "row_period_end",
  "row"."employee_ids" AS "row_employee_ids",
  "row"."rule_set_version" AS "row_rule_set_version",
  "row"."currency" AS "row_currency",
  "row"."employee_count" AS "row_employee_count",
  "row"."total_gross" AS "row_total_gross",
  "row"."total_deductions" AS "row_total_deductions",
  "row"."total_net" AS "row_total_net",
  "row"."total_employer_contributions" AS "row_total_employer_contributions",
  "row"."total_employer_cost" AS "row_total_employer_cost",
  "row"."payment_progress" AS "row_payment_progress",
  "row"."version" AS "row_version",
  "row"."calculated_at" AS "row_calculated_at",
  "row"."approved_at" AS "row_approved_at",
  "row"."paid_at" AS "row_paid_at",
  "row"."cancelled_at" AS "row_cancelled_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "payroll"."payroll_runs" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- RunsRepository.listRunsPage (by status, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."status" AS "row_status",
  "row"."country" AS "row_country",
  "row"."period_start" AS "row_period_start",
  "row"."period_end" AS "row_period_end",
  "row"."employee_ids" AS "row_employee_ids",
  "row"."rule_set_version" AS "row_rule_set_version",
  "row"."currency" AS "row_currency",
  "row"."employee_count" AS "row_employee_count",
  "row"."total_gross" AS "row_total_gross",
  "row"."total_deductions" AS "row_total_deductions",
  "row"."total_net" AS "row_total_net",
  "row"."total_employer_contributions" AS "row_total_employer_contributions",
  "row"."total_employer_cost" AS "row_total_employer_cost",
  "row"."payment_progress" AS "row_payment_progress",
  "row"."version" AS "row_version",
  "row"."calculated_at" AS "row_calculated_at",
  "row"."approved_at" AS "row_approved_at",
  "row"."paid_at" AS "row_paid_at",
  "row"."cancelled_at" AS "row_cancelled_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "payroll"."payroll_runs" "row"
WHERE ("row"."company_id" = $1 AND "row"."status" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- RunsRepository.listRunsPage (from a date, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."status" AS "row_status",
  "row"."country" AS "row_country",
  "row"."period_start" AS "row_period_start",
  "row"."period_end" AS "row_period_end",
  "row"."employee_ids" AS "row_employee_ids",
  "row"."rule_set_version" AS "row_rule_set_version",
  "row"."currency" AS "row_currency",
  "row"."employee_count" AS "row_employee_count",
  "row"."total_gross" AS "row_total_gross",
  "row"."total_deductions" AS "row_total_deductions",
  "row"."total_net" AS "row_total_net",
  "row"."total_employer_contributions" AS "row_total_employer_contributions",
  "row"."total_employer_cost" AS "row_total_employer_cost",
  "row"."payment_progress" AS "row_payment_progress",
  "row"."version" AS "row_version",
  "row"."calculated_at" AS "row_calculated_at",
  "row"."approved_at" AS "row_approved_at",
  "row"."paid_at" AS "row_paid_at",
  "row"."cancelled_at" AS "row_cancelled_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "payroll"."payroll_runs" "row"
WHERE ("row"."company_id" = $1 AND "row"."period_start" >= $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- RunsRepository.listRunsPage (to a date, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."status" AS "row_status",
  "row"."country" AS "row_country",
  "row"."period_start" AS "row_period_start",
  "row"."period_end" AS "row_period_end",
  "row"."employee_ids" AS "row_employee_ids",
  "row"."rule_set_version" AS "row_rule_set_version",
  "row"."currency" AS "row_currency",
  "row"."employee_count" AS "row_employee_count",
  "row"."total_gross" AS "row_total_gross",
  "row"."total_deductions" AS "row_total_deductions",
  "row"."total_net" AS "row_total_net",
  "row"."total_employer_contributions" AS "row_total_employer_contributions",
  "row"."total_employer_cost" AS "row_total_employer_cost",
  "row"."payment_progress" AS "row_payment_progress",
  "row"."version" AS "row_version",
  "row"."calculated_at" AS "row_calculated_at",
  "row"."approved_at" AS "row_approved_at",
  "row"."paid_at" AS "row_paid_at",
  "row"."cancelled_at" AS "row_cancelled_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "payroll"."payroll_runs" "row"
WHERE ("row"."company_id" = $1 AND "row"."period_end" <= $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- RunsRepository.setTotals
UPDATE "payroll"."payroll_runs"
SET "rule_set_version" = $1,
  "currency" = $2,
  "employee_count" = $3,
  "payment_progress" = $4,
  "total_gross" = $5,
  "total_deductions" = $6,
  "total_net" = $7,
  "total_employer_contributions" = $8,
  "total_employer_cost" = $9,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $10 AND "company_id" = $11);

-- RunsRepository.changeDraft
UPDATE "payroll"."payroll_runs"
SET "period_start" = $1,
  "period_end" = $2,
  "employee_ids" = $3,
  "country" = $4,
  "calculated_at" = $5,
  "version" = "version" + 1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $6 AND "company_id" = $7 AND "status" = $8 AND "version" = $9;

-- RunsRepository.moveRun
UPDATE "payroll"."payroll_runs"
SET "status" = $1,
  "cancelled_at" = $2,
  "version" = "version" + 1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $3 AND "company_id" = $4 AND "status" IN ($5, $6);

-- RunsRepository.claimMonth
INSERT INTO "payroll"."payroll_period_claims" ("company_id", "employee_id", "month", "run_id")
SELECT $1,
  "employee_id",
  $2,
  $3
FROM "payroll"."payslips"
WHERE "company_id" = $1 AND "run_id" = $3;

-- RunsRepository.releaseClaims
DELETE FROM "payroll"."payroll_period_claims"
WHERE ("company_id" = $1 AND "run_id" = $2);

-- RunsRepository.conflictingClaims
SELECT "claim"."company_id" AS "claim_company_id",
  "claim"."employee_id" AS "claim_employee_id",
  "claim"."month" AS "claim_month",
  "claim"."run_id" AS "claim_run_id"
FROM "payroll"."payroll_period_claims" "claim"
INNER JOIN "payroll"."payslips" "slip" ON "slip"."company_id" = "claim"."company_id" AND "slip"."run_id" = $1 AND "slip"."employee_id" = "claim"."employee_id"
WHERE "claim"."company_id" = $2 AND "claim"."month" = $3 AND "claim"."run_id" <> $1
ORDER BY "claim"."employee_id" ASC
LIMIT 1000;

-- RunsRepository.countPaymentProgress
UPDATE "payroll"."payroll_runs" r
SET "payment_progress" = counted.progress,
  "updated_at" = $3
FROM (
  SELECT jsonb_build_object('total', count(*), 'succeeded', count(*) FILTER (WHERE "payment_status" = 'succeeded'), 'failed', count(*) FILTER (WHERE "payment_status" = 'failed'), 'pending', count(*) FILTER (WHERE "payment_status" IS NULL OR "payment_status" = 'pending')) AS progress
  FROM "payroll"."payslips"
  WHERE "company_id" = $1 AND "run_id" = $2
) counted
WHERE r."company_id" = $1 AND r."id" = $2;
