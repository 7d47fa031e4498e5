-- The SQL of apps/books/src/journal/journal.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- JournalRepository.insertEntry
INSERT INTO "books"."books_journal_entries"("id", "company_id", "number", "sequence", "date", "memo", "reference", "currency", "total_debit", "total_credit", "reversal_of_id", "reversed_by_id", "source_type", "source_id", "posted_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, DEFAULT, DEFAULT)
RETURNING "id", "posted_at", "updated_at";

-- JournalRepository.insertLines
INSERT INTO "books"."books_journal_lines"("id", "company_id", "entry_id", "line_number", "account_id", "account_code", "debit", "credit", "description", "date", "entry_sequence")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10), (DEFAULT, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
RETURNING "id";

-- JournalRepository.addToAccountMonths
INSERT INTO "books"."books_account_months" AS months ("company_id", "account_id", "month", "debits", "credits", "lines")
SELECT "company_id",
  "account_id",
  date_trunc('month', "date"::timestamp)::date,
  sum("debit"),
  sum("credit"),
  count(*)
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "entry_id" = $2
GROUP BY 1, 2, 3
ON CONFLICT ("company_id", "account_id", "month")
DO UPDATE SET "debits" = months."debits" + excluded."debits",
  "credits" = months."credits" + excluded."credits",
  "lines" = months."lines" + excluded."lines";

-- JournalRepository.nextEntryNumber
INSERT INTO "books"."books_entry_sequences" AS sequences ("company_id", "year", "last_number")
VALUES ($1, $2, 1)
ON CONFLICT ("company_id", "year")
DO UPDATE SET "last_number" = sequences."last_number" + 1
RETURNING "last_number";

-- JournalRepository.setReversedBy
UPDATE "books"."books_journal_entries"
SET "reversed_by_id" = $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE ("id" = $2 AND "company_id" = $3);

-- JournalRepository.findEntry
SELECT "JournalEntry"."id" AS "JournalEntry_id",
  "JournalEntry"."company_id" AS "JournalEntry_company_id",
  "JournalEntry"."number" AS "JournalEntry_number",
  "JournalEntry"."sequence" AS "JournalEntry_sequence",
  "JournalEntry"."date" AS "JournalEntry_date",
  "JournalEntry"."memo" AS "JournalEntry_memo",
  "JournalEntry"."reference" AS "JournalEntry_reference",
  "JournalEntry"."currency" AS "JournalEntry_currency",
  "JournalEntry"."total_debit" AS "JournalEntry_total_debit",
  "JournalEntry"."total_credit" AS "JournalEntry_total_credit",
  "JournalEntry"."reversal_of_id" AS "JournalEntry_reversal_of_id",
  "JournalEntry"."reversed_by_id" AS "JournalEntry_reversed_by_id",
  "JournalEntry"."source_type" AS "JournalEntry_source_type",
  "JournalEntry"."source_id" AS "JournalEntry_source_id",
  "JournalEntry"."posted_at" AS "JournalEntry_posted_at",
  "JournalEntry"."updated_at" AS "JournalEntry_updated_at"
FROM "books"."books_journal_entries" "JournalEntry"
WHERE (("JournalEntry"."id" = $1) AND ("JournalEntry"."company_id" = $2))
LIMIT 1;

-- JournalRepository.findEntryBySource
SELECT "JournalEntry"."id" AS "JournalEntry_id",
  "JournalEntry"."company_id" AS "JournalEntry_company_id",
  "JournalEntry"."number" AS "JournalEntry_number",
  "JournalEntry"."sequence" AS "JournalEntry_sequence",
  "JournalEntry"."date" AS "JournalEntry_date",
  "JournalEntry"."memo" AS "JournalEntry_memo",
  "JournalEntry"."reference" AS "JournalEntry_reference",
  "JournalEntry"."currency" AS "JournalEntry_currency",
  "JournalEntry"."total_debit" AS "JournalEntry_total_debit",
  "JournalEntry"."total_credit" AS "JournalEntry_total_credit",
  "JournalEntry"."reversal_of_id" AS "JournalEntry_reversal_of_id",
  "JournalEntry"."reversed_by_id" AS "JournalEntry_reversed_by_id",
  "JournalEntry"."source_type" AS "JournalEntry_source_type",
  "JournalEntry"."source_id" AS "JournalEntry_source_id",
  "JournalEntry"."posted_at" AS "JournalEntry_posted_at",
  "JournalEntry"."updated_at" AS "JournalEntry_updated_at"
FROM "books"."books_journal_entries" "JournalEntry"
WHERE (("JournalEntry"."company_id" = $1) AND ("JournalEntry"."source_type" = $2) AND ("JournalEntry"."source_id" = $3) AND ("JournalEntry"."reference" = $4))
LIMIT 1;

-- JournalRepository.entryLines
SELECT "JournalLine"."id" AS "JournalLine_id",
  "JournalLine"."company_id" AS "JournalLine_company_id",
  "JournalLine"."entry_id" AS "JournalLine_entry_id",
  "JournalLine"."line_number" AS "JournalLine_line_number",
  "JournalLine"."account_id" AS "JournalLine_account_id",
  "JournalLine"."account_code" AS "JournalLine_account_code",
  "JournalLine"."debit" AS "JournalLine_debit",
  "JournalLine"."credit" AS "JournalLine_credit",
  "JournalLine"."description" AS "JournalLine_description",
  "JournalLine"."date" AS "JournalLine_date",
  "JournalLine"."entry_sequence" AS "JournalLine_entry_sequence"
FROM "books"."books_journal_lines" "JournalLine"
WHERE (("JournalLine"."company_id" = $1) AND ("JournalLine"."entry_id" = $2))
ORDER BY "JournalLine"."line_number" ASC;

-- JournalRepository.linesOfEntries
SELECT entry_id,
  line_number,
  account_id,
  account_code,
  debit,
  credit,
  description
FROM "books"."books_journal_lines"
WHERE company_id = $1 AND entry_id = ANY($2::uuid[]);

-- JournalRepository.listEntriesPage
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."number" AS "entry_number",
  "entry"."sequence" AS "entry_sequence",
  "entry"."date" AS "entry_date",
  "entry"."memo" AS "entry_memo",
  "entry"."reference" AS "entry_reference",
  "entry"."currency" AS "entry_currency",
  "entry"."total_debit" AS "entry_total_debit",
  "entry"."total_credit" AS "entry_total_credit",
  "entry"."reversal_of_id" AS "entry_reversal_of_id",
  "entry"."reversed_by_id" AS "entry_reversed_by_id",
  "entry"."source_type" AS "entry_source_type",
  "entry"."source_id" AS "entry_source_id",
  "entry"."posted_at" AS "entry_posted_at",
  "entry"."updated_at" AS "entry_updated_at"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1
ORDER BY "entry"."date" DESC, "entry"."sequence" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1;

-- JournalRepository.listEntriesPage (from a date)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."number" AS "entry_number",
  "entry"."sequence" AS "entry_sequence",
  "entry"."date" AS "entry_date",
  "entry"."memo" AS "entry_memo",
  "entry"."reference" AS "entry_reference",
  "entry"."currency" AS "entry_currency",
  "entry"."total_debit" AS "entry_total_debit",
  "entry"."total_credit" AS "entry_total_credit",
  "entry"."reversal_of_id" AS "entry_reversal_of_id",
  "entry"."reversed_by_id" AS "entry_reversed_by_id",
  "entry"."source_type" AS "entry_source_type",
  "entry"."source_id" AS "entry_source_id",
  "entry"."posted_at" AS "entry_posted_at",
  "entry"."updated_at" AS "entry_updated_at"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1 AND "entry"."date" >= $2
ORDER BY "entry"."date" DESC, "entry"."sequence" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1 AND "entry"."date" >= $2;

-- JournalRepository.listEntriesPage (between dates)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."number" AS "entry_number",
  "entry"."sequence" AS "entry_sequence",
  "entry"."date" AS "entry_date",
  "entry"."memo" AS "entry_memo",
  "entry"."reference" AS "entry_reference",
  "entry"."currency" AS "entry_currency",
  "entry"."total_debit" AS "entry_total_debit",
  "entry"."total_credit" AS "entry_total_credit",
  "entry"."reversal_of_id" AS "entry_reversal_of_id",
  "entry"."reversed_by_id" AS "entry_reversed_by_id",
  "entry"."source_type" AS "entry_source_type",
  "entry"."source_id" AS "entry_source_id",
  "entry"."posted_at" AS "entry_posted_at",
  "entry"."updated_at" AS "entry_updated_at"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1 AND "entry"."date" >= $2 AND "entry"."date" <= $3
ORDER BY "entry"."date" DESC, "entry"."sequence" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1 AND "entry"."date" >= $2 AND "entry"."date" <= $3;

-- JournalRepository.listEntriesPage (by reference)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."number" AS "entry_number",
  "entry"."sequence" AS "entry_sequence",
  "entry"."date" AS "entry_date",
  "entry"."memo" AS "entry_memo",
  "entry"."reference" AS "entry_reference",
  "entry"."currency" AS "entry_currency",
  "entry"."total_debit" AS "entry_total_debit",
  "entry"."total_credit" AS "entry_total_credit",
  "entry"."reversal_of_id" AS "entry_reversal_of_id",
  "entry"."reversed_by_id" AS "entry_reversed_by_id",
  "entry"."source_type" AS "entry_source_type",
  "entry"."source_id" AS "entry_source_id",
  "entry"."posted_at" AS "entry_posted_at",
  "entry"."updated_at" AS "entry_updated_at"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1 AND "entry"."reference" = $2
ORDER BY "entry"."date" DESC, "entry"."sequence" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1 AND "entry"."reference" = $2;

-- JournalRepository.listEntriesPage (cursor mode, first page)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."number" AS "entry_number",
  "entry"."sequence" AS "entry_sequence",
  "entry"."date" AS "entry_date",
  "entry"."memo" AS "entry_memo",
  "entry"."reference" AS "entry_reference",
  "entry"."currency" AS "entry_currency",
  "entry"."total_debit" AS "entry_total_debit",
  "entry"."total_credit" AS "entry_total_credit",
  "entry"."reversal_of_id" AS "entry_reversal_of_id",
  "entry"."reversed_by_id" AS "entry_reversed_by_id",
  "entry"."source_type" AS "entry_source_type",
  "entry"."source_id" AS "entry_source_id",
  "entry"."posted_at" AS "entry_posted_at",
  "entry"."updated_at" AS "entry_updated_at"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1
ORDER BY "entry"."id" ASC
LIMIT 21;
SELECT COUNT(1) AS "cnt"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1;

-- JournalRepository.listEntriesPage (after a cursor)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."number" AS "entry_number",
  "entry"."sequence" AS "entry_sequence",
  "entry"."date" AS "entry_date",
  "entry"."memo" AS "entry_memo",
  "entry"."reference" AS "entry_reference",
  "entry"."currency" AS "entry_currency",
  "entry"."total_debit" AS "entry_total_debit",
  "entry"."total_credit" AS "entry_total_credit",
  "entry"."reversal_of_id" AS "entry_reversal_of_id",
  "entry"."reversed_by_id" AS "entry_reversed_by_id",
  "entry"."source_type" AS "entry_source_type",
  "entry"."source_id" AS "entry_source_id",
  "entry"."posted_at" AS "entry_posted_at",
  "entry"."updated_at" AS "entry_updated_at"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1 AND ("entry"."id") > ($2)
ORDER BY "entry"."id" ASC
LIMIT 21;

-- JournalRepository.listEntriesPage (by reference, after a cursor)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."number" AS "entry_number",
  "entry"."sequence" AS "entry_sequence",
  "entry"."date" AS "entry_date",
  "entry"."memo" AS "entry_memo",
  "entry"."reference" AS "entry_reference",
  "entry"."currency" AS "entry_currency",
  "entry"."total_debit" AS "entry_total_debit",
  "entry"."total_credit" AS "entry_total_credit",
  "entry"."reversal_of_id" AS "entry_reversal_of_id",
  "entry"."reversed_by_id" AS "entry_reversed_by_id",
  "entry"."source_type" AS "entry_source_type",
  "entry"."source_id" AS "entry_source_id",
  "entry"."posted_at" AS "entry_posted_at",
  "entry"."updated_at" AS "entry_updated_at"
FROM "books"."books_journal_entries" "entry"
WHERE "entry"."company_id" = $1 AND "entry"."reference" = $2 AND ("entry"."id") > ($3)
ORDER BY "entry"."id" ASC
LIMIT 21;

-- JournalRepository.listEntriesPage (by account)
SELECT DISTINCT ON (date, entry_sequence) entry_id
FROM "books"."books_journal_lines"
WHERE company_id = $1 AND account_id = $2
ORDER BY date DESC, entry_sequence DESC
LIMIT $3
OFFSET $4;
SELECT count(*)::int AS count
FROM (
  SELECT DISTINCT date,
    entry_sequence
  FROM "books"."books_journal_lines"
  WHERE company_id = $1 AND account_id = $2
) AS entries;

-- JournalRepository.listEntriesPage (by account, between dates)
SELECT DISTINCT ON (date, entry_sequence) entry_id
FROM "books"."books_journal_lines"
WHERE company_id = $1 AND account_id = $2 AND date >= $3 AND date <= $4
ORDER BY date DESC, entry_sequence DESC
LIMIT $5
OFFSET $6;
SELECT count(*)::int AS count
FROM (
  SELECT DISTINCT date,
    entry_sequence
  FROM "books"."books_journal_lines"
  WHERE company_id = $1 AND account_id = $2 AND date >= $3 AND date <= $4
) AS entries;

-- JournalRepository.listEntriesPage (by account, cursor mode, first page)
SELECT "entry"."id" AS "entry_id",
  "entry"."company_id" AS "entry_company_id",
  "entry"."number" AS "entry_number",
  "entry"."sequence" AS "entry_sequence",
  "entry"."date" AS "entry_date",
  "entry"."memo" AS "entry_memo",
  "entry"."reference" AS "entry_reference",
  "entry"."currency" AS "entry_currency",
  "entry"."total_debit" AS "entry_total_debit",
  "entry"."total_credit" AS "entry_total_credit",
  "entry"."reversal_of_id" AS "entry_reversal_of_id",
  "entry"."reversed_by_id" AS "entry_reversed_by_id",
  "entry"."source_type" AS "entry_source_type",
  "entry"."source_id" AS "entry_source_id",
  "entry"."posted_at" AS "entry_posted_at",
  "entry"."updated_at" AS "entry_updated_at"
FROM "books"."books_journal_entries" "entry"
INNER JOIN (
  SELECT DISTINCT ON ("line"."date", "line"."entry_sequence") "line"."entry_id" AS "entry_id",
    "line"."date" AS "date",
    "line"."entry_sequence" AS "sequence"
  FROM "books"."books_journal_lines" "line"
  WHERE "line"."company_id" = $1 AND "line"."account_id" = $2
  ORDER BY "line"."date" DESC, "line"."entry_sequence" DESC
) "hit" ON hit.entry_id = "entry"."id" AND hit.date = "entry"."date" AND hit.sequence = "entry"."sequence"
WHERE "entry"."company_id" = $1
ORDER BY "entry"."id" ASC
LIMIT 21;
SELECT COUNT(DISTINCT("entry"."id")) AS "cnt"
FROM "books"."books_journal_entries" "entry"
INNER JOIN (
  SELECT DISTINCT ON ("line"."date", "line"."entry_sequence") "line"."entry_id" AS "entry_id",
    "line"."date" AS "date",
    "line"."entry_sequence" AS "sequence"
  FROM "books"."books_journal_lines" "line"
  WHERE "line"."company_id" = $1 AND "line"."account_id" = $2
  ORDER BY "line"."date" DESC, "line"."entry_sequence" DESC
) "hit" ON hit.entry_id = "entry"."id" AND hit.date = "entry"."date" AND hit.sequence = "entry"."sequence"
WHERE "entry"."company_id" = $1;

-- JournalRepository.entriesByIds
SELECT "JournalEntry"."id" AS "JournalEntry_id",
  "JournalEntry"."company_id" AS "JournalEntry_company_id",
  "JournalEntry"."number" AS "JournalEntry_number",
  "JournalEntry"."sequence" AS "JournalEntry_sequence",
  "JournalEntry"."date" AS "JournalEntry_date",
  "JournalEntry"."memo" AS "JournalEntry_memo",
  "JournalEntry"."reference" AS "JournalEntry_reference",
  "JournalEntry"."currency" AS "JournalEntry_currency",
  "JournalEntry"."total_debit" AS "JournalEntry_total_debit",
  "JournalEntry"."total_credit" AS "JournalEntry_total_credit",
  "JournalEntry"."reversal_of_id" AS "JournalEntry_reversal_of_id",
  "JournalEntry"."reversed_by_id" AS "JournalEntry_reversed_by_id",
  "JournalEntry"."source_type" AS "JournalEntry_source_type",
  "JournalEntry"."source_id" AS "JournalEntry_source_id",
  "JournalEntry"."posted_at" AS "JournalEntry_posted_at",
  "JournalEntry"."updated_at" AS "JournalEntry_updated_at"
FROM "books"."books_journal_entries" "JournalEntry"
WHERE (("JournalEntry"."company_id" = $1) AND ("JournalEntry"."id" IN ($2, $3)));
