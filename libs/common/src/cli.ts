import type { Command } from 'commander';
import { PlatformException } from './errors/platform.exception';

/** Stops an operator command on bad input, with exit code 2. */
export function failCli(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

/** Runs an operator program; a command that fails prints one line and exits 1. */
export function runCli(program: Command): void {
  program.parseAsync(process.argv).catch((error: unknown) => {
    const message = error instanceof PlatformException ? JSON.stringify(error.options.errors ?? error.code) : (error as Error).message;
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  });
}
