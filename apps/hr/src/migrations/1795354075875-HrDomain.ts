import { MigrationInterface, QueryRunner } from 'typeorm';

export class HrDomain1795354075875 implements MigrationInterface {
  name = 'HrDomain1795354075875';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "hr"."attendance_records" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "employee_id" uuid NOT NULL,
                "date" date NOT NULL,
                "status" character varying(10) NOT NULL,
                "check_in" TIMESTAMP WITH TIME ZONE,
                "check_out" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_946920332f5bc9efad3f3023b96" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_attendance_records_company_date" ON "hr"."attendance_records" ("company_id", "date")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_attendance_records_company_employee_date" ON "hr"."attendance_records" ("company_id", "employee_id", "date")
        `);
    await queryRunner.query(`
            CREATE TABLE "hr"."contracts" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "employee_id" uuid NOT NULL,
                "type" character varying(20) NOT NULL,
                "status" character varying(10) NOT NULL,
                "start_date" date NOT NULL,
                "end_date" date,
                "base_salary" bigint NOT NULL,
                "currency" character varying(3) NOT NULL,
                "pay_frequency" character varying(10) NOT NULL,
                "allowances" jsonb NOT NULL,
                "deductions" jsonb NOT NULL,
                "job_title" character varying(150),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_2c7b8f3a7b1acdd49497d83d0fb" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_contracts_company_created" ON "hr"."contracts" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_contracts_company_employee_start" ON "hr"."contracts" ("company_id", "employee_id", "start_date")
        `);
    await queryRunner.query(`
            CREATE TABLE "hr"."leave_types" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "name" character varying(100) NOT NULL,
                "annual_allowance_days" numeric(5, 1) NOT NULL,
                "paid" boolean NOT NULL DEFAULT true,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_359223e0755d19711813cd07394" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_types_company_created" ON "hr"."leave_types" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_leave_types_company_name" ON "hr"."leave_types" ("company_id", "name")
        `);
    await queryRunner.query(`
            CREATE TABLE "hr"."leave_requests" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "employee_id" uuid NOT NULL,
                "leave_type_id" uuid NOT NULL,
                "start_date" date NOT NULL,
                "end_date" date NOT NULL,
                "start_half_day" boolean NOT NULL DEFAULT false,
                "end_half_day" boolean NOT NULL DEFAULT false,
                "days" numeric(5, 1) NOT NULL,
                "status" character varying(10) NOT NULL,
                "reason" character varying(1000),
                "decided_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_d3abcf9a16cef1450129e06fa9f" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_requests_company_created" ON "hr"."leave_requests" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_leave_requests_company_employee_start" ON "hr"."leave_requests" ("company_id", "employee_id", "start_date")
        `);
    await queryRunner.query(`
            CREATE TABLE "hr"."outbox_events" (
                "id" SERIAL NOT NULL,
                "company_id" uuid NOT NULL,
                "type" character varying(50) NOT NULL,
                "aggregate_id" uuid NOT NULL,
                "payload" jsonb NOT NULL,
                "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "published_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "hr"."performance_reviews" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "employee_id" uuid NOT NULL,
                "period_start" date NOT NULL,
                "period_end" date NOT NULL,
                "reviewer_employee_id" uuid,
                "reviewer_name" character varying(150),
                "goals" jsonb NOT NULL,
                "overall_rating" integer,
                "summary" text,
                "status" character varying(10) NOT NULL,
                "submitted_at" TIMESTAMP WITH TIME ZONE,
                "completed_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_46f39f620497eb3de4fe6dafdef" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_performance_reviews_company_created" ON "hr"."performance_reviews" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_performance_reviews_company_employee" ON "hr"."performance_reviews" ("company_id", "employee_id", "period_start")
        `);
    await queryRunner.query(`
            ALTER TABLE "hr"."employees"
            ADD "national_id" character varying(50)
        `);
    await queryRunner.query(`
            ALTER TABLE "hr"."employees"
            ADD "social_insurance_number" character varying(50)
        `);
    await queryRunner.query(`
            ALTER TABLE "hr"."employees"
            ADD "country" character varying(2) NOT NULL DEFAULT 'CM'
        `);
    await queryRunner.query(`
            ALTER TABLE "hr"."employees"
            ADD "payout" jsonb
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "hr"."employees" DROP COLUMN "payout"
        `);
    await queryRunner.query(`
            ALTER TABLE "hr"."employees" DROP COLUMN "country"
        `);
    await queryRunner.query(`
            ALTER TABLE "hr"."employees" DROP COLUMN "social_insurance_number"
        `);
    await queryRunner.query(`
            ALTER TABLE "hr"."employees" DROP COLUMN "national_id"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_performance_reviews_company_employee"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_performance_reviews_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "hr"."performance_reviews"
        `);
    await queryRunner.query(`
            DROP TABLE "hr"."outbox_events"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_requests_company_employee_start"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_requests_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "hr"."leave_requests"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."uq_leave_types_company_name"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_leave_types_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "hr"."leave_types"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_contracts_company_employee_start"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_contracts_company_created"
        `);
    await queryRunner.query(`
            DROP TABLE "hr"."contracts"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."uq_attendance_records_company_employee_date"
        `);
    await queryRunner.query(`
            DROP INDEX "hr"."idx_attendance_records_company_date"
        `);
    await queryRunner.query(`
            DROP TABLE "hr"."attendance_records"
        `);
  }
}
