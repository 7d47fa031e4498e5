-- The SQL of apps/pay/src/wallets/wallets.repository.ts, one block per @QuerySample, in the order it runs.
-- Written by `npm run queries` (scripts/repository-queries.js): do not edit.

-- WalletsRepository.insertWallet
INSERT INTO "pay"."wallets"("id", "company_id", "name", "currency", "balance", "held", "last_sequence", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, DEFAULT, DEFAULT)
RETURNING "id", "balance", "held", "last_sequence", "created_at", "updated_at";

-- WalletsRepository.findWallet
SELECT "Wallet"."id" AS "Wallet_id",
  "Wallet"."company_id" AS "Wallet_company_id",
  "Wallet"."name" AS "Wallet_name",
  "Wallet"."currency" AS "Wallet_currency",
  "Wallet"."balance" AS "Wallet_balance",
  "Wallet"."held" AS "Wallet_held",
  "Wallet"."last_sequence" AS "Wallet_last_sequence",
  "Wallet"."created_at" AS "Wallet_created_at",
  "Wallet"."updated_at" AS "Wallet_updated_at"
FROM "pay"."wallets" "Wallet"
WHERE (("Wallet"."id" = $1) AND ("Wallet"."company_id" = $2))
LIMIT 1;

-- WalletsRepository.lockWallet
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."name" AS "row_name",
  "row"."currency" AS "row_currency",
  "row"."balance" AS "row_balance",
  "row"."held" AS "row_held",
  "row"."last_sequence" AS "row_last_sequence",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "pay"."wallets" "row"
WHERE "row"."id" = $1 AND "row"."company_id" = $2
FOR UPDATE;

-- WalletsRepository.listWalletsPage
SELECT "Wallet"."id" AS "Wallet_id",
  "Wallet"."company_id" AS "Wallet_company_id",
  "Wallet"."name" AS "Wallet_name",
  "Wallet"."currency" AS "Wallet_currency",
  "Wallet"."balance" AS "Wallet_balance",
  "Wallet"."held" AS "Wallet_held",
  "Wallet"."last_sequence" AS "Wallet_last_sequence",
  "Wallet"."created_at" AS "Wallet_created_at",
  "Wallet"."updated_at" AS "Wallet_updated_at"
FROM "pay"."wallets" "Wallet"
WHERE (("Wallet"."company_id" = $1))
ORDER BY "Wallet"."created_at" DESC, "Wallet"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "pay"."wallets" "Wallet"
WHERE (("Wallet"."company_id" = $1));

-- WalletsRepository.listWalletsPage (by currency)
SELECT "Wallet"."id" AS "Wallet_id",
  "Wallet"."company_id" AS "Wallet_company_id",
  "Wallet"."name" AS "Wallet_name",
  "Wallet"."currency" AS "Wallet_currency",
  "Wallet"."balance" AS "Wallet_balance",
  "Wallet"."held" AS "Wallet_held",
  "Wallet"."last_sequence" AS "Wallet_last_sequence",
  "Wallet"."created_at" AS "Wallet_created_at",
  "Wallet"."updated_at" AS "Wallet_updated_at"
FROM "pay"."wallets" "Wallet"
WHERE (("Wallet"."company_id" = $1) AND ("Wallet"."currency" = $2))
ORDER BY "Wallet"."created_at" DESC, "Wallet"."id" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "pay"."wallets" "Wallet"
WHERE (("Wallet"."company_id" = $1) AND ("Wallet"."currency" = $2));

-- WalletsRepository.listWalletsPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."name" AS "row_name",
  "row"."currency" AS "row_currency",
  "row"."balance" AS "row_balance",
  "row"."held" AS "row_held",
  "row"."last_sequence" AS "row_last_sequence",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "pay"."wallets" "row"
WHERE "row"."company_id" = $1 AND ("row"."id") > ($2)
ORDER BY "row"."id" ASC
LIMIT 21;

