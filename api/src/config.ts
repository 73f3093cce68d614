import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { DEFAULT_HASH_CONCURRENCY, DEFAULT_HASH_QUEUE } from './accounts/passwords';
import { DEVELOPMENT_RELEASE_TOKEN } from './releases/release-config';
import { jobRunnerOf, jobRunnerProblems } from './jobs/job-config';
import { JOB_RUNNERS, type JobRunnerName } from './jobs/job-queue';
import {
  SMS_PROVIDERS,
  SmsConfigError,
  smsGatewayProblems,
  smsGatewaySettingsFromEnv,
  type SmsGatewaySettings,
  type SmsProviderName,
} from './sms/sms-config';
import {
  PaymentConfigError,
  paymentConfigFromEnv,
  paymentConfigProblems,
  paymentProvidersInUse,
  type PaymentConfig,
} from './payment/payment-config';
import { publicBaseUrlProblem } from './public-base-url';
import {
  BOUNCE_IMAP_URL_PATTERN,
  bounceProductionProblems,
  mailConfigProblems,
  mailOutboxAllowed,
  mailProductionProblems,
  SMTP_URL_PATTERN,
} from './mail/mail-config';
import { s3ProductionProblems, s3SettingsFromEnv, StorageConfigError, type S3Settings } from './storage/storage-config';
import * as invoicing from './invoices/invoice-config';

/**
 * Everything the server reads from its environment, with defaults that suit a development
 * machine. Read once at start; the rest of the code receives a `Config` and never looks at
 * `process.env` itself, so tests can build any configuration they need.
 */
