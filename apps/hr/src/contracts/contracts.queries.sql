-- The SQL of apps/hr/src/contracts/contracts.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- ContractsRepository.listContractsPage
SELECT "Contract"."id" AS "Contract_id",
  "Contract"."company_id" AS "Contract_company_id",
  "Contract"."employee_id" AS "Contract_employee_id",
  "Contract"."external_id" AS "Contract_external_id",
  "Contract"."type" AS "Contract_type",
  "Contract"."status" AS "Contract_status",
  "Contract"."start_date" AS "Contract_start_date",
  "Contract"."end_date" AS "Contract_end_date",
  "Contract"."base_salary" AS "Contract_base_salary",
  "Contract"."currency" AS "Contract_currency",
  "Contract"."pay_frequency" AS "Contract_pay_frequency",
  "Contract"."allowances" AS "Contract_allowances",
  "Contract"."deductions" AS "Contract_deductions",
  "Contract"."job_title" AS "Contract_job_title",
  "Contract"."created_at" AS "Contract_created_at",
  "Contract"."updated_at" AS "Contract_updated_at"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."company_id" = $1))
ORDER BY "Contract"."created_at" ASC, "Contract"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."company_id" = $1));

-- ContractsRepository.listContractsPage (by employee)
SELECT "Contract"."id" AS "Contract_id",
  "Contract"."company_id" AS "Contract_company_id",
  "Contract"."employee_id" AS "Contract_employee_id",
  "Contract"."external_id" AS "Contract_external_id",
  "Contract"."type" AS "Contract_type",
  "Contract"."status" AS "Contract_status",
  "Contract"."start_date" AS "Contract_start_date",
  "Contract"."end_date" AS "Contract_end_date",
  "Contract"."base_salary" AS "Contract_base_salary",
  "Contract"."currency" AS "Contract_currency",
  "Contract"."pay_frequency" AS "Contract_pay_frequency",
  "Contract"."allowances" AS "Contract_allowances",
  "Contract"."deductions" AS "Contract_deductions",
  "Contract"."job_title" AS "Contract_job_title",
  "Contract"."created_at" AS "Contract_created_at",
  "Contract"."updated_at" AS "Contract_updated_at"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."company_id" = $1) AND ("Contract"."employee_id" = $2))
ORDER BY "Contract"."created_at" ASC, "Contract"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."company_id" = $1) AND ("Contract"."employee_id" = $2));

-- ContractsRepository.listContractsPage (by externalId)
SELECT "Contract"."id" AS "Contract_id",
  "Contract"."company_id" AS "Contract_company_id",
  "Contract"."employee_id" AS "Contract_employee_id",
  "Contract"."external_id" AS "Contract_external_id",
  "Contract"."type" AS "Contract_type",
  "Contract"."status" AS "Contract_status",
  "Contract"."start_date" AS "Contract_start_date",
  "Contract"."end_date" AS "Contract_end_date",
  "Contract"."base_salary" AS "Contract_base_salary",
  "Contract"."currency" AS "Contract_currency",
  "Contract"."pay_frequency" AS "Contract_pay_frequency",
  "Contract"."allowances" AS "Contract_allowances",
  "Contract"."deductions" AS "Contract_deductions",
  "Contract"."job_title" AS "Contract_job_title",
  "Contract"."created_at" AS "Contract_created_at",
  "Contract"."updated_at" AS "Contract_updated_at"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."company_id" = $1) AND ("Contract"."external_id" = $2))
ORDER BY "Contract"."created_at" ASC, "Contract"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."company_id" = $1) AND ("Contract"."external_id" = $2));

-- ContractsRepository.listContractsPage (by status)
SELECT "Contract"."id" AS "Contract_id",
  "Contract"."company_id" AS "Contract_company_id",
  "Contract"."employee_id" AS "Contract_employee_id",
  "Contract"."external_id" AS "Contract_external_id",
  "Contract"."type" AS "Contract_type",
  "Contract"."status" AS "Contract_status",
  "Contract"."start_date" AS "Contract_start_date",
  "Contract"."end_date" AS "Contract_end_date",
  "Contract"."base_salary" AS "Contract_base_salary",
  "Contract"."currency" AS "Contract_currency",
  "Contract"."pay_frequency" AS "Contract_pay_frequency",
  "Contract"."allowances" AS "Contract_allowances",
  "Contract"."deductions" AS "Contract_deductions",
  "Contract"."job_title" AS "Contract_job_title",
  "Contract"."created_at" AS "Contract_created_at",
  "Contract"."updated_at" AS "Contract_updated_at"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."company_id" = $1) AND ("Contract"."status" = $2))
ORDER BY "Contract"."created_at" ASC, "Contract"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."company_id" = $1) AND ("Contract"."status" = $2));

