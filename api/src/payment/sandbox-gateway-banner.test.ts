import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STAGING_BANNER, STAGING_BANNER_REAL_SMS } from '@yaoshi/contracts/staging';
import { smsGatewaySettingsFromEnv } from '../sms/sms-config';
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
        assert.equal(html.includes(STAGING_BANNER_REAL_SMS), expected, `${JSON.stringify(config)} ${method} ${url}`);
        if (expected)
          assert.match(html, /<body><div role="note"[^>]*>测试站点：支付不产生真实扣款，短信验证码见测试发件箱<\/div>/);
      }
    } finally {
      await server.close();
    }
  }
});

test('a staging site on a real SMS provider does not send payers to the test outbox', async () => {
  const server = await startTestServer({
    config: {
      nodeEnv: 'production',
      stagingSandbox: true,
      smsProvider: 'tencent',
      smsGateways: smsGatewaySettingsFromEnv({
        SMS_TENCENT_SECRET_ID: 'AKIDexample',
        SMS_TENCENT_SECRET_KEY: 'example-secret-key',
        SMS_TENCENT_SDK_APP_ID: '1400006666',
        SMS_TENCENT_TEMPLATE_ID: '2210001',
      }),
    },
    seed: false,
  });
  try {
    const html = String((await server.send('/sandbox-pay/qr/no-such-token', { method: 'GET' })).body);
    assert.match(html, new RegExp(`<body><div role="note"[^>]*>${STAGING_BANNER_REAL_SMS}</div>`));
    assert.equal(html.includes(STAGING_BANNER), false);
  } finally {
    await server.close();
  }
});
