import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A contract may carry the client's id for it, unique within the company, by which POST /contracts
 * and POST /contracts/bulk sync it. A nullable column and its index: the release before ignores both.
 */
export class ContractExternalIds1796004000000 implements MigrationInterface {
  name = 'ContractExternalIds1796004000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "hr"."contracts"
            ADD "external_id" character varying(100)
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_contracts_company_external_id" ON "hr"."contracts" ("company_id", "external_id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "hr"."uq_contracts_company_external_id"
        `);
    await queryRunner.query(`
            ALTER TABLE "hr"."contracts" DROP COLUMN "external_id"
        `);
  }
}
