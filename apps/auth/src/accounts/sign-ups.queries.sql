-- The SQL of apps/auth/src/accounts/sign-ups.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- SignUpsRepository.insertSignUp
INSERT INTO "auth"."pending_sign_ups"("id", "email", "name", "organization_name", "password_hash", "token_hash", "created_at", "expires_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT, $6)
RETURNING "id", "created_at";

-- SignUpsRepository.findNewestSignUp
SELECT "PendingSignUp"."id" AS "PendingSignUp_id",
  "PendingSignUp"."email" AS "PendingSignUp_email",
  "PendingSignUp"."name" AS "PendingSignUp_name",
  "PendingSignUp"."organization_name" AS "PendingSignUp_organization_name",
  "PendingSignUp"."password_hash" AS "PendingSignUp_password_hash",
  "PendingSignUp"."token_hash" AS "PendingSignUp_token_hash",
  "PendingSignUp"."created_at" AS "PendingSignUp_created_at",
  "PendingSignUp"."expires_at" AS "PendingSignUp_expires_at"
FROM "auth"."pending_sign_ups" "PendingSignUp"
WHERE (("PendingSignUp"."email" = $1) AND ("PendingSignUp"."expires_at" > $2))
ORDER BY "PendingSignUp"."created_at" DESC
LIMIT 1;

-- SignUpsRepository.findSignUpByTokenAcrossAccounts
SELECT "PendingSignUp"."id" AS "PendingSignUp_id",
  "PendingSignUp"."email" AS "PendingSignUp_email",
  "PendingSignUp"."name" AS "PendingSignUp_name",
  "PendingSignUp"."organization_name" AS "PendingSignUp_organization_name",
  "PendingSignUp"."password_hash" AS "PendingSignUp_password_hash",
  "PendingSignUp"."token_hash" AS "PendingSignUp_token_hash",
  "PendingSignUp"."created_at" AS "PendingSignUp_created_at",
  "PendingSignUp"."expires_at" AS "PendingSignUp_expires_at"
FROM "auth"."pending_sign_ups" "PendingSignUp"
WHERE (("PendingSignUp"."token_hash" = $1))
LIMIT 1;

-- SignUpsRepository.lockSignUps
SELECT "id"
FROM "auth"."pending_sign_ups"
WHERE "email" = $1
ORDER BY "id"
FOR UPDATE;

-- SignUpsRepository.findLiveSignUp
SELECT "PendingSignUp"."id" AS "PendingSignUp_id",
  "PendingSignUp"."email" AS "PendingSignUp_email",
  "PendingSignUp"."name" AS "PendingSignUp_name",
  "PendingSignUp"."organization_name" AS "PendingSignUp_organization_name",
  "PendingSignUp"."password_hash" AS "PendingSignUp_password_hash",
  "PendingSignUp"."token_hash" AS "PendingSignUp_token_hash",
  "PendingSignUp"."created_at" AS "PendingSignUp_created_at",
  "PendingSignUp"."expires_at" AS "PendingSignUp_expires_at"
FROM "auth"."pending_sign_ups" "PendingSignUp"
WHERE (("PendingSignUp"."email" = $1) AND ("PendingSignUp"."token_hash" = $2) AND ("PendingSignUp"."expires_at" > $3))
LIMIT 1;

-- SignUpsRepository.lockUserByEmail
SELECT "User"."id" AS "User_id",
  "User"."email" AS "User_email",
  "User"."name" AS "User_name",
  "User"."password_hash" AS "User_password_hash",
  "User"."email_verified_at" AS "User_email_verified_at",
  "User"."password_changed_at" AS "User_password_changed_at",
  "User"."created_at" AS "User_created_at"
FROM "auth"."users" "User"
WHERE (("User"."email" = $1))
LIMIT 1
FOR UPDATE;

-- SignUpsRepository.insertUser
INSERT INTO "auth"."users"("id", "email", "name", "password_hash", "email_verified_at", "password_changed_at", "created_at")
VALUES ($1, $2, $3, $4, $5, $6, DEFAULT)
RETURNING "id", "created_at";

-- SignUpsRepository.deleteSignUps
DELETE FROM "auth"."pending_sign_ups"
WHERE "email" = $1;

-- SignUpsRepository.renewSignUpLinkAcrossAccounts
UPDATE "auth"."pending_sign_ups"
SET "token_hash" = $2
WHERE "id" = $1 AND "expires_at" > now()
RETURNING "email", "name", "organization_name";

-- SignUpsRepository.deleteExpiredSignUpsAcrossAccounts
DELETE FROM "auth"."pending_sign_ups"
WHERE "id" IN (
  SELECT "id"
  FROM "auth"."pending_sign_ups"
  WHERE "expires_at" <= now()
  LIMIT $1
);

-- SignUpsRepository.listStaleUnverifiedUsersAcrossAccounts
SELECT "id"
FROM "auth"."users"
WHERE "email_verified_at" IS NULL AND "created_at" <= now() - make_interval(secs => $1)
LIMIT $2;

-- SignUpsRepository.removeUnverifiedUsersAcrossAccounts
DELETE FROM "auth"."organizations" o
WHERE o."id" IN (
  SELECT "organization_id"
  FROM "auth"."memberships"
  WHERE "user_id" = ANY($1::uuid[])
) AND NOT EXISTS (
  SELECT 1
  FROM "auth"."memberships" m
  WHERE m."organization_id" = o."id" AND NOT (m."user_id" = ANY($1::uuid[]))
) AND NOT EXISTS (
  SELECT 1
  FROM "auth"."developer_credentials" c
  WHERE c."organization_id" = o."id"
);
DELETE FROM "auth"."memberships"
WHERE "user_id" = ANY($1::uuid[]);
DELETE FROM "auth"."sessions"
WHERE "user_id" = ANY($1::uuid[]);
DELETE FROM "auth"."account_links"
WHERE "user_id" = ANY($1::uuid[]);
DELETE FROM "auth"."users"
WHERE "id" = ANY($1::uuid[]) AND "email_verified_at" IS NULL;
