import { define, type ErrorDefinition } from './error-definition';

/** HR: employees, contracts, leave, attendance and performance. */
export const HR_ERRORS = {
  EMPLOYEE_EXTERNAL_ID_CONFLICT: define(
    409,
    'Another employee of this company already has this externalId.',
    'Un autre employé de cette entreprise a déjà cet externalId.',
  ),
  CONTRACT_NOT_FOUND: define(404, 'Contract not found.', 'Contrat introuvable.'),
  CONTRACT_OVERLAP: define(409, 'The employee already has a contract in force over this period.', 'L’employé a déjà un contrat en vigueur sur cette période.'),
  CONTRACT_NOT_EDITABLE: define(409, 'The contract cannot be changed in its current status.', 'Le contrat ne peut pas être modifié dans son statut actuel.'),
  CONTRACT_INVALID_TRANSITION: define(409, 'The contract cannot move from {from} to {to}.', 'Le contrat ne peut pas passer de {from} à {to}.'),
  CONTRACT_EXTERNAL_ID_CONFLICT: define(
    409,
    'Another contract of this company already has this externalId.',
    'Un autre contrat de cette entreprise a déjà cet externalId.',
    {
      otherEmployee: {
        en: 'The company’s contract with this externalId belongs to another employee: a contract cannot move to another employee.',
        fr: 'Le contrat de l’entreprise portant cet externalId appartient à un autre employé : un contrat ne peut pas passer à un autre employé.',
      },
    },
  ),
  LEAVE_TYPE_NOT_FOUND: define(404, 'Leave type not found.', 'Type de congé introuvable.'),
  LEAVE_TYPE_NAME_CONFLICT: define(409, 'A leave type with this name already exists.', 'Un type de congé portant ce nom existe déjà.'),
  LEAVE_REQUEST_NOT_FOUND: define(404, 'Leave request not found.', 'Demande de congé introuvable.'),
  LEAVE_REQUEST_OVERLAP: define(
    409,
    'The employee already has leave requested or approved over these dates.',
    'L’employé a déjà un congé demandé ou approuvé sur ces dates.',
  ),
  LEAVE_REQUEST_ALREADY_APPROVED: define(409, 'The leave request is already approved.', 'La demande de congé est déjà approuvée.'),
  LEAVE_REQUEST_NOT_PENDING: define(409, 'The leave request is no longer pending ({status}).', 'La demande de congé n’est plus en attente ({status}).'),
  LEAVE_BALANCE_INSUFFICIENT: define(
    400,
    'Not enough leave left: {requested} days requested, {available} available.',
    'Solde de congé insuffisant : {requested} jours demandés, {available} disponibles.',
  ),
  LEAVE_NO_WORKING_DAYS: define(400, 'The requested dates contain no working day.', 'Les dates demandées ne contiennent aucun jour ouvré.'),
  ATTENDANCE_ALREADY_RECORDED: define(
    409,
    'Attendance is already recorded for this employee on this date.',
    'La présence de cet employé est déjà enregistrée à cette date.',
  ),
  PERFORMANCE_REVIEW_NOT_FOUND: define(404, 'Performance review not found.', 'Évaluation de performance introuvable.'),
  PERFORMANCE_REVIEW_LOCKED: define(409, 'A completed performance review is read-only.', 'Une évaluation terminée est en lecture seule.'),
  PERFORMANCE_REVIEW_INVALID_TRANSITION: define(409, 'The review cannot move from {from} to {to}.', 'L’évaluation ne peut pas passer de {from} à {to}.'),
} as const satisfies Record<string, ErrorDefinition>;

/** HR's codes published first, kept as they were (the registry lists them after every service's others). */
export const HR_PUBLISHED_FIRST_ERRORS = {
  USER_NOT_FOUND: define(404, 'Employee not found.', 'Employé introuvable.'),
  ATTENDANCE_INVALID_DATE_RANGE: define(400, 'The from/to date range is invalid.', 'La période from/to est invalide.'),
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Employee not found: HR's name for the code it answers an unknown employee with. The wire code
 * stays `USER_NOT_FOUND` (published first; clients branch on it), its message "Employee not found.";
 * throw `new PlatformException(EMPLOYEE_NOT_FOUND)` where the code means an employee.
 */
export const EMPLOYEE_NOT_FOUND = 'USER_NOT_FOUND' satisfies keyof typeof HR_PUBLISHED_FIRST_ERRORS;
