-- The SQL of apps/payroll/src/runs/payslips.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- PayslipsRepository.insertPayslips
INSERT INTO "payroll"."payslips" ("company_id", "run_id", "employee_id", "employee_external_id", "employee_name", "national_id", "social_insurance_number", "payout", "contract_ids", "currency", "working_days_in_month", "worked_days", "unpaid_leave_days", "earnings", "deductions", "employer_contributions", "gross_pay", "taxable_pay", "total_deductions", "net_pay", "total_employer_contributions", "employer_cost")
SELECT $1,
  $2,
  "employeeId",
  "employeeExternalId",
  "employeeName",
  "nationalId",
  "socialInsuranceNumber",
  "payout",
  "contractIds",
  "currency",
  "workingDaysInMonth",
  "workedDays",
  "unpaidLeaveDays",
  "earnings",
  "deductions",
  "employerContributions",
  "grossPay",
  "taxablePay",
  "totalDeductions",
  "netPay",
  "totalEmployerContributions",
  "employerCost"
FROM json_to_recordset($3::json) AS slip("employeeId" uuid, "employeeExternalId" varchar, "employeeName" varchar, "nationalId" varchar, "socialInsuranceNumber" varchar, "payout" jsonb, "contractIds" jsonb, "currency" varchar, "workingDaysInMonth" integer, "workedDays" numeric, "unpaidLeaveDays" numeric, "earnings" jsonb, "deductions" jsonb, "employerContributions" jsonb, "grossPay" bigint, "taxablePay" bigint, "totalDeductions" bigint, "netPay" bigint, "totalEmployerContributions" bigint, "employerCost" bigint);

-- PayslipsRepository.deletePayslips
DELETE FROM "payroll"."payslips"
WHERE ("run_id" = $1 AND "company_id" = $2);

-- PayslipsRepository.listPayslipsPage
SELECT "Payslip"."id" AS "Payslip_id",
  "Payslip"."company_id" AS "Payslip_company_id",
  "Payslip"."run_id" AS "Payslip_run_id",
  "Payslip"."employee_id" AS "Payslip_employee_id",
  "Payslip"."employee_external_id" AS "Payslip_employee_external_id",
  "Payslip"."employee_name" AS "Payslip_employee_name",
  "Payslip"."national_id" AS "Payslip_national_id",
  "Payslip"."social_insurance_number" AS "Payslip_social_insurance_number",
  "Payslip"."payout" AS "Payslip_payout",
  "Payslip"."contract_ids" AS "Payslip_contract_ids",
  "Payslip"."currency" AS "Payslip_currency",
  "Payslip"."working_days_in_month" AS "Payslip_working_days_in_month",
  "Payslip"."worked_days" AS "Payslip_worked_days",
  "Payslip"."unpaid_leave_days" AS "Payslip_unpaid_leave_days",
  "Payslip"."earnings" AS "Payslip_earnings",
  "Payslip"."deductions" AS "Payslip_deductions",
  "Payslip"."employer_contributions" AS "Payslip_employer_contributions",
  "Payslip"."gross_pay" AS "Payslip_gross_pay",
  "Payslip"."taxable_pay" AS "Payslip_taxable_pay",
  "Payslip"."total_deductions" AS "Payslip_total_deductions",
  "Payslip"."net_pay" AS "Payslip_net_pay",
  "Payslip"."total_employer_contributions" AS "Payslip_total_employer_contributions",
  "Payslip"."employer_cost" AS "Payslip_employer_cost",
  "Payslip"."payment_id" AS "Payslip_payment_id",
  "Payslip"."payment_status" AS "Payslip_payment_status",
  "Payslip"."payment_failure_reason" AS "Payslip_payment_failure_reason",
  "Payslip"."paid_at" AS "Payslip_paid_at",
  "Payslip"."created_at" AS "Payslip_created_at",
  "Payslip"."updated_at" AS "Payslip_updated_at"
FROM "payroll"."payslips" "Payslip"
WHERE (("Payslip"."run_id" = $1) AND ("Payslip"."company_id" = $2))
ORDER BY "Payslip"."employee_name" ASC, "Payslip"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "payroll"."payslips" "Payslip"
WHERE (("Payslip"."run_id" = $1) AND ("Payslip"."company_id" = $2));

