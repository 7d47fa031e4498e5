import { define, type ErrorDefinition } from './error-definition';

/** Books: accounts, journal entries and periods. */
export const BOOKS_ERRORS = {
  ACCOUNT_NOT_FOUND: define(404, 'Account not found.', 'Compte introuvable.'),
  ACCOUNT_CODE_CONFLICT: define(409, 'An account with this code already exists.', 'Un compte avec ce code existe déjà.'),
  JOURNAL_ENTRY_ALREADY_REVERSED: define(409, 'This journal entry has already been reversed.', 'Cette écriture a déjà été contrepassée.'),
  ACCOUNTING_PERIOD_CLOSED: define(409, 'The accounting period of {date} is closed.', 'La période comptable du {date} est clôturée.'),
  ACCOUNTING_PERIOD_NOT_FOUND: define(404, 'Accounting period not found.', 'Période comptable introuvable.'),
  ACCOUNT_INACTIVE: define(
    409,
    'Account {code} is inactive and cannot take new entries.',
    'Le compte {code} est inactif et ne peut plus recevoir d’écritures.',
  ),
  ACCOUNT_TYPE_LOCKED: define(409, 'The type of an account that has entries cannot change.', 'Le type d’un compte qui a des écritures ne peut pas changer.'),
  BOOKS_CURRENCY_MISMATCH: define(
    400,
    'The currency {currency} is not the book currency {bookCurrency}.',
    'La devise {currency} n’est pas la devise de la comptabilité {bookCurrency}.',
  ),
} as const satisfies Record<string, ErrorDefinition>;

/** Books's codes published first, kept as they were (the registry lists them after every service's others). */
export const BOOKS_PUBLISHED_FIRST_ERRORS = {
  JOURNAL_ENTRY_NOT_FOUND: define(404, 'Journal entry not found.', 'Écriture comptable introuvable.'),
  JOURNAL_ENTRY_NOT_BALANCED: define(
    400,
    'Debits ({totalDebit}) and credits ({totalCredit}) do not balance.',
    'Les débits ({totalDebit}) et les crédits ({totalCredit}) ne sont pas équilibrés.',
  ),
} as const satisfies Record<string, ErrorDefinition>;
