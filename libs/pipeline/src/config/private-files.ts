import { mkdirSync } from 'node:fs';

/**
 * What the suite writes under DATA_DIR (its databases, among them HR's with national ids, saved
 * usage, secrets, uploaded files) is for the service's own user only. The entry points also set
 * a umask of 077 (`restrictFileModes`); these modes hold where the code runs without them (the
 * CLI, tests, a service embedded elsewhere).
 */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Files and directories this process creates are its user's only, whatever the shell's umask. */
export function restrictFileModes(): void {
  process.umask(0o077);
}

/** Creates a directory and its missing parents for the owner only; an existing one is left as it is. */
export function makePrivateDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
}
