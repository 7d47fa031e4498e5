import { MigrationInterface, QueryRunner } from 'typeorm';

export class PayrollRuns1795354294316 implements MigrationInterface {
  name = 'PayrollRuns1795354294316';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "payroll"."payroll_period_claims" (
                "company_id" uuid NOT NULL,
                "employee_id" uuid NOT NULL,
                "month" character varying(7) NOT NULL,
                "run_id" uuid NOT NULL,
                CONSTRAINT "PK_6522c39f1bd0f3183b5fdb015d1" PRIMARY KEY ("company_id", "employee_id", "month")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payroll_period_claims_run" ON "payroll"."payroll_period_claims" ("run_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "payroll"."payroll_runs" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "status" character varying(12) NOT NULL,
                "country" character varying(2) NOT NULL,
                "period_start" date NOT NULL,
                "period_end" date NOT NULL,
                "employee_ids" jsonb,
                "rule_set_version" character varying(40) NOT NULL,
                "currency" character varying(3) NOT NULL,
                "employee_count" integer NOT NULL,
                "total_gross" bigint NOT NULL,
                "total_deductions" bigint NOT NULL,
                "total_net" bigint NOT NULL,
                "total_employer_contributions" bigint NOT NULL,
                "total_employer_cost" bigint NOT NULL,
                "version" integer NOT NULL DEFAULT '1',
                "calculated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "approved_at" TIMESTAMP WITH TIME ZONE,
                "paid_at" TIMESTAMP WITH TIME ZONE,
                "cancelled_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_6049f42c972640c0eb99ba8035e" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payroll_runs_company_period" ON "payroll"."payroll_runs" ("company_id", "period_start")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payroll_runs_company_created" ON "payroll"."payroll_runs" ("company_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "payroll"."payslips" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "company_id" uuid NOT NULL,
                "run_id" uuid NOT NULL,
                "employee_id" uuid NOT NULL,
                "employee_external_id" character varying(100) NOT NULL,
                "employee_name" character varying(201) NOT NULL,
                "national_id" character varying(50),
                "social_insurance_number" character varying(50),
                "payout" jsonb,
                "contract_ids" jsonb NOT NULL,
                "currency" character varying(3) NOT NULL,
                "working_days_in_month" integer NOT NULL,
                "worked_days" numeric(5, 1) NOT NULL,
                "unpaid_leave_days" numeric(5, 1) NOT NULL,
                "earnings" jsonb NOT NULL,
                "deductions" jsonb NOT NULL,
                "employer_contributions" jsonb NOT NULL,
                "gross_pay" bigint NOT NULL,
                "taxable_pay" bigint NOT NULL,
                "total_deductions" bigint NOT NULL,
                "net_pay" bigint NOT NULL,
                "total_employer_contributions" bigint NOT NULL,
                "employer_cost" bigint NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_2b1cd07059daf60cc440c9976e1" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payslips_company_employee" ON "payroll"."payslips" ("company_id", "employee_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_payslips_run" ON "payroll"."payslips" ("run_id", "employee_name", "id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payslips_run"
        `);
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payslips_company_employee"
        `);
    await queryRunner.query(`
            DROP TABLE "payroll"."payslips"
        `);
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payroll_runs_company_created"
        `);
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payroll_runs_company_period"
        `);
    await queryRunner.query(`
            DROP TABLE "payroll"."payroll_runs"
        `);
    await queryRunner.query(`
            DROP INDEX "payroll"."idx_payroll_period_claims_run"
        `);
    await queryRunner.query(`
            DROP TABLE "payroll"."payroll_period_claims"
        `);
  }
}
