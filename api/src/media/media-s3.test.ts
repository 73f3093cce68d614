import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { avatarResponseSchema } from '@yaoshi/contracts/accounts';
import type { AdminCourseDetail } from '@yaoshi/contracts/course-admin';
import { courses } from '../catalogue/catalogue-schema';
import { s3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';
import { JPEG_BYTES } from '../test-support/image-fixtures';
import { LI, authed, consentAllToFacePhotos, dataOf, loginToken } from '../test-support/learner-session';
import { startS3TestServer, type S3TestServer } from '../test-support/s3-test-server';
import { signedInStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { PRESIGNED_REDIRECT_SECONDS } from './media-routes';

/**
 * The API with object storage configured (S3_* → s3rver on loopback): files go into the
 * bucket, and `/media/…` sends the browser there — public files to the bucket's address,
 * private ones to a presigned URL of a few minutes — so video ranges are the bucket's.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let s3: S3TestServer;
let server: TestServer;
let storage: Storage;
/** Moves the time presigned URLs are signed at (s3rver checks expiry against real time). */
let signingOffsetMs = 0;

before(async () => {
  s3 = await startS3TestServer();
  storage = s3Storage(s3.settings, () => new Date(Date.now() + signingOffsetMs));
  server = await startTestServer({ config: { s3: s3.settings }, storage });
  await consentAllToFacePhotos(server);
});
after(async () => {
  await server.close();
  await s3.close();
});

/** The redirect the API answers, without following it. */
async function redirectOf(url: string): Promise<{ status: number; location: string; cacheControl: string | null }> {
  const response = await fetch(server.baseUrl + url, { redirect: 'manual' });
  await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    cacheControl: response.headers.get('cache-control'),
  };
}

describe('media with S3 configured', () => {
  test('a course thumbnail is written to the bucket and served from its public address', async () => {
    const staff = await signedInStaff(server, ['课程管理']);
    const [course] = await server.db.select({ id: courses.id }).from(courses).limit(1);
    const saved = dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/courses/thumbnail', {
        course_id: course!.id,
        image_base64: PNG.toString('base64'),
      }),
    ) as AdminCourseDetail;
    const key = saved.thumb_url.replace(/^\/media\//, '');
    assert.equal((await storage.head(key))?.size, PNG.length, 'the object is in the bucket');
    const redirect = await redirectOf(saved.thumb_url);
    assert.equal(redirect.status, 302);
    assert.equal(redirect.location, `${s3.settings.endpoint}/${s3.settings.bucket}/${key}`);
    const served = await fetch(server.baseUrl + saved.thumb_url);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG);
  });

  test('a face photo is private: the signed /media URL leads to a presigned URL that expires', async () => {
    const token = await loginToken(server, LI.phone, LI.password);
    const uploaded = avatarResponseSchema.parse(
      dataOf(
        await authed(server, token, 'POST', '/v1/avatar', {
          avatar: `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`,
          course_id: 0,
        }),
      ),
    );
    assert.match(uploaded.avatar, /^\/media\/faces\/[0-9a-f]{32}\.jpg\?expires=\d+&signature=[\w-]+$/);
    const key = new URL(uploaded.avatar, 'http://site').pathname.slice('/media/'.length);
    assert.deepEqual(await storage.head(key).then((info) => info?.size), JPEG_BYTES.length);
    // Without the signature the API handed out there is no redirect. (Anonymous reads of
    // `faces/` are the bucket policy's to refuse, docs/operations.md, "Files"; s3rver has none.)
    const unsigned = await redirectOf(`/media/${key}`);
    assert.equal(unsigned.status, 403, 'no redirect without the signature the API handed out');

    const redirect = await redirectOf(uploaded.avatar);
    assert.equal(redirect.status, 302);
    assert.match(redirect.cacheControl ?? '', /^private, max-age=\d+$/);
    const presigned = new URL(redirect.location);
    assert.equal(presigned.pathname, `/${s3.settings.bucket}/${key}`);
    assert.equal(presigned.searchParams.get('X-Amz-Expires'), String(PRESIGNED_REDIRECT_SECONDS));
    const fresh = await fetch(redirect.location);
    assert.equal(fresh.status, 200);
    assert.deepEqual(Buffer.from(await fresh.arrayBuffer()), JPEG_BYTES);

    // A presigned URL handed out longer ago than it lives is refused by the store.
    signingOffsetMs = -(PRESIGNED_REDIRECT_SECONDS + 60) * 1000;
    const old = await redirectOf(uploaded.avatar);
    signingOffsetMs = 0;
    assert.equal((await fetch(old.location)).status, 403);
  });

  test('a lesson video is read from the bucket by byte range through /media', async () => {
    const video = Buffer.from(Array.from({ length: 64 * 1024 }, (_, index) => (index * 7) % 256));
    await storage.put('videos/lessons/9-range.mp4', video);
    const response = await fetch(`${server.baseUrl}/media/videos/lessons/9-range.mp4`, {
      headers: { range: 'bytes=1000-1999' },
    });
    assert.equal(response.status, 206);
    assert.equal(response.headers.get('content-range'), `bytes 1000-1999/${video.length}`);
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), video.subarray(1000, 2000));
  });

  test("the site's Content-Security-Policy lets pages load images, video and the published remotes from the bucket", async () => {
    const policy = (await fetch(`${server.baseUrl}/healthz`)).headers.get('content-security-policy') ?? '';
    for (const directive of ['img-src', 'media-src', 'connect-src', 'script-src', 'style-src'])
      assert.match(
        policy,
        new RegExp(`${directive} [^;]*${s3.settings.endpoint.replace(/[.:/]/g, '\\$&')}`),
        directive,
      );
  });

  test('paths that leave the bucket or name unknown types are refused before any redirect', async () => {
    for (const url of ['/media/%2e%2e/x.png', '/media/courses/.hidden.png', '/media/releases/x.js']) {
      const answer = await redirectOf(url);
      assert.equal(answer.status, 404, url);
    }
  });
});
