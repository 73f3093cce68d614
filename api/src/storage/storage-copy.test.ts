import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buffer } from 'node:stream/consumers';
import { startS3TestServer, type S3TestServer } from '../test-support/s3-test-server';
import { s3Storage } from './s3-storage';

/** `npm run storage:copy`: a local media folder into the bucket, run as an operator runs it. */
let s3: S3TestServer;
let dir: string;
before(async () => {
  s3 = await startS3TestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-copy-'));
  for (const [relative, content] of [
    ['site/wechat-qrcode.svg', '<svg/>'],
    ['faces/0123.jpg', 'face'],
    ['videos/lessons/1-a.mp4', 'x'.repeat(3000)],
    ['.uploads/abc', 'unfinished'],
    ['content/empty.pdf', ''],
  ] as const) {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), content);
  }
});
after(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const API_ROOT = path.resolve(import.meta.dirname, '..', '..');

async function runCopy(): Promise<string> {
  const { settings } = s3;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/storage/storage-copy-main.ts', dir],
    {
      cwd: API_ROOT,
      env: {
        PATH: process.env.PATH,
        S3_ENDPOINT: settings.endpoint,
        S3_BUCKET: settings.bucket,
        S3_REGION: settings.region,
        S3_ACCESS_KEY_ID: settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    },
  );
  return stdout;
}

test('copies every file but hidden ones, with progress; a second run skips what is there', async () => {
  const first = await runCopy();
  assert.match(first, /\[1\/4\] copied {2}content\/empty\.pdf \(0 bytes\)/);
  assert.match(first, /\[4\/4\] copied {2}videos\/lessons\/1-a\.mp4 \(3000 bytes\)/);
  assert.match(first, /Done: 4 copied \(3010 bytes\), 0 already there/);
  const storage = s3Storage(s3.settings, () => new Date());
  assert.equal((await buffer((await storage.get('faces/0123.jpg'))!)).toString(), 'face');
  assert.equal((await storage.head('site/wechat-qrcode.svg'))?.contentType, 'image/svg+xml');
  const keys = [];
  for await (const object of storage.list('')) keys.push(object.key);
  assert.deepEqual(keys, ['content/empty.pdf', 'faces/0123.jpg', 'site/wechat-qrcode.svg', 'videos/lessons/1-a.mp4']);

  fs.writeFileSync(path.join(dir, 'faces/0123.jpg'), 'a changed face');
  const second = await runCopy();
  assert.match(second, /copied {2}faces\/0123\.jpg \(14 bytes\)/);
  assert.match(second, /Done: 1 copied \(14 bytes\), 3 already there with the same size\./);
  assert.equal((await buffer((await storage.get('faces/0123.jpg'))!)).toString(), 'a changed face');
});
