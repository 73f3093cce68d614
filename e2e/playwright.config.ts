import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_PORT, baseURL } from './tests/support/environment';

/**
 * Browser tests of the whole built site in Debian's Chromium (never a downloaded browser).
 * `npm run e2e` builds the site, then Playwright starts the production server on a high
 * port with a fresh data folder (PGlite), or on DATABASE_URL when that is set.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'rm -rf .data && node --import tsx ../deploy/src/serve.ts',
    url: `${baseURL}/`,
    env: { PORT: String(E2E_PORT), DATA_DIR: '.data', NODE_ENV: 'development' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
