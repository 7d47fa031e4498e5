-- The SQL of apps/hr/src/attendance/attendance.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- AttendanceRepository.findRecord
SELECT "AttendanceRecord"."id" AS "AttendanceRecord_id",
  "AttendanceRecord"."company_id" AS "AttendanceRecord_company_id",
  "AttendanceRecord"."employee_id" AS "AttendanceRecord_employee_id",
  "AttendanceRecord"."date" AS "AttendanceRecord_date",
  "AttendanceRecord"."status" AS "AttendanceRecord_status",
  "AttendanceRecord"."check_in" AS "AttendanceRecord_check_in",
  "AttendanceRecord"."check_out" AS "AttendanceRecord_check_out",
  "AttendanceRecord"."created_at" AS "AttendanceRecord_created_at",
  "AttendanceRecord"."updated_at" AS "AttendanceRecord_updated_at"
FROM "hr"."attendance_records" "AttendanceRecord"
WHERE (("AttendanceRecord"."company_id" = $1) AND ("AttendanceRecord"."employee_id" = $2) AND ("AttendanceRecord"."date" = $3))
LIMIT 1;

-- AttendanceRepository.insertRecord
INSERT INTO "hr"."attendance_records"("id", "company_id", "employee_id", "date", "status", "check_in", "check_out", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";

-- AttendanceRepository.updateRecord
UPDATE "hr"."attendance_records"
SET "check_out" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $2 AND "company_id" = $3
RETURNING "updated_at";

-- AttendanceRepository.listRecordsPage
SELECT "record"."id" AS "record_id",
  "record"."company_id" AS "record_company_id",
  "record"."employee_id" AS "record_employee_id",
  "record"."date" AS "record_date",
  "record"."status" AS "record_status",
  "record"."check_in" AS "record_check_in",
  "record"."check_out" AS "record_check_out",
  "record"."created_at" AS "record_created_at",
  "record"."updated_at" AS "record_updated_at"
FROM "hr"."attendance_records" "record"
WHERE "record"."company_id" = $1 AND "record"."date" BETWEEN $2 AND $3
ORDER BY "record"."date" ASC, "record"."employee_id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."attendance_records" "record"
WHERE "record"."company_id" = $1 AND "record"."date" BETWEEN $2 AND $3;

-- AttendanceRepository.listRecordsPage (by employee)
SELECT "record"."id" AS "record_id",
  "record"."company_id" AS "record_company_id",
  "record"."employee_id" AS "record_employee_id",
  "record"."date" AS "record_date",
  "record"."status" AS "record_status",
  "record"."check_in" AS "record_check_in",
  "record"."check_out" AS "record_check_out",
  "record"."created_at" AS "record_created_at",
  "record"."updated_at" AS "record_updated_at"
FROM "hr"."attendance_records" "record"
WHERE "record"."company_id" = $1 AND "record"."date" BETWEEN $2 AND $3 AND "record"."employee_id" = $4
ORDER BY "record"."date" ASC, "record"."employee_id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."attendance_records" "record"
WHERE "record"."company_id" = $1 AND "record"."date" BETWEEN $2 AND $3 AND "record"."employee_id" = $4;

-- AttendanceRepository.listRecordsPage (after a cursor)
SELECT "record"."id" AS "record_id",
  "record"."company_id" AS "record_company_id",
  "record"."employee_id" AS "record_employee_id",
  "record"."date" AS "record_date",
  "record"."status" AS "record_status",
  "record"."check_in" AS "record_check_in",
  "record"."check_out" AS "record_check_out",
  "record"."created_at" AS "record_created_at",
  "record"."updated_at" AS "record_updated_at"
FROM "hr"."attendance_records" "record"
WHERE "record"."company_id" = $1 AND "record"."date" BETWEEN $2 AND $3 AND ("record"."id") > ($4)
ORDER BY "record"."id" ASC
LIMIT 21;

-- AttendanceRepository.listRecordsPage (by employee, after a cursor)
SELECT "record"."id" AS "record_id",
  "record"."company_id" AS "record_company_id",
  "record"."employee_id" AS "record_employee_id",
  "record"."date" AS "record_date",
  "record"."status" AS "record_status",
  "record"."check_in" AS "record_check_in",
  "record"."check_out" AS "record_check_out",
  "record"."created_at" AS "record_created_at",
  "record"."updated_at" AS "record_updated_at"
FROM "hr"."attendance_records" "record"
WHERE "record"."company_id" = $1 AND "record"."date" BETWEEN $2 AND $3 AND "record"."employee_id" = $4 AND ("record"."id") > ($5)
ORDER BY "record"."id" ASC
LIMIT 21;

-- AttendanceRepository.listEmployeesPage
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
WHERE "employee"."company_id" = $1 AND "employee"."hire_date" <= $2 AND ("employee"."termination_date" IS NULL OR "employee"."termination_date" >= $3)
ORDER BY "employee"."last_name" ASC, "employee"."first_name" ASC, "employee"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."employees" "employee"
WHERE "employee"."company_id" = $1 AND "employee"."hire_date" <= $2 AND ("employee"."termination_date" IS NULL OR "employee"."termination_date" >= $3);

-- AttendanceRepository.listEmployeesPage (one employee)
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
WHERE "employee"."company_id" = $1 AND "employee"."id" = $2
ORDER BY "employee"."last_name" ASC, "employee"."first_name" ASC, "employee"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."employees" "employee"
WHERE "employee"."company_id" = $1 AND "employee"."id" = $2;

-- AttendanceRepository.recordsOf
SELECT "AttendanceRecord"."id" AS "AttendanceRecord_id",
  "AttendanceRecord"."company_id" AS "AttendanceRecord_company_id",
  "AttendanceRecord"."employee_id" AS "AttendanceRecord_employee_id",
  "AttendanceRecord"."date" AS "AttendanceRecord_date",
  "AttendanceRecord"."status" AS "AttendanceRecord_status",
  "AttendanceRecord"."check_in" AS "AttendanceRecord_check_in",
  "AttendanceRecord"."check_out" AS "AttendanceRecord_check_out",
  "AttendanceRecord"."created_at" AS "AttendanceRecord_created_at",
  "AttendanceRecord"."updated_at" AS "AttendanceRecord_updated_at"
FROM "hr"."attendance_records" "AttendanceRecord"
WHERE (("AttendanceRecord"."company_id" = $1) AND ("AttendanceRecord"."employee_id" IN ($2, $3)) AND ("AttendanceRecord"."date" BETWEEN $4 AND $5));

-- AttendanceRepository.approvedLeaveOf
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
WHERE "request"."company_id" = $1 AND "request"."employee_id" IN ($2, $3) AND "request"."status" = 'approved' AND "request"."start_date" <= $4 AND "request"."end_date" >= $5;