-- WalletsRepository.listWalletsPage (by currency, after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."name" AS "row_name",
  "row"."currency" AS "row_currency",
  "row"."balance" AS "row_balance",
  "row"."held" AS "row_held",
  "row"."last_sequence" AS "row_last_sequence",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "pay"."wallets" "row"
WHERE ("row"."company_id" = $1 AND "row"."currency" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;

-- WalletsRepository.hold
UPDATE "pay"."wallets"
SET "held" = "held" + $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $2 AND "company_id" = $3 AND "currency" = $4 AND "balance" - "held" >= $1;

-- WalletsRepository.releaseHeld
UPDATE "pay"."wallets"
SET "held" = "held" - $1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $2 AND "company_id" = $3 AND "held" >= $1;

-- WalletsRepository.debitHeld
UPDATE "pay"."wallets"
SET "balance" = "balance" - $1,
  "held" = "held" - $1,
  "last_sequence" = "last_sequence" + $2,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $3 AND "company_id" = $4 AND "held" >= $1;

-- WalletsRepository.debit
UPDATE "pay"."wallets"
SET "balance" = "balance" - $1,
  "last_sequence" = "last_sequence" + 1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $2 AND "company_id" = $3 AND "currency" = $4 AND "balance" - "held" >= $1;

-- WalletsRepository.credit
UPDATE "pay"."wallets"
SET "balance" = "balance" + $1,
  "last_sequence" = "last_sequence" + 1,
  "updated_at" = CURRENT_TIMESTAMP
WHERE "id" = $2 AND "company_id" = $3 AND "currency" = $4 AND "balance" <= $5;

-- WalletsRepository.insertLedgerRow
INSERT INTO "pay"."wallet_transactions"("id", "company_id", "wallet_id", "sequence", "type", "amount", "currency", "balance_after", "payment_id", "reference", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";

-- WalletsRepository.insertLedgerRows
INSERT INTO "pay"."wallet_transactions"("id", "company_id", "wallet_id", "sequence", "type", "amount", "currency", "balance_after", "payment_id", "reference", "created_at", "updated_at")
VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, DEFAULT, DEFAULT), (DEFAULT, $10, $11, $12, $13, $14, $15, $16, $17, $18, DEFAULT, DEFAULT)
RETURNING "id", "created_at", "updated_at";

-- WalletsRepository.listLedgerPage
SELECT "WalletTransaction"."id" AS "WalletTransaction_id",
  "WalletTransaction"."company_id" AS "WalletTransaction_company_id",
  "WalletTransaction"."wallet_id" AS "WalletTransaction_wallet_id",
  "WalletTransaction"."sequence" AS "WalletTransaction_sequence",
  "WalletTransaction"."type" AS "WalletTransaction_type",
  "WalletTransaction"."amount" AS "WalletTransaction_amount",
  "WalletTransaction"."currency" AS "WalletTransaction_currency",
  "WalletTransaction"."balance_after" AS "WalletTransaction_balance_after",
  "WalletTransaction"."payment_id" AS "WalletTransaction_payment_id",
  "WalletTransaction"."reference" AS "WalletTransaction_reference",
  "WalletTransaction"."created_at" AS "WalletTransaction_created_at",
  "WalletTransaction"."updated_at" AS "WalletTransaction_updated_at"
FROM "pay"."wallet_transactions" "WalletTransaction"
WHERE (("WalletTransaction"."company_id" = $1) AND ("WalletTransaction"."wallet_id" = $2))
ORDER BY "WalletTransaction"."sequence" DESC
LIMIT 20
OFFSET 20;
SELECT COUNT(1) AS "cnt"
FROM "pay"."wallet_transactions" "WalletTransaction"
WHERE (("WalletTransaction"."company_id" = $1) AND ("WalletTransaction"."wallet_id" = $2));

-- WalletsRepository.listLedgerPage (after a cursor)
SELECT "row"."id" AS "row_id",
  "row"."company_id" AS "row_company_id",
  "row"."wallet_id" AS "row_wallet_id",
  "row"."sequence" AS "row_sequence",
  "row"."type" AS "row_type",
  "row"."amount" AS "row_amount",
  "row"."currency" AS "row_currency",
  "row"."balance_after" AS "row_balance_after",
  "row"."payment_id" AS "row_payment_id",
  "row"."reference" AS "row_reference",
  "row"."created_at" AS "row_created_at",
  "row"."updated_at" AS "row_updated_at"
FROM "pay"."wallet_transactions" "row"
WHERE ("row"."company_id" = $1 AND "row"."wallet_id" = $2) AND ("row"."id") > ($3)
ORDER BY "row"."id" ASC
LIMIT 21;
