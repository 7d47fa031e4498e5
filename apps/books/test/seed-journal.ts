import { ACCOUNT_MONTHS_BACKFILL } from '../src/migrations/1795880000000-AccountMonths';

/** Runs one statement with positional parameters (a DataSource's or a pg client's query). */
export type Query = (sql: string, parameters?: unknown[]) => Promise<any>;

export interface SeededBooks {
  /** Account ids by code: `S1` is sparse (a line in one entry of 50), `S2`–`S4` take the other debits, `S5`–`S6` every credit. */
  accounts: Record<string, string>;
  entries: number;
  lines: number;
}

const ACCOUNTS: [string, string, string][] = [
  ['S1', 'Sparse receivable', 'asset'],
  ['S2', 'Salaries', 'expense'],
  ['S3', 'Rent', 'expense'],
  ['S4', 'Supplies', 'expense'],
  ['S5', 'Bank', 'asset'],
  ['S6', 'Payables', 'liability'],
];

/**
 * Writes a company's accounts and `entries` balanced entries straight into the tables, as the
 * posting code would (numbered per year, dates and order copied onto the lines, the accounts'
 * monthly sums), spread evenly over `days` days from `start`. One entry in 50 has two debit
 * lines on S1, so S1's entries are few and some have more than one line on it.
 */
export async function seedJournal(query: Query, companyId: string, entries: number, options: { start?: string; days?: number } = {}): Promise<SeededBooks> {
  const inserted: { id: string; code: string }[] = await query(
    `INSERT INTO books.books_accounts (company_id, code, name, type)
     SELECT $1, a.code, a.name, a.type FROM unnest($2::text[], $3::text[], $4::text[]) AS a(code, name, type)
     RETURNING id, code`,
    [companyId, ACCOUNTS.map((a) => a[0]), ACCOUNTS.map((a) => a[1]), ACCOUNTS.map((a) => a[2])],
  );
  const accounts = Object.fromEntries(inserted.map((row) => [row.code, row.id]));
  const ids = ACCOUNTS.map(([code]) => accounts[code]);
  await query(
    `WITH numbered AS (
       SELECT i, d, row_number() OVER (PARTITION BY extract(year FROM d) ORDER BY i)::int AS seq, (1000 + i % 997) * 100 AS amount
       FROM (SELECT i, $3::date + (i::bigint * $4 / ($2 + 1))::int AS d FROM generate_series(1, $2) AS i) AS s
     ),
     entries AS (
       INSERT INTO books.books_journal_entries (company_id, number, sequence, date, memo, currency, total_debit, total_credit)
       SELECT $1, 'JE-' || extract(year FROM d) || '-' || lpad(seq::text, 6, '0'), seq, d, 'Seeded entry ' || i, 'XAF', amount, amount FROM numbered
       RETURNING id, sequence, date, total_debit
     )
     INSERT INTO books.books_journal_lines (company_id, entry_id, line_number, account_id, account_code, debit, credit, date, entry_sequence)
     SELECT $1, e.id, l.n, ($5::uuid[])[l.k], ($6::text[])[l.k], l.debit, l.credit, e.date, e.sequence
     FROM entries e
     CROSS JOIN LATERAL (
       SELECT * FROM (VALUES
         (1, CASE WHEN e.sequence % 50 = 0 THEN 1 ELSE 2 + e.sequence % 3 END, CASE WHEN e.sequence % 50 = 0 THEN e.total_debit / 2 ELSE e.total_debit END, 0::bigint),
         (2, CASE WHEN e.sequence % 50 = 0 THEN 1 ELSE 5 + e.sequence % 2 END, CASE WHEN e.sequence % 50 = 0 THEN e.total_debit / 2 ELSE 0 END, CASE WHEN e.sequence % 50 = 0 THEN 0 ELSE e.total_debit END),
         (3, 5 + e.sequence % 2, 0::bigint, e.total_debit)
       ) AS v(n, k, debit, credit)
       WHERE v.n < 3 OR e.sequence % 50 = 0
     ) AS l`,
    [companyId, entries, options.start ?? '2025-01-01', options.days ?? 730, ids, ACCOUNTS.map((a) => a[0])],
  );
  // the months' sums the posting would have kept
  await query(ACCOUNT_MONTHS_BACKFILL);
  const [{ lines }] = await query(`SELECT count(*)::int AS lines FROM books.books_journal_lines WHERE company_id = $1`, [companyId]);
  return { accounts, entries, lines };
}
