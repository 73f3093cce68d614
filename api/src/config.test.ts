import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { jobRunnerOf } from './jobs/job-config';
import {
  ConfigError,
  DEFAULT_DATA_DIR,
  DEVELOPMENT_SANDBOX_PAYMENT_KEY,
  configFromEnv,
  isProduction,
  loadConfig,
  productionProblems,
} from './config';

const SAFE_STAGING = {
  NODE_ENV: 'production',
  PUBLIC_BASE_URL: 'https://staging.example.org',
  API_SIGN_SECRET: 'sign-0123456789abcdefghijklmnopqrstuvwxyz',
  MEDIA_URL_SECRET: 'media-0123456789abcdefghijklmnopqrstuvwxyz',
  PAYMENT_SANDBOX_KEY: 'sandbox-0123456789abcdefghijklmnopqrstuvwxyz',
  STAGING_SANDBOX: 'allow',
};

test('production is every NODE_ENV but development and test', () => {
  for (const nodeEnv of ['production', 'Production', 'staging', 'prod', 'Development', 'TEST'])
    assert.equal(isProduction({ nodeEnv }), true, nodeEnv);
  for (const nodeEnv of ['development', 'test']) assert.equal(isProduction({ nodeEnv }), false, nodeEnv);
  assert.equal(isProduction(configFromEnv({})), false, 'unset means development');
});

test('PUBLIC_BASE_URL in production: https, or http only on loopback; an origin only', () => {
  const problemsWith = (url: string | undefined) =>
    productionProblems({ ...configFromEnv({ ...SAFE_STAGING }), publicBaseUrl: url });
  for (const ok of [
    'https://www.example.org',
    'https://example.org:8443',
    'http://localhost:8080',
    'http://127.0.0.1:18181',
    'http://[::1]:8080',
  ]) {
    assert.deepEqual(problemsWith(ok), [], ok);
  }
  for (const bad of [
    'http://www.example.org',
    'http://10.0.0.5',
    'ftp://example.org',
    'www.example.org',
    'https://example.org/site',
    'https://u:p@example.org',
  ]) {
    assert.equal(problemsWith(bad).length, 1, bad);
  }
});

test('secrets in production: all problems at once, one sentence each', () => {
  const problems = productionProblems(
    configFromEnv({ ...SAFE_STAGING, API_SIGN_SECRET: 'x'.repeat(31), METRICS_TOKEN: SAFE_STAGING.MEDIA_URL_SECRET }),
  );
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems[0]!, /API_SIGN_SECRET is shorter than 32 bytes/);
  assert.match(problems[1]!, /MEDIA_URL_SECRET and METRICS_TOKEN are the same secret/);
  assert.deepEqual(
    productionProblems(configFromEnv({ ...SAFE_STAGING, API_SIGN_SECRET: 'x'.repeat(32) })),
    [],
    '32 bytes is enough',
  );
  assert.deepEqual(productionProblems(configFromEnv({})), [], 'development may use every default');
});

test('RELEASE_TOKENS in production: each token at least 32 bytes, not the development token, unlike every other secret', () => {
  const problems = productionProblems(
    configFromEnv({
      ...SAFE_STAGING,
      RELEASE_TOKENS: `ci:${'r'.repeat(31)},dev:dev-release-token,ops:${SAFE_STAGING.API_SIGN_SECRET},qa:${'q'.repeat(32)}`,
    }),
  );
  assert.deepEqual(
    problems.map((problem) => problem.split(';')[0]),
    [
      'RELEASE_TOKENS (ci) is shorter than 32 bytes',
      'RELEASE_TOKENS (dev) is the public development default (it is in the source code)',
      'API_SIGN_SECRET and RELEASE_TOKENS (ops) are the same secret',
    ],
  );
  assert.deepEqual(productionProblems(configFromEnv({ ...SAFE_STAGING, RELEASE_TOKENS: `qa:${'q'.repeat(32)}` })), []);
  assert.deepEqual(productionProblems(configFromEnv({ RELEASE_TOKENS: 'dev:dev-release-token' })), [], 'development');
});

