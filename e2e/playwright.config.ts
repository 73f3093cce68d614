import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_PORT, baseURL } from './tests/support/environment';
import { RELEASE_MANAGER, RELEASE_TOKEN } from './tests/support/releases';

/**
 * Browser tests of the whole built site in Debian's Chromium (never a downloaded browser).
 * `npm run e2e` builds the site, then Playwright starts the production server on a high
 * port with a fresh data folder (PGlite), or on DATABASE_URL when that is set. The server
 * serves a copy of the built site (`.data/www`), so what releases.spec.ts publishes there
 * never lands in `dist/www`; it accepts one release-manager token, and a canary ends by
 * itself after 6 loads (the default 50 would make the test long).
 */
const TESTS = path.join(import.meta.dirname, 'tests');

/**
 * The spec files that start a site of their own (`startOwnSite`, or `deploy/src/serve.ts`
 * spawned on a fresh data folder, migrated and seeded before their tests) spend minutes in
 * `beforeAll`; they go first, in a project of their own, so none of them is left for the end.
 * Their data is their own, so running them earlier changes nothing the main site's tests see.
 * Not study-sessions: its tests measure real-time play, and at the start of a run, beside the
 * other sites' seeding (and CI's cluster test), its reopened tab stalled in three full runs of
 * three; in its alphabetical place, late, it passes.
 */
const REAL_TIME_OWN_SITE = 'study-sessions.spec.ts';
const OWN_SITE_SPECS = readdirSync(TESTS).filter(
  (file) =>
    file.endsWith('.spec.ts') &&
    file !== REAL_TIME_OWN_SITE &&
    /startOwnSite\(|deploy\/src\/serve\.ts/.test(readFileSync(path.join(TESTS, file), 'utf8')),
);

export default defineConfig({
  testDir: './tests',
  projects: [
    { name: 'own-sites', testMatch: OWN_SITE_SPECS },
    { name: 'site', testIgnore: OWN_SITE_SPECS },
  ],
  // A whole-site page load with its remotes takes seconds on a busy two-core CI machine.
  timeout: 60_000,
  // A remote's first load and its data on a busy two-core machine (two browsers, the server,
  // a build beside them) has taken more than 10 s in CI: wait up to 20 s for what must appear.
  expect: { timeout: 20_000 },
  // The browser tests mostly wait (real-time video, timers, page loads: about 0.6 of one core
  // with 2 workers), so a third worker shortens the run on two cores: 149 tests in 17.8 min with
  // 3 workers against 20.1 min with 2, on the same machine the same evening (docs/development.md).
  workers: 3,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The browser asks for less motion, as a visitor may: antd's dialogs then open at once
    // (the site honours it, see antd-scope.ts). A click on a button of a dialog still zooming
    // in on a busy machine was once lost, and the dialog stayed over the page.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'rm -rf .data && mkdir .data && cp -R ../dist/www .data/www && node --import tsx ../deploy/src/serve.ts',
    url: `${baseURL}/`,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: '.data',
      SITE_DIR: '.data/www',
      NODE_ENV: 'development',
      RELEASE_TOKENS: `${RELEASE_MANAGER}:${RELEASE_TOKEN}`,
      RELEASE_ROLLBACK_MIN_LOADS: '6',
      // Every test browser comes from 127.0.0.1: one address, a few browsers (production: 3 and 5).
      RELEASE_ROLLBACK_MIN_ADDRESSES: '1',
      RELEASE_ROLLBACK_MIN_BROWSERS: '3',
      // Every browser of the run reports from 127.0.0.1.
      RELEASE_REPORTS_PER_MINUTE: '100000',
      RELEASE_REPORTS_PER_ADDRESS: '100000',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
