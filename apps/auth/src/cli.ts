import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
import { Command } from 'commander';
import { addJobCommands, runCli } from '@platform/devtools';
import { addDeveloperCommands } from './cli/developer-commands';

/** auth's operator commands, as its image runs them (`node dist/apps/auth/cli.js`). */
const program = new Command()
  .name('node dist/apps/auth/cli.js')
  .description('Operator commands of the auth service (uses DATABASE_URL, or the suite’s PostgreSQL in DATA_DIR).')
  .showHelpAfterError();
addDeveloperCommands(program);
addJobCommands(program, 'auth');
runCli(program);