-- ContractsRepository.listContractsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."external_id" AS "row_external_id",
  "row"."type" AS "row_type",
  "row"."status" AS "row_status",
  "row"."start_date" AS "row_start_date",
  "row"."end_date" AS "row_end_date",
  "row"."base_salary" AS "row_base_salary",
  "row"."currency" AS "row_currency",
  "row"."pay_frequency" AS "row_pay_frequency",
  "row"."allowances" AS "row_allowances",
  "row"."deductions" AS "row_deductions",
  "row"."job_title" AS "row_job_title",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."contracts" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- ContractsRepository.listContractsPage (by employee, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."external_id" AS "row_external_id",
  "row"."type" AS "row_type",
  "row"."status" AS "row_status",
  "row"."start_date" AS "row_start_date",
  "row"."end_date" AS "row_end_date",
  "row"."base_salary" AS "row_base_salary",
  "row"."currency" AS "row_currency",
  "row"."pay_frequency" AS "row_pay_frequency",
  "row"."allowances" AS "row_allowances",
  "row"."deductions" AS "row_deductions",
  "row"."job_title" AS "row_job_title",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."contracts" "row"
WHERE ("row"."company_id" = $1 AND "row"."employee_id" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- ContractsRepository.listContractsPage (by externalId, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."external_id" AS "row_external_id",
  "row"."type" AS "row_type",
  "row"."status" AS "row_status",
  "row"."start_date" AS "row_start_date",
  "row"."end_date" AS "row_end_date",
  "row"."base_salary" AS "row_base_salary",
  "row"."currency" AS "row_currency",
  "row"."pay_frequency" AS "row_pay_frequency",
  "row"."allowances" AS "row_allowances",
  "row"."deductions" AS "row_deductions",
  "row"."job_title" AS "row_job_title",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."contracts" "row"
WHERE ("row"."company_id" = $1 AND "row"."external_id" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- ContractsRepository.listContractsPage (by status, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."employee_id" AS "row_employee_id",
  "row"."external_id" AS "row_external_id",
  "row"."type" AS "row_type",
  "row"."status" AS "row_status",
  "row"."start_date" AS "row_start_date",
  "row"."end_date" AS "row_end_date",
  "row"."base_salary" AS "row_base_salary",
  "row"."currency" AS "row_currency",
  "row"."pay_frequency" AS "row_pay_frequency",
  "row"."allowances" AS "row_allowances",
  "row"."deductions" AS "row_deductions",
  "row"."job_title" AS "row_job_title",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."contracts" "row"
WHERE ("row"."company_id" = $1 AND "row"."status" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- ContractsRepository.findContract
SELECT "Contract"."id" AS "Contract_id",
  "Contract"."company_id" AS "Contract_company_id",
  "Contract"."employee_id" AS "Contract_employee_id",
  "Contract"."external_id" AS "Contract_external_id",
  "Contract"."type" AS "Contract_type",
  "Contract"."status" AS "Contract_status",
  "Contract"."start_date" AS "Contract_start_date",
  "Contract"."end_date" AS "Contract_end_date",
  "Contract"."base_salary" AS "Contract_base_salary",
  "Contract"."currency" AS "Contract_currency",
  "Contract"."pay_frequency" AS "Contract_pay_frequency",
  "Contract"."allowances" AS "Contract_allowances",
  "Contract"."deductions" AS "Contract_deductions",
  "Contract"."job_title" AS "Contract_job_title",
  "Contract"."created_at" AS "Contract_created_at",
  "Contract"."updated_at" AS "Contract_updated_at"
FROM "hr"."contracts" "Contract"
WHERE (("Contract"."id" = $1) AND ("Contract"."company_id" = $2))
LIMIT 1;

-- ContractsRepository.contractsConcerned
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
WHERE "contract"."company_id" = $1 AND ("contract"."external_id" = ANY($2) OR ("contract"."employee_id" = ANY($3) AND "contract"."status" IN ('active', 'ended') AND ("contract"."end_date" IS NULL OR "contract"."end_date" >= $4)));

-- ContractsRepository.insertContract
INSERT INTO "hr"."contracts"("id", "company_id", "employee_id", "external_id", "type", "status", "start_date", "end_date", "base_salary", "currency", "pay_frequency", "allowances", "deductions", "job_title", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";

-- ContractsRepository.updateContract
UPDATE "hr"."contracts"
SET "status" = $1,
  "end_date" = $2,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $3 AND "company_id" = $4
RETURNING "updated_at";

-- ContractsRepository.insertContracts
INSERT INTO "hr"."contracts" ("company_id", "id", "employee_id", "external_id", "type", "status", "start_date", "end_date", "base_salary", "currency", "pay_frequency", "allowances", "deductions", "job_title")
SELECT $1,
  "id",
  "employeeId",
  "externalId",
  "type",
  "status",
  "startDate",
  "endDate",
  "baseSalary",
  "currency",
  "payFrequency",
  "allowances",
  "deductions",
  "jobTitle"
FROM json_to_recordset($2::json) AS item("id" uuid, "employeeId" uuid, "externalId" varchar, "type" varchar, "status" varchar, "startDate" date, "endDate" date, "baseSalary" bigint, "currency" varchar, "payFrequency" varchar, "allowances" jsonb, "deductions" jsonb, "jobTitle" varchar)
RETURNING "id", "created_at" AS "createdAt", "updated_at" AS "updatedAt";

-- ContractsRepository.updateContracts
UPDATE "hr"."contracts" AS contract
SET "external_id" = item."externalId",
  "type" = item."type",
  "status" = item."status",
  "start_date" = item."startDate",
  "end_date" = item."endDate",
  "base_salary" = item."baseSalary",
  "currency" = item."currency",
  "pay_frequency" = item."payFrequency",
  "allowances" = item."allowances",
  "deductions" = item."deductions",
  "job_title" = item."jobTitle",
  "updated_at" = now()
FROM json_to_recordset($2::json) AS item("id" uuid, "externalId" varchar, "type" varchar, "status" varchar, "startDate" date, "endDate" date, "baseSalary" bigint, "currency" varchar, "payFrequency" varchar, "allowances" jsonb, "deductions" jsonb, "jobTitle" varchar)
WHERE contract."company_id" = $1 AND contract."id" = item."id"
RETURNING contract."id", contract."created_at" AS "createdAt", contract."updated_at" AS "updatedAt";
