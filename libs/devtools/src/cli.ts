import type { Command } from 'commander';
import { buildErrorEnvelope } from '@platform/pipeline/errors/exception.filter';
import { PlatformException } from '@platform/pipeline/errors/platform.exception';

/** Stops an operator command on bad input, with exit code 2. */
export function failCli(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

/** Runs an operator program; a command that fails prints one line and exits 1: a refusal by its field errors, or its code and what to do. */
export function runCli(program: Command): void {
  program.parseAsync(process.argv).catch((error: unknown) => {
    const message =
      error instanceof PlatformException
        ? error.options.errors
          ? JSON.stringify(error.options.errors)
          : `${error.code}: ${buildErrorEnvelope(error, 'en').message}`
        : (error as Error).message;
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  });
}
