import { ApiProperty } from '@nestjs/swagger';
import { RUN_STATUSES, RunStatus } from '../payroll-run.entity';

const PAYSLIP_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
const PAYSLIP_RESULT_STATUSES = [...PAYSLIP_PAYMENT_STATUSES, 'unpaid'] as const;
const POSTING_KINDS = ['accrual', 'payment'] as const;
const POSTING_STATUSES = ['pending', 'posted', 'failed'] as const;
const MINOR_UNITS = 'Integer, in the currency’s minor unit (XAF has none).';

export class PaymentProgressView {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'The run’s payslips' }) total: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Paid' }) succeeded: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Declined or refused (paying the run again tries them again)' }) failed: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Neither: not paid yet, or waiting for Pay’s outcome' }) pending: number;
}

export class PayrollRunView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'The company the run pays (the caller’s organization or the acting company)' }) companyId: string;
  @ApiProperty({ enum: RUN_STATUSES, description: 'draft → approved → paid; draft | approved → cancelled. Only a draft changes.' }) status: RunStatus;
  @ApiProperty({ example: 'CM', pattern: '^[A-Z]{2}$', description: 'Whose statutory rules apply' }) country: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-03-01' }) periodStart: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-03-31' }) periodEnd: string;
  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'The employees asked for; null: every employee with a contract in force' })
  employeeIds: string[] | null;
  @ApiProperty({ example: 'CM-2024-01', description: 'The statutory rule set the payslips were calculated with' }) ruleSetVersion: string;
  @ApiProperty({ example: 'XAF', pattern: '^[A-Z]{3}$' }) currency: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) employeeCount: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) totalGross: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) totalDeductions: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) totalNet: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) totalEmployerContributions: number;
  @ApiProperty({ type: 'integer', description: `Gross pay plus employer contributions. ${MINOR_UNITS}` }) totalEmployerCost: number;
  @ApiProperty({
    type: PaymentProgressView,
    description: 'Where paying the run stands, counted again as each part of it is paid: a call paying the run can be followed by reading the run.',
  })
  paymentProgress: PaymentProgressView;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Bumped by every change' }) version: number;
  @ApiProperty({ type: String, format: 'date-time' }) calculatedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) approvedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paidAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) cancelledAt: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: string;
}

export class PayslipItemView {
  @ApiProperty({ example: 'CNPS_PVID' }) code: string;
  @ApiProperty({ example: 'CNPS old-age pension (PVID)' }) name: string;
  @ApiProperty({ type: 'integer', description: `Negative for an unpaid-leave reduction. ${MINOR_UNITS}` }) amount: number;
  @ApiProperty({ type: 'integer', required: false, description: 'The amount the rate applied to, when a rate applied' }) base?: number;
  @ApiProperty({
    required: false,
    example: '0.042',
    pattern: '^\\d+(\\.\\d+)?$',
    description: 'The statutory rate as an exact decimal fraction (0.042 is 4.2 %)',
  })
  rate?: string;
}

export class PayoutView {
  @ApiProperty({ enum: ['bank', 'mobile_money'] }) method: 'bank' | 'mobile_money';
  @ApiProperty({ required: false, description: 'bank only' }) bankName?: string;
  @ApiProperty({ required: false, description: 'bank only' }) bankCode?: string;
  @ApiProperty({ required: false, description: 'bank only' }) accountNumber?: string;
  @ApiProperty({ required: false, description: 'bank only' }) accountHolder?: string;
  @ApiProperty({ required: false, enum: ['mtn_momo', 'orange_money'], description: 'mobile_money only' }) provider?: 'mtn_momo' | 'orange_money';
  @ApiProperty({ required: false, example: '+237677123456', pattern: '^\\+237[26]\\d{8}$', description: 'mobile_money only' }) phoneNumber?: string;
}

