import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { validateEnvironment } from '@platform/pipeline';

export interface StoreDescription {
  /** One line saying which store: the database URL without its password, or the suite's PostgreSQL and its DATA_DIR. */
  text: string;
  /** The store is the suite's PostgreSQL in DATA_DIR (no DATABASE_URL). */
  inDataDir: boolean;
  /** DATA_DIR was set, or left to its default (./data in the current directory). */
  dataDirSet: boolean;
}

/** `postgres://user:secret@host/db` → `postgres://user@host/db`. */
export function withoutPassword(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]+):[^@]*@/, '$1@');
}

/** Which store an operator command writes to, read before the command opens it. */
export function describeStore(raw: Record<string, string | undefined>): StoreDescription {
  const env = validateEnvironment(raw);
  const dataDirSet = Boolean(raw.DATA_DIR);
  if (env.DATABASE_URL) return { text: `the database at ${withoutPassword(env.DATABASE_URL)} (DATABASE_URL)`, inDataDir: false, dataDirSet };
  const cluster = resolve(join(env.DATA_DIR, 'postgres'));
  const fresh = !existsSync(cluster);
  return {
    text: `the suite's PostgreSQL in ${cluster} (DATA_DIR=${dataDirSet ? env.DATA_DIR : `${env.DATA_DIR}, the default`}${fresh ? ', created by this command' : ''})`,
    inDataDir: true,
    dataDirSet,
  };
}

/** What to say when the suite never used the store: the suite the user runs most likely uses another one. */
export function noSuiteDataWarning(store: StoreDescription): string {
  const where = store.inDataDir
    ? store.dataDirSet
      ? 'Is the suite running with another DATA_DIR (or a DATABASE_URL)?'
      : 'DATA_DIR is not set, so this is ./data in the current directory: is the suite running with another DATA_DIR (or a DATABASE_URL)?'
    : 'Is the suite running on another DATABASE_URL (or on its own PostgreSQL in DATA_DIR)?';
  return `no suite data in ${store.text}: no organization, and no service but auth ever started on it. ${where} Run the CLI with the suite's DATA_DIR or DATABASE_URL, or the suite will not know these credentials.`;
}
