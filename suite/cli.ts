import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
import { Command } from 'commander';
import { restrictFileModes, validateEnvironment } from '@platform/pipeline';
import { addJobCommands, runCli, withSuiteDatabase } from '@platform/devtools';
import { addDeveloperCommands } from '../apps/auth/src/cli/developer-commands';
import { importSqliteStores } from './import-sqlite';

/** The suite's operator commands: `npm run -s cli -- <command>`. */
const program = new Command()
  .name('npm run -s cli --')
  .description('Operator commands for the Platform API suite (uses DATABASE_URL, or the suite’s PostgreSQL in DATA_DIR).')
  .showHelpAfterError();
addDeveloperCommands(program);
addJobCommands(program);

program
  .command('data:import-sqlite')
  .description('Import the SQLite stores an earlier release left in DATA_DIR (<service>.sqlite) into PostgreSQL, then move them to DATA_DIR/imported-sqlite.')
  .option('--json', 'print JSON only')
  .action(async (options: { json?: boolean }) => {
    restrictFileModes();
    const imported = await withSuiteDatabase(() => importSqliteStores(validateEnvironment(process.env)));
    if (options.json) {
      process.stdout.write(JSON.stringify({ imported }) + '\n');
      return;
    }
    const width = Math.max(...imported.map((table) => `${table.service}.${table.table}`.length));
    process.stdout.write(imported.map((table) => `${`${table.service}.${table.table}`.padEnd(width)}  ${table.rows} rows`).join('\n') + '\n');
    process.stdout.write(`Imported ${imported.reduce((sum, table) => sum + table.rows, 0)} rows; the SQLite files are now in DATA_DIR/imported-sqlite.\n`);
  });

runCli(program);
