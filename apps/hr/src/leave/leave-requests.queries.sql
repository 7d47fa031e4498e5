-- The SQL of apps/hr/src/leave/leave-requests.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- LeaveRequestsRepository.insertRequest
INSERT INTO "hr"."leave_requests"("id", "company_id", "employee_id", "leave_type_id", "start_date", "end_date", "start_half_day", "end_half_day", "days", "status", "reason", "decided_at", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, DEFAULT, DEFAULT)
RETURNING "id", "start_half_day", "end_half_day", "created_at", "updated_at";

-- LeaveRequestsRepository.listRequestsPage
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
WHERE "request"."company_id" = $1
ORDER BY "request"."start_date" ASC, "request"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."leave_requests" "request"
WHERE "request"."company_id" = $1;

-- LeaveRequestsRepository.listRequestsPage (by employee)
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
WHERE "request"."company_id" = $1 AND "request"."employee_id" = $2
ORDER BY "request"."start_date" ASC, "request"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."leave_requests" "request"
WHERE "request"."company_id" = $1 AND "request"."employee_id" = $2;

-- LeaveRequestsRepository.listRequestsPage (by status)
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
WHERE "request"."company_id" = $1 AND "request"."status" = $2
ORDER BY "request"."start_date" ASC, "request"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."leave_requests" "request"
WHERE "request"."company_id" = $1 AND "request"."status" = $2;

-- LeaveRequestsRepository.listRequestsPage (from a date)
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
WHERE "request"."company_id" = $1 AND "request"."end_date" >= $2
ORDER BY "request"."start_date" ASC, "request"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."leave_requests" "request"
WHERE "request"."company_id" = $1 AND "request"."end_date" >= $2;

-- LeaveRequestsRepository.listRequestsPage (to a date)
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
WHERE "request"."company_id" = $1 AND "request"."start_date" <= $2
ORDER BY "request"."start_date" ASC, "request"."id" ASC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "hr"."leave_requests" "request"
WHERE "request"."company_id" = $1 AND "request"."start_date" <= $2;

-- LeaveRequestsRepository.listRequestsPage (after a cursor)
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
WHERE "request"."company_id" = $1 AND ("request"."id") > ($2)
ORDER BY "request"."id" ASC
LIMIT 21;

-- LeaveRequestsRepository.listRequestsPage (by employee, after a cursor)
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
WHERE "request"."company_id" = $1 AND "request"."employee_id" = $2 AND ("request"."id") > ($3)
ORDER BY "request"."id" ASC
LIMIT 21;

-- LeaveRequestsRepository.listRequestsPage (by status, after a cursor)
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
WHERE "request"."company_id" = $1 AND "request"."status" = $2 AND ("request"."id") > ($3)
ORDER BY "request"."id" ASC
LIMIT 21;

-- LeaveRequestsRepository.listRequestsPage (from a date, after a cursor)
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
WHERE "request"."company_id" = $1 AND "request"."end_date" >= $2 AND ("request"."id") > ($3)
ORDER BY "request"."id" ASC
LIMIT 21;

-- LeaveRequestsRepository.listRequestsPage (to a date, after a cursor)
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
WHERE "request"."company_id" = $1 AND "request"."start_date" <= $2 AND ("request"."id") > ($3)
ORDER BY "request"."id" ASC
LIMIT 21;

-- LeaveRequestsRepository.findRequest
SELECT "LeaveRequest"."id" AS "LeaveRequest_id",
  "LeaveRequest"."company_id" AS "LeaveRequest_company_id",
  "LeaveRequest"."employee_id" AS "LeaveRequest_employee_id",
  "LeaveRequest"."leave_type_id" AS "LeaveRequest_leave_type_id",
  "LeaveRequest"."start_date" AS "LeaveRequest_start_date",
  "LeaveRequest"."end_date" AS "LeaveRequest_end_date",
  "LeaveRequest"."start_half_day" AS "LeaveRequest_start_half_day",
  "LeaveRequest"."end_half_day" AS "LeaveRequest_end_half_day",
  "LeaveRequest"."days" AS "LeaveRequest_days",
  "LeaveRequest"."status" AS "LeaveRequest_status",
  "LeaveRequest"."reason" AS "LeaveRequest_reason",
  "LeaveRequest"."decided_at" AS "LeaveRequest_decided_at",
  "LeaveRequest"."created_at" AS "LeaveRequest_created_at",
  "LeaveRequest"."updated_at" AS "LeaveRequest_updated_at"
FROM "hr"."leave_requests" "LeaveRequest"
WHERE (("LeaveRequest"."id" = $1) AND ("LeaveRequest"."company_id" = $2))
LIMIT 1;

-- LeaveRequestsRepository.bookedLeave
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
WHERE "request"."company_id" = $1 AND "request"."employee_id" = $2 AND "request"."status" IN ($3, $4) AND "request"."start_date" <= $5 AND "request"."end_date" >= $6;

-- LeaveRequestsRepository.updateRequest
UPDATE "hr"."leave_requests"
SET "status" = $1,
  "decided_at" = $2,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $3 AND "company_id" = $4
RETURNING "updated_at";
