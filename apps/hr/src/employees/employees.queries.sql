-- The SQL of apps/hr/src/employees/employees.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- EmployeesRepository.listEmployeesPage
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $2 AND (count(*) > 0 OR $3 = 0) THEN ($3 + count(*))::int ELSE coalesce($4::int, (
  SELECT count(*)::int
  FROM "hr"."employees"
  WHERE "company_id" = $1
)) END AS total,
  NOT (count(*) < $2 AND (count(*) > 0 OR $3 = 0)) AND $4::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "hr"."employees"
    WHERE "company_id" = $1
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $2
    OFFSET $3
  ) k
  JOIN "hr"."employees" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."external_id" AS "externalId",
    r."first_name" AS "firstName",
    r."last_name" AS "lastName",
    r."email" AS "email",
    r."phone" AS "phone",
    r."hire_date" AS "hireDate",
    r."job_title" AS "jobTitle",
    r."department" AS "department",
    r."status" AS "status",
    r."termination_date" AS "terminationDate",
    r."national_id" AS "nationalId",
    r."social_insurance_number" AS "socialInsuranceNumber",
    r."country" AS "country",
    r."payout" AS "payout",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- EmployeesRepository.listEmployeesPage (by status)
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "hr"."employees"
  WHERE "company_id" = $1 AND "status" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "hr"."employees"
    WHERE "company_id" = $1 AND "status" = $2
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "hr"."employees" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."external_id" AS "externalId",
    r."first_name" AS "firstName",
    r."last_name" AS "lastName",
    r."email" AS "email",
    r."phone" AS "phone",
    r."hire_date" AS "hireDate",
    r."job_title" AS "jobTitle",
    r."department" AS "department",
    r."status" AS "status",
    r."termination_date" AS "terminationDate",
    r."national_id" AS "nationalId",
    r."social_insurance_number" AS "socialInsuranceNumber",
    r."country" AS "country",
    r."payout" AS "payout",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- EmployeesRepository.listEmployeesPage (by department)
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "hr"."employees"
  WHERE "company_id" = $1 AND "department" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "hr"."employees"
    WHERE "company_id" = $1 AND "department" = $2
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "hr"."employees" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."external_id" AS "externalId",
    r."first_name" AS "firstName",
    r."last_name" AS "lastName",
    r."email" AS "email",
    r."phone" AS "phone",
    r."hire_date" AS "hireDate",
    r."job_title" AS "jobTitle",
    r."department" AS "department",
    r."status" AS "status",
    r."termination_date" AS "terminationDate",
    r."national_id" AS "nationalId",
    r."social_insurance_number" AS "socialInsuranceNumber",
    r."country" AS "country",
    r."payout" AS "payout",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- EmployeesRepository.listEmployeesPage (by externalId)
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "hr"."employees"
  WHERE "company_id" = $1 AND "external_id" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "hr"."employees"
    WHERE "company_id" = $1 AND "external_id" = $2
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "hr"."employees" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."external_id" AS "externalId",
    r."first_name" AS "firstName",
    r."last_name" AS "lastName",
    r."email" AS "email",
    r."phone" AS "phone",
    r."hire_date" AS "hireDate",
    r."job_title" AS "jobTitle",
    r."department" AS "department",
    r."status" AS "status",
    r."termination_date" AS "terminationDate",
    r."national_id" AS "nationalId",
    r."social_insurance_number" AS "socialInsuranceNumber",
    r."country" AS "country",
    r."payout" AS "payout",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- EmployeesRepository.listEmployeesPage (by email)
SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY r."created_at" ASC, r."id" ASC), '') || ']' AS items,
  CASE WHEN count(*) < $3 AND (count(*) > 0 OR $4 = 0) THEN ($4 + count(*))::int ELSE coalesce($5::int, (
  SELECT count(*)::int
  FROM "hr"."employees"
  WHERE "company_id" = $1 AND "email" = $2
)) END AS total,
  NOT (count(*) < $3 AND (count(*) > 0 OR $4 = 0)) AND $5::int IS NULL AS counted
