import type { Payout } from './hr.contract';
import type { InternalRoute, Timestamp } from './internal-route';

/** Payroll's internal route: utilities renders payslips from it. */

/** Payslips in one page of a run's, at most: what keeps each answer small and each request's work bounded. */
export const RUN_PAYSLIPS_PAGE_SIZE = 500;

export interface RunPayslipsQuery {
  companyId: string;
  /** one employee's payslip; the run's otherwise, a page at a time */
  employeeId?: string;
  /** the page after this payslip (the previous page's nextAfter) */
  after?: string;
  /** the page's size, 1 to RUN_PAYSLIPS_PAGE_SIZE (the default) */
  limit?: number;
}

export interface PayrollRun {
  id: string;
  companyId: string;
  status: 'draft' | 'approved' | 'paid' | 'cancelled';
  country: string;
  periodStart: string;
  periodEnd: string;
  /** the employees asked for; null: every employee with a contract in force */
  employeeIds: string[] | null;
  ruleSetVersion: string;
  currency: string;
  employeeCount: number;
  totalGross: number;
  totalDeductions: number;
  totalNet: number;
  totalEmployerContributions: number;
  totalEmployerCost: number;
  version: number;
  calculatedAt: Timestamp;
  approvedAt: Timestamp | null;
  paidAt: Timestamp | null;
  cancelledAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PayslipItem {
  code: string;
  name: string;
  amount: number;
  /** the amount the rate applied to, when a rate applied */
  base?: number;
  rate?: string;
}

export interface Payslip {
  id: string;
  companyId: string;
  runId: string;
  employeeId: string;
  employeeExternalId: string;
  employeeName: string;
  nationalId: string | null;
  socialInsuranceNumber: string | null;
  payout: Payout | null;
  contractIds: string[];
  currency: string;
  workingDaysInMonth: number;
  workedDays: number;
  unpaidLeaveDays: number;
  earnings: PayslipItem[];
  deductions: PayslipItem[];
  employerContributions: PayslipItem[];
  grossPay: number;
  taxablePay: number;
  totalDeductions: number;
  netPay: number;
  totalEmployerContributions: number;
  employerCost: number;
  paymentId: string | null;
  paymentStatus: 'pending' | 'succeeded' | 'failed' | null;
  paymentFailureReason: string | null;
  paidAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface RunPayslips {
  /** as it is now: a `version` other than the first page's says the payslips were recalculated in between */
  run: PayrollRun;
  /** by employee name, then id */
  payslips: Payslip[];
  /** the `after` of the next page; null on the last page */
  nextAfter: string | null;
}

export const RUN_PAYSLIPS: InternalRoute<{ params: { runId: string }; query: RunPayslipsQuery; response: RunPayslips; refusals: 'PAYROLL_RUN_NOT_FOUND' }> = {
  method: 'GET',
  path: '/internal/v1/payroll/runs/:runId/payslips',
};
