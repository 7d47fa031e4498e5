import type { Language } from '@platform/contracts/errors/error-codes';

export const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'fr'];

/**
 * Picks the response language from an Accept-Language header: the supported language with
 * the highest q-value, English when nothing supported is asked for.
 */
export function negotiateLanguage(header: string | string[] | undefined): Language {
  if (!header) return 'en';
  const value = Array.isArray(header) ? header.join(',') : header;
  let best: Language = 'en';
  let bestQ = -1;
  for (const part of value.split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0] as Language;
    if (!SUPPORTED_LANGUAGES.includes(primary)) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') q = Number(v);
    }
    if (Number.isFinite(q) && q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return bestQ > 0 ? best : 'en';
}

/** `{name, plural, one {# thing} other {# things}}`: the form of the number's plural category, `#` being the number. */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{[^{}]*\})+)\s*\}/g;
const PLURAL_FORM = /(=\d+|zero|one|two|few|many|other) \{([^{}]*)\}/g;
const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralForm(forms: string, value: number, language: Language): string | undefined {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  const category = rules.select(value);
  let chosen: string | undefined;
  let other: string | undefined;
  for (const [, selector, text] of forms.matchAll(PLURAL_FORM)) {
    if (selector === `=${value}`) return text;
    if (selector === category) chosen ??= text;
    if (selector === 'other') other = text;
  }
  return chosen ?? other;
}

/**
 * Replaces `{name}` placeholders with params, and `{name, plural, …}` with the form the number
 * takes in `language` (French says "1 seconde", "0 seconde"; English "1 second", "0 seconds").
 * Unknown placeholders are left as they are.
 */
export function interpolate(template: string, params?: Record<string, unknown>, language: Language = 'en'): string {
  if (!params) return template;
  return template
    .replace(PLURAL, (whole, name: string, forms: string) => {
      const value = Number(params[name]);
      if (params[name] === undefined || !Number.isFinite(value)) return whole;
      const form = pluralForm(forms, value, language);
      return form === undefined ? whole : form.replace(/#/g, String(params[name]));
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

export const SUCCESS_MESSAGES = {
  ok: { en: 'Request succeeded.', fr: 'Requête réussie.' },
  created: { en: 'Resource created.', fr: 'Ressource créée.' },
  updated: { en: 'Resource updated.', fr: 'Ressource mise à jour.' },
  deleted: { en: 'Resource deleted.', fr: 'Ressource supprimée.' },
  accepted: { en: 'Request accepted.', fr: 'Requête acceptée.' },
  tokenIssued: { en: 'Access token issued.', fr: 'Jeton d’accès émis.' },
  secretRotated: {
    en: 'Secret rotated. Store the new secret now: it is shown only once.',
    fr: 'Secret renouvelé. Conservez le nouveau secret maintenant : il n’est affiché qu’une fois.',
  },
  webhookEndpointCreated: {
    en: 'Webhook endpoint created. Store its signing secret now: it is shown only once.',
    fr: 'Point de terminaison de webhook créé. Conservez son secret de signature maintenant : il n’est affiché qu’une fois.',
  },
  signUpReceived: {
    en: 'Check your inbox: we sent a link to verify your email address.',
    fr: 'Consultez votre boîte de réception : nous avons envoyé un lien pour vérifier votre adresse e-mail.',
  },
  emailVerified: { en: 'Email address verified. You can sign in.', fr: 'Adresse e-mail vérifiée. Vous pouvez vous connecter.' },
  emailSentIfKnown: {
    en: 'If this address has an account, an email is on its way.',
    fr: 'Si cette adresse a un compte, un e-mail est en route.',
  },
  signedIn: { en: 'Signed in.', fr: 'Connecté.' },
  signedOut: { en: 'Signed out.', fr: 'Déconnecté.' },
  passwordChanged: { en: 'Password changed. Your other sessions have ended.', fr: 'Mot de passe modifié. Vos autres sessions ont pris fin.' },
  signInUnlocked: { en: 'Sign-in unlocked: you can sign in now.', fr: 'Connexion débloquée : vous pouvez vous connecter.' },
  keyCreated: {
    en: 'API key created. Store its secret now: it is shown only once.',
    fr: 'Clé d’API créée. Conservez son secret maintenant : il n’est affiché qu’une fois.',
  },
  preferenceUpdated: { en: 'Notification preference updated.', fr: 'Préférence de notification mise à jour.' },
  serviceUp: { en: 'Service is up.', fr: 'Le service est disponible.' },
} as const satisfies Record<string, Record<Language, string>>;

export type SuccessMessageKey = keyof typeof SUCCESS_MESSAGES;
