import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, InvalidArgumentError } from 'commander';
import { DatabaseModule, describeService, EventOutbox, failCli, isPlanId, JobQueue, PLAN_IDS, PlanId, PlatformConfigModule, PLANS, Scope, SCOPES, SERVICE_DESCRIPTOR, Transactions, useOneJobRunnerPerProcess, withSuiteDatabase } from '@platform/common';
import { CredentialsService } from '../credentials/credentials.service';
import { AUTH_ENTITIES } from '../entities';
import { AUTH_MIGRATIONS } from '../migrations';

/**
 * Just the store and its outbox: the CLI works beside a running suite, on its DATABASE_URL or its
 * PostgreSQL in DATA_DIR. Events it records are relayed by the suite's runner, not the CLI's.
 */
@Module({
  imports: [
    PlatformConfigModule,
    DatabaseModule.forService({ service: 'auth', entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS }),
  ],
  providers: [{ provide: SERVICE_DESCRIPTOR, useValue: describeService('auth') }, CredentialsService, Transactions, JobQueue, EventOutbox],
})
class AuthCliModule {}

const positiveInteger = (name: string) => (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return number;
};

/** The operator commands on developer credentials, for auth's CLI and the suite's. */
export function addDeveloperCommands(program: Command): void {
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
      if (!isPlanId(options.plan)) failCli(`Unknown plan "${options.plan}". Plans: ${PLAN_IDS.join(', ')}`);
      const scopes = options.scopes?.split(',').map((scope) => scope.trim()).filter(Boolean);
      const unknown = scopes?.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
      if (unknown?.length) failCli(`Unknown scopes: ${unknown.join(', ')}. Scopes: ${SCOPES.join(', ')}`);
      if (!options.org.trim() || options.org.length > 200) failCli('--org must be 1 to 200 characters');
      if (options.plan !== 'api-enterprise' && (options.burst || options.quota || options.webhookRetries)) {
        failCli('--burst, --quota and --webhook-retries are negotiated limits: use them with --plan api-enterprise');
      }

      const issued = await withSuiteDatabase(async () => {
        // the queue's tasks wait for a runner this process never starts
        useOneJobRunnerPerProcess();
        const context = await NestFactory.createApplicationContext(AuthCliModule, { logger: false, abortOnError: false });
        try {
          return await context.get(CredentialsService).createDeveloper({
            organizationName: options.org.trim(),
            plan: options.plan as PlanId,
            scopes: scopes as Scope[] | undefined,
            burstPerSecond: options.burst,
            monthlyQuota: options.quota,
            webhookRetries: options.webhookRetries,
          });
        } finally {
          await context.close();
        }
      });
      const output = { organizationId: issued.organizationId, apiKey: issued.apiKey, apiSecret: issued.apiSecret, plan: issued.plan };
      if (options.json) {
        process.stdout.write(JSON.stringify(output) + '\n');
        return;
      }
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
    });
}
