import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, InvalidArgumentError } from 'commander';
import { isUUID } from 'class-validator';
import { isPlainText, isPlanId, PLAN_IDS, PlanId, PLANS, Scope, SCOPES } from '@platform/pipeline';
import { useOneJobRunnerPerProcess } from '@platform/data';
import { failCli, withSuiteDatabase } from '@platform/devtools';
import { CredentialsService, MAX_SECRET_GRACE_SECONDS } from '../credentials/credentials.service';
import { DEFAULT_CREDENTIAL_NAME, MAX_CREDENTIAL_NAME_LENGTH } from '../credentials/developer-credential.entity';
import { AuthCliModule } from './auth-cli.module';
import { describeStore, noSuiteDataWarning, StoreDescription } from './store';

const positiveInteger = (name: string) => (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return number;
};

/**
 * Runs `work` with auth's store: the suite's (DATABASE_URL, or its PostgreSQL in DATA_DIR), says
 * on standard error which store it is (standard output stays the command's answer, JSON with
 * `--json`), and warns when the suite has never used that store: it then runs on another DATA_DIR
 * or DATABASE_URL, and would refuse what this command writes.
 */
async function withAuthStore<T>(work: (context: INestApplicationContext, store: StoreDescription) => Promise<T>): Promise<T> {
  const store = describeStore(process.env);
  return withSuiteDatabase(async () => {
    // the queue's tasks wait for a runner this process never starts
    useOneJobRunnerPerProcess();
    const context = await NestFactory.createApplicationContext(AuthCliModule, { logger: false, abortOnError: false });
    try {
      process.stderr.write(`Store: ${store.text}\n`);
      if (!(await holdsSuiteData(context))) process.stderr.write(`warning: ${noSuiteDataWarning(store)}\n`);
      return await work(context, store);
    } finally {
      await context.close();
    }
  });
}

/**
 * Whether the suite has used this store: it holds an organization, or another service's schema
 * (the CLI migrates auth's own, so that one proves nothing).
 */
async function holdsSuiteData(context: INestApplicationContext): Promise<boolean> {
  const credentials = context.get(CredentialsService);
  if ((await credentials.countOrganizations()) > 0) return true;
  return credentials.hasSchema('hr');
}

const graceSeconds = (value: string) => {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > MAX_SECRET_GRACE_SECONDS)
    throw new InvalidArgumentError(`--grace takes whole seconds from 0 to ${MAX_SECRET_GRACE_SECONDS} (got "${value}")`);
  return parsed;
};

/** `--scopes a,b`: known scopes, or the command fails naming the unknown ones. */
function parseScopes(list: string | undefined): Scope[] | undefined {
  const scopes = list
    ?.split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes?.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown?.length) failCli(`Unknown scopes: ${unknown.join(', ')}. Scopes: ${SCOPES.join(', ')}`);
  return scopes as Scope[] | undefined;
}

const credentialIdArgument = (value: string) => {
  if (!isUUID(value)) throw new InvalidArgumentError('a credential id is a UUID (see credentials:list)');
  return value;
};

