import type { InternalRoute } from './internal-route';

/** HR's internal routes: how payroll and utilities read employees, which only HR stores. */

export interface ContactsQuery {
  companyId: string;
  /** at most 100 */
  employeeIds: string[];
}

export interface EmployeeContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

export interface Contacts {
  /** in the order asked */
  items: EmployeeContact[];
  /** asked for but not an employee of the company (missing, or another company's) */
  unknownEmployeeIds: string[];
}

export const CONTACTS: InternalRoute<{ query: ContactsQuery; response: Contacts }> = { method: 'GET', path: '/internal/v1/hr/contacts' };

/** Employees in one page of payroll inputs, at most: what keeps each answer small and each request's work bounded. */
export const PAYROLL_INPUTS_PAGE_SIZE = 1000;

/** A page of payroll inputs: listed employees, or (without a list) the employees with a contract in force after a cursor. */
export interface PayrollInputsRequest {
  companyId: string;
  periodStart: string;
  periodEnd: string;
  /** these employees, at most PAYROLL_INPUTS_PAGE_SIZE; absent: employees with a contract in force, by id */
  employeeIds?: string[];
  /** without employeeIds: the page after this employee id (the previous page's nextAfter) */
  after?: string;
  /** without employeeIds: the page's size, 1 to PAYROLL_INPUTS_PAGE_SIZE (the default) */
  limit?: number;
}

/** Where an employee's pay goes: bank fields or mobile-money fields, by method. */
export interface Payout {
  method: 'bank' | 'mobile_money';
  bankName?: string;
  bankCode?: string;
  accountNumber?: string;
  accountHolder?: string;
  provider?: 'mtn_momo' | 'orange_money';
  phoneNumber?: string;
}

export interface EmploymentContract {
  id: string;
  type: 'permanent' | 'fixed_term' | 'internship' | 'apprenticeship' | 'consultant';
  status: 'draft' | 'active' | 'ended';
  startDate: string;
  endDate: string | null;
  /** minor units */
  baseSalary: number;
  currency: string;
  payFrequency: 'monthly' | 'biweekly' | 'weekly';
  allowances: { code: string; name: string; amount: number; taxable: boolean; contributory: boolean }[];
  deductions: { code: string; name: string; amount: number }[];
}

export interface PayrollEmployee {
  id: string;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string;
  status: 'active' | 'on_leave' | 'suspended' | 'terminated';
  hireDate: string;
  terminationDate: string | null;
  nationalId: string | null;
  socialInsuranceNumber: string | null;
  country: string;
  payout: Payout | null;
  /** active or ended contracts overlapping the period, by start date */
  contracts: EmploymentContract[];
  /** approved leave of unpaid types within the period, in working days (halves allowed) */
  unpaidLeaveDays: number;
}

export interface PayrollInputs {
  unknownEmployeeIds: string[];
  /** employees of the company with no contract in force in the period */
  ineligibleEmployeeIds: string[];
  employees: PayrollEmployee[];
}

export interface PayrollInputsPage extends PayrollInputs {
  /** employees by id */
  employees: PayrollEmployee[];
  /** the `after` of the next page; null on the last page (and always with employeeIds) */
  nextAfter: string | null;
}

export const PAYROLL_INPUTS: InternalRoute<{ body: PayrollInputsRequest; response: PayrollInputsPage }> = {
  method: 'POST',
  path: '/internal/v1/hr/payroll-inputs',
};