export interface Config extends PaymentConfig, invoicing.InvoiceConfig {
  /** `PORT`, default 8080. */
  port: number;
  /** `HOST`, default 0.0.0.0. */
  host: string;
  /** `DATABASE_URL`: a PostgreSQL server; undefined means embedded PGlite. */
  databaseUrl: string | undefined;
  /** `DATA_DIR`, default `<repo>/.data`; PGlite lives in `<dataDir>/pglite`. */
  dataDir: string;
  /** `MEDIA_DIR`, default `api/media`: files served under `/media/` (when no object storage is configured). */
  mediaDir: string;
  /** `S3_ENDPOINT`, `S3_BUCKET`, `S3_REGION`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY` (+ optional `S3_PUBLIC_BASE_URL`, `S3_FORCE_PATH_STYLE`): files in that bucket; unset: in `mediaDir`. */
  s3: S3Settings | undefined;
  /** `API_SIGN_APP_ID`, default `yaoshi-web`. */
  signAppId: string;
  /** `API_SIGN_SECRET`, default `dev-secret-change-me` (refused in production). */
  signSecret: string;
  /** `MEDIA_URL_SECRET`: signs the URLs of private media (face photos); refused in production when left at the default. */
  mediaUrlSecret: string;
  /**
   * `TRUST_PROXY`: set when the server runs behind a reverse proxy or load balancer, so
   * per-IP limits see the client's address from `X-Forwarded-For` rather than the proxy's.
   * `true` (trust every hop: only when the proxy is the sole way in) or a comma-separated
   * list of the proxies' addresses/CIDRs; default off.
   */
  trustProxy: boolean | string[];
  /** `NODE_ENV`, default `development`. */
  nodeEnv: string;
  /** `LOG_LEVEL`, default `info`. */
  logLevel: string;
  /* PAYMENT_PROVIDER, WECHATPAY_*, ALIPAY_*: payment/payment-config.ts; INVOICE_*, NUONUO_*: invoices/invoice-config.ts. */
  /** `PAYMENT_SANDBOX_KEY`: the key the sandbox gateway signs its notifications with (refused in production when default). */
  paymentSandboxKey: string;
  /**
   * `PUBLIC_BASE_URL`, e.g. `https://www.example.org`: the site's address as payers' phones
   * and the gateway reach it (QR target, notify and return addresses). Required in
   * production. Unset (development and tests only): the request's Host, if it is one of
   * `allowedHosts`.
   */
  publicBaseUrl: string | undefined;
  /**
   * `ALLOWED_HOSTS`: comma-separated host names (with `:port` or without) whose Host header
   * may stand in for `PUBLIC_BASE_URL` in development; default the loopback names.
   */
  allowedHosts: readonly string[];
  /** `SMS_PROVIDER`, default `outbox` (the development outbox); `aliyun` or `tencent` for real texts. */
  smsProvider: SmsProviderName;
  /** `SMTP_URL`, `MAIL_FROM`: the association's mail server and sender (src/mail/mail-config.ts); unset: the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** `MAIL_BOUNCE_VERP=1`: each mail's envelope sender is `<local>+bounce-<id>-<hmac>@<domain>` (src/mail/mail-ids.ts); default off. */
  mailBounceVerp: boolean;
  /** `BOUNCE_IMAP_URL`: the site mailbox the mail-bounces job reads DSNs from (imaps://user:授权码@host:993); unset: the job does nothing. */
  bounceImapUrl: string | undefined;
  /** `SMS_ALIYUN_*`, `SMS_TENCENT_*`: credentials, template and endpoint of each real SMS provider (src/sms/sms-config.ts). */
  smsGateways: SmsGatewaySettings;
  /**
   * `STAGING_SANDBOX=allow`: a staging site runs production mode on the sandbox gateway and
   * the SMS outbox, and every page says so. Any other value is refused.
   */
  stagingSandbox: boolean;
  /** `METRICS_ALLOW`: comma-separated addresses/CIDRs that may read /metrics without a token; default none. */
  metricsAllow: readonly string[];
  /**
   * Whether `AMAP_KEY` is set: the contact page then loads the AMap (高德) script, so the
   * Content-Security-Policy admits the map provider. The server never uses the key itself.
   */
  mapProviderConfigured: boolean;
  /** `METRICS_TOKEN`: `Authorization: Bearer <token>` opens /metrics from anywhere; unset: no token opens it. */
  metricsToken: string | undefined;
  /**
   * `RELEASE_TOKENS` as written (`name:token,…`; parsed by src/releases/release-config.ts):
   * read here only so that production checks each token like the other secrets.
   */
  releaseTokens?: string | undefined;
  /** `PASSWORD_HASH_CONCURRENCY`: argon2 hashes run at once; default half the cores (at least 1). */
  passwordHashConcurrency: number;
  /** `PASSWORD_HASH_QUEUE`: hashes that may wait for a turn; beyond, a login gets 503 at once. Default 64. */
  passwordHashQueue: number;
  /**
   * `FACE_CHECK_RETENTION_DAYS`: lesson face-check photos are deleted this many days after
   * their study year closes (issue 18, PIPL); default FACE_CHECK_RETENTION_DEFAULT_DAYS.
   */
  faceCheckRetentionDays: number;
  /**
   * `JOB_RUNNER` (issue 21): the queue background jobs run on, `pg-boss` or `in-process`;
   * unset: pg-boss with `DATABASE_URL`, in-process on PGlite (`jobRunnerOf`, src/jobs/job-config.ts).
   */
  jobRunner?: JobRunnerName | undefined;
  /**
   * `MIGRATE_ON_START` (`true`/`false`): whether this server brings the schema up to date
   * when it starts. Unset: yes outside production; in production no — the release's migration
   * runs once (`npm run migrate -w api`, a one-shot unit or a Job) and a server whose schema is
   * behind refuses to start, so N servers never race a migration. See `migratesOnStart`.
   */
  migrateOnStart?: boolean | undefined;
  /**
   * `BACKUP_DIR`, default `<repo>/.backups`: where `npm run backup -- now` writes on PGlite
   * (database dump + copy of `MEDIA_DIR`), and pgBackRest's repository when no S3 is configured.
   */
  backupDir?: string | undefined;
  /** `BACKUP_RETENTION_FULL`, default 4: full backups kept (with their incrementals and WAL); older ones are expired. */
  backupRetentionFull?: number | undefined;
}

/** Half a year after the study year closes: time for the association's credit-hour checks and complaints. */
export const FACE_CHECK_RETENTION_DEFAULT_DAYS = 180;

/** Public (it is in this repository): fine for a development sandbox, refused in production. */
export const DEVELOPMENT_SANDBOX_PAYMENT_KEY = 'dev-sandbox-payment-key-change-me';
export { PAYMENT_PROVIDERS } from './payment/payment-config';
/** The only value of `STAGING_SANDBOX` that means anything. */
export const STAGING_SANDBOX_ALLOW = 'allow';
/** Hosts a development server answers for when `ALLOWED_HOSTS` is unset. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];
/** A secret shorter than this (in UTF-8 bytes) can be guessed or was typed by hand. */
export const MIN_SECRET_BYTES = 32;
/** NODE_ENV values that are not production; anything else (`production`, `Production`, `staging`, …) is. */
export const NON_PRODUCTION_ENVIRONMENTS: readonly string[] = ['development', 'test'];

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPOSITORY_ROOT = path.resolve(API_ROOT, '..');

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_DATA_DIR = path.join(REPOSITORY_ROOT, '.data');
export const DEFAULT_MEDIA_DIR = path.join(API_ROOT, 'media');
export const DEFAULT_BACKUP_DIR = path.join(REPOSITORY_ROOT, '.backups');
/** Four weekly full backups: a month of point-in-time recovery. */
export const DEFAULT_BACKUP_RETENTION_FULL = 4;

