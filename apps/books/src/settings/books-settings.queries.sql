-- The SQL of apps/books/src/settings/books-settings.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- BooksSettingsRepository.lockSettings
INSERT INTO "books"."books_settings"("company_id", "currency", "closed_through", "posted_total", "chart_installed_at", "created_at", "updated_at")
VALUES ($1, $2, $3, $4, $5, DEFAULT, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING "posted_total", "created_at", "updated_at";
SELECT "settings"."company_id" AS "settings_company_id",
  "settings"."currency" AS "settings_currency",
  "settings"."closed_through" AS "settings_closed_through",
  "settings"."posted_total" AS "settings_posted_total",
  "settings"."chart_installed_at" AS "settings_chart_installed_at",
  "settings"."created_at" AS "settings_created_at",
  "settings"."updated_at" AS "settings_updated_at"
FROM "books"."books_settings" "settings"
WHERE "settings"."company_id" = $1
FOR UPDATE;

-- BooksSettingsRepository.findSettings
SELECT "BooksSettings"."company_id" AS "BooksSettings_company_id",
  "BooksSettings"."currency" AS "BooksSettings_currency",
  "BooksSettings"."closed_through" AS "BooksSettings_closed_through",
  "BooksSettings"."posted_total" AS "BooksSettings_posted_total",
  "BooksSettings"."chart_installed_at" AS "BooksSettings_chart_installed_at",
  "BooksSettings"."created_at" AS "BooksSettings_created_at",
  "BooksSettings"."updated_at" AS "BooksSettings_updated_at"
FROM "books"."books_settings" "BooksSettings"
WHERE (("BooksSettings"."company_id" = $1))
LIMIT 1;

-- BooksSettingsRepository.setPostedTotal
UPDATE "books"."books_settings"
SET "posted_total" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "company_id" = $2;

-- BooksSettingsRepository.setCurrency
UPDATE "books"."books_settings"
SET "currency" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "company_id" = $2;

-- BooksSettingsRepository.setClosedThrough
UPDATE "books"."books_settings"
SET "closed_through" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "company_id" = $2;

-- BooksSettingsRepository.markChartInstalled
UPDATE "books"."books_settings"
SET "chart_installed_at" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("company_id" = $2 AND "chart_installed_at" IS NULL);
