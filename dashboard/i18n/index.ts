import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { en, Strings } from './en';
import { fr } from './fr';

export type Language = 'en' | 'fr';
export const LANGUAGES: Record<Language, Strings> = { en, fr };
const STORAGE_KEY = 'platform-dashboard-language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}

/** The language chosen with the switch before, else the browser's first one the dashboard speaks, else English. */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage refused (private mode): the browser's languages decide
  }
  for (const tag of navigator.languages?.length ? navigator.languages : [navigator.language]) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not kept: the switch still applies to this page
  }
}

export interface I18nValue {
  language: Language;
  t: Strings;
  setLanguage(language: Language): void;
}

export const I18n = createContext<I18nValue>({ language: 'en', t: en, setLanguage: () => undefined });
export const useI18n = () => useContext(I18n);

/** Dates and numbers in the page's language. */
export function formats(language: Language) {
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(language);
  return {
    dateTime: (value: string | null | undefined) => (value ? dateTime.format(new Date(value)) : ''),
    /** a `YYYY-MM-DD` UTC day */
    day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
    number: (value: number) => number.format(value),
    money: (amount: number, currency: string) => new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount),
  };
}
