import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makePrivateDirectory, PRIVATE_FILE_MODE } from './private-files';

/**
 * Reads a secret kept in the data directory, creating it on first start. Lets a fresh clone
 * run with no configuration while production passes the same secret by environment.
 */
export function readOrCreateSecretFile(dataDir: string, name: string, create: () => string): string {
  const path = join(dataDir, name);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateDirectory(dirname(path));
  const value = create();
  try {
    writeFileSync(path, value + '\n', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return value;
  } catch (error) {
    // Another process of the suite created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw error;
  }
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function internalToken(env: { INTERNAL_TOKEN?: string; DATA_DIR: string }): string {
  return env.INTERNAL_TOKEN ?? readOrCreateSecretFile(env.DATA_DIR, 'internal-token', () => randomToken(32));
}
