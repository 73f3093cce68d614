import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { DEFAULT_HASH_CONCURRENCY, DEFAULT_HASH_QUEUE } from './accounts/passwords';

/**
 * Everything the server reads from its environment, with defaults that suit a development
 * machine. Read once at start; the rest of the code receives a `Config` and never looks at
 * `process.env` itself, so tests can build any configuration they need.
 */
export interface Config {
  /** `PORT`, default 8080. */
  port: number;
  /** `HOST`, default 0.0.0.0. */
  host: string;
  /** `DATABASE_URL`: a PostgreSQL server; undefined means embedded PGlite. */
  databaseUrl: string | undefined;
  /** `DATA_DIR`, default `<repo>/.data`; PGlite lives in `<dataDir>/pglite`. */
  dataDir: string;
  /** `MEDIA_DIR`, default `api/media`: files served under `/media/`. */
  mediaDir: string;
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
  /** `PAYMENT_PROVIDER`, default `sandbox` (the gateway served by this API; the only one so far). */
  paymentProvider: 'sandbox';
  /** `PAYMENT_SANDBOX_KEY`: the key the sandbox gateway signs its notifications with (refused in production when default). */
  paymentSandboxKey: string;
  /**
   * `PUBLIC_BASE_URL`, e.g. `https://www.example.org`: the site's address as payers' phones
   * and the gateway reach it (QR target, notify and return addresses). Unset: the address
   * the browser used for the request.
   */
  publicBaseUrl: string | undefined;
  /** `PASSWORD_HASH_CONCURRENCY`: argon2 hashes run at once; default half the cores (at least 1). */
  passwordHashConcurrency: number;
  /** `PASSWORD_HASH_QUEUE`: hashes that may wait for a turn; beyond, a login gets 503 at once. Default 64. */
  passwordHashQueue: number;
}

/** Public (it is in this repository): fine for a development sandbox, refused in production. */
export const DEVELOPMENT_SANDBOX_PAYMENT_KEY = 'dev-sandbox-payment-key-change-me';
export const PAYMENT_PROVIDERS = ['sandbox'] as const;

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPOSITORY_ROOT = path.resolve(API_ROOT, '..');

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_DATA_DIR = path.join(REPOSITORY_ROOT, '.data');
export const DEFAULT_MEDIA_DIR = path.join(API_ROOT, 'media');

/** Public, in this repository: only for development and tests. */
export const DEVELOPMENT_MEDIA_URL_SECRET = 'dev-media-url-secret-change-me';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Environment = Readonly<Record<string, string | undefined>>;

/** An empty variable counts as unset: `PORT= npm start` should not mean port 0. */
function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${text}".`);
  }
  return port;
}

function parseTrustProxy(text: string | undefined): Config['trustProxy'] {
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  const addresses = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (addresses.length === 0 || addresses.some((part) => !/^[0-9a-fA-F.:/]+$/.test(part))) {
    throw new ConfigError(`TRUST_PROXY must be true, false or a comma-separated list of proxy addresses, got "${text}".`);
  }
  return addresses;
}

function parsePaymentProvider(text: string | undefined): Config['paymentProvider'] {
  if (text === undefined) return 'sandbox';
  if ((PAYMENT_PROVIDERS as readonly string[]).includes(text)) return text as Config['paymentProvider'];
  throw new ConfigError(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}, got "${text}".`);
}

function parseCount(env: Environment, name: string, fallback: number, min: number): number {
  const text = read(env, name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${text}".`);
  return Number(text);
}

export function configFromEnv(env: Environment = process.env): Config {
  return {
    port: parsePort(read(env, 'PORT')),
    host: read(env, 'HOST') ?? DEFAULT_HOST,
    databaseUrl: read(env, 'DATABASE_URL'),
    dataDir: path.resolve(read(env, 'DATA_DIR') ?? DEFAULT_DATA_DIR),
    mediaDir: path.resolve(read(env, 'MEDIA_DIR') ?? DEFAULT_MEDIA_DIR),
    signAppId: read(env, 'API_SIGN_APP_ID') ?? DEFAULT_APP_ID,
    signSecret: read(env, 'API_SIGN_SECRET') ?? DEVELOPMENT_SIGN_SECRET,
    mediaUrlSecret: read(env, 'MEDIA_URL_SECRET') ?? DEVELOPMENT_MEDIA_URL_SECRET,
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY')),
    nodeEnv: read(env, 'NODE_ENV') ?? 'development',
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    paymentProvider: parsePaymentProvider(read(env, 'PAYMENT_PROVIDER')),
    paymentSandboxKey: read(env, 'PAYMENT_SANDBOX_KEY') ?? DEVELOPMENT_SANDBOX_PAYMENT_KEY,
    publicBaseUrl: read(env, 'PUBLIC_BASE_URL')?.replace(/\/+$/, ''),
    passwordHashConcurrency: parseCount(env, 'PASSWORD_HASH_CONCURRENCY', DEFAULT_HASH_CONCURRENCY, 1),
    passwordHashQueue: parseCount(env, 'PASSWORD_HASH_QUEUE', DEFAULT_HASH_QUEUE, 0),
  };
}

export function isProduction(config: Pick<Config, 'nodeEnv'>): boolean {
  return config.nodeEnv === 'production';
}

/**
 * The development secret is public (it is in this repository), so a production server
 * using it would accept requests signed by anyone: refuse to start instead.
 */
export function assertUsableConfig(config: Config): Config {
  if (isProduction(config) && config.signSecret === DEVELOPMENT_SIGN_SECRET) {
    throw new ConfigError(
      'API_SIGN_SECRET is the public development default; set a real secret to run with NODE_ENV=production.',
    );
  }
  if (isProduction(config) && config.mediaUrlSecret === DEVELOPMENT_MEDIA_URL_SECRET) {
    throw new ConfigError(
      'MEDIA_URL_SECRET is the public development default; set a real secret to run with NODE_ENV=production.',
    );
  }
  if (isProduction(config) && config.paymentProvider === 'sandbox' && config.paymentSandboxKey === DEVELOPMENT_SANDBOX_PAYMENT_KEY) {
    throw new ConfigError(
      'PAYMENT_SANDBOX_KEY is the public development default; set a real key (or a real PAYMENT_PROVIDER) to run with NODE_ENV=production.',
    );
  }
  if (config.signAppId.length === 0 || config.signSecret.length === 0 || config.mediaUrlSecret.length === 0) {
    throw new ConfigError('API_SIGN_APP_ID and API_SIGN_SECRET must not be empty.');
  }
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