/** Public, in this repository: only for development and tests. */
export const DEVELOPMENT_MEDIA_URL_SECRET = 'dev-media-url-secret-change-me';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Environment = Readonly<Record<string, string | undefined>>;

/** An empty variable counts as unset (`PORT= npm start` should not mean port 0); a value is trimmed. */
function blankAsUnset(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() || undefined : value;
}

/**
 * One environment variable: `schema` receives it trimmed, or undefined when unset or blank.
 * `expected` completes "NAME must be …, got "value"." when the value is refused.
 */
function variable<T extends z.ZodType>(schema: T, expected?: string) {
  const trimmed = z.preprocess(blankAsUnset, schema);
  return expected === undefined ? trimmed : trimmed.describe(expected);
}

/** Digits only, at least `min`. */
const wholeNumber = (min: number) => z.string().regex(/^\d+$/).transform(Number).pipe(z.number().min(min));
/** Comma-separated, each part trimmed; empty parts dropped. */
const commaList = z.string().transform((text) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
/** A comma-separated list, lower case (host names, addresses). */
const lowerCaseList = commaList.transform((parts) => parts.map((part) => part.toLowerCase()));
/** IPv4/IPv6 addresses and CIDRs, loosely: hex digits, dots, colons, slashes. */
const ADDRESS = /^[0-9a-f.:/]+$/i;
const trueOrFalse = z.enum(['true', 'false']).transform((text) => text === 'true');
const oneOf = (values: readonly string[]) => `one of ${values.join(', ')}`;
const atLeast = (min: number) => `a whole number of at least ${min}`;
const absolutePath = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((dir) => path.resolve(dir));

/**
 * Every variable `config.ts` reads itself, by its name, with its type, default and (as the
 * description) what a refused value should have been. The sections other modules read
 * (payment, SMS gateways, object storage) are added by `configSchema`.
 */
const variables = z.object({
  PORT: variable(wholeNumber(0).pipe(z.number().max(65535)).default(DEFAULT_PORT), 'a number from 0 to 65535'),
  HOST: variable(z.string().default(DEFAULT_HOST)),
  DATABASE_URL: variable(z.string().optional()),
  DATA_DIR: variable(absolutePath(DEFAULT_DATA_DIR)),
  MEDIA_DIR: variable(absolutePath(DEFAULT_MEDIA_DIR)),
  API_SIGN_APP_ID: variable(z.string().default(DEFAULT_APP_ID)),
  API_SIGN_SECRET: variable(z.string().default(DEVELOPMENT_SIGN_SECRET)),
  MEDIA_URL_SECRET: variable(z.string().default(DEVELOPMENT_MEDIA_URL_SECRET)),
  TRUST_PROXY: variable(
    z.union([trueOrFalse, commaList.pipe(z.array(z.string().regex(ADDRESS)).min(1))]).default(false),
    'true, false or a comma-separated list of proxy addresses',
  ),
  NODE_ENV: variable(z.string().default('development')),
  LOG_LEVEL: variable(z.string().default('info')),
  PAYMENT_SANDBOX_KEY: variable(z.string().default(DEVELOPMENT_SANDBOX_PAYMENT_KEY)),
  PUBLIC_BASE_URL: variable(
    z
      .string()
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  ALLOWED_HOSTS: variable(lowerCaseList.default(() => [...LOOPBACK_HOSTS])),
  SMS_PROVIDER: variable(z.enum(SMS_PROVIDERS).default('outbox'), oneOf(SMS_PROVIDERS)),
  SMTP_URL: variable(z.string().regex(SMTP_URL_PATTERN).optional(), 'an smtp:// or smtps:// address'),
  MAIL_FROM: variable(z.string().optional()),
  MAIL_BOUNCE_VERP: variable(
    z
      .enum(['0', '1'])
      .transform((value) => value === '1')
      .default(false),
    '"1" or "0"',
  ),
  BOUNCE_IMAP_URL: variable(z.string().regex(BOUNCE_IMAP_URL_PATTERN).optional(), 'an imaps:// (or imap://) address'),
  STAGING_SANDBOX: variable(
    z
      .literal(STAGING_SANDBOX_ALLOW)
      .transform(() => true)
      .default(false),
    `"${STAGING_SANDBOX_ALLOW}" or unset`,
  ),
  METRICS_ALLOW: variable(
    lowerCaseList.pipe(z.array(z.string().regex(ADDRESS))).default(() => []),
    'a comma-separated list of addresses or CIDRs',
  ),
  METRICS_TOKEN: variable(z.string().optional()),
  RELEASE_TOKENS: variable(z.string().optional()),
  AMAP_KEY: variable(
    z
      .string()
      .optional()
      .transform((key) => key !== undefined),
  ),
  PASSWORD_HASH_CONCURRENCY: variable(wholeNumber(1).default(DEFAULT_HASH_CONCURRENCY), atLeast(1)),
  PASSWORD_HASH_QUEUE: variable(wholeNumber(0).default(DEFAULT_HASH_QUEUE), atLeast(0)),
  FACE_CHECK_RETENTION_DAYS: variable(wholeNumber(1).default(FACE_CHECK_RETENTION_DEFAULT_DAYS), atLeast(1)),
  JOB_RUNNER: variable(z.enum(JOB_RUNNERS).optional(), oneOf(JOB_RUNNERS)),
  MIGRATE_ON_START: variable(trueOrFalse.optional(), 'true or false'),
  BACKUP_DIR: variable(absolutePath(DEFAULT_BACKUP_DIR)),
  BACKUP_RETENTION_FULL: variable(wholeNumber(1).default(DEFAULT_BACKUP_RETENTION_FULL), atLeast(1)),
});

/** The fields of `Config` that other modules read from the environment (several variables checked together). */
type SectionFields = keyof PaymentConfig | keyof invoicing.InvoiceConfig | 's3' | 'smsGateways';

/**
 * A section another module reads from the whole environment; its refusal (`Refusal`, that
 * module's error) becomes an issue of the schema, so it is reported with the others.
 */
function section<T>(read: (env: Environment) => T, Refusal: new (message: string) => Error) {
  return z.custom<Environment>().transform((env, ctx) => {
    try {
      return read(env);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message, input: env });
      return z.NEVER;
    }
  });
}

