-- The SQL of apps/books/src/reports/reports.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- ReportsRepository.accountActivity (everything)
SELECT "account_id",
  sum("opening") AS "opening",
  sum("debits") AS "debits",
  sum("credits") AS "credits"
FROM (
  SELECT "account_id",
    0 AS "opening",
    "debits",
    "credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1
  ) AS "through"
) AS "sums"
GROUP BY "account_id";

-- ReportsRepository.accountActivity (through a date late in its month)
SELECT "account_id",
  sum("opening") AS "opening",
  sum("debits") AS "debits",
  sum("credits") AS "credits"
FROM (
  SELECT "account_id",
    0 AS "opening",
    "debits",
    "credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1 AND "month" < $4::date
    UNION ALL
    SELECT "account_id",
      -"debit",
      -"credit"
    FROM "books"."books_journal_lines"
    WHERE "company_id" = $1 AND "date" > $3::date AND "date" < $2::date
  ) AS "through"
) AS "sums"
GROUP BY "account_id";

-- ReportsRepository.accountActivity (through a date early in its month)
SELECT "account_id",
  sum("opening") AS "opening",
  sum("debits") AS "debits",
  sum("credits") AS "credits"
FROM (
  SELECT "account_id",
    0 AS "opening",
    "debits",
    "credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1 AND "month" < $4::date
    UNION ALL
    SELECT "account_id",
      "debit",
      "credit"
    FROM "books"."books_journal_lines"
    WHERE "company_id" = $1 AND "date" >= $2::date AND "date" <= $3::date
  ) AS "through"
) AS "sums"
GROUP BY "account_id";

-- ReportsRepository.accountActivity (from a date early in its month)
SELECT "account_id",
  sum("opening") AS "opening",
  sum("debits") AS "debits",
  sum("credits") AS "credits"
FROM (
  SELECT "account_id",
    0 AS "opening",
    "debits",
    "credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1
  ) AS "through"
  UNION ALL
  SELECT "account_id",
    "debits" - "credits",
    -"debits",
    -"credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1 AND "month" < $4::date
    UNION ALL
    SELECT "account_id",
      "debit",
      "credit"
    FROM "books"."books_journal_lines"
    WHERE "company_id" = $1 AND "date" >= $2::date AND "date" < $3::date
  ) AS "before"
) AS "sums"
GROUP BY "account_id";

-- ReportsRepository.accountActivity (from a date early in its month through one late in its month)
SELECT "account_id",
  sum("opening") AS "opening",
  sum("debits") AS "debits",
  sum("credits") AS "credits"
FROM (
  SELECT "account_id",
    0 AS "opening",
    "debits",
    "credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1 AND "month" < $4::date
    UNION ALL
    SELECT "account_id",
      -"debit",
      -"credit"
    FROM "books"."books_journal_lines"
    WHERE "company_id" = $1 AND "date" > $3::date AND "date" < $2::date
  ) AS "through"
  UNION ALL
  SELECT "account_id",
    "debits" - "credits",
    -"debits",
    -"credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1 AND "month" < $7::date
    UNION ALL
    SELECT "account_id",
      "debit",
      "credit"
    FROM "books"."books_journal_lines"
    WHERE "company_id" = $1 AND "date" >= $5::date AND "date" < $6::date
  ) AS "before"
) AS "sums"
GROUP BY "account_id";

-- ReportsRepository.accountActivity (from a date late in its month through one early in its month)
SELECT "account_id",
  sum("opening") AS "opening",
  sum("debits") AS "debits",
  sum("credits") AS "credits"
FROM (
  SELECT "account_id",
    0 AS "opening",
    "debits",
    "credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1 AND "month" < $4::date
    UNION ALL
    SELECT "account_id",
      "debit",
      "credit"
    FROM "books"."books_journal_lines"
    WHERE "company_id" = $1 AND "date" >= $2::date AND "date" <= $3::date
  ) AS "through"
  UNION ALL
  SELECT "account_id",
    "debits" - "credits",
    -"debits",
    -"credits"
  FROM (
    SELECT "account_id",
      "debits",
      "credits"
    FROM "books"."books_account_months"
    WHERE "company_id" = $1 AND "month" < $7::date
    UNION ALL
    SELECT "account_id",
      -"debit",
      -"credit"
    FROM "books"."books_journal_lines"
    WHERE "company_id" = $1 AND "date" >= $6::date AND "date" < $5::date
  ) AS "before"
) AS "sums"
GROUP BY "account_id";

-- ReportsRepository.accountMonths
SELECT "month"::text AS "month",
  "debits",
  "credits",
  "lines"