FROM (
  SELECT t.*
  FROM (
    SELECT "id"
    FROM "hr"."employees"
    WHERE "company_id" = $1 AND "email" = $2
    ORDER BY "created_at" ASC, "id" ASC
    LIMIT $3
    OFFSET $4
  ) k
  JOIN "hr"."employees" t ON t."id" = k."id"
) r
CROSS JOIN LATERAL (
  SELECT r."id" AS "id",
    r."company_id" AS "companyId",
    r."external_id" AS "externalId",
    r."first_name" AS "firstName",
    r."last_name" AS "lastName",
    r."email" AS "email",
    r."phone" AS "phone",
    r."hire_date" AS "hireDate",
    r."job_title" AS "jobTitle",
    r."department" AS "department",
    r."status" AS "status",
    r."termination_date" AS "terminationDate",
    r."national_id" AS "nationalId",
    r."social_insurance_number" AS "socialInsuranceNumber",
    r."country" AS "country",
    r."payout" AS "payout",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(r."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
) x;

-- EmployeesRepository.listEmployeesPage (changed since)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."external_id" AS "row_external_id",
  "row"."first_name" AS "row_first_name",
  "row"."last_name" AS "row_last_name",
  "row"."email" AS "row_email",
  "row"."phone" AS "row_phone",
  "row"."hire_date" AS "row_hire_date",
  "row"."job_title" AS "row_job_title",
  "row"."department" AS "row_department",
  "row"."status" AS "row_status",
  "row"."termination_date" AS "row_termination_date",
  "row"."national_id" AS "row_national_id",
  "row"."social_insurance_number" AS "row_social_insurance_number",
  "row"."country" AS "row_country",
  "row"."payout" AS "row_payout",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."employees" "row"
WHERE "row"."company_id" = $1 AND "row"."updated_at" >= $2
ORDER BY "row"."created_at" ASC, "row"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."employees" "row"
WHERE "row"."company_id" = $1 AND "row"."updated_at" >= $2;

-- EmployeesRepository.listEmployeesPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."external_id" AS "row_external_id",
  "row"."first_name" AS "row_first_name",
  "row"."last_name" AS "row_last_name",
  "row"."email" AS "row_email",
  "row"."phone" AS "row_phone",
  "row"."hire_date" AS "row_hire_date",
  "row"."job_title" AS "row_job_title",
  "row"."department" AS "row_department",
  "row"."status" AS "row_status",
  "row"."termination_date" AS "row_termination_date",
  "row"."national_id" AS "row_national_id",
  "row"."social_insurance_number" AS "row_social_insurance_number",
  "row"."country" AS "row_country",
  "row"."payout" AS "row_payout",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."employees" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- EmployeesRepository.listEmployeesPage (by status, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."external_id" AS "row_external_id",
  "row"."first_name" AS "row_first_name",
  "row"."last_name" AS "row_last_name",
  "row"."email" AS "row_email",
  "row"."phone" AS "row_phone",
  "row"."hire_date" AS "row_hire_date",
  "row"."job_title" AS "row_job_title",
  "row"."department" AS "row_department",
  "row"."status" AS "row_status",
  "row"."termination_date" AS "row_termination_date",
  "row"."national_id" AS "row_national_id",
  "row"."social_insurance_number" AS "row_social_insurance_number",
  "row"."country" AS "row_country",
  "row"."payout" AS "row_payout",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."employees" "row"
WHERE ("row"."company_id" = $1 AND "row"."status" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- EmployeesRepository.listEmployeesPage (by department, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."external_id" AS "row_external_id",
  "row"."first_name" AS "row_first_name",
  "row"."last_name" AS "row_last_name",
  "row"."email" AS "row_email",
  "row"."phone" AS "row_phone",
  "row"."hire_date" AS "row_hire_date",
  "row"."job_title" AS "row_job_title",
  "row"."department" AS "row_department",
  "row"."status" AS "row_status",
  "row"."termination_date" AS "row_termination_date",
  "row"."national_id" AS "row_national_id",
  "row"."social_insurance_number" AS "row_social_insurance_number",
  "row"."country" AS "row_country",
  "row"."payout" AS "row_payout",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."employees" "row"
WHERE ("row"."company_id" = $1 AND "row"."department" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- EmployeesRepository.listEmployeesPage (by externalId, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."external_id" AS "row_external_id",
  "row"."first_name" AS "row_first_name",
  "row"."last_name" AS "row_last_name",
  "row"."email" AS "row_email",
  "row"."phone" AS "row_phone",
  "row"."hire_date" AS "row_hire_date",
  "row"."job_title" AS "row_job_title",
  "row"."department" AS "row_department",
  "row"."status" AS "row_status",
  "row"."termination_date" AS "row_termination_date",
  "row"."national_id" AS "row_national_id",
  "row"."social_insurance_number" AS "row_social_insurance_number",
  "row"."country" AS "row_country",
  "row"."payout" AS "row_payout",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."employees" "row"
WHERE ("row"."company_id" = $1 AND "row"."external_id" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- EmployeesRepository.listEmployeesPage (by email, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."external_id" AS "row_external_id",
  "row"."first_name" AS "row_first_name",
  "row"."last_name" AS "row_last_name",
  "row"."email" AS "row_email",
  "row"."phone" AS "row_phone",
  "row"."hire_date" AS "row_hire_date",
  "row"."job_title" AS "row_job_title",
  "row"."department" AS "row_department",
  "row"."status" AS "row_status",
  "row"."termination_date" AS "row_termination_date",
  "row"."national_id" AS "row_national_id",
  "row"."social_insurance_number" AS "row_social_insurance_number",
  "row"."country" AS "row_country",
  "row"."payout" AS "row_payout",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."employees" "row"
WHERE ("row"."company_id" = $1 AND "row"."email" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- EmployeesRepository.findEmployee
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
WHERE (("Employee"."id" = $1) AND ("Employee"."company_id" = $2))
LIMIT 1;

-- EmployeesRepository.employeeExists
SELECT 1 AS "row_exists"
FROM (
  SELECT 1 AS dummy_column
) "dummy_table"
WHERE EXISTS (
  SELECT 1
  FROM "hr"."employees" "Employee"
  WHERE (("Employee"."id" = $1) AND ("Employee"."company_id" = $2))
)
LIMIT 1;

-- EmployeesRepository.findByExternalId
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
WHERE (("Employee"."company_id" = $1) AND ("Employee"."external_id" = $2))
LIMIT 1;

-- EmployeesRepository.lockEmployee
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."external_id" AS "row_external_id",
  "row"."first_name" AS "row_first_name",
  "row"."last_name" AS "row_last_name",
  "row"."email" AS "row_email",
  "row"."phone" AS "row_phone",
  "row"."hire_date" AS "row_hire_date",
  "row"."job_title" AS "row_job_title",
  "row"."department" AS "row_department",
  "row"."status" AS "row_status",
  "row"."termination_date" AS "row_termination_date",
  "row"."national_id" AS "row_national_id",
  "row"."social_insurance_number" AS "row_social_insurance_number",
  "row"."country" AS "row_country",
  "row"."payout" AS "row_payout",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "hr"."employees" "row"
WHERE "row"."id" = $1 AND "row"."company_id" = $2
FOR UPDATE;

-- EmployeesRepository.lockEmployeesNamed
SELECT "employee"."id" AS "employee_id",
  "employee"."external_id" AS "employee_external_id"
FROM "hr"."employees" "employee"
WHERE "employee"."company_id" = $1 AND ("employee"."id" = ANY($2) OR "employee"."external_id" = ANY($3))
ORDER BY "employee_external_id" ASC
FOR UPDATE;

-- EmployeesRepository.lockByExternalIds
SELECT "employee"."id" AS "employee_id",
  "employee"."company_id" AS "employee_company_id",
  "employee"."external_id" AS "employee_external_id",
  "employee"."first_name" AS "employee_first_name",
  "employee"."last_name" AS "employee_last_name",
  "employee"."email" AS "employee_email",
  "employee"."phone" AS "employee_phone",
  "employee"."hire_date" AS "employee_hire_date",
  "employee"."job_title" AS "employee_job_title",
  "employee"."department" AS "employee_department",
  "employee"."status" AS "employee_status",
  "employee"."termination_date" AS "employee_termination_date",
  "employee"."national_id" AS "employee_national_id",
  "employee"."social_insurance_number" AS "employee_social_insurance_number",
  "employee"."country" AS "employee_country",
  "employee"."payout" AS "employee_payout",
  "employee"."created_at" AS "employee_created_at",
  "employee"."updated_at" AS "employee_updated_at"
FROM "hr"."employees" "employee"
WHERE "employee"."company_id" = $1 AND "employee"."external_id" IN ($2)
ORDER BY "employee"."external_id" ASC
FOR UPDATE;

-- EmployeesRepository.insertEmployee
INSERT INTO "hr"."employees"("id", "company_id", "external_id", "first_name", "last_name", "email", "phone", "hire_date", "job_title", "department", "status", "termination_date", "national_id", "social_insurance_number", "country", "payout", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, DEFAULT, DEFAULT)
RETURNING "id", "country", "created_at", "updated_at";

-- EmployeesRepository.updateEmployee
UPDATE "hr"."employees"
SET "status" = $1,
  "termination_date" = $2,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $3 AND "company_id" = $4
RETURNING "updated_at";

-- EmployeesRepository.upsertEmployees
INSERT INTO "hr"."employees" ("company_id", "external_id", "first_name", "last_name", "email", "phone", "hire_date", "job_title", "department", "status", "termination_date", "national_id", "social_insurance_number", "country", "payout")
SELECT $1,
  "externalId",
  "firstName",
  "lastName",
  "email",
  "phone",
  "hireDate",
  "jobTitle",
  "department",
  "status",
  "terminationDate",
  "nationalId",
  "socialInsuranceNumber",
  "country",
  "payout"
FROM json_to_recordset($2::json) AS item("externalId" varchar, "firstName" varchar, "lastName" varchar, "email" varchar, "phone" varchar, "hireDate" date, "jobTitle" varchar, "department" varchar, "status" varchar, "terminationDate" date, "nationalId" varchar, "socialInsuranceNumber" varchar, "country" varchar, "payout" jsonb)
ON CONFLICT ("company_id", "external_id")
DO UPDATE SET "first_name" = EXCLUDED."first_name",
  "last_name" = EXCLUDED."last_name",
  "email" = EXCLUDED."email",
  "phone" = EXCLUDED."phone",
  "hire_date" = EXCLUDED."hire_date",
  "job_title" = EXCLUDED."job_title",
  "department" = EXCLUDED."department",
  "status" = EXCLUDED."status",
  "termination_date" = EXCLUDED."termination_date",
  "national_id" = EXCLUDED."national_id",
  "social_insurance_number" = EXCLUDED."social_insurance_number",
  "country" = EXCLUDED."country",
  "payout" = EXCLUDED."payout",
  "updated_at" = now()
RETURNING "id", "external_id" AS "externalId", "created_at" AS "createdAt", "updated_at" AS "updatedAt", (xmax = 0) AS "inserted";
