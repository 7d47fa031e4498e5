/**
 * The one registry of error codes. Every error the suite sends carries a code from here;
 * nothing else invents codes. Messages may hold `{placeholders}` filled from the
 * exception's params, and `{count, plural, one {# thing} other {# things}}` (ICU's plural
 * form, by the language's plural rules).
 */
export type Language = 'en' | 'fr';

export interface ErrorDefinition {
  status: number;
  message: Record<Language, string>;
  /**
   * Messages that say more precisely what went wrong, by reason; the code stays the same, so
   * clients that branch on it keep working. An exception names its reason (`options.reason`).
   */
  reasons?: Record<string, Record<Language, string>>;
}

const define = (status: number, en: string, fr: string, reasons?: Record<string, Record<Language, string>>): ErrorDefinition =>
  reasons ? { status, message: { en, fr }, reasons } : { status, message: { en, fr } };

export const ERROR_CODES = {
  // Global: any route of any service
  VALIDATION_FAILED: define(400, 'The request is invalid.', 'La requête est invalide.'),
  INTERNAL_ERROR: define(500, 'An unexpected error occurred. Please try again later.', 'Une erreur inattendue est survenue. Veuillez réessayer plus tard.'),
  HTTP_ERROR: define(400, 'The request could not be processed.', 'La requête n’a pas pu être traitée.'),
  UNSUPPORTED_MEDIA_TYPE: define(
    415,
    'The request body was sent as {received}, which this API does not read: send it as {expected} (header Content-Type: application/json).',
    'Le corps de la requête a été envoyé en {received}, que cette API ne lit pas : envoyez-le en {expected} (en-tête Content-Type: application/json).',
  ),
  METHOD_NOT_ALLOWED: define(
    405,
    '{method} is not allowed on this path; it accepts {allowed}.',
    'La méthode {method} n’est pas autorisée sur ce chemin ; il accepte {allowed}.',
  ),

  // Authentication: credentials, people and their organizations
  INVALID_CREDENTIALS: define(401, 'Email or password is incorrect.', 'Adresse e-mail ou mot de passe incorrect.'),
  DEVELOPER_KEYS_INVALID: define(401, 'The API key or secret is invalid.', 'La clé ou le secret d’API est invalide.', {
    keyMissing: {
      en: 'The X-Platform-Api-Key header is missing: send your API key (pk_…) with every request.',
      fr: 'L’en-tête X-Platform-Api-Key est manquant : envoyez votre clé d’API (pk_…) avec chaque requête.',
    },
    secretMissing: {
      en: 'The X-Platform-Api-Secret header is missing: the token exchange needs your API secret (sk_…).',
      fr: 'L’en-tête X-Platform-Api-Secret est manquant : l’échange de jeton requiert votre secret d’API (sk_…).',
    },
    keyMismatch: {
      en: 'The X-Platform-Api-Key header is not the API key this access token was issued for.',
      fr: 'L’en-tête X-Platform-Api-Key n’est pas la clé d’API pour laquelle ce jeton d’accès a été émis.',
    },
    environment: {
      en: 'This API key belongs to the {keyEnvironment} environment; this deployment serves {deploymentEnvironment}.',
      fr: 'Cette clé d’API appartient à l’environnement {keyEnvironment} ; ce déploiement sert l’environnement {deploymentEnvironment}.',
    },
  }),
  GATEWAY_AUTH_REQUIRED: define(401, 'The gateway session header is missing.', 'L’en-tête de session de la passerelle est manquant.'),
  GATEWAY_AUTH_INVALID: define(401, 'The gateway session is invalid.', 'La session de la passerelle est invalide.', {
    expired: { en: 'The gateway session has expired.', fr: 'La session de la passerelle a expiré.' },
    revoked: { en: 'This session has ended: sign in again.', fr: 'Cette session a pris fin : reconnectez-vous.' },
    organization: {
      en: 'The gateway session was issued for another organization.',
      fr: 'La session de la passerelle a été émise pour une autre organisation.',
    },
  }),
  NOT_AN_ORGANIZATION_MEMBER: define(403, 'You are not a member of this organization.', 'Vous n’êtes pas membre de cette organisation.', {
    noOrganization: {
      en: 'Name the organization to act for in the X-Organization-Id header.',
      fr: 'Indiquez l’organisation pour laquelle agir dans l’en-tête X-Organization-Id.',
    },
  }),
  EMAIL_NOT_VERIFIED: define(403, 'The email address is not verified.', 'L’adresse e-mail n’est pas vérifiée.'),
  CSRF_CHECK_FAILED: define(
    403,
    'This request was refused: it must come from the dashboard’s own page, with its X-CSRF-Token header.',
    'Cette requête est refusée : elle doit venir de la page du tableau de bord, avec son en-tête X-CSRF-Token.',
  ),
  ACCOUNT_LINK_INVALID: define(400, 'This link is invalid, has already been used or has expired.', 'Ce lien est invalide, a déjà servi ou a expiré.', {
    otherEmail: {
      en: 'This invitation was sent to another email address: sign in with that address to accept it.',
      fr: 'Cette invitation a été envoyée à une autre adresse e-mail : connectez-vous avec cette adresse pour l’accepter.',
    },
  }),
  ORGANIZATION_LAST_OWNER: define(
    409,
    'An organization keeps at least one owner: make another member owner first.',
    'Une organisation garde au moins un propriétaire : nommez d’abord un autre membre propriétaire.',
  ),
  MEMBER_NOT_FOUND: define(404, 'Member not found.', 'Membre introuvable.'),
  INVITATION_NOT_FOUND: define(404, 'Invitation not found.', 'Invitation introuvable.'),
  ALREADY_A_MEMBER: define(409, 'This person is already a member of the organization.', 'Cette personne est déjà membre de l’organisation.'),
  CREDENTIAL_NOT_FOUND: define(404, 'API key not found.', 'Clé d’API introuvable.'),
  SESSION_NOT_FOUND: define(404, 'Session not found.', 'Session introuvable.'),
  ORGANIZATION_LIMIT_REACHED: define(
    409,
    'You are a member of {limit, plural, one {# organization} other {# organizations}}, the most allowed: leave one before creating or joining another.',
    'Vous êtes membre de {limit, plural, one {# organisation} other {# organisations}}, le maximum autorisé : quittez-en une avant d’en créer ou d’en rejoindre une autre.',
  ),
  CREDENTIAL_LIMIT_REACHED: define(
    409,
    'This organization has {limit, plural, one {# API key} other {# API keys}} not revoked, the most allowed: revoke one it no longer uses before creating another.',
    'Cette organisation a {limit, plural, one {# clé d’API non révoquée} other {# clés d’API non révoquées}}, le maximum autorisé : révoquez-en une qui ne sert plus avant d’en créer une autre.',
  ),
  INVITATION_LIMIT_REACHED: define(
    429,
    'This organization has sent {limit, plural, one {# invitation} other {# invitations}} in the last 24 hours, the most allowed. Retry after {retryAfter, plural, one {# second} other {# seconds}}.',
    'Cette organisation a envoyé {limit, plural, one {# invitation} other {# invitations}} ces dernières 24 heures, le maximum autorisé. Réessayez dans {retryAfter, plural, one {# seconde} other {# secondes}}.',
    {
      recipient: {
        en: 'This address has been sent {limit, plural, one {# invitation} other {# invitations}} in the last 24 hours, the most allowed. Retry after {retryAfter, plural, one {# second} other {# seconds}}.',
        fr: 'Cette adresse a reçu {limit, plural, one {# invitation} other {# invitations}} ces dernières 24 heures, le maximum autorisé. Réessayez dans {retryAfter, plural, one {# seconde} other {# secondes}}.',
      },
    },
  ),

  // Pipeline: what the shared request pipeline refuses (token, key, client id, scope, tenancy, limits)
  AUTH_TOKEN_MISSING: define(401, 'A Bearer access token is required.', 'Un jeton d’accès Bearer est requis.', {
    scheme: {
      en: 'The Authorization header must be "Bearer <access token>".',
      fr: 'L’en-tête Authorization doit être « Bearer <jeton d’accès> ».',
    },
  }),
  AUTH_TOKEN_INVALID: define(401, 'The access token is invalid or has been revoked.', 'Le jeton d’accès est invalide ou a été révoqué.'),
  AUTH_TOKEN_EXPIRED: define(401, 'The access token has expired.', 'Le jeton d’accès a expiré.'),
  CLIENT_ID_INVALID: define(
    401,
    'The X-Platform-Client-Id header is missing or does not match the token.',
    'L’en-tête X-Platform-Client-Id est manquant ou ne correspond pas au jeton.',
    {
      missing: {
        en: 'The X-Platform-Client-Id header is missing: send X-Platform-Client-Id: platform-developer.',
        fr: 'L’en-tête X-Platform-Client-Id est manquant : envoyez X-Platform-Client-Id: platform-developer.',
      },
      unknown: {
        en: 'The X-Platform-Client-Id header must be platform-developer.',
        fr: 'L’en-tête X-Platform-Client-Id doit valoir platform-developer.',
      },
    },
  ),
  INSUFFICIENT_SCOPE: define(
    403,
    'Your credentials do not allow this operation (requires {scope}).',
    'Vos identifiants ne permettent pas cette opération (requiert {scope}).',
    {
      role: {
        en: 'Your role in this organization does not allow this operation (requires {role} or above).',
        fr: 'Votre rôle dans cette organisation ne permet pas cette opération (il faut être {role} ou plus).',
      },
    },
  ),
  ACTING_COMPANY_FORBIDDEN: define(
    403,
    'You may not act for this workspace or company.',
    'Vous ne pouvez pas agir pour cet espace de travail ou cette entreprise.',
  ),
  RATE_LIMIT_EXCEEDED: define(
    429,
    'Too many requests. Retry after {retryAfter, plural, one {# second} other {# seconds}}.',
    'Trop de requêtes. Réessayez dans {retryAfter, plural, one {# seconde} other {# secondes}}.',
    {
      accountLimit: {
        en: 'Too many failed sign-ins on this account: retry after {retryAfter, plural, one {# second} other {# seconds}}, from a browser where you signed in before, or ask for an unlock link by email.',
        fr: 'Trop de connexions échouées sur ce compte : réessayez dans {retryAfter, plural, one {# seconde} other {# secondes}}, depuis un navigateur où vous vous êtes déjà connecté, ou demandez un lien de déblocage par e-mail.',
      },
    },
  ),
  QUOTA_EXCEEDED: define(429, 'The monthly request quota of your plan is used up.', 'Le quota mensuel de requêtes de votre offre est épuisé.'),
  UPSTREAM_UNAVAILABLE: define(
    503,
    'A service this request depends on is unavailable. Please retry shortly.',
    'Un service nécessaire à cette requête est indisponible. Veuillez réessayer sous peu.',
  ),
  IDEMPOTENCY_KEY_REUSED: define(
    409,
    'This Idempotency-Key was already used with a different request.',
    'Cette Idempotency-Key a déjà été utilisée avec une requête différente.',
  ),
  WEBHOOK_URL_FORBIDDEN: define(
    400,
    'Webhook deliveries may not be sent to this URL.',
    'Les livraisons de webhooks ne peuvent pas être envoyées à cette URL.',
    {
      invalidUrl: {
        en: 'The endpoint URL must be an absolute http or https URL with a host.',
        fr: 'L’URL du point de terminaison doit être une URL http ou https absolue avec un hôte.',
      },
      tooLong: {
        en: 'The endpoint URL is longer than {maxLength} characters.',
        fr: 'L’URL du point de terminaison dépasse {maxLength} caractères.',
      },
      credentials: {
        en: 'The endpoint URL must not carry a user name or password: deliveries are authenticated by their signature.',
        fr: 'L’URL du point de terminaison ne doit contenir ni nom d’utilisateur ni mot de passe : les livraisons sont authentifiées par leur signature.',
      },
      notHttps: {
        en: 'Endpoint URLs must use HTTPS in production.',
        fr: 'Les URL de points de terminaison doivent utiliser HTTPS en production.',
      },
      unresolvable: {
        en: 'The host {host} of the endpoint URL does not resolve to any address.',
        fr: 'L’hôte {host} de l’URL du point de terminaison ne correspond à aucune adresse.',
      },
      refusedAddress: {
        en: 'The endpoint URL leads to {address}, an address webhook deliveries may not reach ({network}).',
        fr: 'L’URL du point de terminaison mène à {address}, une adresse que les livraisons de webhooks ne peuvent pas atteindre ({network}).',
      },
    },
  ),

  // Auth service
  WORKSPACE_NOT_FOUND: define(404, 'Workspace not found.', 'Espace de travail introuvable.'),

  // HR
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

  // Payroll
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

  // Pay
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

  // Books
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

  // Utilities
  NOTIFICATION_NOT_FOUND: define(404, 'Notification not found.', 'Notification introuvable.'),
  FILE_NOT_FOUND: define(404, 'File not found.', 'Fichier introuvable.'),
  FILE_TOO_LARGE: define(413, 'The file is larger than the {limit} bytes allowed.', 'Le fichier dépasse la taille autorisée de {limit} octets.'),
  FILE_TYPE_NOT_ALLOWED: define(415, 'This file type is not allowed.', 'Ce type de fichier n’est pas autorisé.'),
  FILE_LINK_INVALID: define(403, 'This file link is invalid or has expired.', 'Ce lien de fichier est invalide ou a expiré.'),
  RANGE_NOT_SATISFIABLE: define(416, 'The requested range cannot be served.', 'La plage demandée ne peut pas être servie.'),
  DOCUMENT_NOT_FOUND: define(404, 'Document not found.', 'Document introuvable.'),
  DOCUMENT_JOB_NOT_FOUND: define(404, 'Document job not found.', 'Tâche de document introuvable.'),
  DOCUMENT_TOO_LARGE_FOR_SYNC: define(
    413,
    'This document has {rows} table rows; POST /api/v1/app/documents renders at most {limit} at once. Send it to POST /api/v1/app/document-jobs instead.',
    'Ce document compte {rows} lignes de tableau ; POST /api/v1/app/documents en produit au plus {limit} immédiatement. Envoyez-le plutôt à POST /api/v1/app/document-jobs.',
  ),
  DOCUMENT_TOO_LARGE: define(
    413,
    'This document has {rows} table rows; at most {limit} can be rendered.',
    'Ce document compte {rows} lignes de tableau ; au plus {limit} peuvent être produites.',
  ),
  DOCUMENT_RENDER_TIMEOUT: define(
    422,
    'Rendering this document took longer than the {limit} ms allowed and was stopped.',
    'La production de ce document a dépassé les {limit} ms autorisées et a été interrompue.',
  ),
  WEBHOOK_ENDPOINT_NOT_FOUND: define(404, 'Webhook endpoint not found.', 'Point de terminaison de webhook introuvable.'),
  WEBHOOK_ENDPOINT_LIMIT_REACHED: define(
    409,
    'This company already has {limit} webhook endpoints, the most allowed: delete one before adding another.',
    'Cette entreprise a déjà {limit} points de terminaison de webhook, le maximum autorisé : supprimez-en un avant d’en ajouter un autre.',
  ),
  WEBHOOK_DELIVERY_NOT_FOUND: define(404, 'Webhook delivery not found.', 'Livraison de webhook introuvable.'),

  // Product codes published first, kept as they were (USER_NOT_FOUND answers an unknown employee)
  USER_NOT_FOUND: define(404, 'Employee not found.', 'Employé introuvable.'),
  ATTENDANCE_INVALID_DATE_RANGE: define(400, 'The from/to date range is invalid.', 'La période from/to est invalide.'),
  JOURNAL_ENTRY_NOT_FOUND: define(404, 'Journal entry not found.', 'Écriture comptable introuvable.'),
  JOURNAL_ENTRY_NOT_BALANCED: define(
    400,
    'Debits ({totalDebit}) and credits ({totalCredit}) do not balance.',
    'Les débits ({totalDebit}) et les crédits ({totalCredit}) ne sont pas équilibrés.',
  ),
  PAYROLL_RUN_NOT_FOUND: define(404, 'Payroll run not found.', 'Cycle de paie introuvable.'),
  PAYROLL_RUN_LOCKED: define(
    409,
    'The payroll run cannot be modified in its current status.',
    'Le cycle de paie ne peut pas être modifié dans son statut actuel.',
  ),
  PAYMENT_NOT_FOUND: define(404, 'Payment not found.', 'Paiement introuvable.'),
  WALLET_INSUFFICIENT_BALANCE: define(400, 'The wallet balance is too low.', 'Le solde du portefeuille est insuffisant.'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Messages for HTTP_ERROR, whose status varies: one per status the framework can produce. */
export const HTTP_ERROR_MESSAGES: Record<number, Record<Language, string>> = {
  400: { en: 'The request could not be processed.', fr: 'La requête n’a pas pu être traitée.' },
  401: { en: 'Authentication is required.', fr: 'Une authentification est requise.' },
  403: { en: 'Access is forbidden.', fr: 'Accès interdit.' },
  404: { en: 'The requested resource was not found.', fr: 'La ressource demandée est introuvable.' },
  405: { en: 'This method is not allowed on this resource.', fr: 'Cette méthode n’est pas autorisée sur cette ressource.' },
  406: { en: 'The requested representation is not available.', fr: 'La représentation demandée n’est pas disponible.' },
  409: { en: 'The request conflicts with the current state of the resource.', fr: 'La requête est en conflit avec l’état actuel de la ressource.' },
  413: { en: 'The request body is too large.', fr: 'Le corps de la requête est trop volumineux.' },
  414: { en: 'The request URI is too long.', fr: 'L’URI de la requête est trop longue.' },
  415: { en: 'This content type is not supported.', fr: 'Ce type de contenu n’est pas pris en charge.' },
  431: { en: 'The request headers are too large.', fr: 'Les en-têtes de la requête sont trop volumineux.' },
};