/** The environment → `Config`: the variables above, then each section; every problem is reported at once. */
const configSchema = variables
  .transform((env): Omit<Config, SectionFields> => ({
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    mediaDir: env.MEDIA_DIR,
    signAppId: env.API_SIGN_APP_ID,
    signSecret: env.API_SIGN_SECRET,
    mediaUrlSecret: env.MEDIA_URL_SECRET,
    trustProxy: env.TRUST_PROXY,
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    paymentSandboxKey: env.PAYMENT_SANDBOX_KEY,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    allowedHosts: env.ALLOWED_HOSTS,
    smsProvider: env.SMS_PROVIDER,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailBounceVerp: env.MAIL_BOUNCE_VERP,
    bounceImapUrl: env.BOUNCE_IMAP_URL,
    stagingSandbox: env.STAGING_SANDBOX,
    metricsAllow: env.METRICS_ALLOW,
    metricsToken: env.METRICS_TOKEN,
    releaseTokens: env.RELEASE_TOKENS,
    mapProviderConfigured: env.AMAP_KEY,
    passwordHashConcurrency: env.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: env.PASSWORD_HASH_QUEUE,
    faceCheckRetentionDays: env.FACE_CHECK_RETENTION_DAYS,
    jobRunner: env.JOB_RUNNER,
    migrateOnStart: env.MIGRATE_ON_START,
    backupDir: env.BACKUP_DIR,
    backupRetentionFull: env.BACKUP_RETENTION_FULL,
  }))
  .and(section(paymentConfigFromEnv, PaymentConfigError))
  .and(section(invoicing.invoiceConfigFromEnv, invoicing.InvoiceConfigError))
  .and(section((env) => ({ smsGateways: smsGatewaySettingsFromEnv(env) }), SmsConfigError))
  .and(section((env) => ({ s3: s3SettingsFromEnv(env) }), StorageConfigError)) satisfies z.ZodType<Config>;

