-- The SQL of apps/hr/src/payroll-inputs/payroll-inputs.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- PayrollInputsRepository.employeesInForce
SELECT "contract"."employee_id" AS "employeeId"
FROM "hr"."contracts" "contract"
WHERE "contract"."company_id" = $1 AND "contract"."status" IN ('active', 'ended') AND "contract"."start_date" <= $2 AND ("contract"."end_date" IS NULL OR "contract"."end_date" >= $3)
GROUP BY "contract"."employee_id"
ORDER BY "contract"."employee_id" ASC
LIMIT 1001;

-- PayrollInputsRepository.employeesInForce (after an employee)
SELECT "contract"."employee_id" AS "employeeId"
FROM "hr"."contracts" "contract"
WHERE "contract"."company_id" = $1 AND "contract"."status" IN ('active', 'ended') AND "contract"."start_date" <= $2 AND ("contract"."end_date" IS NULL OR "contract"."end_date" >= $3) AND "contract"."employee_id" > $4
GROUP BY "contract"."employee_id"
ORDER BY "contract"."employee_id" ASC
LIMIT 1001;

-- PayrollInputsRepository.employeesOf
SELECT "Employee"."id" AS "Employee_id",
  "Employee"."company_id" AS "Employee_company_id",
  "Employee"."external_id" AS "Employee_external_id",
  "Employee"."first_name" AS "Employee_first_name",
  "Employee"."last_name" AS "Employee_last_name",
  "Employee"."email" AS "Employee_email",
  "Employee"."phone" AS "Employee_phone",
  "Employee"."hire_date" AS "Employee_hire_date",
  "Employee"."job_title" AS "Employee_job_title",
  "Employee"."department" AS "Employee_department",
  "Employee"."status" AS "Employee_status",
  "Employee"."termination_date" AS "Employee_termination_date",
  "Employee"."national_id" AS "Employee_national_id",
  "Employee"."social_insurance_number" AS "Employee_social_insurance_number",
  "Employee"."country" AS "Employee_country",
  "Employee"."payout" AS "Employee_payout",
  "Employee"."created_at" AS "Employee_created_at",
  "Employee"."updated_at" AS "Employee_updated_at"
FROM "hr"."employees" "Employee"
WHERE (("Employee"."company_id" = $1) AND ("Employee"."id" IN ($2, $3)));

-- PayrollInputsRepository.contractsInForce
SELECT "contract"."id" AS "contract_id",
  "contract"."company_id" AS "contract_company_id",
  "contract"."employee_id" AS "contract_employee_id",
  "contract"."external_id" AS "contract_external_id",
  "contract"."type" AS "contract_type",
  "contract"."status" AS "contract_status",
  "contract"."start_date" AS "contract_start_date",
  "contract"."end_date" AS "contract_end_date",
  "contract"."base_salary" AS "contract_base_salary",
  "contract"."currency" AS "contract_currency",
  "contract"."pay_frequency" AS "contract_pay_frequency",
  "contract"."allowances" AS "contract_allowances",
  "contract"."deductions" AS "contract_deductions",
  "contract"."job_title" AS "contract_job_title",
  "contract"."created_at" AS "contract_created_at",
  "contract"."updated_at" AS "contract_updated_at"
FROM "hr"."contracts" "contract"
WHERE "contract"."company_id" = $1 AND "contract"."employee_id" IN ($2, $3) AND "contract"."status" IN ('active', 'ended') AND "contract"."start_date" <= $4 AND ("contract"."end_date" IS NULL OR "contract"."end_date" >= $5)
ORDER BY "contract"."employee_id" ASC, "contract"."start_date" ASC;

-- PayrollInputsRepository.unpaidLeave
SELECT "request"."id" AS "request_id",
  "request"."company_id" AS "request_company_id",
  "request"."employee_id" AS "request_employee_id",
  "request"."leave_type_id" AS "request_leave_type_id",
  "request"."start_date" AS "request_start_date",
  "request"."end_date" AS "request_end_date",
  "request"."start_half_day" AS "request_start_half_day",
  "request"."end_half_day" AS "request_end_half_day",
  "request"."days" AS "request_days",
  "request"."status" AS "request_status",
  "request"."reason" AS "request_reason",
  "request"."decided_at" AS "request_decided_at",
  "request"."created_at" AS "request_created_at",
  "request"."updated_at" AS "request_updated_at"
FROM "hr"."leave_requests" "request"
INNER JOIN "hr"."leave_types" "type" ON "type"."id" = "request"."leave_type_id" AND "type"."company_id" = "request"."company_id"
WHERE "request"."company_id" = $1 AND "request"."employee_id" IN ($2, $3) AND "request"."status" = 'approved' AND "type"."paid" = false AND "request"."start_date" <= $4 AND "request"."end_date" >= $5;