FROM "books"."books_account_months"
WHERE "company_id" = $1 AND "account_id" = $2;

-- ReportsRepository.linesToBounds (through a date, from its month’s end)
SELECT 0 AS "bound",
  sum("debit") AS "debits",
  sum("credit") AS "credits",
  count(*)::int AS "lines"
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "account_id" = $2 AND "date" > $4::date AND "date" < $3::date;

-- ReportsRepository.linesToBounds (through a date, from its month’s start)
SELECT 0 AS "bound",
  sum("debit") AS "debits",
  sum("credit") AS "credits",
  count(*)::int AS "lines"
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "account_id" = $2 AND "date" >= $3::date AND "date" <= $4::date;

-- ReportsRepository.linesToBounds (through a date from its month’s end, before another from its month’s start)
SELECT 0 AS "bound",
  sum("debit") AS "debits",
  sum("credit") AS "credits",
  count(*)::int AS "lines"
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "account_id" = $2 AND "date" > $4::date AND "date" < $3::date
UNION ALL
SELECT 1 AS "bound",
  sum("debit") AS "debits",
  sum("credit") AS "credits",
  count(*)::int AS "lines"
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "account_id" = $2 AND "date" >= $5::date AND "date" < $6::date;

-- ReportsRepository.linesToBounds (through a date from its month’s start, before another from its month’s end)
SELECT 0 AS "bound",
  sum("debit") AS "debits",
  sum("credit") AS "credits",
  count(*)::int AS "lines"
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "account_id" = $2 AND "date" >= $3::date AND "date" <= $4::date
UNION ALL
SELECT 1 AS "bound",
  sum("debit") AS "debits",
  sum("credit") AS "credits",
  count(*)::int AS "lines"
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "account_id" = $2 AND "date" >= $6::date AND "date" < $5::date;

-- ReportsRepository.linesToBounds (before a line, from its month’s end)
SELECT 0 AS "bound",
  sum("debit") AS "debits",
  sum("credit") AS "credits",
  count(*)::int AS "lines"
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "account_id" = $2 AND ("date", "entry_sequence", "line_number") >= ($4::date, $5::int, $6::int) AND "date" < $3::date;

-- ReportsRepository.linesToBounds (before a line, from its month’s start)
SELECT 0 AS "bound",
  sum("debit") AS "debits",
  sum("credit") AS "credits",
  count(*)::int AS "lines"
FROM "books"."books_journal_lines"
WHERE "company_id" = $1 AND "account_id" = $2 AND "date" >= $3::date AND ("date", "entry_sequence", "line_number") < ($4::date, $5::int, $6::int);

-- ReportsRepository.lineKeyAt (from the month’s start)
SELECT line."date"::text AS "date",
  line."entry_sequence" AS "sequence",
  line."line_number" AS "line"
FROM "books"."books_journal_lines" line
WHERE line."company_id" = $1 AND line."account_id" = $2 AND line."date" >= $3::date AND line."date" < $4::date
ORDER BY line."date" ASC, line."entry_sequence" ASC, line."line_number" ASC
OFFSET $5
LIMIT 1;

-- ReportsRepository.lineKeyAt (from the month’s end)
SELECT line."date"::text AS "date",
  line."entry_sequence" AS "sequence",
  line."line_number" AS "line"
FROM "books"."books_journal_lines" line
WHERE line."company_id" = $1 AND line."account_id" = $2 AND line."date" >= $3::date AND line."date" < $4::date
ORDER BY line."date" DESC, line."entry_sequence" DESC, line."line_number" DESC
OFFSET $5
LIMIT 1;

-- ReportsRepository.ledgerLines (from the start)
SELECT "line"."id" AS "line_id",
  "line"."company_id" AS "line_company_id",
  "line"."entry_id" AS "line_entry_id",
  "line"."line_number" AS "line_line_number",
  "line"."account_id" AS "line_account_id",
  "line"."account_code" AS "line_account_code",
  "line"."debit" AS "line_debit",
  "line"."credit" AS "line_credit",
  "line"."description" AS "line_description",
  "line"."date" AS "line_date",
  "line"."entry_sequence" AS "line_entry_sequence"
FROM "books"."books_journal_lines" "line"
WHERE "line"."company_id" = $1 AND "line"."account_id" = $2 AND "line"."date" >= $3
ORDER BY "line"."date" ASC, "line"."entry_sequence" ASC, "line"."line_number" ASC
LIMIT 21;

