import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, configFromEnv, loadConfig, productionProblems } from '../config';
import { s3SettingsFromEnv, storageOrigins } from './storage-config';

const S3_ENV = {
  S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com/',
  S3_BUCKET: 'yaoshi-media',
  S3_REGION: 'oss-cn-hangzhou',
  S3_ACCESS_KEY_ID: 'LTAI-example',
  S3_SECRET_ACCESS_KEY: 'secret-example',
};

test('no S3_* variable: files stay in the local folder', () => {
  assert.equal(s3SettingsFromEnv({}), undefined);
  assert.equal(configFromEnv({}).s3, undefined);
});

test('all of them: the bucket, virtual-hosted unless S3_FORCE_PATH_STYLE=true', () => {
  assert.deepEqual(s3SettingsFromEnv(S3_ENV), {
    endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
    bucket: 'yaoshi-media',
    region: 'oss-cn-hangzhou',
    accessKeyId: 'LTAI-example',
    secretAccessKey: 'secret-example',
    publicBaseUrl: undefined,
    forcePathStyle: false,
  });
  const cdn = s3SettingsFromEnv({
    ...S3_ENV,
    S3_PUBLIC_BASE_URL: 'https://cdn.example.org/media/',
    S3_FORCE_PATH_STYLE: 'true',
  });
  assert.equal(cdn?.publicBaseUrl, 'https://cdn.example.org/media');
  assert.equal(cdn?.forcePathStyle, true);
  assert.deepEqual(storageOrigins(cdn), ['https://oss-cn-hangzhou.aliyuncs.com', 'https://cdn.example.org']);
  assert.deepEqual(storageOrigins(s3SettingsFromEnv(S3_ENV)), ['https://yaoshi-media.oss-cn-hangzhou.aliyuncs.com']);
});

test('some but not all: the server refuses to start and names what is missing', () => {
  assert.throws(
    () => configFromEnv({ S3_ENDPOINT: S3_ENV.S3_ENDPOINT, S3_BUCKET: S3_ENV.S3_BUCKET }),
    (error: unknown) =>
      error instanceof ConfigError &&
      /half configured/.test(error.message) &&
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION/.test(error.message),
  );
  assert.throws(() => configFromEnv({ S3_PUBLIC_BASE_URL: 'https://cdn.example.org' }), /half configured/);
});

test('malformed values are refused with the variable named', () => {
  assert.throws(() => configFromEnv({ ...S3_ENV, S3_BUCKET: 'ab' }), /S3_BUCKET must be 3 to 63/);
  assert.throws(
    () => configFromEnv({ ...S3_ENV, S3_ENDPOINT: 'oss.example' }),
    /S3_ENDPOINT must be an http\(s\) address/,
  );
  assert.throws(
    () => configFromEnv({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'yes' }),
    /S3_FORCE_PATH_STYLE must be true or false/,
  );
  assert.throws(
    () => configFromEnv({ ...S3_ENV, S3_PUBLIC_BASE_URL: 'https://cdn.example.org/?x=1' }),
    /S3_PUBLIC_BASE_URL must be an address without query/,
  );
});

test('production refuses plain http to a store off this machine', () => {
  const config = { ...configFromEnv({ ...S3_ENV, S3_ENDPOINT: 'http://10.0.0.5:9000' }), nodeEnv: 'production' };
  assert.ok(productionProblems(config).some((problem) => /S3_ENDPOINT is plain http/.test(problem)));
  const loopback = { ...configFromEnv({ ...S3_ENV, S3_ENDPOINT: 'http://127.0.0.1:9000' }), nodeEnv: 'production' };
  assert.ok(!productionProblems(loopback).some((problem) => /S3_/.test(problem)));
  assert.throws(
    () => loadConfig({ nodeEnv: 'production' }, { ...S3_ENV, S3_ENDPOINT: 'http://10.0.0.5:9000' }),
    /plain http/,
  );
});
