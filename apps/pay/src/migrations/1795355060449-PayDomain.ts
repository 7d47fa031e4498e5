import { MigrationInterface, QueryRunner } from 'typeorm';

export class PayDomain1795355060449 implements MigrationInterface {
  name = 'PayDomain1795355060449';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "pay"."idempotency_keys" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "key" character varying(255) NOT NULL,
                "request_hash" character varying(64) NOT NULL,
                "state" character varying(12) NOT NULL,
                "payment_id" uuid,
                "response_status" integer,
                "response_body" jsonb,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_8ad20779ad0411107a56e53d0f6" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_idempotency_keys_expires" ON "pay"."idempotency_keys" ("expires_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_idempotency_keys_payment" ON "pay"."idempotency_keys" ("payment_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_idempotency_keys_company_key" ON "pay"."idempotency_keys" ("company_id", "key")
        `);
    await queryRunner.query(`
            CREATE TABLE "pay"."payments" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "wallet_id" uuid NOT NULL,
                "amount" bigint NOT NULL,
                "currency" character varying(3) NOT NULL,
                "recipient" jsonb NOT NULL,
                "description" character varying(255) NOT NULL,
                "reference" character varying(100),
                "status" character varying(10) NOT NULL,
                "provider" character varying(30) NOT NULL,
                "provider_reference" character varying(100),
                "failure_reason" character varying(255),
                "settled_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_197ab7af18c93fbb0c9b28b4a59" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payments_status_created" ON "pay"."payments" ("status", "created_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payments_company_created" ON "pay"."payments" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "pay"."sandbox_settlements" (
                "payment_id" uuid NOT NULL,
                "outcome" character varying(10) NOT NULL,
                "provider_reference" character varying(100) NOT NULL,
                "failure_reason" character varying(255),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_a48704977818aff60a894ef16d0" PRIMARY KEY ("payment_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "pay"."wallets" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "name" character varying(100) NOT NULL,
                "currency" character varying(3) NOT NULL,
                "balance" bigint NOT NULL DEFAULT '0',
                "held" bigint NOT NULL DEFAULT '0',
                "last_sequence" integer NOT NULL DEFAULT '0',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "chk_wallets_amounts" CHECK (
                    "balance" >= 0
                    AND "held" >= 0
                    AND "held" <= "balance"
                ),
                CONSTRAINT "PK_8402e5df5a30a229380e83e4f7e" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_wallets_company_created" ON "pay"."wallets" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "pay"."wallet_transactions" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "wallet_id" uuid NOT NULL,
                "sequence" integer NOT NULL,
                "type" character varying(12) NOT NULL,
                "amount" bigint NOT NULL,
                "currency" character varying(3) NOT NULL,
                "balance_after" bigint NOT NULL,
                "payment_id" uuid,
                "reference" character varying(100),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_5120f131bde2cda940ec1a621db" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_wallet_transactions_payment" ON "pay"."wallet_transactions" ("payment_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_wallet_transactions_company_wallet" ON "pay"."wallet_transactions" ("company_id", "wallet_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_wallet_transactions_wallet_sequence" ON "pay"."wallet_transactions" ("wallet_id", "sequence")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "pay"."uq_wallet_transactions_wallet_sequence"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallet_transactions_company_wallet"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallet_transactions_payment"
        `);
    await queryRunner.query(`
            DROP TABLE "pay"."wallet_transactions"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_wallets_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "pay"."wallets"
        `);
    await queryRunner.query(`
            DROP TABLE "pay"."sandbox_settlements"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_payments_company_created"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_payments_status_created"
        `);
    await queryRunner.query(`
            DROP TABLE "pay"."payments"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."uq_idempotency_keys_company_key"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_idempotency_keys_payment"
        `);
    await queryRunner.query(`
            DROP INDEX "pay"."idx_idempotency_keys_expires"
        `);
    await queryRunner.query(`
            DROP TABLE "pay"."idempotency_keys"
        `);
  }
}
