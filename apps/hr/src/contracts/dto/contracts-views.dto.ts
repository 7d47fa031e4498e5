import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_ENVELOPE_SCHEMA, ErrorEnvelope } from '@platform/pipeline';
import { BULK_ITEM_STATUSES, BulkItemStatus } from '../../employees/dto/employees-views.dto';
import { CONTRACT_STATUSES, CONTRACT_TYPES, ContractStatus, ContractType, PAY_FREQUENCIES, PayFrequency } from '../contract.entity';
import { CURRENCY } from './contract.dto';

/** An allowance as stored on the contract: its flags always set. */
export class AllowanceView {
  @ApiProperty({ example: 'TRANSPORT' }) code: string;
  @ApiProperty({ example: 'Transport allowance' }) name: string;
  @ApiProperty({ type: 'integer', example: 25000, description: 'Per pay period, in minor units.' }) amount: number;
  @ApiProperty({ description: 'Subject to income tax.' }) taxable: boolean;
  @ApiProperty({ description: 'Subject to social-insurance contributions.' }) contributory: boolean;
}

export class DeductionView {
  @ApiProperty({ example: 'LOAN' }) code: string;
  @ApiProperty({ example: 'Staff loan repayment' }) name: string;
  @ApiProperty({ type: 'integer', example: 10000, description: 'Per pay period, in minor units.' }) amount: number;
}

/** A contract as the API returns it. */
export class ContractView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty({ format: 'uuid' }) employeeId: string;
  @ApiProperty({ type: String, nullable: true, example: 'CTR-0042-2025', description: 'Your system’s id for the contract; null when none was given.' })
  externalId: string | null;
  @ApiProperty({ enum: CONTRACT_TYPES }) type: ContractType;
  @ApiProperty({ enum: CONTRACT_STATUSES }) status: ContractStatus;
  @ApiProperty({ format: 'date', example: '2025-01-01' }) startDate: string;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'null: open-ended.' }) endDate: string | null;
  @ApiProperty({ type: 'integer', example: 350000, description: 'Per pay period, in minor units of `currency`.' }) baseSalary: number;
  @ApiProperty({ example: 'XAF', pattern: CURRENCY.source }) currency: string;
  @ApiProperty({ enum: PAY_FREQUENCIES }) payFrequency: PayFrequency;
  @ApiProperty({ type: [AllowanceView] }) allowances: AllowanceView[];
  @ApiProperty({ type: [DeductionView] }) deductions: DeductionView[];
  @ApiProperty({ type: String, nullable: true, example: 'Accountant' }) jobTitle: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** What became of one item of a bulk request. */
export class BulkContractResult {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'The item’s position in `items`.' }) index: number;
  @ApiProperty({ type: String, nullable: true, example: 'CTR-0042-2025', description: 'The item’s externalId, trimmed; null when it had none.' }) externalId:
    string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The employee the item named; null when it was not found or the item failed before it was looked for.',
  })
  employeeId: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'EMP-0042', description: 'That employee’s externalId; null likewise.' }) employeeExternalId:
    string | null;
  @ApiProperty({ enum: BULK_ITEM_STATUSES, description: '`unchanged`: the contract already had every value sent.' }) status: BulkItemStatus;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The contract; null when the item failed.' }) id: string | null;
  @ApiPropertyOptional({
    allOf: [{ $ref: `#/components/schemas/${ERROR_ENVELOPE_SCHEMA}` }],
    description:
      'Failed items only: why, as the error envelope POST /contracts would have answered (VALIDATION_FAILED with the item’s fields, USER_NOT_FOUND, CONTRACT_OVERLAP with the contract in the way, …).',
  })
  error?: ErrorEnvelope;
}

export class BulkContractsView {
  @ApiProperty({ type: 'integer', minimum: 0 }) created: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) updated: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) unchanged: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) failed: number;
  @ApiProperty({ type: [BulkContractResult], description: 'One per item, in the order sent.' }) items: BulkContractResult[];
}
