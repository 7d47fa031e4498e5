import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateBy, validateSync } from 'class-validator';
import * as ipaddr from 'ipaddr.js';
import { fieldMessages } from '../http/validation';
import type { PlanEnvironment } from '../plans';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === ''
    ? undefined
    : value === true || value === 'true' || value === '1'
      ? true
      : value === false || value === 'false' || value === '0'
        ? false
        : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * One network in CIDR notation, IPv4 in its four-part dotted form only: ipaddr.js would also
 * read `10/8` as 0.0.0.10/8, which is not what anyone writing it means.
 */
export function isNetworkCidr(value: string): boolean {
  return ipaddr.IPv4.isValidCIDRFourPartDecimal(value) || ipaddr.IPv6.isValidCIDR(value);
}

/** The comma-separated CIDRs of a network list setting; blanks around and between entries are ignored. */
export function networkListEntries(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const NetworkList = (setting: string) =>
  ValidateBy({
    name: 'networkList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && networkListEntries(value).every(isNetworkCidr),
      defaultMessage: () => `${setting} must list networks in CIDR notation separated by commas (e.g. 127.0.0.0/8,::1/128), or be empty`,
    },
  });

/**
 * Every setting a service reads, validated at boot. A bad value stops the service with a
 * message that names the setting.
 */
