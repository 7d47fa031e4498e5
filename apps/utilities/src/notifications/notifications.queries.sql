-- The SQL of apps/utilities/src/notifications/notifications.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- NotificationsRepository.insertNotification
INSERT INTO "utilities"."notifications"("id", "company_id", "category", "title", "body", "data", "recipients", "channels", "created_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, DEFAULT)
RETURNING "id", "created_at";

-- NotificationsRepository.insertInboxEntries
INSERT INTO "utilities"."notification_inbox"("id", "company_id", "notification_id", "recipient", "category", "created_at", "read_at", "archived_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, DEFAULT)
RETURNING "id", "updated_at";

-- NotificationsRepository.insertDeliveries
INSERT INTO "utilities"."notification_deliveries"("id", "company_id", "notification_id", "channel", "recipient", "employee_id", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, DEFAULT, $7, $8, DEFAULT, DEFAULT, DEFAULT)
RETURNING "id", "attempts", "created_at", "updated_at";

-- NotificationsRepository.findNotification
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
WHERE (("Notification"."company_id" = $1) AND ("Notification"."id" = $2))
LIMIT 1;

-- NotificationsRepository.readNotification
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

-- NotificationsRepository.inboxesOf
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
WHERE (("InboxEntry"."company_id" = $1) AND ("InboxEntry"."notification_id" = $2))
ORDER BY "InboxEntry"."recipient" ASC;

-- NotificationsRepository.deliveriesOf
SELECT "NotificationDelivery"."id" AS "NotificationDelivery_id",
  "NotificationDelivery"."company_id" AS "NotificationDelivery_company_id",
  "NotificationDelivery"."notification_id" AS "NotificationDelivery_notification_id",
  "NotificationDelivery"."channel" AS "NotificationDelivery_channel",
  "NotificationDelivery"."recipient" AS "NotificationDelivery_recipient",
  "NotificationDelivery"."employee_id" AS "NotificationDelivery_employee_id",
  "NotificationDelivery"."status" AS "NotificationDelivery_status",
  "NotificationDelivery"."attempts" AS "NotificationDelivery_attempts",
  "NotificationDelivery"."next_attempt_at" AS "NotificationDelivery_next_attempt_at",
  "NotificationDelivery"."last_error" AS "NotificationDelivery_last_error",
  "NotificationDelivery"."sent_at" AS "NotificationDelivery_sent_at",
  "NotificationDelivery"."created_at" AS "NotificationDelivery_created_at",
  "NotificationDelivery"."updated_at" AS "NotificationDelivery_updated_at"
FROM "utilities"."notification_deliveries" "NotificationDelivery"
WHERE (("NotificationDelivery"."company_id" = $1) AND ("NotificationDelivery"."notification_id" = $2))
ORDER BY "NotificationDelivery"."channel" ASC, "NotificationDelivery"."created_at" ASC, "NotificationDelivery"."recipient" ASC;

-- NotificationsRepository.attemptsOf
SELECT "DeliveryAttempt"."id" AS "DeliveryAttempt_id",
  "DeliveryAttempt"."company_id" AS "DeliveryAttempt_company_id",
  "DeliveryAttempt"."delivery_id" AS "DeliveryAttempt_delivery_id",
  "DeliveryAttempt"."attempted_at" AS "DeliveryAttempt_attempted_at",
  "DeliveryAttempt"."outcome" AS "DeliveryAttempt_outcome",
  "DeliveryAttempt"."provider" AS "DeliveryAttempt_provider",
  "DeliveryAttempt"."duration_ms" AS "DeliveryAttempt_duration_ms",
  "DeliveryAttempt"."error" AS "DeliveryAttempt_error"
FROM "utilities"."notification_delivery_attempts" "DeliveryAttempt"
WHERE (("DeliveryAttempt"."company_id" = $1) AND ("DeliveryAttempt"."delivery_id" IN ($2, $3)))
ORDER BY "DeliveryAttempt"."attempted_at" ASC;

-- NotificationsRepository.pendingDeliveriesAcrossCompanies
SELECT "NotificationDelivery"."id" AS "NotificationDelivery_id",
  "NotificationDelivery"."company_id" AS "NotificationDelivery_company_id"
FROM "utilities"."notification_deliveries" "NotificationDelivery"
WHERE (("NotificationDelivery"."status" = $1));

-- NotificationsRepository.findDeliveryAcrossCompanies
SELECT "NotificationDelivery"."id" AS "NotificationDelivery_id",
  "NotificationDelivery"."company_id" AS "NotificationDelivery_company_id",
  "NotificationDelivery"."notification_id" AS "NotificationDelivery_notification_id",
  "NotificationDelivery"."channel" AS "NotificationDelivery_channel",
  "NotificationDelivery"."recipient" AS "NotificationDelivery_recipient",
  "NotificationDelivery"."employee_id" AS "NotificationDelivery_employee_id",
  "NotificationDelivery"."status" AS "NotificationDelivery_status",
  "NotificationDelivery"."attempts" AS "NotificationDelivery_attempts",
  "NotificationDelivery"."next_attempt_at" AS "NotificationDelivery_next_attempt_at",
  "NotificationDelivery"."last_error" AS "NotificationDelivery_last_error",
  "NotificationDelivery"."sent_at" AS "NotificationDelivery_sent_at",
  "NotificationDelivery"."created_at" AS "NotificationDelivery_created_at",
  "NotificationDelivery"."updated_at" AS "NotificationDelivery_updated_at"
FROM "utilities"."notification_deliveries" "NotificationDelivery"
WHERE (("NotificationDelivery"."id" = $1))
LIMIT 1;

-- NotificationsRepository.insertAttempt
INSERT INTO "utilities"."notification_delivery_attempts"("id", "company_id", "delivery_id", "attempted_at", "outcome", "provider", "duration_ms", "error")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7)
RETURNING "id";

-- NotificationsRepository.updateAfterAttempt
UPDATE "utilities"."notification_deliveries"
SET "status" = $1,
  "sent_at" = $2,
  "next_attempt_at" = $3,
  "last_error" = $4,
  "attempts" = "attempts" + 1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $5 AND "company_id" = $6);

