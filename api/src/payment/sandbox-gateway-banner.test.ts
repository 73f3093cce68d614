import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../messages';
import { startTestServer } from '../test-support/test-server';

/**
 * The sandbox gateway's pages are served by the API, outside the shell: on a staging site
 * (production mode with STAGING_SANDBOX=allow) they carry the staging banner themselves.
 */
test('the sandbox gateway pages show the staging banner on a staging site, and only there', async () => {
  for (const [config, expected] of [
    [{ nodeEnv: 'production', stagingSandbox: true }, true],
    [{ nodeEnv: 'development', stagingSandbox: true }, false],
    [{ nodeEnv: 'test', stagingSandbox: false }, false],
  ] as const) {
    const server = await startTestServer({ config, seed: false });
    try {
      for (const [method, url] of [
        ['GET', '/sandbox-pay/qr/no-such-token'],
        ['GET', '/sandbox-pay/checkout/no-such-token'],
        ['GET', '/sandbox-pay/elsewhere/no-such-token'],
        ['POST', '/sandbox-pay/qr/no-such-token/pay'],
      ] as const) {
        const response = await server.send(url, { method });
        assert.match(String(response.headers.get('content-type')), /^text\/html/, url);
        const html = String(response.body);
        assert.equal(html.includes(MESSAGES.stagingBanner), expected, `${JSON.stringify(config)} ${method} ${url}`);
        if (expected)
          assert.match(html, /<body><div role="note"[^>]*>测试站点：支付不产生真实扣款，短信验证码见测试发件箱<\/div>/);
      }
    } finally {
      await server.close();
    }
  }
});
