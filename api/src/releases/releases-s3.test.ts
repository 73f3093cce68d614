import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ReleaseManifest } from '@yaoshi/contracts/release-manifest';
import { movableClock } from '../clock';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { s3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';
import { startS3TestServer, type S3TestServer } from '../test-support/s3-test-server';
import { TEST_START } from '../test-support/test-server';
import { SHARED_BUILT, SHELL_PROVIDES } from '../test-support/release-builds';
import { releaseConfigFromEnv } from './release-config';
import { importBuiltRemotes, restoreRegisteredVersions } from './registry-builds';
import { ensureEnvironments } from './registry-core';
import { publishVersion } from './registry-publish';
import { pinsDocument } from './registry-visitors';
import { registerReleaseRoutes } from './release-routes';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, type ReleaseFile } from './release-storage';
import { releaseRemotes, releaseVersions } from './releases-schema';

/**
 * Published versions in an S3-compatible bucket (issue 21): the release API over real HTTP
 * with its storage a real S3-protocol server (s3rver) on loopback. A version's objects are
 * `remotes/<remote>/<version>/<path>` in the bucket, all written before its registry row;
 * a stored version is never overwritten; the pins document points browsers at the bucket.
 */

const TOKEN = 'alice-token-0123456789';

function build(version: string, text = `v${version}`, shared: Record<string, string> = SHARED_BUILT): ReleaseFile[] {
  const manifest: ReleaseManifest = {
    remote: 'news',
    federationName: 'news',
    section: '资讯',
    version,
    exposes: ['Home'],
    routes: [{ path: '/news', area: 'public', exposed: 'Home', loginRequired: false }],
    shared,
  };
  return Object.entries({
    'release-manifest.json': JSON.stringify(manifest),
    'mf-manifest.json': JSON.stringify({ name: 'news', metaData: { remoteEntry: { name: 'remoteEntry.js' } } }),
    'remoteEntry.js': `var news = ${JSON.stringify(text)};`,
    'static/js/home.js': 'console.log(1)',
  }).map(([file, content]) => ({ path: file, content: Buffer.from(content) }));
}

const clock = movableClock(TEST_START);
let s3: S3TestServer;
let storage: Storage;
let database: DatabaseHandle;
let siteDir: string;
let app: FastifyInstance;
let baseUrl: string;

async function publish(files: ReleaseFile[]) {
  const response = await fetch(`${baseUrl}/v1/releases/publish/news`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      files: files.map((file) => ({ path: file.path, base64: file.content.toString('base64') })),
    }),
  });
  return { status: response.status, body: (await response.json()) as { message: string; data: { changed?: boolean } } };
}

/** What the bucket holds under a prefix: key → text. */
async function bucket(prefix: string): Promise<Record<string, string>> {
  const objects: Record<string, string> = {};
  for await (const object of storage.list(prefix)) {
    const body = await storage.get(object.key);
    const chunks: Buffer[] = [];
    for await (const chunk of body!) chunks.push(Buffer.from(chunk as Uint8Array));
    objects[object.key] = Buffer.concat(chunks).toString('utf8');
  }
  return objects;
}

async function rowsOf(version: string) {
  return database.db.select().from(releaseVersions).where(eq(releaseVersions.version, version));
}