test('STAGING_SANDBOX: only "allow" means anything; ALLOWED_HOSTS and METRICS_ALLOW are lists', () => {
  assert.equal(configFromEnv({}).stagingSandbox, false);
  assert.equal(configFromEnv({ STAGING_SANDBOX: 'allow' }).stagingSandbox, true);
  assert.throws(() => configFromEnv({ STAGING_SANDBOX: 'yes' }), ConfigError);
  assert.deepEqual(configFromEnv({}).allowedHosts, ['localhost', '127.0.0.1', '[::1]']);
  assert.deepEqual(configFromEnv({ ALLOWED_HOSTS: 'Dev.Example.org, localhost:3000' }).allowedHosts, [
    'dev.example.org',
    'localhost:3000',
  ]);
  assert.deepEqual(configFromEnv({}).metricsAllow, []);
  assert.deepEqual(configFromEnv({ METRICS_ALLOW: '10.0.0.0/8, ::1' }).metricsAllow, ['10.0.0.0/8', '::1']);
  assert.throws(() => configFromEnv({ METRICS_ALLOW: 'prometheus.internal' }), ConfigError);
});

test('defaults suit a development machine', () => {
  const config = configFromEnv({});
  assert.equal(config.port, 8080);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.dataDir, DEFAULT_DATA_DIR);
  assert.equal(path.basename(config.dataDir), '.data');
  assert.equal(config.signAppId, 'yaoshi-web');
  assert.equal(config.signSecret, DEVELOPMENT_SIGN_SECRET);
  assert.equal(config.nodeEnv, 'development');
});

test('environment variables are read, blank ones count as unset', () => {
  const config = configFromEnv({
    PORT: '9090',
    HOST: '127.0.0.1',
    DATABASE_URL: 'postgres://u@db:5432/yaoshi',
    DATA_DIR: 'relative/data',
    API_SIGN_APP_ID: 'yaoshi-ios',
    API_SIGN_SECRET: 's3cret',
    NODE_ENV: 'production',
  });
  assert.equal(config.port, 9090);
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.databaseUrl, 'postgres://u@db:5432/yaoshi');
  assert.equal(config.dataDir, path.resolve('relative/data'));
  assert.equal(config.signAppId, 'yaoshi-ios');
  assert.equal(config.signSecret, 's3cret');
  assert.equal(configFromEnv({ PORT: '', DATABASE_URL: '  ' }).port, 8080);
  assert.equal(configFromEnv({ DATABASE_URL: '  ' }).databaseUrl, undefined);
});

test('a port that is not a port is refused', () => {
  assert.throws(() => configFromEnv({ PORT: 'http' }), ConfigError);
  assert.throws(() => configFromEnv({ PORT: '70000' }), ConfigError);
});

test('production with the public development secret refuses to start', () => {
  assert.throws(() => loadConfig({}, { NODE_ENV: 'production' }), /API_SIGN_SECRET/);
  assert.throws(() => loadConfig({ nodeEnv: 'production' }, {}), ConfigError);
  const realSecrets = { ...SAFE_STAGING };
  assert.equal(loadConfig({}, realSecrets).nodeEnv, 'production');
  assert.throws(() => loadConfig({}, { ...realSecrets, MEDIA_URL_SECRET: undefined }), /MEDIA_URL_SECRET/);
  assert.equal(loadConfig({}, {}).signSecret, DEVELOPMENT_SIGN_SECRET, 'development may use the default');
});