export class Environment {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /** How long a pooled PostgreSQL connection may stay idle before it closes (pg's own default, 10 s, unless set). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  DATABASE_IDLE_TIMEOUT_MS = 10_000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsString()
  @Matches(/^[\w:.-]*$/, { message: 'REDIS_KEY_PREFIX may hold letters, digits and : . _ - only' })
  REDIS_KEY_PREFIX = 'platform:';

  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  @Matches(/^https?:\/\/\S+$/, { message: 'AUTH_URL must be an http(s) URL' })
  AUTH_URL = 'http://127.0.0.1:3000';

  @Matches(/^https?:\/\/\S+$/, { message: 'HR_URL must be an http(s) URL' })
  HR_URL = 'http://127.0.0.1:3000';

  @Matches(/^https?:\/\/\S+$/, { message: 'PAY_URL must be an http(s) URL' })
  PAY_URL = 'http://127.0.0.1:3000';

  @Matches(/^https?:\/\/\S+$/, { message: 'BOOKS_URL must be an http(s) URL' })
  BOOKS_URL = 'http://127.0.0.1:3000';

  /** Where auth sends account emails (sign-up, password reset, invitations) through utilities' email channel. */
  @Matches(/^https?:\/\/\S+$/, { message: 'UTILITIES_URL must be an http(s) URL' })
  UTILITIES_URL = 'http://127.0.0.1:3000';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'INTERNAL_TOKEN must be at least 32 characters' })
  INTERNAL_TOKEN?: string;

  /**
   * The environment this deployment serves: one deployment, one environment. Its keys carry it (`pk_sandbox_…`) and its
   * tokens name it as `aud`: keys and tokens of the other environment are refused.
   */
  @IsIn(['sandbox', 'production'], { message: 'PLATFORM_ENVIRONMENT must be sandbox or production' })
  PLATFORM_ENVIRONMENT: PlanEnvironment = 'sandbox';

  @IsString()
  @MinLength(1)
  JWT_ISSUER = 'platform-auth';

  /** How often a service re-reads auth's token keys (JWKS). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  JWKS_REFRESH_MS = 300_000;

  /** The least time between two JWKS reads: a token with a `kid` not held may prompt one read, never one per token. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  JWKS_MIN_REFRESH_MS = 5000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/-----BEGIN (EC )?PRIVATE KEY-----/, { message: 'JWT_PRIVATE_KEY must be a PEM EC private key' })
  JWT_PRIVATE_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[\w.-]{1,64}$/, { message: 'JWT_KEY_ID must be 1-64 letters, digits, dots, dashes or underscores' })
  JWT_KEY_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'SECRET_PEPPER must be at least 32 characters' })
  SECRET_PEPPER?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(5000)
  REVOCATION_POLL_MS = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60000)
  SHUTDOWN_GRACE_MS = 0;

  /** How far (%) the old generation may grow past what survived the last full collection; 0 leaves V8's heuristic (up to 4×). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(400)
  HEAP_GROWTH_PERCENT = 15;

  /**
   * The job queue's visibility timeout: a job locked by a runner that stopped beating for this
   * long (its process died) is unlocked and run again by another runner.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  JOB_VISIBILITY_TIMEOUT_MS = 30_000;

  /**
   * At shutdown, how long the job runner waits for jobs in flight before it unlocks them for
   * other runners: by default under the 10 s a process stopping on a signal gives its apps to close.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  JOB_SHUTDOWN_GRACE_MS = 8_000;

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(104857600)
  BODY_LIMIT_BYTES = 1048576;

  @Transform(toBool)
  @IsBoolean({ message: 'TRUST_PROXY must be true or false' })
  TRUST_PROXY = false;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  TOKEN_FAILURES_PER_KEY = 10;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  TOKEN_FAILURES_PER_ADDRESS = 30;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86400)
  TOKEN_FAILURE_WINDOW_SECONDS = 900;

  /** Failed log-ins per account (its email) and per client address within TOKEN_FAILURE_WINDOW_SECONDS. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  LOGIN_FAILURES_PER_ACCOUNT = 10;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  LOGIN_FAILURES_PER_ADDRESS = 30;

  /** A dashboard session ends after this long without a request (idle), and this long after sign-in whatever happens (absolute). */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(7 * 86400)
  SESSION_IDLE_SECONDS = 2 * 3600;

  @Transform(toInt)
  @IsInt()
  @Min(300)
  @Max(90 * 86400)
  SESSION_LIFETIME_SECONDS = 7 * 86400;

  /**
   * Organizations one person may be a member of, created or joined: a bound on the free plans one
   * person holds, and on the audit entries a sign-in writes (one in each organization's log).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  ORGANIZATIONS_PER_USER = 10;

  /** API keys not revoked that one organization may hold. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  API_KEYS_PER_ORGANIZATION = 25;

  /** Invitations one organization may send, and one email address may be sent (by every organization), over any 24 hours. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  INVITATIONS_PER_ORGANIZATION_PER_DAY = 20;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  INVITATIONS_PER_RECIPIENT_PER_DAY = 5;

  // Utilities: notification channels. A channel left unconfigured records its deliveries in the outbox table.
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Platform <no-reply@platform.local>';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'SMS_PROVIDER_URL must be an http(s) URL' })
  SMS_PROVIDER_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'WHATSAPP_PROVIDER_URL must be an http(s) URL' })
  WHATSAPP_PROVIDER_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'PUSH_PROVIDER_URL must be an http(s) URL' })
  PUSH_PROVIDER_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'PROVIDER_AUTH_TOKEN must be at least 8 characters' })
  PROVIDER_AUTH_TOKEN?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  NOTIFICATION_MAX_ATTEMPTS = 6;

  /** First retry delay; each further retry doubles it (capped at an hour), with jitter. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  NOTIFICATION_RETRY_BASE_MS = 2000;

  /**
   * Networks webhook deliveries may reach besides the public internet: CIDRs
   * separated by commas. Empty here and in production; the one-machine suite and the tests
   * default to loopback (`127.0.0.0/8,::1/128`), where their receivers listen.
   */
  @NetworkList('WEBHOOK_ALLOWED_NETWORKS')
  WEBHOOK_ALLOWED_NETWORKS = '';

  // Utilities: files
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(5_368_709_120)
  FILES_MAX_BYTES = 10_485_760;

  /**
   * The largest document utilities produces (a run's payslips in one ZIP: about 3 KB a payslip),
   * apart from uploads' FILES_MAX_BYTES: 256 MiB by default, room for far more than 10,000 payslips.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(4_294_967_296)
  DOCUMENT_MAX_BYTES = 268_435_456;

  @IsIn(['local', 's3'], { message: 'FILES_STORAGE must be local or s3' })
  FILES_STORAGE: 'local' | 's3' = 'local';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT?: string;

  @IsString()
  @MinLength(1)
  S3_REGION = 'us-east-1';

  /** Required when FILES_STORAGE is s3 (checked when the storage starts). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a valid bucket name' })
  S3_BUCKET?: string;

  /** With S3_SECRET_ACCESS_KEY; both unset uses the SDK's default credential chain (IAM role, profile). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(1)
  S3_ACCESS_KEY_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(1)
  S3_SECRET_ACCESS_KEY?: string;

  @Transform(toBool)
  @IsBoolean({ message: 'S3_FORCE_PATH_STYLE must be true or false' })
  S3_FORCE_PATH_STYLE = false;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'FILES_SIGNING_KEY must be at least 32 characters' })
  FILES_SIGNING_KEY?: string;

  /**
   * Where clients reach the API (scheme, host, optionally a path), the start of public files'
   * signed links. Required when NODE_ENV is production (checked when utilities starts); elsewhere
   * `http://127.0.0.1:<PORT>`. Never taken from a request's Host header, which the client chooses.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_query_components: false, allow_fragments: false },
    { message: 'PUBLIC_BASE_URL must be an absolute http(s) URL without query or fragment' },
  )
  PUBLIC_BASE_URL?: string;

  /**
   * The key the webhook endpoints' signing secrets are encrypted with at rest (AES-256-GCM, the
   * key derived from it by HKDF). Required when NODE_ENV is production (checked when utilities
   * starts): every replica must hold the same one, and losing it loses every endpoint's secret.
   * Elsewhere generated in DATA_DIR on first start.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'WEBHOOK_SECRETS_KEY must be at least 32 characters' })
  WEBHOOK_SECRETS_KEY?: string;

  /** Default lifetime of a public file's signed link (`?ttl=` picks 60 s to 7 days). */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(604_800)
  FILES_LINK_TTL_SECONDS = 3600;

  /** Downloads one client address may make of one file through its signed links, per minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  FILES_LINK_DOWNLOADS_PER_MINUTE = 60;

  // Utilities: documents
  @Matches(/^https?:\/\/\S+$/, { message: 'PAYROLL_URL must be an http(s) URL' })
  PAYROLL_URL = 'http://127.0.0.1:3000';

  /** Document jobs one instance renders at a time. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(32)
  DOCUMENT_JOB_CONCURRENCY = 2;

  /** Document jobs of one company running at once, across instances: one company's burst cannot hold every slot. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(32)
  DOCUMENT_JOB_COMPANY_CONCURRENCY = 1;

  /** Worker threads rendering PDF and XLSX, started on demand; an idle one exits. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(16)
  DOCUMENT_RENDER_THREADS = 2;

  /** How long one render may run in its thread before the thread is stopped and the render refused. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(600_000)
  DOCUMENT_RENDER_TIMEOUT_MS = 30_000;

  // Utilities: webhooks
  /**
   * When each attempt of a webhook delivery is made, counted from the previous one: the first
   * at once, then each retry after its delay (`ms`, `s`, `m`, `h`, `d`), spread ±10 %. Past the last, the delivery failed.
   */
  @Matches(/^\s*\d+(ms|s|m|h|d)(\s*,\s*\d+(ms|s|m|h|d)){0,19}\s*$/, {
    message: 'WEBHOOK_RETRY_SCHEDULE must be 1 to 20 comma-separated durations such as 0s,5s,5m,30m,2h',
  })
  WEBHOOK_RETRY_SCHEDULE = '0s,5s,5m,30m,2h,5h,10h,10h';

  /** How long an endpoint has to answer an attempt with a 2xx. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS = 15_000;

  /** An endpoint whose deliveries have failed for this long, with no success between, is disabled (5 days). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(90 * 86_400_000)
  WEBHOOK_DISABLE_AFTER_MS = 5 * 86_400_000;

  /** Webhook attempts one instance makes at a time. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(256)
  WEBHOOK_DELIVERY_CONCURRENCY = 16;

  /**
   * Delivery jobs of one company running at once, across instances: a company's backlog to a slow
   * receiver cannot hold every worker, and companies take turns for the rest.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  WEBHOOK_DELIVERY_COMPANY_CONCURRENCY = 4;

  /**
   * What a caller may ask of one webhook endpoint by hand per UTC day: test events, retries of its
   * deliveries, recoveries of its failed ones (each re-sends up to 10,000). Past it, 429 until the day ends.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  WEBHOOK_TEST_CALLS_PER_DAY = 100;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  WEBHOOK_RETRY_CALLS_PER_DAY = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_RECOVER_CALLS_PER_DAY = 10;
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

/** Validates `process.env`-shaped input; throws a ConfigurationError naming each bad setting. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const known = Object.keys(new Environment());
  const picked: Record<string, unknown> = {};
  for (const key of [
    ...known,
    'DATABASE_URL',
    'REDIS_URL',
    'INTERNAL_TOKEN',
    'JWT_PRIVATE_KEY',
    'JWT_KEY_ID',
    'SECRET_PEPPER',
    'METRICS_TOKEN',
    'PUBLIC_BASE_URL',
  ]) {
    if (raw[key] !== undefined) picked[key] = raw[key];
  }
  const env = plainToInstance(Environment, picked, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length) {
    throw new ConfigurationError(
      errors.map((e) => {
        // what was set, not what it became (PORT=abc is NaN after the number conversion, which JSON shows as null)
        const given = picked[e.property];
        const shown =
          given === undefined ? 'nothing' : typeof given === 'string' && /TOKEN|KEY|PEPPER|SECRET|URL/.test(e.property) ? '(hidden)' : JSON.stringify(given);
        return `${e.property}: ${fieldMessages(e.constraints ?? {}).join('; ')} (got ${shown})`;
      }),
    );
  }
  return env;
}
