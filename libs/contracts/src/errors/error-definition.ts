/**
 * What an error code is: its status and messages. Messages may hold `{placeholders}` filled from
 * the exception's params, and `{count, plural, one {# thing} other {# things}}` (ICU's plural
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

/** A code's definition: its status, English and French messages, and its reasons' messages. */
export const define = (status: number, en: string, fr: string, reasons?: Record<string, Record<Language, string>>): ErrorDefinition =>
  reasons ? { status, message: { en, fr }, reasons } : { status, message: { en, fr } };