/** One sentence per refused variable (named, with its value as written), then the sections' own sentences. */
function problemsOf(error: z.ZodError, env: Environment): string[] {
  const sentences = error.issues.map((issue) => {
    const name = issue.path[0];
    if (typeof name !== 'string') return issue.message;
    const expected = variables.shape[name as keyof typeof variables.shape]?.description;
    return `${name} must be ${expected ?? 'valid'}, got "${env[name]?.trim()}".`;
  });
  return [...new Set(sentences)];
}

export function configFromEnv(env: Environment = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error, env).join('\n'));
  return parsed.data;
}

/** The one test for "production": any NODE_ENV but `development` and `test`, so a typo or staging name fails safe. */
export function isProduction(config: Pick<Config, 'nodeEnv'>): boolean {
  return !NON_PRODUCTION_ENVIRONMENTS.includes(config.nodeEnv);
}

/** Whether this server migrates at start: as MIGRATE_ON_START says, else only outside production. */
export function migratesOnStart(config: Pick<Config, 'nodeEnv' | 'migrateOnStart'>): boolean {
  return config.migrateOnStart ?? !isProduction(config);
}

/** Production that an operator has declared a staging site: sandbox money and the SMS outbox allowed, with a banner. */
export function isStagingSandbox(config: Pick<Config, 'nodeEnv' | 'stagingSandbox'>): boolean {
  return isProduction(config) && config.stagingSandbox;
}

/** Whether the SMS outbox (and its /dev/sms-outbox page) is in use: development, tests, or a declared staging site. */
export function usesSmsOutbox(config: Pick<Config, 'nodeEnv' | 'stagingSandbox' | 'smsProvider'>): boolean {
  return config.smsProvider === 'outbox' && (!isProduction(config) || config.stagingSandbox);
}

/**
 * What /v1/site adds to the site settings on a staging site (every page's banner says so; with
 * the SMS outbox, where the codes are read); nothing elsewhere. The public pages' server HTML
 * draws the same banner from it (deploy/src/public-pages).
 */
export function siteStagingFields(config: Pick<Config, 'nodeEnv' | 'stagingSandbox' | 'smsProvider'>): {
  site_staging?: true;
  site_sms_outbox?: true;
} {
  if (!isStagingSandbox(config)) return {};
  return usesSmsOutbox(config) ? { site_staging: true, site_sms_outbox: true } : { site_staging: true };
}

/** Whether mail goes to the development outbox (and /dev/mail-outbox is served). */
export function usesMailOutbox(config: Pick<Config, 'nodeEnv' | 'stagingSandbox' | 'smtpUrl'>): boolean {
  return mailOutboxAllowed(config, isProduction(config));
}

interface NamedSecret {
  name: string;
  value: string | undefined;
  developmentDefault?: string;
}

/** Each release manager's token as a secret of its own, `RELEASE_TOKENS (name)`; a malformed list is release-config's to refuse. */
function releaseTokenSecrets(text: string | undefined): NamedSecret[] {
  if (text === undefined) return [];
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.includes(':'))
    .map((part) => {
      const colon = part.indexOf(':');
      return {
        name: `RELEASE_TOKENS (${part.slice(0, colon).trim()})`,
        value: part.slice(colon + 1).trim(),
        developmentDefault: DEVELOPMENT_RELEASE_TOKEN,
      };
    });
}

function secretProblems(secrets: readonly NamedSecret[]): string[] {
  const problems: string[] = [];
  const present = secrets.filter((secret): secret is NamedSecret & { value: string } => secret.value !== undefined);
  for (const secret of present) {
    if (secret.developmentDefault !== undefined && secret.value === secret.developmentDefault) {
      problems.push(
        `${secret.name} is the public development default (it is in the source code); set a random secret of at least ${MIN_SECRET_BYTES} bytes.`,
      );
    } else if (Buffer.byteLength(secret.value, 'utf8') < MIN_SECRET_BYTES) {
      problems.push(
        `${secret.name} is shorter than ${MIN_SECRET_BYTES} bytes; set a random secret of at least ${MIN_SECRET_BYTES} bytes (e.g. openssl rand -base64 48).`,
      );
    }
  }
  for (let i = 0; i < present.length; i += 1) {
    for (let j = i + 1; j < present.length; j += 1) {
      if (present[i]!.value === present[j]!.value) {
        problems.push(
          `${present[i]!.name} and ${present[j]!.name} are the same secret; each must be different, so one leaked secret does not open the others.`,
        );
      }
    }
  }
  return problems;
}

