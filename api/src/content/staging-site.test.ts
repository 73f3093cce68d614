import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer } from '../test-support/test-server';
import { dataOf } from '../test-support/learner-session';

/** The shell shows the staging banner when, and only when, /v1/site says `site_staging: true`. */
test('/v1/site tells a staging site (production mode with STAGING_SANDBOX=allow) and nothing else', async () => {
  for (const [config, expected] of [
    [{ nodeEnv: 'production', stagingSandbox: true }, true],
    [{ nodeEnv: 'production', stagingSandbox: false }, undefined],
    [{ nodeEnv: 'development', stagingSandbox: true }, undefined],
  ] as const) {
    const server = await startTestServer({ config });
    try {
      const settings = dataOf(await server.call({ method: 'GET', path: '/v1/site' })) as { site_staging?: boolean };
      assert.equal(settings.site_staging, expected, JSON.stringify(config));
    } finally {
      await server.close();
    }
  }
});