-- NotificationsRepository.readDelivery
SELECT "NotificationDelivery"."id" AS "NotificationDelivery_id",
  "NotificationDelivery"."company_id" AS "NotificationDelivery_company_id",
  "NotificationDelivery"."notification_id" AS "NotificationDelivery_notification_id",
  "NotificationDelivery"."channel" AS "NotificationDelivery_channel",
  "NotificationDelivery"."recipient" AS "NotificationDelivery_recipient",
  "NotificationDelivery"."employee_id" AS "NotificationDelivery_employee_id",
  "NotificationDelivery"."status" AS "NotificationDelivery_status",
  "NotificationDelivery"."attempts" AS "NotificationDelivery_attempts",
  "NotificationDelivery"."next_attempt_at" AS "NotificationDelivery_next_attempt_at",
  "NotificationDelivery"."last_error" AS "NotificationDelivery_last_error",
  "NotificationDelivery"."sent_at" AS "NotificationDelivery_sent_at",
  "NotificationDelivery"."created_at" AS "NotificationDelivery_created_at",
  "NotificationDelivery"."updated_at" AS "NotificationDelivery_updated_at"
FROM "utilities"."notification_deliveries" "NotificationDelivery"
WHERE (("NotificationDelivery"."id" = $1) AND ("NotificationDelivery"."company_id" = $2))
LIMIT 1;

-- NotificationsRepository.captureMessage
INSERT INTO "utilities"."captured_messages"("id", "company_id", "delivery_id", "channel", "recipient", "subject", "body", "data", "created_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING "id", "created_at";