-- ReportsRepository.ledgerLines (from the start, between dates)
SELECT "line"."id" AS "line_id",
  "line"."company_id" AS "line_company_id",
  "line"."entry_id" AS "line_entry_id",
  "line"."line_number" AS "line_line_number",
  "line"."account_id" AS "line_account_id",
  "line"."account_code" AS "line_account_code",
  "line"."debit" AS "line_debit",
  "line"."credit" AS "line_credit",
  "line"."description" AS "line_description",
  "line"."date" AS "line_date",
  "line"."entry_sequence" AS "line_entry_sequence"
FROM "books"."books_journal_lines" "line"
WHERE "line"."company_id" = $1 AND "line"."account_id" = $2 AND "line"."date" >= $3 AND "line"."date" <= $4
ORDER BY "line"."date" ASC, "line"."entry_sequence" ASC, "line"."line_number" ASC
LIMIT 21;

-- ReportsRepository.ledgerLines (from a line)
SELECT "line"."id" AS "line_id",
  "line"."company_id" AS "line_company_id",
  "line"."entry_id" AS "line_entry_id",
  "line"."line_number" AS "line_line_number",
  "line"."account_id" AS "line_account_id",
  "line"."account_code" AS "line_account_code",
  "line"."debit" AS "line_debit",
  "line"."credit" AS "line_credit",
  "line"."description" AS "line_description",
  "line"."date" AS "line_date",
  "line"."entry_sequence" AS "line_entry_sequence"
FROM "books"."books_journal_lines" "line"
WHERE "line"."company_id" = $1 AND "line"."account_id" = $2 AND "line"."date" >= $3 AND ("line"."date", "line"."entry_sequence", "line"."line_number") >= ($4, $5, $6)
ORDER BY "line"."date" ASC, "line"."entry_sequence" ASC, "line"."line_number" ASC
LIMIT 20;

-- ReportsRepository.ledgerLines (from a line, between dates)
SELECT "line"."id" AS "line_id",
  "line"."company_id" AS "line_company_id",
  "line"."entry_id" AS "line_entry_id",
  "line"."line_number" AS "line_line_number",
  "line"."account_id" AS "line_account_id",
  "line"."account_code" AS "line_account_code",
  "line"."debit" AS "line_debit",
  "line"."credit" AS "line_credit",
  "line"."description" AS "line_description",
  "line"."date" AS "line_date",
  "line"."entry_sequence" AS "line_entry_sequence"
FROM "books"."books_journal_lines" "line"
WHERE "line"."company_id" = $1 AND "line"."account_id" = $2 AND "line"."date" >= $3 AND "line"."date" <= $4 AND ("line"."date", "line"."entry_sequence", "line"."line_number") >= ($5, $6, $7)
ORDER BY "line"."date" ASC, "line"."entry_sequence" ASC, "line"."line_number" ASC
LIMIT 20;

-- ReportsRepository.ledgerLines (after a line)
SELECT "line"."id" AS "line_id",
  "line"."company_id" AS "line_company_id",
  "line"."entry_id" AS "line_entry_id",
  "line"."line_number" AS "line_line_number",
  "line"."account_id" AS "line_account_id",
  "line"."account_code" AS "line_account_code",
  "line"."debit" AS "line_debit",
  "line"."credit" AS "line_credit",
  "line"."description" AS "line_description",
  "line"."date" AS "line_date",
  "line"."entry_sequence" AS "line_entry_sequence"
FROM "books"."books_journal_lines" "line"
WHERE "line"."company_id" = $1 AND "line"."account_id" = $2 AND "line"."date" >= $3 AND ("line"."date", "line"."entry_sequence", "line"."line_number") > ($4, $5, $6)
ORDER BY "line"."date" ASC, "line"."entry_sequence" ASC, "line"."line_number" ASC
LIMIT 21;

-- ReportsRepository.ledgerLines (after a line, between dates)
SELECT "line"."id" AS "line_id",
  "line"."company_id" AS "line_company_id",
  "line"."entry_id" AS "line_entry_id",
  "line"."line_number" AS "line_line_number",
  "line"."account_id" AS "line_account_id",
  "line"."account_code" AS "line_account_code",
  "line"."debit" AS "line_debit",
  "line"."credit" AS "line_credit",
  "line"."description" AS "line_description",
  "line"."date" AS "line_date",
  "line"."entry_sequence" AS "line_entry_sequence"
FROM "books"."books_journal_lines" "line"
WHERE "line"."company_id" = $1 AND "line"."account_id" = $2 AND "line"."date" >= $3 AND "line"."date" <= $4 AND ("line"."date", "line"."entry_sequence", "line"."line_number") > ($5, $6, $7)
ORDER BY "line"."date" ASC, "line"."entry_sequence" ASC, "line"."line_number" ASC
LIMIT 21;
