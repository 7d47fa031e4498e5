-- The SQL of apps/auth/src/organizations/organizations.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- OrganizationsRepository.insertOrganization
INSERT INTO "auth"."organizations"("id", "name", "plan", "burst_per_second", "monthly_quota", "webhook_retries", "created_at")
VALUES ($1, $2, $3, $4, $5, $6, DEFAULT)
RETURNING "id", "created_at";

-- OrganizationsRepository.findOrganization
SELECT "Organization"."id" AS "Organization_id",
  "Organization"."name" AS "Organization_name",
  "Organization"."plan" AS "Organization_plan",
  "Organization"."burst_per_second" AS "Organization_burst_per_second",
  "Organization"."monthly_quota" AS "Organization_monthly_quota",
  "Organization"."webhook_retries" AS "Organization_webhook_retries",
  "Organization"."created_at" AS "Organization_created_at"
FROM "auth"."organizations" "Organization"
WHERE (("Organization"."id" = $1))
LIMIT 1;

-- OrganizationsRepository.findOrganization (in a transaction)
SELECT "Organization"."id" AS "Organization_id",
  "Organization"."name" AS "Organization_name",
  "Organization"."plan" AS "Organization_plan",
  "Organization"."burst_per_second" AS "Organization_burst_per_second",
  "Organization"."monthly_quota" AS "Organization_monthly_quota",
  "Organization"."webhook_retries" AS "Organization_webhook_retries",
  "Organization"."created_at" AS "Organization_created_at"
FROM "auth"."organizations" "Organization"
WHERE (("Organization"."id" = $1))
LIMIT 1;

-- OrganizationsRepository.listUserOrganizations
SELECT "o"."id" AS "o_id",
  "o"."name" AS "o_name",
  "o"."plan" AS "o_plan",
  "o"."burst_per_second" AS "o_burst_per_second",
  "o"."monthly_quota" AS "o_monthly_quota",
  "o"."webhook_retries" AS "o_webhook_retries",
  "o"."created_at" AS "o_created_at",
  "m"."role" AS "member_role",
  "m"."organization_id" AS "m_organization_id",
  "m"."user_id" AS "m_user_id"
FROM "auth"."organizations" "o"
INNER JOIN "auth"."memberships" "m" ON "m"."organization_id" = "o"."id"
WHERE "m"."user_id" = $1
ORDER BY "m"."created_at" ASC;

-- OrganizationsRepository.insertMembership
INSERT INTO "auth"."memberships"("organization_id", "user_id", "role", "created_at")
VALUES ($1, $2, $3, DEFAULT)
RETURNING "created_at";

