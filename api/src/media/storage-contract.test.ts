import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import Fastify, { type FastifyInstance } from 'fastify';
import { movableClock } from '../clock';
import { localStorage } from '../storage/local-storage';
import { s3Storage } from '../storage/s3-storage';
import { ObjectExistsError, UnsafeKeyError, type Storage } from '../storage/storage';
import { startS3TestServer, type S3TestServer } from '../test-support/s3-test-server';
import { registerMediaRoutes } from './media-routes';
import { mediaUrls, signedMediaUrl } from './private-media';

/**
 * One contract, two implementations: the local folder and S3 (s3rver, a real S3-protocol
 * server on loopback). What a browser does with a URL is part of the contract, so each URL
 * is fetched: the local folder's through the `/media` route of a small app, the bucket's
 * directly from s3rver.
 */
const SECRET = 'contract-test-media-secret-0123456789';
const VIDEO = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));

interface Subject {
  storage: Storage;
  /** Moves the storage's "now" (the signing time of presigned URLs) by this many ms. */
  shift(ms: number): void;
  /** Absolute URL of what storage returned. */
  resolve(url: string): string;
  /** s3rver checks a V4 presigned URL's expiry but not its signature (real S3 checks both). */
  checksSignatures: boolean;
}

async function localSubject(): Promise<{ subject: Subject; close: () => Promise<void> }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'yaoshi-storage-'));
  const clock = movableClock(Date.now());
  const storage = localStorage({
    root,
    signedUrl: (key, seconds) => signedMediaUrl(SECRET, key, Math.floor(clock.nowMs() / 1000) + Math.ceil(seconds)),
  });
  const app: FastifyInstance = Fastify();
  // The route checks signatures against real time, as a browser's later request would meet it.
  registerMediaRoutes(app, storage, mediaUrls(SECRET, movableClock(Date.now()), storage));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    subject: {
      storage,
      shift: (ms) => clock.set(clock.nowMs() + ms),
      resolve: (url) => base + url,
      checksSignatures: true,
    },
    close: async () => {
      await app.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

async function s3Subject(): Promise<{ subject: Subject; close: () => Promise<void> }> {
  const server: S3TestServer = await startS3TestServer();
  let offset = 0;
  const storage = s3Storage(server.settings, () => new Date(Date.now() + offset));
  return {
    subject: { storage, shift: (ms) => (offset += ms), resolve: (url) => url, checksSignatures: false },
    close: () => server.close(),
  };
}

for (const [name, open] of [
  ['local folder', localSubject],
  ['S3 (s3rver)', s3Subject],
] as const) {
  describe(`storage contract: ${name}`, () => {
    let subject: Subject;
    let close: () => Promise<void>;
    before(async () => {
      ({ subject, close } = await open());
    });
    after(() => close());

    test('put, head and get return what was written, with the type of its extension', async () => {
      const { storage } = subject;
      await storage.put('courses/thumbs/1-a.png', Buffer.from('png bytes'));
      const info = await storage.head('courses/thumbs/1-a.png');
      assert.equal(info?.size, 9);
      assert.equal(info?.contentType, 'image/png');
      assert.match(info?.etag ?? '', /^".+"$/);
      assert.equal((await buffer((await storage.get('courses/thumbs/1-a.png'))!)).toString(), 'png bytes');
      await storage.put('courses/thumbs/1-a.png', Buffer.from('replaced'));
      assert.equal((await buffer((await storage.get('courses/thumbs/1-a.png'))!)).toString(), 'replaced');
    });

    test('a stream can be stored; a byte range reads only those bytes', async () => {
      const { storage } = subject;
      await storage.put('videos/lessons/1-v.mp4', Readable.from([VIDEO.subarray(0, 1000), VIDEO.subarray(1000)]));
      assert.equal((await storage.head('videos/lessons/1-v.mp4'))?.size, VIDEO.length);
      const part = await buffer((await storage.get('videos/lessons/1-v.mp4', { start: 100, end: 199 }))!);
      assert.deepEqual(part, VIDEO.subarray(100, 200));
    });

    test('ifAbsent never replaces an object', async () => {
      const { storage } = subject;
      await storage.put('faces/once.jpg', Buffer.from('first'), { ifAbsent: true });
      await assert.rejects(storage.put('faces/once.jpg', Buffer.from('second'), { ifAbsent: true }), ObjectExistsError);
      assert.equal((await buffer((await storage.get('faces/once.jpg'))!)).toString(), 'first');
    });

    test('copy duplicates an object under another key; a missing source gives false', async () => {
      const { storage } = subject;
      await storage.put('incoming/abc.mp4', VIDEO);
      assert.equal(await storage.copy('incoming/abc.mp4', 'videos/lessons/2-abc.mp4'), true);
      const copied = await storage.head('videos/lessons/2-abc.mp4');
      assert.equal(copied?.size, VIDEO.length);
      assert.equal(copied?.contentType, 'video/mp4');
      assert.deepEqual(await buffer((await storage.get('videos/lessons/2-abc.mp4'))!), VIDEO);
      assert.equal(await storage.copy('incoming/none.mp4', 'videos/lessons/3-none.mp4'), false);
      assert.equal(await storage.head('videos/lessons/3-none.mp4'), null);
    });

    test('a missing object is absent, not an error; deleting it is fine', async () => {
      const { storage } = subject;
      assert.equal(await storage.head('nothing/here.png'), null);
      assert.equal(await storage.get('nothing/here.png'), null);
      assert.equal(await storage.get('nothing/here.png', { start: 0, end: 9 }), null);
      await storage.delete('nothing/here.png');
    });

    test('list by prefix gives the keys under it in order; delete removes one', async () => {
      const { storage } = subject;
      for (const key of ['content/b.pdf', 'content/a.png', 'content/sub/c.docx', 'contents/x.png'])
        await storage.put(key, Buffer.from(key));
      const listed = [];
      for await (const object of storage.list('content/')) listed.push({ key: object.key, size: object.size });
      assert.deepEqual(listed, [
        { key: 'content/a.png', size: 13 },
        { key: 'content/b.pdf', size: 13 },
        { key: 'content/sub/c.docx', size: 18 },
      ]);
      await storage.delete('content/b.pdf');
      assert.equal(await storage.head('content/b.pdf'), null);
      const all = [];
      for await (const object of storage.list('')) all.push(object.key);
      assert.ok(all.includes('contents/x.png') && !all.includes('content/b.pdf'));
      // Only what is directly under the prefix, with when it was written.
      const top = [];
      for await (const object of storage.list('content/', { topLevel: true })) top.push(object);
      assert.deepEqual(
        top.map((object) => object.key),
        ['content/a.png'],
      );
      assert.ok(Math.abs(top[0]!.modified.getTime() - Date.now()) < 60_000, 'modified is when it was written');
    });

    test('keys that would leave the folder or name hidden files are refused', async () => {
      const { storage } = subject;
      for (const key of [
        '../x.png',
        'a/../../x.png',
        '/etc/passwd',
        'a//b.png',
        '.env',
        'a\\..\\b.png',
        'a\0.png',
        '',
      ]) {
        await assert.rejects(storage.put(key, Buffer.from('x')), UnsafeKeyError, key);
        await assert.rejects(storage.get(key), UnsafeKeyError, key);
        await assert.rejects(storage.head(key), UnsafeKeyError, key);
        await assert.rejects(storage.delete(key), UnsafeKeyError, key);
        assert.throws(() => storage.publicUrl(key), UnsafeKeyError, key);
      }
      await assert.rejects(
        (async () => {
          for await (const _ of storage.list('../')) break;
        })(),
        UnsafeKeyError,
      );
    });

    test('a public URL reads the object, with byte ranges', async () => {
      const { storage } = subject;
      const url = subject.resolve(storage.publicUrl('videos/lessons/1-v.mp4'));
      const whole = await fetch(url);
      assert.equal(whole.status, 200);
      assert.deepEqual(Buffer.from(await whole.arrayBuffer()), VIDEO);
      const range = await fetch(url, { headers: { range: 'bytes=4000-' } });
      assert.equal(range.status, 206);
      assert.equal(range.headers.get('content-range'), `bytes 4000-4095/${VIDEO.length}`);
      assert.deepEqual(Buffer.from(await range.arrayBuffer()), VIDEO.subarray(4000));
    });

    test('a presigned URL reads a private object until it expires', async () => {
      const { storage } = subject;
      await storage.put('faces/private.jpg', Buffer.from('face'));
      const fresh = await fetch(subject.resolve(await storage.presignedUrl('faces/private.jpg', 60)));
      assert.equal(fresh.status, 200);
      assert.equal(await fresh.text(), 'face');
      // Signed an hour ago for a minute: expired now.
      subject.shift(-60 * 60 * 1000);
      const stale = await storage.presignedUrl('faces/private.jpg', 60);
      subject.shift(60 * 60 * 1000);
      assert.equal((await fetch(subject.resolve(stale))).status, 403);
      const tampered = (await storage.presignedUrl('faces/private.jpg', 60)).replace('private.jpg', 'once.jpg');
      if (subject.checksSignatures) assert.equal((await fetch(subject.resolve(tampered))).status, 403);
    });
  });
}

test('S3: an object larger than one CopyObject may carry is copied by a streamed multipart upload', async () => {
  const server = await startS3TestServer();
  try {
    const storage = s3Storage(server.settings, () => new Date(), undefined, 1024);
    await storage.put('incoming/big.mp4', VIDEO);
    assert.equal(await storage.copy('incoming/big.mp4', 'videos/lessons/4-big.mp4'), true);
    assert.deepEqual(await buffer((await storage.get('videos/lessons/4-big.mp4'))!), VIDEO);
  } finally {
    await server.close();
  }
});
