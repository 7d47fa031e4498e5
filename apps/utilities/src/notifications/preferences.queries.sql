-- The SQL of apps/utilities/src/notifications/preferences.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- PreferencesRepository.listPreferences
SELECT "NotificationPreference"."id" AS "NotificationPreference_id",
  "NotificationPreference"."company_id" AS "NotificationPreference_company_id",
  "NotificationPreference"."category" AS "NotificationPreference_category",
  "NotificationPreference"."in_app" AS "NotificationPreference_in_app",
  "NotificationPreference"."email" AS "NotificationPreference_email",
  "NotificationPreference"."push" AS "NotificationPreference_push",
  "NotificationPreference"."sms" AS "NotificationPreference_sms",
  "NotificationPreference"."whatsapp" AS "NotificationPreference_whatsapp",
  "NotificationPreference"."updated_at" AS "NotificationPreference_updated_at"
FROM "utilities"."notification_preferences" "NotificationPreference"
WHERE (("NotificationPreference"."company_id" = $1));

-- PreferencesRepository.findPreference
SELECT "NotificationPreference"."id" AS "NotificationPreference_id",
  "NotificationPreference"."company_id" AS "NotificationPreference_company_id",
  "NotificationPreference"."category" AS "NotificationPreference_category",
  "NotificationPreference"."in_app" AS "NotificationPreference_in_app",
  "NotificationPreference"."email" AS "NotificationPreference_email",
  "NotificationPreference"."push" AS "NotificationPreference_push",
  "NotificationPreference"."sms" AS "NotificationPreference_sms",
  "NotificationPreference"."whatsapp" AS "NotificationPreference_whatsapp",
  "NotificationPreference"."updated_at" AS "NotificationPreference_updated_at"
FROM "utilities"."notification_preferences" "NotificationPreference"
WHERE (("NotificationPreference"."company_id" = $1) AND ("NotificationPreference"."category" = $2))
LIMIT 1;

-- PreferencesRepository.upsertPreferencesAcrossCompanies
WITH input AS (
  SELECT *
  FROM unnest($1::uuid[], $2::varchar[], $3::boolean[], $4::boolean[], $5::boolean[], $6::boolean[], $7::boolean[]) AS i("companyId", "category", "inApp", "email", "push", "sms", "whatsapp")
)
INSERT INTO "utilities"."notification_preferences" AS stored ("company_id", "category", "in_app", "email", "push", "sms", "whatsapp", "updated_at")
SELECT "companyId",
  "category",
  COALESCE("inApp", true),
  COALESCE("email", true),
  COALESCE("push", true),
  COALESCE("sms", false),
  COALESCE("whatsapp", false),
  now()
FROM input
ON CONFLICT ("company_id", "category")
DO UPDATE SET ("in_app", "email", "push", "sms", "whatsapp", "updated_at") = (
  SELECT COALESCE(i."inApp", stored."in_app"),
    COALESCE(i."email", stored."email"),
    COALESCE(i."push", stored."push"),
    COALESCE(i."sms", stored."sms"),
    COALESCE(i."whatsapp", stored."whatsapp"),
    now()
  FROM input i
  WHERE i."companyId" = stored."company_id" AND i."category" = stored."category"
)
RETURNING "company_id"::text || ':' || "category" AS "key", json_build_object('category', "category", 'inApp', "in_app", 'email', "email", 'push', "push", 'sms', "sms", 'whatsapp', "whatsapp", 'updatedAt', to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text AS "json";