export class PayslipView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty({ format: 'uuid' }) runId: string;
  @ApiProperty({ format: 'uuid', description: 'The HR employee' }) employeeId: string;
  @ApiProperty({ description: 'The employee’s id in the company’s own system (HR’s externalId)' }) employeeExternalId: string;
  @ApiProperty({ example: 'Amina Nkemelu' }) employeeName: string;
  @ApiProperty({ type: String, nullable: true }) nationalId: string | null;
  @ApiProperty({ type: String, nullable: true }) socialInsuranceNumber: string | null;
  @ApiProperty({
    type: PayoutView,
    nullable: true,
    description: 'Where the net pay goes, as HR held it when the payslip was calculated; null: nowhere (the payslip stays unpaid)',
  })
  payout: PayoutView | null;
  @ApiProperty({ type: [String], format: 'uuid', description: 'The HR contracts in force during the period' }) contractIds: string[];
  @ApiProperty({ example: 'XAF', pattern: '^[A-Z]{3}$' }) currency: string;
  @ApiProperty({ type: 'integer', minimum: 0, example: 22, description: 'Monday to Friday' }) workingDaysInMonth: number;
  @ApiProperty({ minimum: 0, multipleOf: 0.5, example: 22, description: 'Working days employed, less unpaid leave (halves allowed)' }) workedDays: number;
  @ApiProperty({ minimum: 0, multipleOf: 0.5, example: 0 }) unpaidLeaveDays: number;
  @ApiProperty({ type: [PayslipItemView] }) earnings: PayslipItemView[];
  @ApiProperty({ type: [PayslipItemView], description: 'Employee contributions, income tax and its surtaxes, flat levies, contract deductions' })
  deductions: PayslipItemView[];
  @ApiProperty({ type: [PayslipItemView] }) employerContributions: PayslipItemView[];
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) grossPay: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) taxablePay: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) totalDeductions: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) netPay: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) totalEmployerContributions: number;
  @ApiProperty({ type: 'integer', description: MINOR_UNITS }) employerCost: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Pay’s payment of the net pay; null until tried' }) paymentId: string | null;
  @ApiProperty({ type: String, enum: [...PAYSLIP_PAYMENT_STATUSES, null], nullable: true, description: 'null until tried' }) paymentStatus:
    (typeof PAYSLIP_PAYMENT_STATUSES)[number] | null;
  @ApiProperty({ type: String, nullable: true }) paymentFailureReason: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paidAt: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'When it last changed: what `updatedSince` compares.' }) updatedAt: string;
}

export class PayRunSummaryView {
  @ApiProperty({ type: 'integer', minimum: 0 }) payslips: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) succeeded: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) failed: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Pay has not settled them yet: calling again asks Pay for their outcome' }) pending: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'No payout to pay to' }) unpaid: number;
}

export class PayslipPaymentResultView {
  @ApiProperty({ format: 'uuid' }) payslipId: string;
  @ApiProperty({ format: 'uuid' }) employeeId: string;
  @ApiProperty() employeeName: string;
  @ApiProperty({ type: 'integer', description: `The net pay. ${MINOR_UNITS}` }) amount: number;
  @ApiProperty({ example: 'XAF', pattern: '^[A-Z]{3}$' }) currency: string;
  @ApiProperty({ enum: PAYSLIP_RESULT_STATUSES }) status: (typeof PAYSLIP_RESULT_STATUSES)[number];
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) paymentId: string | null;
  @ApiProperty({ type: String, nullable: true }) failureReason: string | null;
}

export class PayRunResultView {
  @ApiProperty({ type: PayrollRunView }) run: PayrollRunView;
  @ApiProperty({ type: PayRunSummaryView }) summary: PayRunSummaryView;
  @ApiProperty({ type: [PayslipPaymentResultView] }) results: PayslipPaymentResultView[];
}

export class PostingView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty({ format: 'uuid' }) runId: string;
  @ApiProperty({ enum: POSTING_KINDS, description: '`accrual` at approval; a `payment` settles the payslips one call to pay the run paid' })
  kind: (typeof POSTING_KINDS)[number];
  @ApiProperty({ format: 'uuid', description: 'The run for an accrual, the settlement for a payment' }) sourceId: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The journal entry sent to Books: `{ companyId, date, memo, reference, currency, source, lines }`',
  })
  request: Record<string, unknown>;
  @ApiProperty({ enum: POSTING_STATUSES, description: '`pending` while Books is away (retried with backoff), `failed` when Books refused it' })
  status: (typeof POSTING_STATUSES)[number];
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) journalEntryId: string | null;
  @ApiProperty({ type: String, nullable: true }) journalEntryNumber: string | null;
  @ApiProperty({ type: 'integer', minimum: 0 }) attempts: number;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) nextAttemptAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) postedAt: string | null;
}

export class PostingsView {
  @ApiProperty({ type: [PostingView], description: 'Oldest first' }) items: PostingView[];
}
