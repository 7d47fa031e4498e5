-- The SQL of apps/auth/src/sessions/sessions.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- SessionsRepository.insertSession
INSERT INTO "auth"."sessions"("id", "user_id", "token_hash", "created_at", "last_seen_at", "expires_at", "ended_at", "ip_address", "user_agent")
VALUES (DEFAULT, $1, $2, DEFAULT, $3, $4, $5, $6, $7)
RETURNING "id", "created_at";

-- SessionsRepository.findSessionByTokenAcrossAccounts
SELECT "Session"."id" AS "Session_id",
  "Session"."user_id" AS "Session_user_id",
  "Session"."token_hash" AS "Session_token_hash",
  "Session"."created_at" AS "Session_created_at",
  "Session"."last_seen_at" AS "Session_last_seen_at",
  "Session"."expires_at" AS "Session_expires_at",
  "Session"."ended_at" AS "Session_ended_at",
  "Session"."ip_address" AS "Session_ip_address",
  "Session"."user_agent" AS "Session_user_agent"
FROM "auth"."sessions" "Session"
WHERE (("Session"."token_hash" = $1))
LIMIT 1;

-- SessionsRepository.markSeenAcrossAccounts
UPDATE "auth"."sessions"
SET "last_seen_at" = now()
WHERE "id" = ANY($1::uuid[]) AND "ended_at" IS NULL;

-- SessionsRepository.listOpenSessions
SELECT "Session"."id" AS "Session_id",
  "Session"."user_id" AS "Session_user_id",
  "Session"."token_hash" AS "Session_token_hash",
  "Session"."created_at" AS "Session_created_at",
  "Session"."last_seen_at" AS "Session_last_seen_at",
  "Session"."expires_at" AS "Session_expires_at",
  "Session"."ended_at" AS "Session_ended_at",
  "Session"."ip_address" AS "Session_ip_address",
  "Session"."user_agent" AS "Session_user_agent"
FROM "auth"."sessions" "Session"
WHERE (("Session"."user_id" = $1) AND ("Session"."ended_at" IS NULL) AND ("Session"."expires_at" > $2))
ORDER BY "Session"."last_seen_at" DESC
LIMIT 100;

-- SessionsRepository.endSession
UPDATE "auth"."sessions"
SET "ended_at" = $1
WHERE ("id" = $2 AND "user_id" = $3 AND "ended_at" IS NULL);

-- SessionsRepository.endSessions
UPDATE "auth"."sessions"
SET "ended_at" = now()
WHERE "user_id" = $1 AND "ended_at" IS NULL AND ($2::uuid IS NULL OR "id" <> $2::uuid)
RETURNING "id";

-- SessionsRepository.endSessions (but one)
UPDATE "auth"."sessions"
SET "ended_at" = now()
WHERE "user_id" = $1 AND "ended_at" IS NULL AND ($2::uuid IS NULL OR "id" <> $2::uuid)
RETURNING "id";

-- SessionsRepository.endedSinceAcrossAccounts
SELECT "Session"."id" AS "Session_id"
FROM "auth"."sessions" "Session"
WHERE (("Session"."ended_at" > $1))
LIMIT 10000;