/** The credential, or a stop naming what was not found. */
async function existingCredential(context: INestApplicationContext, credentialId: string, store: StoreDescription) {
  const [found] = (await context.get(CredentialsService).list()).filter((entry) => entry.credential.id === credentialId);
  if (!found) failCli(`No credential ${credentialId} in ${store.text}. credentials:list shows the credentials there.`);
  return found;
}

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
      const scopes = parseScopes(options.scopes);
      if (!options.org.trim() || options.org.length > 200) failCli('--org must be 1 to 200 characters');
      if (!isPlainText(options.org.trim())) failCli('--org must not contain control characters, line breaks or bidirectional formatting characters');
      if (options.plan !== 'api-enterprise' && (options.burst || options.quota || options.webhookRetries)) {
        failCli('--burst, --quota and --webhook-retries are negotiated limits: use them with --plan api-enterprise');
      }

      const { issued, store } = await withAuthStore(async (context, store) => ({
        store,
        issued: await context.get(CredentialsService).createDeveloper({
          organizationName: options.org.trim(),
          plan: options.plan as PlanId,
          scopes,
          burstPerSecond: options.burst,
          monthlyQuota: options.quota,
          webhookRetries: options.webhookRetries,
        }),
      }));
      const output = { organizationId: issued.organizationId, apiKey: issued.apiKey, apiSecret: issued.apiSecret, plan: issued.plan };
      if (options.json) {
        process.stdout.write(JSON.stringify(output) + '\n');
        return;
      }
      const limits = PLANS[issued.plan].rateLimits;
      process.stdout.write(
        [
          `Organization  ${output.organizationId} (${options.org.trim()})`,
          `Credential    ${issued.credentialId}`,
          `Plan          ${output.plan} — ${options.burst ?? limits.burstPerSecond}/s burst, ${options.quota ?? limits.monthlyQuota} requests per 30 days per product`,
          `API key       ${output.apiKey}`,
          `API secret    ${output.apiSecret}`,
          `Store         ${store.text}`,
          '',
          'The secret is shown only this once: store it now.',
        ].join('\n') + '\n',
      );
    });

  program
    .command('credentials:list')
    .description(
      'List the developer credentials (never their secrets): name, organization, key prefix and last four, plan, scopes, last use, rotation and revocation.',
    )
    .option('--org <organizationId>', 'only this organization’s')
    .option('--json', 'print JSON only')
    .action(async (options: { org?: string; json?: boolean }) => {
      if (options.org !== undefined && !isUUID(options.org)) failCli('--org takes an organization id (a UUID)');
      const entries = await withAuthStore((context) => context.get(CredentialsService).list(options.org));
      const rows = entries.map(({ credential, organization }) => ({
        credentialId: credential.id,
        organizationId: organization.id,
        organization: organization.name,
        plan: organization.plan,
        name: credential.name,
        apiKeyPrefix: credential.keyPrefix,
        apiKeyLastFour: credential.keyLastFour,
        environment: credential.environment,
        scopes: credential.scopes.split(' '),
        createdAt: credential.createdAt.toISOString(),
        lastUsedAt: credential.lastUsedAt?.toISOString() ?? null,
        secretRotatedAt: credential.secretRotatedAt?.toISOString() ?? null,
        revokedAt: credential.revokedAt?.toISOString() ?? null,
      }));
      if (options.json) {
        process.stdout.write(JSON.stringify({ credentials: rows }) + '\n');
        return;
      }
      if (rows.length === 0) {
        process.stdout.write('No credentials.\n');
        return;
      }
      const state = (row: (typeof rows)[number]) =>
        row.revokedAt ? `revoked ${row.revokedAt}` : row.secretRotatedAt ? `active, rotated ${row.secretRotatedAt}` : 'active';
      const key = (row: (typeof rows)[number]) => `${row.apiKeyPrefix}…${row.apiKeyLastFour ?? ''}`;
      const used = (row: (typeof rows)[number]) => (row.lastUsedAt ? `last used ${row.lastUsedAt}` : 'never used');
      process.stdout.write(
        rows
          .map(
            (row) => `${row.credentialId}  ${key(row)}  "${row.name}"  ${row.plan}  ${row.organization} (${row.organizationId})  ${state(row)}, ${used(row)}`,
          )
          .join('\n') + '\n',
      );
    });

  program
    .command('credentials:create')
    .description('Give an existing organization another named key and secret (shown once).')
    .requiredOption('--org <organizationId>', 'the organization (see credentials:list)')
    .option('--name <name>', `what the organization calls the key (1 to ${MAX_CREDENTIAL_NAME_LENGTH} characters)`, DEFAULT_CREDENTIAL_NAME)
    .option('--scopes <list>', `comma-separated scopes (default: all): ${SCOPES.join(',')}`)
    .option('--json', 'print JSON only')
    .action(async (options: { org: string; name: string; scopes?: string; json?: boolean }) => {
      if (!isUUID(options.org)) failCli('--org takes an organization id (a UUID)');
      if (!options.name.trim() || options.name.trim().length > MAX_CREDENTIAL_NAME_LENGTH)
        failCli(`--name must be 1 to ${MAX_CREDENTIAL_NAME_LENGTH} characters`);
      if (!isPlainText(options.name.trim())) failCli('--name must not contain control characters, line breaks or bidirectional formatting characters');
      const scopes = parseScopes(options.scopes);
      const issued = await withAuthStore(async (context) => {
        const credentials = context.get(CredentialsService);
        if (!(await credentials.organizationExists(options.org))) failCli(`No organization ${options.org} in this store.`);
        return credentials.createCredential(options.org, { name: options.name, scopes });
      });
      const output = {
        organizationId: issued.organizationId,
        credentialId: issued.credentialId,
        name: options.name.trim(),
        apiKey: issued.apiKey,
        apiSecret: issued.apiSecret,
      };
      if (options.json) {
        process.stdout.write(JSON.stringify(output) + '\n');
        return;
      }
      process.stdout.write(
        [
          `Credential    ${output.credentialId} "${output.name}" of ${output.organizationId}`,
          `API key       ${output.apiKey}`,
          `API secret    ${output.apiSecret}`,
          '',
          'The secret is shown only this once: store it now.',
        ].join('\n') + '\n',
      );
    });

  program
    .command('credentials:rotate')
    .description('Give a credential a new secret (shown once); the old secret and every token minted with it stop working, at once or after --grace.')
    .argument('<credentialId>', 'the credential (see credentials:list)', credentialIdArgument)
    .option('--grace <seconds>', `seconds the old secret and its tokens keep working (0 to ${MAX_SECRET_GRACE_SECONDS})`, graceSeconds, 0)
    .option('--json', 'print JSON only')
    .action(async (credentialId: string, options: { grace: number; json?: boolean }) => {
      const { credential, apiSecret } = await withAuthStore(async (context, store) => {
        const found = await existingCredential(context, credentialId, store);
        if (found.credential.revokedAt) failCli(`Credential ${credentialId} is revoked; create a new one with developers:create.`);
        return context.get(CredentialsService).rotateSecret(credentialId, options.grace);
      });
      const output = {
        credentialId: credential.id,
        apiKeyPrefix: credential.keyPrefix,
        apiSecret,
        secretVersion: credential.secretVersion,
        rotatedAt: credential.secretRotatedAt,
        previousSecretExpiresAt: credential.previousSecretExpiresAt,
      };
      if (options.json) {
        process.stdout.write(JSON.stringify(output) + '\n');
        return;
      }
      process.stdout.write(
        [
          `Credential    ${credential.id} (${credential.keyPrefix}…)`,
          `API secret    ${apiSecret}`,
          '',
          `The secret is shown only this once: store it now. ${credential.previousSecretExpiresAt ? `The old one works until ${credential.previousSecretExpiresAt.toISOString()}.` : 'The old one no longer works.'}`,
        ].join('\n') + '\n',
      );
    });

  program
    .command('credentials:revoke')
    .description('Revoke a credential for good: its key and secret are refused, its tokens within seconds.')
    .argument('<credentialId>', 'the credential (see credentials:list)', credentialIdArgument)
    .option('--json', 'print JSON only')
    .action(async (credentialId: string, options: { json?: boolean }) => {
      const credential = await withAuthStore(async (context, store) => {
        await existingCredential(context, credentialId, store);
        return context.get(CredentialsService).revoke(credentialId);
      });
      const output = { credentialId: credential.id, apiKeyPrefix: credential.keyPrefix, revokedAt: credential.revokedAt };
      if (options.json) {
        process.stdout.write(JSON.stringify(output) + '\n');
        return;
      }
      process.stdout.write(`Credential ${credential.id} (${credential.keyPrefix}…) revoked at ${credential.revokedAt?.toISOString()}.\n`);
    });
}
