-- The SQL of apps/utilities/src/notifications/inbox.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- InboxRepository.listInboxPage
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL
ORDER BY "entry"."created_at" DESC, "entry"."notification_id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(DISTINCT("entry"."id")) AS "cnt"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL;

-- InboxRepository.listInboxPage (by recipient)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL
ORDER BY "entry"."created_at" DESC, "entry"."notification_id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(DISTINCT("entry"."id")) AS "cnt"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL;

-- InboxRepository.listInboxPage (by category)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."category" = $3
ORDER BY "entry"."created_at" DESC, "entry"."notification_id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(DISTINCT("entry"."id")) AS "cnt"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."category" = $3;

-- InboxRepository.listInboxPage (unread)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."read_at" IS NULL
ORDER BY "entry"."created_at" DESC, "entry"."notification_id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(DISTINCT("entry"."id")) AS "cnt"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."read_at" IS NULL;

-- InboxRepository.listInboxPage (read)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."read_at" IS NOT NULL
ORDER BY "entry"."created_at" DESC, "entry"."notification_id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(DISTINCT("entry"."id")) AS "cnt"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."read_at" IS NOT NULL;

-- InboxRepository.listInboxPage (after a cursor)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND ("entry"."notification_id") > ($3)
ORDER BY "entry"."notification_id" ASC
LIMIT 21;

-- InboxRepository.listInboxPage (by recipient, after a cursor)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND ("entry"."notification_id") > ($3)
ORDER BY "entry"."notification_id" ASC
LIMIT 21;

-- InboxRepository.listInboxPage (by category, after a cursor)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."category" = $3 AND ("entry"."notification_id") > ($4)
ORDER BY "entry"."notification_id" ASC
LIMIT 21;

-- InboxRepository.listInboxPage (unread, after a cursor)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."read_at" IS NULL AND ("entry"."notification_id") > ($3)
ORDER BY "entry"."notification_id" ASC
LIMIT 21;

-- InboxRepository.listInboxPage (read, after a cursor)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."notification_id" AS "entry_notification_id",
  "entry"."recipient" AS "entry_recipient",
  "entry"."category" AS "entry_category",
  "entry"."created_at" AS "entry_created_at",
  "entry"."read_at" AS "entry_read_at",
  "entry"."archived_at" AS "entry_archived_at",
  "entry"."updated_at" AS "entry_updated_at",
  "notification"."id" AS "notification_id",
  "notification"."company_id" AS "notification_company_id",
  "notification"."category" AS "notification_category",
  "notification"."title" AS "notification_title",
  "notification"."body" AS "notification_body",
  "notification"."data" AS "notification_data",
  "notification"."recipients" AS "notification_recipients",
  "notification"."channels" AS "notification_channels",
  "notification"."created_at" AS "notification_created_at"
FROM "utilities"."notification_inbox" "entry"
INNER JOIN "utilities"."notifications" "notification" ON "notification"."id" = "entry"."notification_id"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."archived_at" IS NULL AND "entry"."read_at" IS NOT NULL AND ("entry"."notification_id") > ($3)
ORDER BY "entry"."notification_id" ASC
LIMIT 21;

-- InboxRepository.findEntry
SELECT "InboxEntry"."id" AS "InboxEntry_id",
  "InboxEntry"."company_id" AS "InboxEntry_company_id",
  "InboxEntry"."notification_id" AS "InboxEntry_notification_id",
  "InboxEntry"."recipient" AS "InboxEntry_recipient",
  "InboxEntry"."category" AS "InboxEntry_category",
  "InboxEntry"."created_at" AS "InboxEntry_created_at",
  "InboxEntry"."read_at" AS "InboxEntry_read_at",
  "InboxEntry"."archived_at" AS "InboxEntry_archived_at",
  "InboxEntry"."updated_at" AS "InboxEntry_updated_at"
FROM "utilities"."notification_inbox" "InboxEntry"
WHERE (("InboxEntry"."company_id" = $1) AND ("InboxEntry"."notification_id" = $2) AND ("InboxEntry"."recipient" = $3) AND ("InboxEntry"."archived_at" IS NULL))
LIMIT 1;

-- InboxRepository.notificationOf
SELECT "Notification"."id" AS "Notification_id",
  "Notification"."company_id" AS "Notification_company_id",
  "Notification"."category" AS "Notification_category",
  "Notification"."title" AS "Notification_title",
  "Notification"."body" AS "Notification_body",
  "Notification"."data" AS "Notification_data",
  "Notification"."recipients" AS "Notification_recipients",
  "Notification"."channels" AS "Notification_channels",
  "Notification"."created_at" AS "Notification_created_at"
FROM "utilities"."notifications" "Notification"
WHERE (("Notification"."id" = $1) AND ("Notification"."company_id" = $2))
LIMIT 1;

-- InboxRepository.updateEntry (read)
UPDATE "utilities"."notification_inbox"
SET "read_at" = $1,
  "updated_at" = $2
WHERE ("id" = $3 AND "company_id" = $4);

-- InboxRepository.updateEntry (archived)
UPDATE "utilities"."notification_inbox"
SET "archived_at" = $1,
  "updated_at" = $2
WHERE ("id" = $3 AND "company_id" = $4);

-- InboxRepository.readAll
UPDATE "utilities"."notification_inbox"
SET "read_at" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("company_id" = $2 AND "recipient" = $3 AND "read_at" IS NULL AND "archived_at" IS NULL);

-- InboxRepository.readAll (by recipient and category)
UPDATE "utilities"."notification_inbox"
SET "read_at" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("company_id" = $2 AND "recipient" = $3 AND "read_at" IS NULL AND "archived_at" IS NULL AND "category" = $4);

-- InboxRepository.unreadCounts
SELECT "entry"."category" AS "category",
  COUNT(*) AS "count"
FROM "utilities"."notification_inbox" "entry"
WHERE "entry"."company_id" = $1 AND "entry"."recipient" = $2 AND "entry"."read_at" IS NULL AND "entry"."archived_at" IS NULL
GROUP BY "entry"."category";
