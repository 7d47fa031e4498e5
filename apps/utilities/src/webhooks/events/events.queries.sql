-- The SQL of apps/utilities/src/webhooks/events/events.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- EventsRepository.listEvents
SELECT "id",
  "sequence",
  "type",
  "occurred_at",
  "company_id",
  "data",
  "version"
FROM "utilities"."events"
WHERE "company_id" = $1 AND "sequence" > $2 AND "received_at" > now() - make_interval(days => $3) AND ($4::text IS NULL OR "type" = $4)
ORDER BY "sequence"
LIMIT $5;

-- EventsRepository.listEvents (of a type)
SELECT "id",
  "sequence",
  "type",
  "occurred_at",
  "company_id",
  "data",
  "version"
FROM "utilities"."events"
WHERE "company_id" = $1 AND "sequence" > $2 AND "received_at" > now() - make_interval(days => $3) AND ($4::text IS NULL OR "type" = $4)
ORDER BY "sequence"
LIMIT $5;

-- EventsRepository.feedPositionAcrossCompanies
SELECT "EventSource"."service" AS "EventSource_service",
  "EventSource"."position" AS "EventSource_position",
  "EventSource"."updated_at" AS "EventSource_updated_at"
FROM "utilities"."event_sources" "EventSource"
WHERE (("EventSource"."service" = $1))
LIMIT 1;

-- EventsRepository.lockIngestionAcrossCompanies
SELECT pg_advisory_xact_lock(hashtext($1));

-- EventsRepository.storeEventsAcrossCompanies
INSERT INTO "utilities"."events" ("id", "service", "type", "company_id", "occurred_at", "data", "version")
SELECT e.id,
  $2,
  e.type,
  e.company_id,
  e.occurred_at,
  e.data,
  e.version
FROM ROWS
FROM (jsonb_to_recordset($1::jsonb) AS (id uuid, type text, company_id uuid, occurred_at timestamptz, data jsonb, version smallint)) WITH ORDINALITY AS e(id, type, company_id, occurred_at, data, version, n)
ORDER BY e.n
ON CONFLICT ("id") DO NOTHING
RETURNING "id", "sequence", "received_at";

-- EventsRepository.advanceFeedAcrossCompanies
INSERT INTO "utilities"."event_sources" ("service", "position", "updated_at")
VALUES ($1, $2, now())
ON CONFLICT ("service")
DO UPDATE SET "position" = GREATEST("event_sources"."position", EXCLUDED."position"),
  "updated_at" = now();

-- EventsRepository.deleteDeliveriesOlderAcrossCompanies
DELETE FROM "utilities"."webhook_deliveries"
WHERE "id" IN (
  SELECT "id"
  FROM "utilities"."webhook_deliveries"
  WHERE "created_at" < now() - make_interval(days => $1)
  LIMIT 5000
);

-- EventsRepository.deleteEventsOlderAcrossCompanies
DELETE FROM "utilities"."events"
WHERE "id" IN (
  SELECT "id"
  FROM "utilities"."events"
  WHERE "received_at" < now() - make_interval(days => $1)
  LIMIT 5000
);
