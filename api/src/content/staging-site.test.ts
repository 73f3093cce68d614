import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer } from '../test-support/test-server';
import { dataOf } from '../test-support/learner-session';
import { smsGatewaySettingsFromEnv } from '../sms/sms-config';

/** The shell shows the staging banner when, and only when, /v1/site says `site_staging: true`. */
test('/v1/site tells a staging site (production mode with STAGING_SANDBOX=allow) and nothing else', async () => {
  for (const [config, expected] of [
    [{ nodeEnv: 'production', stagingSandbox: true }, true],
    [{ nodeEnv: 'production', stagingSandbox: false }, undefined],
    [{ nodeEnv: 'development', stagingSandbox: true }, undefined],
  ] as const) {
    const server = await startTestServer({ config });
    try {
      const settings = dataOf(await server.call({ method: 'GET', path: '/v1/site' })) as {
        site_staging?: boolean;
        site_sms_outbox?: boolean;
      };
      assert.equal(settings.site_staging, expected, JSON.stringify(config));
      // The outbox is the development one on all three: a staging site says its codes are there.
      assert.equal(settings.site_sms_outbox, expected, JSON.stringify(config));
    } finally {
      await server.close();
    }
  }
});

test('a staging site on a real SMS provider says it is staging, but not that codes are in the outbox', async () => {
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
  });
  try {
    const settings = dataOf(await server.call({ method: 'GET', path: '/v1/site' })) as Record<string, unknown>;
    assert.equal(settings.site_staging, true);
    assert.equal('site_sms_outbox' in settings, false);
  } finally {
    await server.close();
  }
});