-- OrganizationsRepository.insertMembershipUnlessMember
INSERT INTO "auth"."memberships"("organization_id", "user_id", "role", "created_at")
VALUES ($1, $2, $3, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING "created_at";

-- OrganizationsRepository.hasMember
SELECT 1 AS "row_exists"
FROM (
  SELECT 1 AS dummy_column
) "dummy_table"
WHERE EXISTS (
  SELECT 1
  FROM "auth"."memberships" "Membership"
  WHERE (("Membership"."organization_id" = $1) AND ("Membership"."user_id" = $2))
)
LIMIT 1;

-- OrganizationsRepository.listMembers
SELECT "m"."user_id" AS "userId",
  "u"."email" AS email,
  "u"."name" AS name,
  "m"."role" AS role,
  "m"."created_at" AS "joinedAt"
FROM "auth"."memberships" "m"
INNER JOIN "auth"."users" "u" ON "u"."id" = "m"."user_id"
WHERE "m"."organization_id" = $1
ORDER BY "m"."created_at" ASC
LIMIT 1000;

-- OrganizationsRepository.lockMember
SELECT "Membership"."organization_id" AS "Membership_organization_id",
  "Membership"."user_id" AS "Membership_user_id",
  "Membership"."role" AS "Membership_role",
  "Membership"."created_at" AS "Membership_created_at"
FROM "auth"."memberships" "Membership"
WHERE (("Membership"."organization_id" = $1) AND ("Membership"."user_id" = $2))
LIMIT 1
FOR UPDATE;

-- OrganizationsRepository.lockOwners
SELECT "Membership"."organization_id" AS "Membership_organization_id",
  "Membership"."user_id" AS "Membership_user_id",
  "Membership"."role" AS "Membership_role",
  "Membership"."created_at" AS "Membership_created_at"
FROM "auth"."memberships" "Membership"
WHERE (("Membership"."organization_id" = $1) AND ("Membership"."role" = $2))
FOR UPDATE;

-- OrganizationsRepository.updateMemberRole
UPDATE "auth"."memberships"
SET "role" = $1
WHERE ("organization_id" = $2 AND "user_id" = $3);

-- OrganizationsRepository.deleteMember
DELETE FROM "auth"."memberships"
WHERE ("organization_id" = $1 AND "user_id" = $2);

-- OrganizationsRepository.isMemberByEmail
SELECT 1 AS "row_exists"
FROM (
  SELECT 1 AS dummy_column
) "dummy_table"
WHERE EXISTS (
  SELECT 1
  FROM "auth"."memberships" "m"
  INNER JOIN "auth"."users" "u" ON "u"."id" = "m"."user_id"
  WHERE "m"."organization_id" = $1 AND "u"."email" = $2
)
LIMIT 1;

-- OrganizationsRepository.isVerifiedMemberByEmail
SELECT 1 AS "row_exists"
FROM (
  SELECT 1 AS dummy_column
) "dummy_table"
WHERE EXISTS (
  SELECT 1
  FROM "auth"."memberships" "m"
  INNER JOIN "auth"."users" "u" ON "u"."id" = "m"."user_id"
  WHERE "m"."organization_id" = $1 AND "u"."email" = $2 AND "u"."email_verified_at" IS NOT NULL
)
LIMIT 1;

-- OrganizationsRepository.findMemberAccess
SELECT m.role,
  o.created_at,
  o.plan,
  o.burst_per_second,
  o.monthly_quota,
  o.webhook_retries
FROM "auth"."memberships" m
JOIN "auth"."organizations" o ON o.id = m.organization_id
WHERE m.organization_id = $1 AND m.user_id = $2;

-- OrganizationsRepository.lockAndCountMemberships
SELECT pg_advisory_xact_lock(hashtext($1));
SELECT COUNT(1) AS "cnt"
FROM "auth"."memberships" "Membership"
WHERE (("Membership"."user_id" = $1));

-- OrganizationsRepository.lockInvitationLimits
SELECT pg_advisory_xact_lock(hashtext($1));
SELECT pg_advisory_xact_lock(hashtext($1));

-- OrganizationsRepository.latestInvitationsSent
SELECT "Invitation"."id" AS "Invitation_id",
  "Invitation"."created_at" AS "Invitation_created_at"
FROM "auth"."invitations" "Invitation"
WHERE (("Invitation"."organization_id" = $1) AND ("Invitation"."created_at" > $2))
ORDER BY "Invitation_created_at" DESC
LIMIT 20;

-- OrganizationsRepository.latestInvitationsToAcrossCompanies
SELECT "Invitation"."id" AS "Invitation_id",
  "Invitation"."created_at" AS "Invitation_created_at"
FROM "auth"."invitations" "Invitation"
WHERE (("Invitation"."email" = $1) AND ("Invitation"."created_at" > $2))
ORDER BY "Invitation_created_at" DESC
LIMIT 5;

-- OrganizationsRepository.listPendingInvitations
SELECT "Invitation"."id" AS "Invitation_id",
  "Invitation"."organization_id" AS "Invitation_organization_id",
  "Invitation"."email" AS "Invitation_email",
  "Invitation"."role" AS "Invitation_role",
  "Invitation"."token_hash" AS "Invitation_token_hash",
  "Invitation"."invited_by" AS "Invitation_invited_by",
  "Invitation"."created_at" AS "Invitation_created_at",
  "Invitation"."expires_at" AS "Invitation_expires_at",
  "Invitation"."accepted_at" AS "Invitation_accepted_at",
  "Invitation"."revoked_at" AS "Invitation_revoked_at"
FROM "auth"."invitations" "Invitation"
WHERE (("Invitation"."organization_id" = $1) AND ("Invitation"."accepted_at" IS NULL) AND ("Invitation"."revoked_at" IS NULL) AND ("Invitation"."expires_at" > $2))
ORDER BY "Invitation"."created_at" DESC
LIMIT 1000;

-- OrganizationsRepository.revokeInvitationsTo
UPDATE "auth"."invitations"
SET "revoked_at" = $1
WHERE ("organization_id" = $2 AND "email" = $3 AND "accepted_at" IS NULL AND "revoked_at" IS NULL);

-- OrganizationsRepository.insertInvitation
INSERT INTO "auth"."invitations"("id", "organization_id", "email", "role", "token_hash", "invited_by", "created_at", "expires_at", "accepted_at", "revoked_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT, $6, $7, $8)
RETURNING "id", "created_at";

-- OrganizationsRepository.revokeInvitation
UPDATE "auth"."invitations"
SET "revoked_at" = $1
WHERE ("id" = $2 AND "organization_id" = $3 AND "accepted_at" IS NULL AND "revoked_at" IS NULL);

-- OrganizationsRepository.lockInvitationByTokenAcrossCompanies
SELECT "Invitation"."id" AS "Invitation_id",
  "Invitation"."organization_id" AS "Invitation_organization_id",
  "Invitation"."email" AS "Invitation_email",
  "Invitation"."role" AS "Invitation_role",
  "Invitation"."token_hash" AS "Invitation_token_hash",
  "Invitation"."invited_by" AS "Invitation_invited_by",
  "Invitation"."created_at" AS "Invitation_created_at",
  "Invitation"."expires_at" AS "Invitation_expires_at",
  "Invitation"."accepted_at" AS "Invitation_accepted_at",
  "Invitation"."revoked_at" AS "Invitation_revoked_at"
FROM "auth"."invitations" "Invitation"
WHERE (("Invitation"."token_hash" = $1) AND ("Invitation"."accepted_at" IS NULL) AND ("Invitation"."revoked_at" IS NULL) AND ("Invitation"."expires_at" > $2))
LIMIT 1
FOR UPDATE;

-- OrganizationsRepository.markInvitationAccepted
UPDATE "auth"."invitations"
SET "accepted_at" = $1
WHERE ("id" = $2 AND "organization_id" = $3);

-- OrganizationsRepository.renewInvitationLinkAcrossCompanies
UPDATE "auth"."invitations"
SET "token_hash" = $2
WHERE "id" = $1 AND "accepted_at" IS NULL AND "revoked_at" IS NULL AND "expires_at" > now()
RETURNING "email", "role", "organization_id", "invited_by";
