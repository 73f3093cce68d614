import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startS3TestServer, type S3TestServer } from '../../api/src/test-support/s3-test-server';
import { s3Storage } from '../../api/src/storage/s3-storage';
import { copyFolderToStorage } from '../../api/src/storage/storage-copy';
import { LEARNERS, loginWithToken } from './support/accounts';
import { skipTextAdvertisement, startSite } from './support/site';
import { waitUntilUp } from './support/own-server';

/**
 * Issue 21: remote builds in the bucket. A server of this spec's own runs the built site with
 * `S3_*` pointing at an S3-protocol server (s3rver) that the spec starts on loopback, with
 * CORS for the site's origin (deploy/README.md, "The bucket"). On its first start the server
 * publishes the build's remotes into the bucket; its pins document then points the shell at
 * the bucket, so every remote's mf-manifest.json and chunks come from the bucket's address
 * and none from the site. The demo media are copied into the bucket first (as `npm run
 * storage:copy` would), so the pages' pictures are there too.
 */
const PORT = Number(process.env.E2E_BUCKET_PORT ?? 18092);
const SITE = `http://localhost:${PORT}`;
const LOAD_TIMEOUT = 30_000;
const REMOTE_FAILED = /模块暂时无法加载/;

let s3: S3TestServer;
let server: ChildProcess;
let workDir: string;
let bucketBase: string;

test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s3 = await startS3TestServer({}, [SITE]);
  bucketBase = `${s3.settings.endpoint}/${s3.settings.bucket}`;
  await copyFolderToStorage(
    path.resolve('../api/media'),
    s3Storage(s3.settings, () => new Date()),
  );
  workDir = mkdtempSync(path.join(tmpdir(), 'yaoshi-e2e-bucket-'));
  // A site folder of its own: the server reads the build's remotes from it and writes nothing there.
  cpSync(path.resolve('../dist/www'), path.join(workDir, 'www'), { recursive: true });
  server = spawn(process.execPath, ['--import', 'tsx', '../deploy/src/serve.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: path.join(workDir, 'data'),
      SITE_DIR: path.join(workDir, 'www'),
      NODE_ENV: 'development',
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilUp(`${SITE}/`, 110_000);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => (server && server.exitCode === null ? server.once('exit', resolve) : resolve(0)));
  await s3?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Every request the page makes, and its console errors and uncaught exceptions. */
function watch(page: Page): { requests: string[]; errors: string[] } {
  const seen = { requests: [] as string[], errors: [] as string[] };
  page.on('request', (request) => seen.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(`uncaught ${error.message}`));
  return seen;
}

/** The remote's manifest and at least one of its chunks came from the bucket; nothing of it from the site. */
function expectFromBucket(requests: readonly string[], remote: string): void {
  const prefix = `${bucketBase}/remotes/${remote}/`;
  const ofRemote = requests.filter((url) => url.startsWith(prefix));
  expect(ofRemote.filter((url) => url.endsWith('/mf-manifest.json')).length).toBeGreaterThan(0);
  expect(ofRemote.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(0);
  expect(requests.filter((url) => url.startsWith(`${SITE}/remotes/`))).toEqual([]);
}

test('the pins document points every remote at the bucket, which serves the manifest to the site with CORS', async () => {
  const pins = (await (await fetch(`${SITE}/remotes.json`)).json()) as Record<
    string,
    { entry: string; version: string }
  >;
  expect(Object.keys(pins).sort()).toEqual(['admin', 'enrolment', 'orders', 'public-content', 'study']);
  for (const [remote, pin] of Object.entries(pins))
    expect(pin.entry).toBe(`${bucketBase}/remotes/${remote}/${pin.version}/mf-manifest.json`);
  const manifest = await fetch(pins['study']!.entry, { headers: { origin: SITE } });
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get('access-control-allow-origin')).toBe(SITE);
  const policy = (await fetch(`${SITE}/`)).headers.get('content-security-policy') ?? '';
  expect(policy).toMatch(new RegExp(`script-src [^;]*${s3.settings.endpoint.replace(/[.:/]/g, '\\$&')}`));
});

test('the home page and a learner page load their remotes from the bucket, with no console error', async ({ page }) => {
  await skipTextAdvertisement(page);
  const seen = watch(page);
  await page.goto(`${SITE}/`);
  await expect(page.getByText('协会动态').first()).toBeVisible({ timeout: LOAD_TIMEOUT });
  // The text is the server's at once; the remote is fetched after the load event (prefetch) or
  // when the browser's site takes over: wait for the takeover before reading the requests.
  await startSite(page);
  await expect(page.getByText(REMOTE_FAILED)).toHaveCount(0);
  expectFromBucket(seen.requests, 'public-content');

  await loginWithToken(page, LEARNERS.li, SITE);
  await page.goto(`${SITE}/myCourse`);
  await expect(page.getByText('应修学时').first()).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByText(REMOTE_FAILED)).toHaveCount(0);
  expectFromBucket(seen.requests, 'study');
  expect(seen.errors).toEqual([]);
});
