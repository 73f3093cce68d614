import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { ConfigError, DEFAULT_DATA_DIR, DEVELOPMENT_SANDBOX_PAYMENT_KEY, configFromEnv, loadConfig } from './config';

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
  const realSecrets = { NODE_ENV: 'production', API_SIGN_SECRET: 'a real secret', MEDIA_URL_SECRET: 'another real secret', PAYMENT_SANDBOX_KEY: 'a real key' };
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
  assert.throws(() => loadConfig({}, { NODE_ENV: 'production', API_SIGN_SECRET: 'a real secret', MEDIA_URL_SECRET: 'another real secret' }), /PAYMENT_SANDBOX_KEY/);
  assert.equal(loadConfig({}, {}).paymentSandboxKey, DEVELOPMENT_SANDBOX_PAYMENT_KEY, 'development may use the default');
  assert.equal(configFromEnv({ PUBLIC_BASE_URL: 'https://example.org/' }).publicBaseUrl, 'https://example.org');
});