test('TRUST_PROXY: off by default, true, or a list of proxy addresses; nonsense refused', () => {
  assert.equal(configFromEnv({}).trustProxy, false);
  assert.equal(configFromEnv({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(configFromEnv({ TRUST_PROXY: 'false' }).trustProxy, false);
  assert.deepEqual(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy, ['10.0.0.0/8', '127.0.0.1']);
  assert.throws(() => configFromEnv({ TRUST_PROXY: 'yes please' }), ConfigError);
});

test('the sandbox payment gateway: default provider; production refuses its public development key', () => {
  assert.equal(configFromEnv({}).paymentProvider, 'sandbox');
  assert.throws(() => configFromEnv({ PAYMENT_PROVIDER: 'cash' }), ConfigError);
  assert.throws(() => loadConfig({}, { ...SAFE_STAGING, PAYMENT_SANDBOX_KEY: undefined }), /PAYMENT_SANDBOX_KEY/);
  assert.equal(
    loadConfig({}, {}).paymentSandboxKey,
    DEVELOPMENT_SANDBOX_PAYMENT_KEY,
    'development may use the default',
  );
  assert.equal(configFromEnv({ PUBLIC_BASE_URL: 'https://example.org/' }).publicBaseUrl, 'https://example.org');
});

test('JOB_RUNNER: unset follows the database (pg-boss on PostgreSQL, in-process on PGlite); a name, or refused', () => {
  assert.equal(jobRunnerOf(configFromEnv({})), 'in-process');
  assert.equal(jobRunnerOf(configFromEnv({ DATABASE_URL: 'postgres://u@db:5432/yaoshi' })), 'pg-boss');
  assert.equal(jobRunnerOf({ ...configFromEnv({}), databaseUrl: 'postgres://u@db:5432/yaoshi' }), 'pg-boss');
  assert.equal(configFromEnv({ JOB_RUNNER: 'in-process', DATABASE_URL: 'postgres://u@db/y' }).jobRunner, 'in-process');
  assert.throws(() => configFromEnv({ JOB_RUNNER: 'cron' }), ConfigError);
  // Development may run in-process on PostgreSQL (one server); pg-boss on PGlite cannot work anywhere.
  assert.doesNotThrow(() => loadConfig({}, { JOB_RUNNER: 'in-process', DATABASE_URL: 'postgres://u@db/y' }));
  assert.throws(() => loadConfig({}, { JOB_RUNNER: 'pg-boss' }), /JOB_RUNNER=pg-boss needs a PostgreSQL server/);
});

test('a refused value names its variable and the value as written, one sentence each', () => {
  assert.throws(
    () => configFromEnv({ PASSWORD_HASH_QUEUE: ' many ' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.message === 'PASSWORD_HASH_QUEUE must be a whole number of at least 0, got "many".',
  );
  for (const [name, value, expected] of [
    ['PORT', '70000', 'a number from 0 to 65535'],
    ['PASSWORD_HASH_CONCURRENCY', '0', 'a whole number of at least 1'],
    ['FACE_CHECK_RETENTION_DAYS', '1.5', 'a whole number of at least 1'],
    ['BACKUP_RETENTION_FULL', '-2', 'a whole number of at least 1'],
    ['MIGRATE_ON_START', 'yes', 'true or false'],
    ['JOB_RUNNER', 'cron', 'one of pg-boss, in-process'],
    ['SMS_PROVIDER', 'twilio', 'one of outbox, aliyun, tencent'],
    ['STAGING_SANDBOX', 'yes', '"allow" or unset'],
    ['TRUST_PROXY', 'proxy.internal, 10.0.0.1', 'true, false or a comma-separated list of proxy addresses'],
    ['METRICS_ALLOW', 'prometheus.internal, grafana.internal', 'a comma-separated list of addresses or CIDRs'],
  ] as const) {
    assert.throws(
      () => configFromEnv({ [name]: value }),
      (error: unknown) =>
        error instanceof ConfigError && error.message === `${name} must be ${expected}, got "${value}".`,
      name,
    );
  }
});

test('every problem in the environment is reported at once, the sections (payment, SMS, storage) with the variables', () => {
  assert.throws(
    () =>
      configFromEnv({
        PORT: 'http',
        JOB_RUNNER: 'cron',
        PAYMENT_PROVIDER: 'cash',
        SMS_TENCENT_ENDPOINT: 'https://x.example.org/v1',
        S3_BUCKET: 'yaoshi-media',
      }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(
        error.message.split('\n').map((line) => line.split(' ')[0]),
        ['PORT', 'JOB_RUNNER', 'PAYMENT_PROVIDER', 'SMS_TENCENT_ENDPOINT', 'Object'],
        error.message,
      );
      return true;
    },
  );
});

test('blank counts as unset for every variable with a default', () => {
  const blank = Object.fromEntries(
    [
      'PORT',
      'HOST',
      'DATA_DIR',
      'MEDIA_DIR',
      'API_SIGN_SECRET',
      'TRUST_PROXY',
      'NODE_ENV',
      'ALLOWED_HOSTS',
      'SMS_PROVIDER',
      'STAGING_SANDBOX',
      'METRICS_ALLOW',
      'AMAP_KEY',
      'PASSWORD_HASH_QUEUE',
      'JOB_RUNNER',
      'MIGRATE_ON_START',
      'BACKUP_DIR',
      'BACKUP_RETENTION_FULL',
    ].map((name) => [name, ' ']),
  );
  assert.deepEqual(configFromEnv(blank), configFromEnv({}));
});
