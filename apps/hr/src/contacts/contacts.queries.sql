-- The SQL of apps/hr/src/contacts/contacts.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- ContactsRepository.contactsOf
SELECT "Employee"."id" AS "Employee_id",
  "Employee"."first_name" AS "Employee_first_name",
  "Employee"."last_name" AS "Employee_last_name",
  "Employee"."email" AS "Employee_email",
  "Employee"."phone" AS "Employee_phone"
FROM "hr"."employees" "Employee"
WHERE (("Employee"."company_id" = $1) AND ("Employee"."id" IN ($2, $3)));
