import { expect, test } from '@playwright/test';
import type { AdminCourseDetail } from '@yaoshi/contracts/course-admin';
import { CHROMIUM_ARGS } from './support/environment';
import { apiCall, apiLogin, loginWithToken } from './support/accounts';
import { testIdNumber } from './support/orders';
import { skipTextAdvertisement } from './support/site';
import { DEMO_STAFF, staffApiLogin } from './support/staff';
import { FACE_CONSENT_VERSION } from '@yaoshi/contracts/personal-data-rules';

/**
 * Adaptive video (issue 21): the demo videos go through the transcoding pipeline when the
 * server first starts (H.264 + AAC in MPEG-TS segments, two renditions); once a lesson's
 * transcode is 已完成, the lesson page plays its HLS master with video.js's built-in VHS
 * (Media Source Extensions: the <video> plays a blob: URL fed from the segments), and the
 * learner's progress reports are accepted and her learn_time grows.
 *
 * The learner is new (created through the staff API, photo approved by 审核, one make-up-year
 * course bought in the sandbox), so no other spec's learner has a second playback going.
 */
test.setTimeout(240_000);
test.beforeEach(({ page }) => skipTextAdvertisement(page));
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  },
});

const LOAD_TIMEOUT = 30_000;
const run = Number(String(Date.now()).slice(-7));
const learner = {
  name: '转码学员',
  idcard: testIdNumber(run, '320105'),
  phone: `136${String(run + 17)
    .padStart(8, '0')
    .slice(-8)}`,
  password: '',
};
/** The smallest upload the server takes as a JPEG (magic bytes); the reviewer judges, not a machine. */
const TINY_JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64')}`;

interface Course {
  cid: number;
  name: string;
  course_type: number;
  face_to_face: number;
  is_buy: number;
}

let token = '';
let course: Course;
let year = 0;

test.beforeAll(async () => {
  const registrar = await staffApiLogin(DEMO_STAFF.registrar);
  const created = await apiCall<{ initial_password: string }>(
    'POST',
    '/v1/admin/learners/create',
    { name: learner.name, idcard: learner.idcard, phone: learner.phone, certification_type: 2 },
    registrar,
  );
  expect(created.code, created.message).toBe(200);
  learner.password = created.data.initial_password;
  token = await apiLogin(learner.idcard, learner.password);

  // Her face photo, approved by 审核 (lessons need an approved photo).
  expect((await apiCall('POST', '/v1/face_consent', { version: FACE_CONSENT_VERSION }, token)).code).toBe(200);
  expect((await apiCall('POST', '/v1/avatar', { avatar: TINY_JPEG }, token)).code).toBe(200);
  const reviewer = await staffApiLogin(DEMO_STAFF.reviewer);
  const queue = await apiCall<{ list: { photo_id: number; name: string }[] }>(
    'GET',
    '/v1/admin/faces/queue',
    { page: 1, size: 100 },
    reviewer,
  );
  // 审核 sees ID numbers masked: her photo is found by her name.
  const photo = queue.data.list.find((row) => row.name === learner.name);
  expect(photo, 'her photo waits for review').toBeDefined();
  expect((await apiCall('POST', '/v1/admin/faces/approve', { photo_id: photo!.photo_id }, reviewer)).code).toBe(200);

  // The make-up year's first compulsory course: the 30 s demo lesson without face checks.
  const years = await apiCall<{ year: number; is_buxue: number }[]>('GET', '/v1/academic_year', {}, token);
  year = years.data.find((candidate) => candidate.is_buxue === 1)!.year;
  const list = await apiCall<{ courses: Course[] }>('GET', '/v1/webcourses', { year, type: 1 }, token);
  course = list.data.courses.find((row) => row.course_type === 1 && row.face_to_face === 0)!;
  expect(course).toBeDefined();
  const order = await apiCall<{ order_id: string; orderSig: { qrcode_url: string } }>(
    'POST',
    '/v1/order',
    { year, cids: String(course.cid), pay_type: 3 },
    token,
  );
  expect(order.code, order.message).toBe(200);
  expect((await fetch(`${order.data.orderSig.qrcode_url}/pay`, { method: 'POST' })).status).toBe(200);
  await expect
    .poll(
      async () =>
        (await apiCall<{ pay_status: number }>('GET', '/v1/order_status', { order_id: order.data.order_id }, token))
          .data.pay_status,
    )
    .toBe(2);
});

test('a transcoded lesson plays as HLS in Chromium and its progress is recorded honestly', async ({ page }) => {
  // The demo videos were queued when the server started: wait for this lesson's to be done.
  const courses = await staffApiLogin(DEMO_STAFF.courses);
  let detail: AdminCourseDetail | undefined;
  await expect
    .poll(
      async () => {
        detail = (
          await apiCall<AdminCourseDetail>('GET', '/v1/admin/courses/detail', { course_id: course.cid }, courses)
        ).data;
        return detail.transcode?.status;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe('done');
  const master = detail!.transcode!.master_url;
  expect(master).toMatch(/-hls\/master\.m3u8$/);

  const hlsRequests: string[] = [];
  page.on('response', (response) => {
    if (/\.(m3u8|ts)$/.test(new URL(response.url()).pathname) && response.status() === 200)
      hlsRequests.push(new URL(response.url()).pathname);
  });
  await loginWithToken(page, learner);
  const firstReport = page.waitForResponse((r) => r.url().includes('/v1/records') && r.request().method() === 'POST', {
    timeout: 60_000,
  });
  await page.goto(`/videoLearning?cid=${course.cid}&classState=0&year=${year}`);
  // The page shows the player, its poster and controls without the stream: VHS and the
  // playlists are fetched once the learner means to watch (issue 22).
  const playButton = page.locator('.vjs-big-play-button');
  await expect(playButton).toBeVisible({ timeout: LOAD_TIMEOUT });
  expect(hlsRequests).toEqual([]);
  await playButton.click();
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: LOAD_TIMEOUT })
    .toBeGreaterThan(1);

  // VHS, not the browser's own file playback: the master, a rendition playlist and MPEG-TS
  // segments were fetched, and the <video> plays a MediaSource (blob:) URL.
  expect(hlsRequests).toContain(master);
  expect(hlsRequests.some((p) => /\/(360p|720p)\/index\.m3u8$/.test(p))).toBe(true);
  expect(hlsRequests.some((p) => /\/segment_\d{3}\.ts$/.test(p))).toBe(true);
  const playing = await page.evaluate(() => {
    const video = document.querySelector('video')!;
    return {
      src: video.currentSrc,
      width: video.videoWidth,
      frames: video.getVideoPlaybackQuality().totalVideoFrames,
    };
  });
  expect(playing.src).toMatch(/^blob:/);
  // Decoded pictures (H.264 plays in this Chromium), not a stalled element.
  expect(playing.width).toBeGreaterThan(0);
  expect(playing.frames).toBeGreaterThan(0);

  const first = (await (await firstReport).json()) as { code: number; data: { learn_time: number } };
  expect(first.code).toBe(200);
  // The next report records more: time really watched since the first.
  const second = await page.waitForResponse((r) => r.url().includes('/v1/records') && r.request().method() === 'POST', {
    timeout: 60_000,
  });
  const later = (await second.json()) as { code: number; data: { learn_time: number } };
  expect(later.code).toBe(200);
  expect(later.data.learn_time).toBeGreaterThan(first.data.learn_time);
  // No faster than the wall clock: a report is accepted only for time really watched.
  expect(later.data.learn_time).toBeLessThanOrEqual(detail!.transcode!.duration!);
});
