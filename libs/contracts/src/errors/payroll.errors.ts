import { define, type ErrorDefinition } from './error-definition';

/** Payroll: runs and their payslips. */
export const PAYROLL_ERRORS = {
  PAYROLL_RUN_PERIOD_CONFLICT: define(
    409,
    'An approved or paid run already covers this period for some employees.',
    'Un cycle approuvé ou payé couvre déjà cette période pour certains employés.',
  ),
  PAYROLL_NO_ELIGIBLE_EMPLOYEES: define(400, 'No employee has an active contract in this period.', 'Aucun employé n’a de contrat actif sur cette période.'),
  PAYROLL_RUN_NOT_PAYABLE: define(
    409,
    'Only an approved run can be paid (this one is {status}).',
    'Seul un cycle approuvé peut être payé (celui-ci est {status}).',
  ),
  PAYROLL_RULES_UNAVAILABLE: define(422, 'No statutory rule set applies to {country} on {date}.', 'Aucun barème légal ne s’applique à {country} au {date}.'),
} as const satisfies Record<string, ErrorDefinition>;

/** Payroll's codes published first, kept as they were (the registry lists them after every service's others). */
export const PAYROLL_PUBLISHED_FIRST_ERRORS = {
  PAYROLL_RUN_NOT_FOUND: define(404, 'Payroll run not found.', 'Cycle de paie introuvable.'),
  PAYROLL_RUN_LOCKED: define(
    409,
    'The payroll run cannot be modified in its current status.',
    'Le cycle de paie ne peut pas être modifié dans son statut actuel.',
  ),
} as const satisfies Record<string, ErrorDefinition>;
