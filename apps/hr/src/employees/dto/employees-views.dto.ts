import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_ENVELOPE_SCHEMA, ErrorEnvelope } from '@platform/pipeline';
import { EMPLOYEE_STATUSES, EmployeeStatus, Payout } from '../employee.entity';
import { COUNTRY, PAYOUT_SCHEMA } from './employee.dto';

export const BULK_ITEM_STATUSES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type BulkItemStatus = (typeof BULK_ITEM_STATUSES)[number];

/** An employee as the API returns it. */
export class EmployeeView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'The company the employee belongs to.' }) companyId: string;
  @ApiProperty({ example: 'EMP-0042' }) externalId: string;
  @ApiProperty({ example: 'Amina' }) firstName: string;
  @ApiProperty({ example: 'Nkemelu' }) lastName: string;
  @ApiProperty({ example: 'amina.nkemelu@example.cm', format: 'email' }) email: string;
  @ApiProperty({ type: String, example: '+237677123456', nullable: true }) phone: string | null;
  @ApiProperty({ format: 'date', example: '2024-03-01' }) hireDate: string;
  @ApiProperty({ example: 'Accountant' }) jobTitle: string;
  @ApiProperty({ example: 'Finance' }) department: string;
  @ApiProperty({ enum: EMPLOYEE_STATUSES }) status: EmployeeStatus;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Set only while terminated.' }) terminationDate: string | null;
  @ApiProperty({ type: String, nullable: true }) nationalId: string | null;
  @ApiProperty({ type: String, nullable: true }) socialInsuranceNumber: string | null;
  @ApiProperty({ example: 'CM', pattern: COUNTRY.source }) country: string;
  @ApiProperty({ ...PAYOUT_SCHEMA, description: 'Where pay goes; null when not given.' }) payout: Payout | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** What became of one item of a bulk request. */
export class BulkEmployeeResult {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'The item’s position in `items`.' }) index: number;
  @ApiProperty({ type: String, nullable: true, example: 'EMP-0042', description: 'The item’s externalId, trimmed; null when it had none.' }) externalId:
    string | null;
  @ApiProperty({ enum: BULK_ITEM_STATUSES, description: '`unchanged`: the employee already had every value sent.' }) status: BulkItemStatus;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The employee; null when the item failed.' }) id: string | null;
  @ApiPropertyOptional({
    allOf: [{ $ref: `#/components/schemas/${ERROR_ENVELOPE_SCHEMA}` }],
    description: 'Failed items only: why, as the error envelope POST /employees would have answered (VALIDATION_FAILED with the item’s fields).',
  })
  error?: ErrorEnvelope;
}

export class BulkEmployeesView {
  @ApiProperty({ type: 'integer', minimum: 0 }) created: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) updated: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) unchanged: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) failed: number;
  @ApiProperty({ type: [BulkEmployeeResult], description: 'One per item, in the order sent.' }) items: BulkEmployeeResult[];
}
