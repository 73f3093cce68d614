import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { contentSecurityDirectives } from './security-headers';

/** The sandbox gateway's page is the API's own HTML answer (the site's pages: deploy/src/serve.test.ts). */
const HTML_PAGE = '/sandbox-pay/qr/no-such-token';

function directives(csp: string | null): Map<string, string[]> {
  assert.ok(csp, 'a Content-Security-Policy header');
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function withServer(
  config: Parameters<typeof startTestServer>[0],
  check: (server: TestServer) => Promise<void>,
): Promise<void> {
  const server = await startTestServer({ seed: false, ...config });
  try {
    await check(server);
  } finally {
    await server.close();
  }
}

test('HTML answers: CSP with scripts from the site only, no inline script, not framable; nosniff; referrer policy; no HSTS on http', () =>
  withServer({}, async (server) => {
    const response = await server.send(HTML_PAGE);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const csp = directives(response.headers.get('content-security-policy'));
    assert.deepEqual(csp.get('script-src'), ["'self'"]);
    assert.deepEqual(csp.get('script-src-attr'), ["'none'"]);
    assert.deepEqual(csp.get('default-src'), ["'self'"]);
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.equal(response.headers.get('strict-transport-security'), null);
    // JSON answers carry the same policy.
    const json = await server.send('/v1/site');
    assert.equal(json.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(json.headers.get('content-security-policy'));
  }));

test('HSTS when PUBLIC_BASE_URL is https', () =>
  withServer({ config: { publicBaseUrl: 'https://www.example.org' } }, async (server) => {
    const response = await server.send(HTML_PAGE);
    assert.equal(response.headers.get('strict-transport-security'), 'max-age=31536000');
    assert.ok(directives(response.headers.get('content-security-policy')).has('upgrade-insecure-requests'));
  }));

test('with AMAP_KEY configured, the map provider (and only it) is added to scripts', () =>
  withServer({ config: { mapProviderConfigured: true } }, async (server) => {
    const csp = directives((await server.send(HTML_PAGE)).headers.get('content-security-policy'));
    assert.deepEqual(csp.get('script-src'), ["'self'", 'https://webapi.amap.com', 'https://*.amap.com']);
    assert.equal(csp.get('script-src')!.includes("'unsafe-inline'"), false);
  }));

test('with S3_* configured, scripts and styles may also come from the bucket and its CDN (the published remotes), and only then', () => {
  const s3 = {
    endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
    bucket: 'yaoshi-files',
    region: 'oss-cn-hangzhou',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
    publicBaseUrl: 'https://cdn.example-yaoshi.cn',
    forcePathStyle: false,
  };
  const withBucket = contentSecurityDirectives({ mapProviderConfigured: false, s3 });
  const origins = ['https://yaoshi-files.oss-cn-hangzhou.aliyuncs.com', 'https://cdn.example-yaoshi.cn'];
  assert.deepEqual(withBucket.scriptSrc, ["'self'", ...origins]);
  assert.deepEqual(withBucket.styleSrc, ["'self'", "'unsafe-inline'", ...origins]);
  assert.deepEqual(withBucket.connectSrc, ["'self'", ...origins]);
  const without = contentSecurityDirectives({ mapProviderConfigured: false, s3: undefined });
  assert.deepEqual(without.scriptSrc, ["'self'"]);
  assert.deepEqual(without.styleSrc, ["'self'", "'unsafe-inline'"]);
});
