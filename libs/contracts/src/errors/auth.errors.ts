import { define, type ErrorDefinition } from './error-definition';

/** Auth's people side: credentials, people and their organizations. */
export const AUTH_ERRORS = {
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
} as const satisfies Record<string, ErrorDefinition>;

/** Auth's developer side. */
export const AUTH_SERVICE_ERRORS = {
  WORKSPACE_NOT_FOUND: define(404, 'Workspace not found.', 'Espace de travail introuvable.'),
} as const satisfies Record<string, ErrorDefinition>;
