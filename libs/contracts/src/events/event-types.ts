import type { ServiceName } from '../service';

/**
 * Every domain event the suite records, by the service that records it: `<resource>.<past verb>`
 * with the resource in snake_case, as the public API names it. An event's `data` is the
 * resource as the API answers it after the change; `version` says which shape that is.
 */
export const EVENT_TYPES = {
  auth: ['credential.secret_rotated'],
  hr: [
    'employee.created',
    'employee.updated',
    'employee.terminated',
    'contract.activated',
    'contract.ended',
    'leave_request.approved',
    'leave_request.cancelled',
  ],
  utilities: [
    'document.created',
    'document_job.succeeded',
    'document_job.failed',
    'file.deleted',
    'notification.delivered',
    'notification.failed',
    'webhook_endpoint.disabled',
  ],
  payroll: ['payroll_run.created', 'payroll_run.approved', 'payroll_run.paid', 'payroll_run.cancelled', 'payslip.paid', 'payslip.payment_failed'],
  pay: ['payment.succeeded', 'payment.failed', 'wallet.credited'],
  books: ['journal_entry.posted', 'journal_entry.reversed', 'period.closed'],
} as const satisfies Record<ServiceName, readonly string[]>;

export type EventType<S extends ServiceName = ServiceName> = (typeof EVENT_TYPES)[S][number];

/** Every event type, whichever service records it. */
export const ALL_EVENT_TYPES: readonly EventType[] = Object.values(EVENT_TYPES).flat();

/** The version of an event's `data` shape; raised when a field is removed or changes meaning. */
export const EVENT_VERSION = 1;
