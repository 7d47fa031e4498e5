import type { EventType } from './event-types';

/**
 * What is said by hand of each event: the schema of its service's OpenAPI document that `data`
 * is (the view the API answers for that resource), when it fires, and the values its example
 * shows where the schema's own examples would not tell the story (status, amounts, dates).
 * Everything else in the catalogue is derived from the documents (event-catalogue.schemas.json).
 */
export interface EventDefinition {
  /** The component schema of the service's document, by name. */
  data: string;
  /** One sentence: when the event fires. */
  description: string;
  /** Values of the example's `data`, merged over what the schema's examples give. */
  example?: Record<string, unknown>;
}

const RUN_TOTALS = {
  employeeCount: 3,
  totalGross: 1_250_000,
  totalDeductions: 187_400,
  totalNet: 1_062_600,
  totalEmployerContributions: 210_300,
  totalEmployerCost: 1_460_300,
};
const RUN_PERIOD = { periodStart: '2026-03-01', periodEnd: '2026-03-31', calculatedAt: '2026-03-31T08:02:11.000Z' };
/** One employee's March: 420,000 base and a 30,000 transport allowance, the CNPS ceiling not reached. */
const PAYSLIP = {
  employeeExternalId: 'EMP-0042',
  employeeName: 'Amina Nkemelu',
  payout: { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' },
  earnings: [
    { code: 'BASE', name: 'Base salary', amount: 420_000 },
    { code: 'TRANSPORT', name: 'Transport', amount: 30_000 },
  ],
  deductions: [
    { code: 'CNPS_PVID', name: 'CNPS old-age pension (PVID)', amount: 18_900, base: 450_000, rate: '0.042' },
    { code: 'CFC', name: 'Crédit Foncier du Cameroun', amount: 4_500, base: 450_000, rate: '0.01' },
    { code: 'IRPP', name: 'Impôt sur le revenu des personnes physiques', amount: 25_440, base: 450_000 },
    { code: 'CAC', name: 'Centimes additionnels communaux', amount: 2_544, base: 25_440, rate: '0.10' },
    { code: 'RAV', name: 'Redevance audiovisuelle', amount: 5_850, base: 450_000 },
  ],
  employerContributions: [
    { code: 'CNPS_PVID', name: 'CNPS old-age pension (PVID)', amount: 18_900, base: 450_000, rate: '0.042' },
    { code: 'CNPS_AF', name: 'CNPS family allowances', amount: 31_500, base: 450_000, rate: '0.07' },
    { code: 'CNPS_AT', name: 'CNPS work accidents (group A)', amount: 7_875, base: 450_000, rate: '0.0175' },
    { code: 'CFC', name: 'Crédit Foncier du Cameroun', amount: 6_750, base: 450_000, rate: '0.015' },
    { code: 'FNE', name: "Fonds National de l'Emploi", amount: 4_500, base: 450_000, rate: '0.01' },
  ],
  grossPay: 450_000,
  taxablePay: 450_000,
  totalDeductions: 57_234,
  netPay: 392_766,
  totalEmployerContributions: 69_525,
  employerCost: 519_525,
  paymentId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
};
/** The accrual of a three-employee run: expenses debited, what is owed to the employees and the CNPS credited. */
const ENTRY = {
  number: 'JE-2026-000042',
  date: '2026-03-31',
  memo: 'March payroll accrual',
  currency: 'XAF',
  totalDebit: 1_460_300,
  totalCredit: 1_460_300,
  postedAt: '2026-03-31T09:15:02.000Z',
  lines: [
    { lineNumber: 1, accountId: '3b1f8e2a-6c4d-4e5f-9a0b-1c2d3e4f5a61', accountCode: '661', debit: 1_250_000, credit: 0, description: 'Staff remuneration' },
    { lineNumber: 2, accountId: '3b1f8e2a-6c4d-4e5f-9a0b-1c2d3e4f5a64', accountCode: '664', debit: 210_300, credit: 0, description: 'Employer social charges' },
    { lineNumber: 3, accountId: '3b1f8e2a-6c4d-4e5f-9a0b-1c2d3e4f5a22', accountCode: '422', debit: 0, credit: 1_062_600, description: 'Salaries payable' },
    { lineNumber: 4, accountId: '3b1f8e2a-6c4d-4e5f-9a0b-1c2d3e4f5a31', accountCode: '431', debit: 0, credit: 397_700, description: 'CNPS' },
  ],
};
const NET_PAY = PAYSLIP.netPay;

export const EVENT_DEFINITIONS: { readonly [T in EventType]: EventDefinition } = {
  'credential.secret_rotated': {
    data: 'SecretRotatedEventView',
    description:
      'A developer credential’s secret was rotated: the old secret and every token minted with it stop working, at once or when the grace period the rotation gave ends (`previousSecretExpiresAt`). The new secret is never in the event.',
    example: { secretVersion: 2, rotatedAt: '2026-03-31T09:15:02.000Z', previousSecretExpiresAt: null },
  },
  'employee.created': {
    data: 'EmployeeView',
    description: 'An employee was created (POST /hr/employees with an `externalId` not seen before).',
    example: { status: 'active', createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z' },
  },
  'employee.updated': {
    data: 'EmployeeView',
    description:
      'An employee’s fields changed (a PATCH, or a POST syncing an existing `externalId` with different values); a call that changes nothing records nothing.',
    example: { status: 'active', jobTitle: 'Senior Accountant', createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-31T09:15:02.000Z' },
  },
  'employee.terminated': {
    data: 'EmployeeView',
    description: 'An employee’s status became `terminated` (recorded after the `employee.updated` of the same change).',
    example: { status: 'terminated', terminationDate: '2026-03-31', createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-31T09:15:02.000Z' },
  },
  'contract.activated': {
    data: 'ContractView',
    description: 'A contract came into force: created `active`, or moved from `draft` to `active`.',
    example: { status: 'active', baseSalary: 450_000, endDate: null },
  },
  'contract.ended': {
    data: 'ContractView',
    description: 'A contract’s status became `ended`.',
    example: { status: 'ended', baseSalary: 450_000, endDate: '2026-03-31' },
  },
  'leave_request.approved': {
    data: 'LeaveRequestView',
    description: 'A leave request was approved; the days are taken from the employee’s balance.',
    example: { status: 'approved', startDate: '2026-04-06', endDate: '2026-04-10', days: 5, decidedAt: '2026-03-31T09:15:02.000Z' },
  },
  'leave_request.cancelled': {
    data: 'LeaveRequestView',
    description: 'An approved leave request was cancelled; its days go back to the balance (cancelling a pending request records nothing).',
    example: { status: 'cancelled', startDate: '2026-04-06', endDate: '2026-04-10', days: 5, decidedAt: '2026-03-31T09:15:02.000Z' },
  },
  'document.created': {
    data: 'DocumentView',
    description: 'A document was rendered and stored as a file, by POST /app/documents or by a document job.',
    example: {
      size: 48_213,
      pageCount: 1,
      source: { payrollRunId: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b', employeeId: '3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d' },
    },
  },
  'document_job.succeeded': {
    data: 'DocumentJobView',
    description: 'A background document job finished: `documentId` is the document it produced.',
    example: {
      status: 'succeeded',
      progress: 100,
      attempts: 1,
      documentId: '9a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d',
      error: null,
      startedAt: '2026-03-31T09:15:03.000Z',
      finishedAt: '2026-03-31T09:15:04.000Z',
    },
  },
  'document_job.failed': {
    data: 'DocumentJobView',
    description: 'A background document job failed for good (a refusal, or its last attempt): `error` says why.',
    example: {
      status: 'failed',
      progress: 0,
      attempts: 3,
      documentId: null,
      error: { code: 'PAYROLL_RUN_NOT_FOUND', message: 'Payroll run not found.' },
      startedAt: '2026-03-31T09:15:03.000Z',
      finishedAt: '2026-03-31T09:15:04.000Z',
    },
  },
  'notification.delivered': {
    data: 'SettledDeliveryView',
    description: 'One delivery of a notification (one channel, one recipient) was sent.',
    example: { channel: 'email', status: 'sent', attempts: 1, lastError: null, sentAt: '2026-03-31T09:15:03.000Z' },
  },
  'notification.failed': {
    data: 'SettledDeliveryView',
    description: 'One delivery of a notification failed for good: a permanent refusal, or its last attempt.',
    example: { channel: 'sms', recipient: '+237677123456', status: 'failed', attempts: 5, lastError: 'The provider refused the number.', sentAt: null },
  },
  'file.deleted': {
    data: 'FileView',
    description:
      'A file was deleted (DELETE /app/files/{id}): it left the API and its bytes the store at once; `data` is the file as it was. A list synced with `updatedSince` does not show deleted files: this event is how a sync learns of them.',
    example: {
      filename: 'contract-signed.pdf',
      contentType: 'application/pdf',
      size: 48_213,
      sha256: '9f2c4e8a1b7d3f6e0a5c9b2d8e4f1a7c3b6d0e9f2a5c8b1d4e7f0a3c6b9d2e5f',
      visibility: 'internal',
      publicUrl: null,
      publicUrlExpiresAt: null,
    },
  },
  'webhook_endpoint.disabled': {
    data: 'WebhookEndpointView',
    description:
      'A webhook endpoint was disabled for failing: it answered 410 Gone, or every delivery to it failed for five days; the company is told by email (its alert address) or in its inbox.',
    example: {
      url: 'https://hooks.example.cm/platform',
      status: 'disabled',
      disabledAt: '2026-03-31T09:15:02.000Z',
      disabledReason: 'gone',
      alertEmail: 'ops@example.cm',
    },
  },
  'payroll_run.created': {
    data: 'PayrollRunView',
    description: 'A draft payroll run was created and calculated from HR’s data.',
    example: { status: 'draft', ...RUN_PERIOD, ...RUN_TOTALS, version: 1, approvedAt: null, paidAt: null, cancelledAt: null },
  },
  'payroll_run.approved': {
    data: 'PayrollRunView',
    description: 'A payroll run was approved: it is locked, and its accrual is posted to Books.',
    example: { status: 'approved', ...RUN_PERIOD, ...RUN_TOTALS, version: 2, approvedAt: '2026-03-31T09:15:02.000Z', paidAt: null, cancelledAt: null },
  },
  'payroll_run.paid': {
    data: 'PayrollRunView',
    description: 'Every payslip of an approved run was paid: the run is `paid`.',
    example: {
      status: 'paid',
      ...RUN_PERIOD,
      ...RUN_TOTALS,
      version: 3,
      approvedAt: '2026-03-31T09:15:02.000Z',
      paidAt: '2026-03-31T10:00:07.000Z',
      cancelledAt: null,
    },
  },
  'payroll_run.cancelled': {
    data: 'PayrollRunView',
    description: 'A draft or approved (unpaid) payroll run was cancelled; an approved run’s month is released for its employees.',
    example: { status: 'cancelled', ...RUN_PERIOD, ...RUN_TOTALS, version: 2, approvedAt: null, paidAt: null, cancelledAt: '2026-03-31T09:15:02.000Z' },
  },
  'payslip.paid': {
    data: 'PayslipView',
    description: 'A payslip’s net pay was paid through Pay (`paymentId`).',
    example: { ...PAYSLIP, paymentStatus: 'succeeded', paymentFailureReason: null, paidAt: '2026-03-31T10:00:05.000Z' },
  },
  'payslip.payment_failed': {
    data: 'PayslipView',
    description: 'A payslip’s payment failed (`paymentFailureReason`); paying the run again tries it again.',
    example: { ...PAYSLIP, paymentStatus: 'failed', paymentFailureReason: 'Declined by the provider.', paidAt: null },
  },
  'payment.succeeded': {
    data: 'Payment',
    description: 'A payment succeeded: a transfer between the company’s wallets at once, a payout when its provider confirms it.',
    example: { amount: NET_PAY, currency: 'XAF', status: 'succeeded', failureReason: null, settledAt: '2026-03-31T10:00:05.000Z' },
  },
  'payment.failed': {
    data: 'Payment',
    description: 'A pending payout failed at its provider (`failureReason`); the held amount is back in the wallet.',
    example: { amount: NET_PAY, currency: 'XAF', status: 'failed', failureReason: 'Declined by the provider.', settledAt: '2026-03-31T10:00:05.000Z' },
  },
  'wallet.credited': {
    data: 'WalletTransaction',
    description: 'Money came into a wallet: a top-up (`credit`), or a transfer from another of the company’s wallets (`transfer_in`).',
    example: { type: 'credit', amount: 500_000, currency: 'XAF', balanceAfter: 1_750_000, sequence: 12, paymentId: null },
  },
  'journal_entry.posted': {
    data: 'JournalEntryView',
    description: 'A journal entry was posted: by the API, by Payroll (accruals, settlements) or as the reversal of another entry.',
    example: { ...ENTRY, reversalOf: null, reversedBy: null },
  },
  'journal_entry.reversed': {
    data: 'JournalEntryView',
    description: 'A posted entry was reversed: `data` is the original, `reversedBy` the reversing entry (posted, and announced, in the same change).',
    example: { ...ENTRY, reversalOf: null, reversedBy: '5d0c7a4e-2b1f-4c3d-9e8a-7f6b5c4d3e2a' },
  },
  'period.closed': {
    data: 'AccountingPeriodView',
    description: 'The books were closed through a date: the span after the last close up to it is a period no entry may be posted into.',
    example: { startDate: '2026-01-01', endDate: '2026-03-31', closedAt: '2026-04-02T09:15:02.000Z' },
  },
};