-- PayslipsRepository.listPayslipsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."run_id" AS "row_run_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."employee_external_id" AS "row_employee_external_id",
  "row"."employee_name" AS "row_employee_name",
  "row"."national_id" AS "row_national_id",
  "row"."social_insurance_number" AS "row_social_insurance_number",
  "row"."payout" AS "row_payout",
  "row"."contract_ids" AS "row_contract_ids",
  "row"."currency" AS "row_currency",
  "row"."working_days_in_month" AS "row_working_days_in_month",
  "row"."worked_days" AS "row_worked_days",
  "row"."unpaid_leave_days" AS "row_unpaid_leave_days",
  "row"."earnings" AS "row_earnings",
  "row"."deductions" AS "row_deductions",
  "row"."employer_contributions" AS "row_employer_contributions",
  "row"."gross_pay" AS "row_gross_pay",
  "row"."taxable_pay" AS "row_taxable_pay",
  "row"."total_deductions" AS "row_total_deductions",
  "row"."net_pay" AS "row_net_pay",
  "row"."total_employer_contributions" AS "row_total_employer_contributions",
  "row"."employer_cost" AS "row_employer_cost",
  "row"."payment_id" AS "row_payment_id",
  "row"."payment_status" AS "row_payment_status",
  "row"."payment_failure_reason" AS "row_payment_failure_reason",
  "row"."paid_at" AS "row_paid_at",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "payroll"."payslips" "row"
