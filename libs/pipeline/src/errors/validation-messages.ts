import type { Language } from '@platform/contracts/errors/error-codes';
import type { FieldErrors } from './platform.exception';

/**
 * French for the field messages of VALIDATION_FAILED. class-validator words its messages in
 * English only; these are its default messages (0.14) for the constraints the suite uses, and the
 * pipeline's own (body parsing, input bounds), each recognised by its English wording, `$1`… being
 * the parts that vary (the property, a bound); then the services' own wordings (their DTOs'
 * `message` options), which validation-messages.spec.ts finds in the sources and requires here.
 */
const FRENCH: [RegExp, string][] = [
  [/^property (\S+) should not exist$/, 'la propriété $1 n’est pas autorisée'],
  [/^nested property (\S+) must be either object or array$/, 'la propriété imbriquée $1 doit être un objet ou un tableau'],
  [/^(\S+) must be a string$/, '$1 doit être une chaîne de caractères'],
  [/^(\S+) must be an integer number$/, '$1 doit être un nombre entier'],
  [/^(\S+) must be a number conforming to the specified constraints$/, '$1 doit être un nombre'],
  [/^(\S+) must be a boolean value$/, '$1 doit être un booléen (true ou false)'],
  [/^(\S+) must be true or false$/, '$1 doit valoir true ou false'],
  [/^(\S+) must be an array$/, '$1 doit être un tableau'],
  [/^(\S+) must be an object$/, '$1 doit être un objet'],
  [/^(\S+) must be a UUID$/, '$1 doit être un UUID'],
  [/^(\S+) must be an email$/, '$1 doit être une adresse e-mail'],
  [/^(\S+) must be a valid ISO 8601 date string$/, '$1 doit être une date ISO 8601 valide'],
  [/^(\S+) must be a valid ISO4217 currency code$/, '$1 doit être un code de devise ISO 4217 valide'],
  [/^(\S+) must be an ISO 4217 code such as (\S+)$/, '$1 doit être un code de devise ISO 4217, par exemple $2'],
  [/^(\S+) must be an ISO 4217 code$/, '$1 doit être un code de devise ISO 4217'],
  [/^(\S+) should not be empty$/, '$1 ne doit pas être vide'],
  [/^(\S+) should not be null or undefined$/, '$1 est obligatoire'],
  [/^(\S+) must be one of the following values: (.*)$/, '$1 doit être l’une des valeurs suivantes : $2'],
  [/^(\S+) must not be less than (\S+)$/, '$1 ne doit pas être inférieur à $2'],
  [/^(\S+) must not be greater than (\S+)$/, '$1 ne doit pas être supérieur à $2'],
  [/^(\S+) must be longer than or equal to (\S+) characters$/, '$1 doit contenir au moins $2 caractères'],
  [/^(\S+) must be shorter than or equal to (\S+) characters$/, '$1 doit contenir au plus $2 caractères'],
  [/^(\S+) must contain at least (\S+) elements$/, '$1 doit contenir au moins $2 éléments'],
  [/^(\S+) must contain no more than (\S+) elements$/, '$1 doit contenir au plus $2 éléments'],
  [/^(\S+) must match (.*) regular expression$/, '$1 doit correspondre à l’expression régulière $2'],
  [/^All (\S+)'s elements must be unique$/, 'les éléments de $1 doivent être distincts'],
  // the services' own wordings
  [/^(\S+) must be (\d+)–(\d+) letters, digits, dots or hyphens$/, '$1 doit contenir de $2 à $3 lettres, chiffres, points ou tirets'],
  [/^(\S+) must be (\d+)–(\d+) upper-case letters, digits or underscores$/, '$1 doit contenir de $2 à $3 lettres majuscules, chiffres ou tirets bas'],
  [
    /^(\S+) must be (\d+)–(\d+) lower-case letters, digits, dots, hyphens or underscores$/,
    '$1 doit contenir de $2 à $3 lettres minuscules, chiffres, points, tirets ou tirets bas',
  ],
  [
    /^(\S+) must be (\d+) to (\d+) upper-case letters or digits \(RIB or IBAN, no spaces\)$/,
    '$1 doit contenir de $2 à $3 lettres majuscules ou chiffres (RIB ou IBAN, sans espace)',
  ],
  [/^(\S+) must be (\d+) to (\d+) upper-case letters or digits$/, '$1 doit contenir de $2 à $3 lettres majuscules ou chiffres'],
  [/^(\S+) must have distinct codes$/, '$1 doit avoir des codes distincts'],
  [
    /^(\S+) must be an integer in the currency’s minor unit \(XAF: whole francs\)$/,
    '$1 doit être un entier dans la plus petite unité de la devise (XAF : francs entiers)',
  ],
  [/^(\S+) must be an integer amount in minor units$/, '$1 doit être un montant entier dans la plus petite unité de la devise'],
  [/^(\S+) must be an integer$/, '$1 doit être un entier'],
  [/^(\S+) must be positive$/, '$1 doit être positif'],
  [/^(\S+) must not be negative$/, '$1 ne doit pas être négatif'],
  [/^(\S+) must be at most (\S+)$/, '$1 doit valoir au plus $2'],
  [/^(\S+) must not exceed (\S+)$/, '$1 ne doit pas dépasser $2'],
  [/^(\S+) must be one of (.*) \(ISO 4217, upper case\)$/, '$1 doit être l’une des devises $2 (ISO 4217, en majuscules)'],
  [/^an entry needs at least two lines$/, 'une écriture doit avoir au moins deux lignes'],
  [/^(\S+) must be an ISO 3166-1 alpha-2 code such as (\S+)$/, '$1 doit être un code pays ISO 3166-1 alpha-2, par exemple $2'],
  [/^(\S+) must be a date as YYYY-MM-DD$/, '$1 doit être une date au format AAAA-MM-JJ'],
  [/^(\S+) must be a valid calendar date$/, '$1 doit être une date valide du calendrier'],
  [/^(\S+) must be comma-separated UUIDs$/, '$1 doit être une liste d’UUID séparés par des virgules'],
  [/^(\S+) must be an E\.164 number such as (\S+)$/, '$1 doit être un numéro au format E.164, par exemple $2'],
  [/^(\S+) must be a Cameroon mobile number in E\.164 form, such as (\S+)$/, '$1 doit être un numéro mobile camerounais au format E.164, par exemple $2'],
  [/^(\S+) must be a Cameroon number in E\.164 form, such as (\S+)$/, '$1 doit être un numéro camerounais au format E.164, par exemple $2'],
  [/^(\S+) must be an absolute http or https URL$/, '$1 doit être une URL absolue en http ou https'],
  [/^(\S+) must be within the last 30 days$/, '$1 doit dater des 30 derniers jours'],
  [/^(\S+) must not be in the future$/, '$1 ne doit pas être dans le futur'],
  [/^(\S+) must be an ISO 8601 date-time with an offset, such as (\S+)$/, '$1 doit être une date et heure ISO 8601 avec un décalage horaire, par exemple $2'],
  [
    /^(\S+) must not be sent with cursor \(a cursor already says where the page starts\)$/,
    '$1 ne doit pas être envoyé avec cursor (un curseur dit déjà où commence la page)',
  ],
  [/^(\S+) must be start or the nextCursor of a page$/, '$1 doit valoir start ou le nextCursor d’une page'],
  [/^(\S+) must be an email address$/, '$1 doit être une adresse e-mail'],
  [/^(\S+) must be the verified email address of a member of the organization$/, '$1 doit être l’adresse e-mail vérifiée d’un membre de l’organisation'],
  [/^(\S+) must be a date such as (\S+)$/, '$1 doit être une date telle que $2'],
  [/^from and to must be real dates$/, 'from et to doivent être des dates réelles'],
  [/^a usage query covers at most (\d+) days$/, 'une requête d’usage couvre au plus $1 jours'],
  [/^(\S+) must look like (\S+)$/, '$1 doit avoir la forme de $2'],
  [/^(\S+) must be after (\S+)$/, '$1 doit être après $2'],
  [/^(\S+) must not repeat an earlier item’s \(item (\d+)\)$/, '$1 ne doit pas reprendre celui d’un élément précédent (élément $2)'],
  [/^(\S+) must not be sent with (\S+)$/, '$1 ne doit pas être envoyé avec $2'],
  [/^(\S+) must not be before (\S+)$/, '$1 ne doit pas précéder $2'],
  [/^(\S+) is required for an? (\S+) contract$/, '$1 est obligatoire pour un contrat $2'],
  [/^(\S+) is required when (\S+) is (\S+)$/, '$1 est obligatoire quand $2 vaut $3'],
  [/^(\S+) must be draft or active for a new contract$/, '$1 doit valoir draft ou active pour un nouveau contrat'],
  [/^an ended contract needs an endDate$/, 'un contrat terminé doit avoir une endDate'],
  [
    /^(\S+) must not contain control characters, line breaks or bidirectional formatting characters$/,
    '$1 ne doit contenir ni caractère de contrôle, ni saut de ligne, ni caractère de mise en forme bidirectionnelle',
  ],
  // accounts' password rules
  [/^password must be at least (\d+) characters long$/, 'le mot de passe doit compter au moins $1 caractères'],
  [/^password must be at most (\d+) characters long$/, 'le mot de passe doit compter au plus $1 caractères'],
  [/^password must not be only digits and symbols$/, 'le mot de passe ne doit pas être fait que de chiffres et de symboles'],
  [
    /^password is too common: choose one that is not on lists of leaked passwords$/,
    'le mot de passe est trop courant : choisissez-en un qui ne figure pas sur les listes de mots de passe divulgués',
  ],
  [/^password repeats too few characters$/, 'le mot de passe répète trop peu de caractères différents'],
  [/^password is too close to your email or name$/, 'le mot de passe est trop proche de votre adresse e-mail ou de votre nom'],
  // the pipeline's
  [/^body must be valid JSON$/, 'le corps doit être du JSON valide'],
  [/^body could not be read$/, 'le corps n’a pas pu être lu'],
  [
    /^body must not be empty when content-type is application\/json: send a JSON object$/,
    'le corps ne doit pas être vide avec le type application/json : envoyez un objet JSON',
  ],
  [/^body must not be empty when content-type is application\/json$/, 'le corps ne doit pas être vide avec le type application/json'],
  [/^(\S+) must not contain NUL characters or unpaired surrogates$/, '$1 ne doit contenir ni caractère NUL ni demi-paire UTF-16 isolée'],
  [
    /^(\S+) must not have keys with NUL characters or unpaired surrogates$/,
    '$1 ne doit pas avoir de clés contenant un caractère NUL ou une demi-paire UTF-16 isolée',
  ],
  [/^(\S+) must not nest objects or arrays more than (\d+) levels deep$/, '$1 ne doit pas imbriquer d’objets ou de tableaux sur plus de $2 niveaux'],
  [/^(\S+) must not have more than (\d+) keys$/, '$1 ne doit pas avoir plus de $2 clés'],
  [/^(\S+) must not have more than (\d+) parameters$/, '$1 ne doit pas avoir plus de $2 paramètres'],
  [/^(\S+) must not have more than (\d+) values$/, '$1 ne doit pas contenir plus de $2 valeurs'],
];

/** class-validator's `each: true` messages start so; the rest is the message of one value. */
const EACH = /^each value in (\S+) (.*)$/;

export function translateFieldMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  const each = EACH.exec(message);
  if (each) {
    const rest = translateFieldMessage(`${each[1]} ${each[2]}`, language);
    return rest === `${each[1]} ${each[2]}` ? message : `chaque valeur de ${rest}`;
  }
  for (const [english, french] of FRENCH) {
    if (english.test(message)) return message.replace(english, french);
  }
  return message;
}

/** The field errors in the caller's language (English as they are). */
export function translateFieldErrors(errors: FieldErrors, language: Language): FieldErrors {
  if (language === 'en') return errors;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) out[field] = messages.map((message) => translateFieldMessage(message, language));
  return out;
}