before(async () => {
  s3 = await startS3TestServer();
  storage = s3Storage(s3.settings, () => clock.now());
  database = await openTestDatabase();
  await ensureEnvironments(database.db);
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-releases-s3-'));
  fs.writeFileSync(
    path.join(siteDir, 'shell-manifest.json'),
    JSON.stringify({ version: '0.1.0', provides: SHELL_PROVIDES, pages: [] }),
  );
  app = Fastify();
  await registerReleaseRoutes(app, {
    db: database.db,
    clock,
    siteDir,
    files: storage,
    config: releaseConfigFromEnv({ RELEASE_TOKENS: `alice:${TOKEN}` }, false),
    secret: 'test-media-secret',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

after(async () => {
  await app.close();
  await database.close();
  await s3.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

describe('publishing into the bucket', () => {
  test('a version’s files become objects remotes/<remote>/<version>/… in the bucket, none in the site folder', async () => {
    const first = await publish(build('1.0.0'));
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data.changed, true);
    const objects = await bucket('remotes/news/1.0.0/');
    assert.deepEqual(Object.keys(objects).sort(), [
      'remotes/news/1.0.0/mf-manifest.json',
      'remotes/news/1.0.0/release-manifest.json',
      'remotes/news/1.0.0/remoteEntry.js',
      'remotes/news/1.0.0/static/js/home.js',
    ]);
    assert.equal(objects['remotes/news/1.0.0/remoteEntry.js'], 'var news = "v1.0.0";');
    assert.equal(fs.existsSync(path.join(siteDir, 'remotes')), false);
    assert.equal((await rowsOf('1.0.0')).length, 1);
  });

  test('the objects are public at the bucket’s address with their type and cache rule (mf-manifest.json revalidated)', async () => {
    const entry = await fetch(storage.publicUrl('remotes/news/1.0.0/remoteEntry.js'));
    assert.equal(entry.status, 200);
    assert.match(entry.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(entry.headers.get('cache-control'), IMMUTABLE_CACHE);
    const manifest = await fetch(storage.publicUrl('remotes/news/1.0.0/mf-manifest.json'));
    assert.match(manifest.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(manifest.headers.get('cache-control'), REVALIDATE_CACHE);
  });

  test('the same files again are identical: nothing changes', async () => {
    const again = await publish(build('1.0.0'));
    assert.equal(again.status, 200);
    assert.equal(again.body.data.changed, false);
  });

  test('other files under the same version are refused and the stored objects stay as published', async () => {
    const refused = await publish(build('1.0.0', 'changed'));
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'news 1.0.0 已发布且内容不同：已发布的版本不可覆盖，请提升版本号');
    assert.equal((await bucket('remotes/news/1.0.0/'))['remotes/news/1.0.0/remoteEntry.js'], 'var news = "v1.0.0";');
  });

  test('a refused publish (incompatible shared package) leaves no row and no object', async () => {
    const refused = await publish(build('1.1.0', 'v1.1.0', { ...SHARED_BUILT, react: '18.3.1' }));
    assert.equal(refused.status, 409);
    assert.deepEqual(await rowsOf('1.1.0'), []);
    assert.deepEqual(await bucket('remotes/news/1.1.0/'), {});
  });

  test('the pins document’s entry is the bucket’s address of the manifest, and fetching it answers the manifest', async () => {
    const pinned = await fetch(`${baseUrl}/v1/releases/pin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ remote: 'news', version: '1.0.0', reason: '上线' }),
    });
    assert.equal(pinned.status, 200);
    const document = (await (await fetch(`${baseUrl}/remotes.json`)).json()) as Record<string, { entry: string }>;
    const entry = document.news?.entry;
    assert.equal(entry, `${s3.settings.endpoint}/${s3.settings.bucket}/remotes/news/1.0.0/mf-manifest.json`);
    const manifest = (await (await fetch(entry)).json()) as { name: string };
    assert.equal(manifest.name, 'news');
  });

  test('with S3_PUBLIC_BASE_URL (a CDN) the entry is the CDN’s address', async () => {
    const cdn = s3Storage({ ...s3.settings, publicBaseUrl: 'https://cdn.example-yaoshi.cn/files' }, () => clock.now());
    const document = await pinsDocument(database.db, 'production', { id: 'x' }, cdn);
    assert.equal(document.news?.entry, 'https://cdn.example-yaoshi.cn/files/remotes/news/1.0.0/mf-manifest.json');
  });
});

describe('a version stored without a registry row', () => {
  test('a whole version in the bucket (another database’s publish) is identical or different by content; different is refused and kept', async () => {
    const other = await openTestDatabase();
    try {
      const deps = { db: other.db, clock, siteDir, files: storage };
      await assert.rejects(publishVersion(deps, { name: 'ci' }, 'news', build('1.0.0', 'changed')), {
        name: 'ReleaseRefusal',
        status: 409,
      });
      assert.deepEqual(await other.db.select().from(releaseVersions), []);
      assert.equal((await bucket('remotes/news/1.0.0/'))['remotes/news/1.0.0/remoteEntry.js'], 'var news = "v1.0.0";');
      const same = await publishVersion(deps, { name: 'ci' }, 'news', build('1.0.0'));
      assert.equal(same.changed, true, 'registered in this database');
    } finally {
      await other.close();
    }
  });

  test('objects an interrupted write left (no release-manifest.json) are replaced by the next publish, strays removed', async () => {
    await storage.put('remotes/news/2.0.0/remoteEntry.js', Buffer.from('half'));
    await storage.put('remotes/news/2.0.0/static/js/stale.js', Buffer.from('stale'));
    const written = await publish(build('2.0.0'));
    assert.equal(written.status, 200, JSON.stringify(written.body));
    const objects = await bucket('remotes/news/2.0.0/');
    assert.equal(objects['remotes/news/2.0.0/remoteEntry.js'], 'var news = "v2.0.0";');
    assert.equal(objects['remotes/news/2.0.0/static/js/stale.js'], undefined);
    assert.equal(Object.keys(objects).length, 4);
  });

  test('two publishes of one version at once: one writes, the other finds it identical; one row', async () => {
    const answers = await Promise.all([publish(build('2.1.0')), publish(build('2.1.0'))]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 200]);
    assert.deepEqual(answers.map((answer) => answer.body.data.changed).sort(), [false, true]);
    assert.equal((await rowsOf('2.1.0')).length, 1);
  });
});

describe('the first start with a bucket', () => {
  test('importBuiltRemotes publishes the build’s folder into the bucket, registers and pins it at the bucket’s address', async () => {
    const fresh = await openTestDatabase();
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-built-s3-'));
    try {
      const dir = path.join(site, 'remotes', 'news', '0.1.0');
      for (const file of build('0.1.0')) {
        fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
        fs.writeFileSync(path.join(dir, file.path), file.content);
      }
      fs.writeFileSync(path.join(site, 'remotes.json'), JSON.stringify({ news: { version: '0.1.0' } }));
      const deps = { db: fresh.db, clock, siteDir: site, files: storage };
      const moves = await importBuiltRemotes(deps);
      assert.equal(moves.length, 2);
      assert.equal((await bucket('remotes/news/0.1.0/'))['remotes/news/0.1.0/remoteEntry.js'], 'var news = "v0.1.0";');
      const [remote] = await fresh.db.select().from(releaseRemotes);
      assert.equal(remote?.createdBy, 'npm run build');
      const document = await pinsDocument(fresh.db, 'production', { id: 'x' }, storage);
      assert.equal(document.news?.entry, storage.publicUrl('remotes/news/0.1.0/mf-manifest.json'));
    } finally {
      await fresh.close();
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
});

describe('moving an existing site onto a bucket', () => {
  test('registered versions are copied from the site folder when it holds the recorded content; others are named missing', async () => {
    const fresh = await openTestDatabase();
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-moved-'));
    try {
      // Published while the site kept its versions in its folder (no S3_*).
      const local = { db: fresh.db, clock, siteDir: site };
      await publishVersion(local, { name: 'ci' }, 'news', build('3.0.0'), { source: 'build' });
      await publishVersion(local, { name: 'ci' }, 'news', build('3.1.0'), { source: 'build' });
      fs.writeFileSync(path.join(site, 'remotes/news/3.1.0/remoteEntry.js'), 'edited on the server');
      assert.deepEqual(await restoreRegisteredVersions(local), [], 'in the site folder everything is there');

      const moved = { ...local, files: storage };
      assert.deepEqual(await restoreRegisteredVersions(moved), [
        { remote: 'news', version: '3.0.0', outcome: 'restored' },
        { remote: 'news', version: '3.1.0', outcome: 'missing' },
      ]);
      assert.equal((await bucket('remotes/news/3.0.0/'))['remotes/news/3.0.0/remoteEntry.js'], 'var news = "v3.0.0";');
      assert.deepEqual(await bucket('remotes/news/3.1.0/'), {});
      assert.deepEqual(
        (await restoreRegisteredVersions(moved)).map((found) => found.outcome),
        ['missing'],
        'the next start only names what is still missing',
      );
    } finally {
      await fresh.close();
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
});