/**
 * Everything that makes this configuration unsafe to run in production, one sentence per
 * problem (an operator fixes them all in one go). Empty outside production.
 */
export function productionProblems(config: Config): string[] {
  if (!isProduction(config)) return [];
  const problems: string[] = [];
  const baseUrl = publicBaseUrlProblem(config.publicBaseUrl);
  if (baseUrl) problems.push(baseUrl);
  problems.push(...s3ProductionProblems(config.s3));
  const sandboxInUse = paymentProvidersInUse(config).includes('sandbox');
  problems.push(
    ...secretProblems([
      { name: 'API_SIGN_SECRET', value: config.signSecret, developmentDefault: DEVELOPMENT_SIGN_SECRET },
      { name: 'MEDIA_URL_SECRET', value: config.mediaUrlSecret, developmentDefault: DEVELOPMENT_MEDIA_URL_SECRET },
      ...(sandboxInUse
        ? [
            {
              name: 'PAYMENT_SANDBOX_KEY',
              value: config.paymentSandboxKey,
              developmentDefault: DEVELOPMENT_SANDBOX_PAYMENT_KEY,
            },
          ]
        : []),
      { name: 'METRICS_TOKEN', value: config.metricsToken },
      ...releaseTokenSecrets(config.releaseTokens),
    ]),
  );
  if (sandboxInUse && !config.stagingSandbox) {
    problems.push(
      `PAYMENT_PROVIDER is the sandbox gateway: a learner would "pay" on our own page and get the courses free. Configure a real provider, or set STAGING_SANDBOX=${STAGING_SANDBOX_ALLOW} on a staging site.`,
    );
  }
  problems.push(...invoicing.invoiceProductionProblems(config, config.stagingSandbox, STAGING_SANDBOX_ALLOW));
  if (config.smsProvider === 'outbox' && !config.stagingSandbox) {
    problems.push(
      `SMS_PROVIDER is the development outbox: codes would reach no phone and be readable at /dev/sms-outbox. Set SMS_PROVIDER=aliyun or SMS_PROVIDER=tencent with its settings, or set STAGING_SANDBOX=${STAGING_SANDBOX_ALLOW} on a staging site.`,
    );
  }
  problems.push(...mailProductionProblems(config));
  problems.push(...bounceProductionProblems(config.bounceImapUrl));
  return problems;
}

/** A configuration the server refuses to run with; `problems` holds one sentence per problem. */
export class UnsafeConfigError extends ConfigError {
  override name = 'UnsafeConfigError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/**
 * Refuses, before anything opens, a configuration that is unsafe: in production every
 * problem `productionProblems` finds (public secrets would let anyone sign requests, the
 * sandbox would give courses away, Host-derived addresses would send money notifications
 * wherever an attacker points them); anywhere, empty signing settings.
 */
export function assertUsableConfig(config: Config): Config {
  const problems = [...productionProblems(config), ...paymentConfigProblems(config, isProduction(config))];
  problems.push(...invoicing.invoiceConfigProblems(config, isProduction(config)));
  // A real SMS provider without its credentials or template cannot send anywhere, development included.
  problems.push(...smsGatewayProblems(config.smsProvider, config.smsGateways, isProduction(config)));
  // pg-boss cannot run on PGlite anywhere; in-process on PostgreSQL is refused in production.
  problems.push(...jobRunnerProblems(jobRunnerOf(config), config.databaseUrl, isProduction(config)));
  problems.push(...mailConfigProblems(config));
  if (config.signAppId.length === 0 || config.signSecret.length === 0 || config.mediaUrlSecret.length === 0) {
    problems.push('API_SIGN_APP_ID, API_SIGN_SECRET and MEDIA_URL_SECRET must not be empty.');
  }
  if (problems.length > 0) throw new UnsafeConfigError(problems);
  return config;
}

/** The environment's configuration with explicit overrides on top, checked. */
export function loadConfig(overrides: Partial<Config> = {}, env: Environment = process.env): Config {
  return assertUsableConfig({ ...configFromEnv(env), ...overrides });
}

/** app id → secret, the shape the envelope's verifier takes. */
export function signSecrets(config: Pick<Config, 'signAppId' | 'signSecret'>): ReadonlyMap<string, string> {
  return new Map([[config.signAppId, config.signSecret]]);
}
