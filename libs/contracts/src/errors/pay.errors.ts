import { define, type ErrorDefinition } from './error-definition';

/** Pay: wallets and payments. */
export const PAY_ERRORS = {
  WALLET_NOT_FOUND: define(404, 'Wallet not found.', 'Portefeuille introuvable.'),
  CURRENCY_MISMATCH: define(
    400,
    'The currency {currency} does not match the wallet currency {walletCurrency}.',
    'La devise {currency} ne correspond pas à la devise du portefeuille {walletCurrency}.',
  ),
  IDEMPOTENCY_KEY_REQUIRED: define(400, 'An Idempotency-Key header is required for this request.', 'Un en-tête Idempotency-Key est requis pour cette requête.'),
  IDEMPOTENCY_REQUEST_IN_PROGRESS: define(
    409,
    'A request with this Idempotency-Key is still being processed.',
    'Une requête avec cette Idempotency-Key est encore en cours de traitement.',
  ),
  PAYMENT_RECIPIENT_INVALID: define(400, 'The payment recipient is invalid.', 'Le bénéficiaire du paiement est invalide.'),
} as const satisfies Record<string, ErrorDefinition>;

/** Pay's codes published first, kept as they were (the registry lists them after every service's others). */
export const PAY_PUBLISHED_FIRST_ERRORS = {
  PAYMENT_NOT_FOUND: define(404, 'Payment not found.', 'Paiement introuvable.'),
  WALLET_INSUFFICIENT_BALANCE: define(400, 'The wallet balance is too low.', 'Le solde du portefeuille est insuffisant.'),
} as const satisfies Record<string, ErrorDefinition>;
