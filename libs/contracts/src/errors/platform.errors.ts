import { define, type ErrorDefinition, type Language } from './error-definition';

/** Any route of any service answers these. */
export const GLOBAL_ERRORS = {
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
} as const satisfies Record<string, ErrorDefinition>;

/** What the shared request pipeline refuses: token, key, client id, scope, tenancy, limits. */
export const PIPELINE_ERRORS = {
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
} as const satisfies Record<string, ErrorDefinition>;

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