WHERE ("row"."run_id" = $1 AND "row"."company_id" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- PayslipsRepository.findPayslipPlace
SELECT "Payslip"."id" AS "Payslip_id",
  "Payslip"."employee_name" AS "Payslip_employee_name"
FROM "payroll"."payslips" "Payslip"
WHERE (("Payslip"."company_id" = $1) AND ("Payslip"."run_id" = $2) AND ("Payslip"."id" = $3))
LIMIT 1;

-- PayslipsRepository.payslipsInNameOrder
SELECT "slip"."id" AS "slip_id",
  "slip"."company_id" AS "slip_company_id",
  "slip"."run_id" AS "slip_run_id",
  "slip"."employee_id" AS "slip_employee_id",
  "slip"."employee_external_id" AS "slip_employee_external_id",
  "slip"."employee_name" AS "slip_employee_name",
  "slip"."national_id" AS "slip_national_id",
  "slip"."social_insurance_number" AS "slip_social_insurance_number",
  "slip"."payout" AS "slip_payout",
  "slip"."contract_ids" AS "slip_contract_ids",
  "slip"."currency" AS "slip_currency",
  "slip"."working_days_in_month" AS "slip_working_days_in_month",
  "slip"."worked_days" AS "slip_worked_days",
  "slip"."unpaid_leave_days" AS "slip_unpaid_leave_days",
  "slip"."earnings" AS "slip_earnings",
  "slip"."deductions" AS "slip_deductions",
  "slip"."employer_contributions" AS "slip_employer_contributions",
  "slip"."gross_pay" AS "slip_gross_pay",
  "slip"."taxable_pay" AS "slip_taxable_pay",
  "slip"."total_deductions" AS "slip_total_deductions",
  "slip"."net_pay" AS "slip_net_pay",
  "slip"."total_employer_contributions" AS "slip_total_employer_contributions",
  "slip"."employer_cost" AS "slip_employer_cost",
  "slip"."payment_id" AS "slip_payment_id",
  "slip"."payment_status" AS "slip_payment_status",
  "slip"."payment_failure_reason" AS "slip_payment_failure_reason",
  "slip"."paid_at" AS "slip_paid_at",
  "slip"."created_at" AS "slip_created_at",
  "slip"."updated_at" AS "slip_updated_at"
FROM "payroll"."payslips" "slip"
WHERE "slip"."company_id" = $1 AND "slip"."run_id" = $2
ORDER BY "slip"."employee_name" ASC, "slip"."id" ASC
LIMIT 51;

-- PayslipsRepository.payslipsInNameOrder (after a payslip)
SELECT "slip"."id" AS "slip_id",
  "slip"."company_id" AS "slip_company_id",
  "slip"."run_id" AS "slip_run_id",
  "slip"."employee_id" AS "slip_employee_id",
  "slip"."employee_external_id" AS "slip_employee_external_id",
  "slip"."employee_name" AS "slip_employee_name",
  "slip"."national_id" AS "slip_national_id",
  "slip"."social_insurance_number" AS "slip_social_insurance_number",
  "slip"."payout" AS "slip_payout",
  "slip"."contract_ids" AS "slip_contract_ids",
  "slip"."currency" AS "slip_currency",
  "slip"."working_days_in_month" AS "slip_working_days_in_month",
  "slip"."worked_days" AS "slip_worked_days",
  "slip"."unpaid_leave_days" AS "slip_unpaid_leave_days",
  "slip"."earnings" AS "slip_earnings",
  "slip"."deductions" AS "slip_deductions",
  "slip"."employer_contributions" AS "slip_employer_contributions",
  "slip"."gross_pay" AS "slip_gross_pay",
  "slip"."taxable_pay" AS "slip_taxable_pay",
  "slip"."total_deductions" AS "slip_total_deductions",
  "slip"."net_pay" AS "slip_net_pay",
  "slip"."total_employer_contributions" AS "slip_total_employer_contributions",
  "slip"."employer_cost" AS "slip_employer_cost",
  "slip"."payment_id" AS "slip_payment_id",
  "slip"."payment_status" AS "slip_payment_status",
  "slip"."payment_failure_reason" AS "slip_payment_failure_reason",
  "slip"."paid_at" AS "slip_paid_at",
  "slip"."created_at" AS "slip_created_at",
  "slip"."updated_at" AS "slip_updated_at"
FROM "payroll"."payslips" "slip"
WHERE "slip"."company_id" = $1 AND "slip"."run_id" = $2 AND ("slip"."employee_name", "slip"."id") > ($3, $4)
ORDER BY "slip"."employee_name" ASC, "slip"."id" ASC
LIMIT 51;

-- PayslipsRepository.payslipsInNameOrder (one employee)
SELECT "slip"."id" AS "slip_id",
  "slip"."company_id" AS "slip_company_id",
  "slip"."run_id" AS "slip_run_id",
  "slip"."employee_id" AS "slip_employee_id",
  "slip"."employee_external_id" AS "slip_employee_external_id",
  "slip"."employee_name" AS "slip_employee_name",
  "slip"."national_id" AS "slip_national_id",
  "slip"."social_insurance_number" AS "slip_social_insurance_number",
  "slip"."payout" AS "slip_payout",
  "slip"."contract_ids" AS "slip_contract_ids",
  "slip"."currency" AS "slip_currency",
  "slip"."working_days_in_month" AS "slip_working_days_in_month",
  "slip"."worked_days" AS "slip_worked_days",
  "slip"."unpaid_leave_days" AS "slip_unpaid_leave_days",
  "slip"."earnings" AS "slip_earnings",
  "slip"."deductions" AS "slip_deductions",
  "slip"."employer_contributions" AS "slip_employer_contributions",
  "slip"."gross_pay" AS "slip_gross_pay",
  "slip"."taxable_pay" AS "slip_taxable_pay",
  "slip"."total_deductions" AS "slip_total_deductions",
  "slip"."net_pay" AS "slip_net_pay",
  "slip"."total_employer_contributions" AS "slip_total_employer_contributions",
  "slip"."employer_cost" AS "slip_employer_cost",
  "slip"."payment_id" AS "slip_payment_id",
  "slip"."payment_status" AS "slip_payment_status",
  "slip"."payment_failure_reason" AS "slip_payment_failure_reason",
  "slip"."paid_at" AS "slip_paid_at",
  "slip"."created_at" AS "slip_created_at",
  "slip"."updated_at" AS "slip_updated_at"
FROM "payroll"."payslips" "slip"
WHERE "slip"."company_id" = $1 AND "slip"."run_id" = $2 AND "slip"."employee_id" = $3
ORDER BY "slip"."employee_name" ASC, "slip"."id" ASC
LIMIT 51;

-- PayslipsRepository.payslipsOfRun
SELECT "Payslip"."id" AS "Payslip_id",
  "Payslip"."company_id" AS "Payslip_company_id",
  "Payslip"."run_id" AS "Payslip_run_id",
  "Payslip"."employee_id" AS "Payslip_employee_id",
  "Payslip"."employee_external_id" AS "Payslip_employee_external_id",
  "Payslip"."employee_name" AS "Payslip_employee_name",
  "Payslip"."national_id" AS "Payslip_national_id",
  "Payslip"."social_insurance_number" AS "Payslip_social_insurance_number",
  "Payslip"."payout" AS "Payslip_payout",
  "Payslip"."contract_ids" AS "Payslip_contract_ids",
  "Payslip"."currency" AS "Payslip_currency",
  "Payslip"."working_days_in_month" AS "Payslip_working_days_in_month",
  "Payslip"."worked_days" AS "Payslip_worked_days",
  "Payslip"."unpaid_leave_days" AS "Payslip_unpaid_leave_days",
  "Payslip"."earnings" AS "Payslip_earnings",
  "Payslip"."deductions" AS "Payslip_deductions",
  "Payslip"."employer_contributions" AS "Payslip_employer_contributions",
  "Payslip"."gross_pay" AS "Payslip_gross_pay",
  "Payslip"."taxable_pay" AS "Payslip_taxable_pay",
  "Payslip"."total_deductions" AS "Payslip_total_deductions",
  "Payslip"."net_pay" AS "Payslip_net_pay",
  "Payslip"."total_employer_contributions" AS "Payslip_total_employer_contributions",
  "Payslip"."employer_cost" AS "Payslip_employer_cost",
  "Payslip"."payment_id" AS "Payslip_payment_id",
  "Payslip"."payment_status" AS "Payslip_payment_status",
  "Payslip"."payment_failure_reason" AS "Payslip_payment_failure_reason",
  "Payslip"."paid_at" AS "Payslip_paid_at",
  "Payslip"."created_at" AS "Payslip_created_at",
  "Payslip"."updated_at" AS "Payslip_updated_at"
FROM "payroll"."payslips" "Payslip"
WHERE (("Payslip"."run_id" = $1) AND ("Payslip"."company_id" = $2))
ORDER BY "Payslip"."employee_name" ASC, "Payslip"."id" ASC;

-- PayslipsRepository.amountsOfRun
SELECT "Payslip"."deductions" AS "Payslip_deductions",
  "Payslip"."employer_contributions" AS "Payslip_employer_contributions",
  "Payslip"."gross_pay" AS "Payslip_gross_pay",
  "Payslip"."net_pay" AS "Payslip_net_pay",
  "Payslip"."id" AS "Payslip_id"
FROM "payroll"."payslips" "Payslip"
WHERE (("Payslip"."run_id" = $1) AND ("Payslip"."company_id" = $2));

-- PayslipsRepository.findPayslips
SELECT "Payslip"."id" AS "Payslip_id",
  "Payslip"."company_id" AS "Payslip_company_id",
  "Payslip"."run_id" AS "Payslip_run_id",
  "Payslip"."employee_id" AS "Payslip_employee_id",
  "Payslip"."employee_external_id" AS "Payslip_employee_external_id",
  "Payslip"."employee_name" AS "Payslip_employee_name",
  "Payslip"."national_id" AS "Payslip_national_id",
  "Payslip"."social_insurance_number" AS "Payslip_social_insurance_number",
  "Payslip"."payout" AS "Payslip_payout",
  "Payslip"."contract_ids" AS "Payslip_contract_ids",
  "Payslip"."currency" AS "Payslip_currency",
  "Payslip"."working_days_in_month" AS "Payslip_working_days_in_month",
  "Payslip"."worked_days" AS "Payslip_worked_days",
  "Payslip"."unpaid_leave_days" AS "Payslip_unpaid_leave_days",
  "Payslip"."earnings" AS "Payslip_earnings",
  "Payslip"."deductions" AS "Payslip_deductions",
  "Payslip"."employer_contributions" AS "Payslip_employer_contributions",
  "Payslip"."gross_pay" AS "Payslip_gross_pay",
  "Payslip"."taxable_pay" AS "Payslip_taxable_pay",
  "Payslip"."total_deductions" AS "Payslip_total_deductions",
  "Payslip"."net_pay" AS "Payslip_net_pay",
  "Payslip"."total_employer_contributions" AS "Payslip_total_employer_contributions",
  "Payslip"."employer_cost" AS "Payslip_employer_cost",
  "Payslip"."payment_id" AS "Payslip_payment_id",
  "Payslip"."payment_status" AS "Payslip_payment_status",
  "Payslip"."payment_failure_reason" AS "Payslip_payment_failure_reason",
  "Payslip"."paid_at" AS "Payslip_paid_at",
  "Payslip"."created_at" AS "Payslip_created_at",
  "Payslip"."updated_at" AS "Payslip_updated_at"
FROM "payroll"."payslips" "Payslip"
WHERE (("Payslip"."company_id" = $1) AND ("Payslip"."run_id" = $2) AND ("Payslip"."id" IN ($3)));

-- PayslipsRepository.recordPayments
UPDATE "payroll"."payslips" p
SET "payment_status" = o."status",
  "payment_id" = o."paymentId",
  "payment_failure_reason" = o."failureReason",
  "paid_at" = o."paidAt",
  "updated_at" = $3
FROM json_to_recordset($4::json) AS o("id" uuid, "status" varchar, "paymentId" uuid, "failureReason" varchar, "paidAt" timestamptz)
WHERE p."company_id" = $1 AND p."run_id" = $2 AND p."id" = o."id";

-- PayslipsRepository.claimForSettlement
UPDATE "payroll"."payslips"
SET "settlement_id" = $3
WHERE "company_id" = $1 AND "run_id" = $2 AND "payment_status" = 'succeeded' AND "settlement_id" IS NULL
RETURNING "net_pay";
