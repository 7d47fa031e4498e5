-- The SQL of apps/auth/src/accounts/accounts.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- AccountsRepository.findUser
SELECT "User"."id" AS "User_id",
  "User"."email" AS "User_email",
  "User"."name" AS "User_name",
  "User"."password_hash" AS "User_password_hash",
  "User"."email_verified_at" AS "User_email_verified_at",
  "User"."password_changed_at" AS "User_password_changed_at",
  "User"."created_at" AS "User_created_at"
FROM "auth"."users" "User"
WHERE (("User"."id" = $1))
LIMIT 1;

-- AccountsRepository.findUser (in a transaction)
SELECT "User"."id" AS "User_id",
  "User"."email" AS "User_email",
  "User"."name" AS "User_name",
  "User"."password_hash" AS "User_password_hash",
  "User"."email_verified_at" AS "User_email_verified_at",
  "User"."password_changed_at" AS "User_password_changed_at",
  "User"."created_at" AS "User_created_at"
FROM "auth"."users" "User"
WHERE (("User"."id" = $1))
LIMIT 1;

-- AccountsRepository.findVerifiedUser
SELECT "User"."id" AS "User_id",
  "User"."email" AS "User_email",
  "User"."name" AS "User_name",
  "User"."password_hash" AS "User_password_hash",
  "User"."email_verified_at" AS "User_email_verified_at",
  "User"."password_changed_at" AS "User_password_changed_at",
  "User"."created_at" AS "User_created_at"
FROM "auth"."users" "User"
WHERE (("User"."id" = $1) AND (NOT("User"."email_verified_at" IS NULL)))
LIMIT 1;

-- AccountsRepository.findVerifiedUserByEmailAcrossAccounts
SELECT "User"."id" AS "User_id",
  "User"."email" AS "User_email",
  "User"."name" AS "User_name",
  "User"."password_hash" AS "User_password_hash",
  "User"."email_verified_at" AS "User_email_verified_at",
  "User"."password_changed_at" AS "User_password_changed_at",
  "User"."created_at" AS "User_created_at"
FROM "auth"."users" "User"
WHERE (("User"."email" = $1) AND (NOT("User"."email_verified_at" IS NULL)))
LIMIT 1;

-- AccountsRepository.findVerifiedUserByEmailAcrossAccounts (in a transaction)
SELECT "User"."id" AS "User_id",
  "User"."email" AS "User_email",
  "User"."name" AS "User_name",
  "User"."password_hash" AS "User_password_hash",
  "User"."email_verified_at" AS "User_email_verified_at",
  "User"."password_changed_at" AS "User_password_changed_at",
  "User"."created_at" AS "User_created_at"
FROM "auth"."users" "User"
WHERE (("User"."email" = $1) AND (NOT("User"."email_verified_at" IS NULL)))
LIMIT 1;

-- AccountsRepository.updatePassword
UPDATE "auth"."users"
SET "password_hash" = $1,
  "password_changed_at" = $2
WHERE "id" = $3;

-- AccountsRepository.markEmailVerified
UPDATE "auth"."users"
SET "email_verified_at" = $1
WHERE "id" = $2;

-- AccountsRepository.insertLink
INSERT INTO "auth"."account_links"("id", "kind", "user_id", "token_hash", "expires_at", "used_at", "created_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT)
RETURNING "id", "created_at";

-- AccountsRepository.findLiveLinkAcrossAccounts
SELECT "AccountLink"."id" AS "AccountLink_id",
  "AccountLink"."kind" AS "AccountLink_kind",
  "AccountLink"."user_id" AS "AccountLink_user_id",
  "AccountLink"."token_hash" AS "AccountLink_token_hash",
  "AccountLink"."expires_at" AS "AccountLink_expires_at",
  "AccountLink"."used_at" AS "AccountLink_used_at",
  "AccountLink"."created_at" AS "AccountLink_created_at"
FROM "auth"."account_links" "AccountLink"
WHERE (("AccountLink"."kind" = $1) AND ("AccountLink"."token_hash" = $2) AND ("AccountLink"."used_at" IS NULL) AND ("AccountLink"."expires_at" > $3))
LIMIT 1;

-- AccountsRepository.useLinkAcrossAccounts
UPDATE "auth"."account_links"
SET "used_at" = now()
WHERE "kind" = $1 AND "token_hash" = $2 AND "used_at" IS NULL AND "expires_at" > now()
RETURNING "user_id";

-- AccountsRepository.endLinks
UPDATE "auth"."account_links"
SET "expires_at" = now()
WHERE "user_id" = $1 AND "used_at" IS NULL AND "expires_at" > now() AND ($2::varchar IS NULL OR "kind" = $2);

-- AccountsRepository.endLinks (of a kind)
UPDATE "auth"."account_links"
SET "expires_at" = now()
WHERE "user_id" = $1 AND "used_at" IS NULL AND "expires_at" > now() AND ($2::varchar IS NULL OR "kind" = $2);
