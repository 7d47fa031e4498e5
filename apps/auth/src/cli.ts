import 'reflect-metadata';
import '@platform/common/runtime/preload';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Command, InvalidArgumentError } from 'commander';
import { DatabaseModule, isPlanId, PLAN_IDS, PlatformConfigModule, PlatformException, PLANS, Scope, SCOPES, Transactions } from '@platform/common';
import { CredentialsService } from './credentials/credentials.service';
import { AUTH_ENTITIES } from './entities';
import { AUTH_MIGRATIONS } from './migrations';

/** Just the store: the CLI works beside a running suite on the same DATA_DIR or DATABASE_URL. */
@Module({
  imports: [
    PlatformConfigModule,
    DatabaseModule.forService({ service: 'auth', entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS }),
    TypeOrmModule.forFeature(AUTH_ENTITIES),
  ],
  providers: [CredentialsService, Transactions],
})
class AuthCliModule {}

const positiveInteger = (name: string) => (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return number;
};

const program = new Command()
  .name('npm run -s cli --')
  .description('Operator commands for the Platform API suite (uses DATA_DIR or DATABASE_URL like the suite).')
  .showHelpAfterError();

program
  .command('developers:create')
  .description('Create an organization with a developer credential and print its key and secret (shown once).')
  .requiredOption('--org <name>', 'organization name')
  .option('--plan <plan>', `plan id: ${PLAN_IDS.join(', ')}`, 'developer-sandbox')
  .option('--scopes <list>', `comma-separated scopes (default: all): ${SCOPES.join(',')}`)
  .option('--burst <n>', 'negotiated burst per second (api-enterprise only)', positiveInteger('--burst'))
  .option('--quota <n>', 'negotiated monthly quota (api-enterprise only)', positiveInteger('--quota'))
  .option('--webhook-retries <n>', 'negotiated webhook retries (api-enterprise only)', positiveInteger('--webhook-retries'))
  .option('--json', 'print JSON only')
  .action(async (options: { org: string; plan: string; scopes?: string; burst?: number; quota?: number; webhookRetries?: number; json?: boolean }) => {
    if (!isPlanId(options.plan)) fail(`Unknown plan "${options.plan}". Plans: ${PLAN_IDS.join(', ')}`);
    const scopes = options.scopes?.split(',').map((scope) => scope.trim()).filter(Boolean);
    const unknown = scopes?.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
    if (unknown?.length) fail(`Unknown scopes: ${unknown.join(', ')}. Scopes: ${SCOPES.join(', ')}`);
    if (!options.org.trim() || options.org.length > 200) fail('--org must be 1 to 200 characters');
    if (options.plan !== 'api-enterprise' && (options.burst || options.quota || options.webhookRetries)) {
      fail('--burst, --quota and --webhook-retries are negotiated limits: use them with --plan api-enterprise');
    }

    const context = await NestFactory.createApplicationContext(AuthCliModule, { logger: false });
    try {
      const issued = await context.get(CredentialsService).createDeveloper({
        organizationName: options.org.trim(),
        plan: options.plan,
        scopes: scopes as Scope[] | undefined,
        burstPerSecond: options.burst,
        monthlyQuota: options.quota,
        webhookRetries: options.webhookRetries,
      });
      const output = { organizationId: issued.organizationId, apiKey: issued.apiKey, apiSecret: issued.apiSecret, plan: issued.plan };
      if (options.json) {
        process.stdout.write(JSON.stringify(output) + '\n');
      } else {
        const limits = PLANS[issued.plan].rateLimits;
        process.stdout.write(
          [
            `Organization  ${output.organizationId} (${options.org.trim()})`,
            `Plan          ${output.plan} — ${options.burst ?? limits.burstPerSecond}/s burst, ${options.quota ?? limits.monthlyQuota} requests per 30 days per product`,
            `API key       ${output.apiKey}`,
            `API secret    ${output.apiSecret}`,
            '',
            'The secret is shown only this once: store it now.',
          ].join('\n') + '\n',
        );
      }
    } finally {
      await context.close();
    }
  });

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = error instanceof PlatformException ? JSON.stringify(error.options.errors ?? error.code) : (error as Error).message;
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
});
