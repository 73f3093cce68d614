import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/environment';
import { LEARNERS, apiCall, apiLogin, loginWithToken, type Learner } from './support/accounts';
import { skipTextAdvertisement } from './support/site';
import { emulateBackgroundTab, hideTab, showTab } from './support/background-tab';

/**
 * Issue 16, the study items (1, 8, 9, 18). 王芳's lessons are opened only in review
 * (finished courses open no playback session), so study.spec.ts can play hers meanwhile;
 * the lessons that play belong to 赵敏 (api/src/seed/study-seed.ts), one after the other.
 */
test.beforeEach(({ page }) => skipTextAdvertisement(page));
test.describe.configure({ mode: 'serial' });
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  },
});

const UNRATED = '药物警戒与药品不良反应监测'; // 王芳: finished, not rated
const RATED = '抗菌药物临床合理应用'; // 王芳: finished and rated
const PUBLIC_IN_PROGRESS = '健康中国战略与公共卫生'; // 赵敏: 30 s, 20 %, quiz at 35 %
const NEAR_THE_END = '处方审核规范与常见不合理处方分析'; // 赵敏: 90 s, verified 54 s
const SHORT_UNSTARTED = '药品管理法律法规与执业药师职业道德'; // 赵敏: 30 s, 0 %, no face check
const IN_THE_BACKGROUND = '糖尿病药物治疗与血糖管理'; // 赵敏: 90 s, verified 45 s, face check at 40 % passed

const PUBLIC_UNRATED = '专业技术人员职业道德与诚信建设'; // 王芳, last year: finished, not rated
const PUBLIC_NEXT = '健康中国战略与公共卫生'; // 王芳, last year: not started, behind the one above

/** The study year now, in Beijing (the seed's current year). */
const CURRENT_YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()),
);

const LOAD_TIMEOUT = 30_000;

function courseRow(page: Page, name: string) {
  return page.getByRole('listitem', { name });
}

async function openList(page: Page, path: '/myCourse' | '/publicCourse') {
  await page.goto(path);
  await expect(page.getByRole('region', { name: '学习概况' })).toBeVisible({ timeout: LOAD_TIMEOUT });
}

async function videoTime(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
}

/** Presses play and waits until the video plays with its length known (a streamed lesson loads once asked to play). */
async function play(page: Page) {
  await page.locator('.vjs-big-play-button').click({ timeout: LOAD_TIMEOUT });
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const video = document.querySelector('video');
          return video !== null && !video.paused && Number.isFinite(video.duration) && video.duration > 0;
        }),
      { timeout: LOAD_TIMEOUT },
    )
    .toBe(true);
}

interface StudyCourse {
  cid: number;
  name: string;
  learn_progress: number;
  learn_time: number;
  is_grade: number;
}

async function courseOf(learner: Learner, name: string, token?: string): Promise<StudyCourse> {
  const reply = await apiCall<{ courses: StudyCourse[] }>(
    'GET',
    '/v1/mycourses',
    { type: 1 },
    token ?? (await apiLogin(learner.idcard, learner.password)),
  );
  const course = reply.data.courses.find((c) => c.name === name);
  if (!course) throw new Error(`${learner.name} has no course ${name}`);
  return course;
}

async function rate(page: Page) {
  const dialog = page.getByRole('dialog', { name: '课程评价' });
  await dialog.getByRole('radio', { name: '非常满意' }).check();
  await dialog.getByRole('button', { name: /提交评价/ }).click();
  await expect(page.getByText('评价成功')).toBeVisible();
}

test('item 1: a finished but unrated course opens the rating dialog in review mode', async ({ page }) => {
  test.setTimeout(90_000);
  await loginWithToken(page, LEARNERS.wang);
  await openList(page, '/myCourse');
  const row = courseRow(page, UNRATED);
  await expect(row).toContainText('未评价');
  await row.getByRole('button', { name: /复\s*习/ }).click();
  await expect(page.getByText('复习模式：不记录学习进度')).toBeVisible({ timeout: LOAD_TIMEOUT });
  // The top of the review page offers the rating at once; the dialog it opens can be put off.
  await expect(page.getByText('您已学完本课程，尚未评价。无需重新观看，点击“评价”即可完成。')).toBeVisible();
  await page.getByRole('button', { name: /^评\s*价$/ }).click();
  const offered = page.getByRole('dialog', { name: '课程评价' });
  await expect(offered).toBeVisible();
  await offered.getByRole('button', { name: /以后再评/ }).click();
  await expect(offered).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/review-rating-prompt.png' });
  await play(page);
  // Review seeks freely: to the last seconds, and the video plays to its end.
  await page.evaluate(() => {
    const video = document.querySelector('video')!;
    video.currentTime = video.duration - 2;
  });
  const dialog = page.getByRole('dialog', { name: '课程评价' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  // The server takes the rating of a finished course reviewed, and the list shows it.
  await rate(page);
  await expect(page).toHaveURL(/\/myCourse$/);
  await expect(courseRow(page, UNRATED)).toContainText('已评价');
  expect((await courseOf(LEARNERS.wang, UNRATED)).is_grade).toBe(4);
});

test('item 1: once 王芳 rates her finished public course from its row, without replaying it, her next public course opens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // 王芳's public courses of last year (api/src/seed/study-seed.ts): the first finished, unrated.
  const lastYear = CURRENT_YEAR - 1;
  await loginWithToken(page, LEARNERS.wang);
  const openLastYear = async () => {
    await openList(page, '/publicCourse');
    await page.getByRole('tab', { name: `${lastYear}年度` }).click();
    await expect(courseRow(page, PUBLIC_UNRATED)).toBeVisible();
  };
  await openLastYear();
  await expect(courseRow(page, PUBLIC_UNRATED)).toContainText('未评价');
  await courseRow(page, PUBLIC_NEXT)
    .getByRole('button', { name: /开始学习/ })
    .click();
  await expect(page.getByText('请先完成前一课程的评价')).toBeVisible();
  await expect(page).toHaveURL(/\/publicCourse$/);

  // Rated from its row, without opening the lesson again.
  await courseRow(page, PUBLIC_UNRATED)
    .getByRole('button', { name: `评价 ${PUBLIC_UNRATED}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `课程评价：${PUBLIC_UNRATED}` });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/row-rating-dialog.png' });
  await dialog.getByRole('radio', { name: '非常满意' }).check();
  await dialog.getByRole('button', { name: /提交评价/ }).click();
  await expect(page.getByText('评价成功')).toBeVisible();
  await expect(page).toHaveURL(/\/publicCourse/);
  await expect(courseRow(page, PUBLIC_UNRATED)).toContainText('已评价');
  await expect(courseRow(page, PUBLIC_UNRATED).getByRole('button', { name: /评价/ })).toHaveCount(0);

  // The next course now opens. Its lesson is not loaded: a playback session of 王芳's would
  // stand in the way of the lessons study.spec.ts plays meanwhile.
  await page.route('**/v1/public_courses_detail**', (route) => route.abort());
  await openLastYear();
  await expect(courseRow(page, PUBLIC_UNRATED)).toContainText('已评价');
  await courseRow(page, PUBLIC_NEXT)
    .getByRole('button', { name: /开始学习/ })
    .click();
  await expect(page).toHaveURL(/\/publicVideoLearning\?cid=\d+/);
  await expect(page.getByText(/请先完成前一课程/)).toHaveCount(0);
});

test('item 8: every control and error text of the video player is Chinese', async ({ page }) => {
  test.setTimeout(90_000);
  const course = await courseOf(LEARNERS.wang, RATED);
  await loginWithToken(page, LEARNERS.wang);
  await page.goto(`/videoLearning?cid=${course.cid}&classState=100`);
  await expect(page.locator('.vjs-control-bar')).toBeAttached({ timeout: LOAD_TIMEOUT });
  await play(page);
  const texts = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.video-js, .video-js *'))
      .flatMap((element) => [
        element.getAttribute('title') ?? '',
        element.getAttribute('aria-label') ?? '',
        element.classList.contains('vjs-control-text') ? (element.textContent ?? '') : '',
      ])
      .filter((text) => text.trim() !== ''),
  );
  for (const expected of ['播放', '暂停', '静音', '全屏', '章节', '进度条', '当前时间', '时长', '音量']) {
    expect(
      texts.some((text) => text.includes(expected)),
      `${expected} in ${texts.join(' | ')}`,
    ).toBe(true);
  }
  const english = texts.filter((text) => /[A-Za-z]{2,}/.test(text));
  expect(english).toEqual([]);

  // An error is told in Chinese too: the video cannot be fetched (the player fetches a
  // streamed lesson once the learner means to watch it).
  await page.route('**/media/videos/**', (route) => route.abort());
  await page.reload();
  await page.locator('.vjs-big-play-button').click({ timeout: LOAD_TIMEOUT });
  const error = page.locator('.vjs-error-display');
  await expect(error).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(error).toContainText(/[\u4e00-\u9fa5]/);
  expect(await error.innerText()).not.toMatch(/[A-Za-z]{2,}/);
});

test('item 9: the public-course quiz asks about the course being watched', async ({ page }) => {
  test.setTimeout(90_000);
  await loginWithToken(page, LEARNERS.zhao);
  await openList(page, '/publicCourse');
  await courseRow(page, PUBLIC_IN_PROGRESS)
    .getByRole('button', { name: /继续学习/ })
    .click();
  await expect(page).toHaveURL(/\/publicVideoLearning\?cid=\d+/);
  await play(page);
  const dialog = page.getByRole('dialog', { name: '随堂测验' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  // 健康中国战略与公共卫生's first question: the campaign for healthy living.
  await expect(dialog).toContainText('“三减三健”');
  await dialog.getByRole('radio', { name: /减盐、减油、减糖/ }).check();
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  const closed = page.waitForResponse((r) => r.url().includes('/v1/public_courses_recordProgress'));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/publicCourse');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await closed;
});

test('item 18: with the network cut for 30 s mid-lesson, the learner loses no honest progress', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const token = await loginWithToken(page, LEARNERS.zhao);
  const before = await courseOf(LEARNERS.zhao, NEAR_THE_END, token);
  expect(before.learn_time).toBe(54);
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/v1/records') && response.request().method() === 'POST') {
      void response.json().then(
        (body: { code: number }) => answers.push(body.code),
        () => undefined,
      );
    }
  });

  await openList(page, '/myCourse');
  await courseRow(page, NEAR_THE_END)
    .getByRole('button', { name: /继续学习/ })
    .click();
  const firstSaved = page.waitForResponse((r) => r.url().includes('/v1/records') && r.request().method() === 'POST', {
    timeout: 20_000,
  });
  await play(page);
  await expect.poll(() => videoTime(page), { timeout: LOAD_TIMEOUT }).toBeGreaterThanOrEqual(53.5);
  expect(((await firstSaved.then((r) => r.json())) as { code: number }).code).toBe(200);

  // The lesson is streamed (HLS): the browser fetches it a few seconds at a time, up to a
  // minute ahead. Once the rest of it is in the browser, the network drops for 30 s and the
  // lesson plays on to its end meanwhile.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const video = document.querySelector('video');
          if (!video || video.buffered.length === 0 || !Number.isFinite(video.duration)) return false;
          return video.buffered.end(video.buffered.length - 1) >= video.duration - 0.25;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  const offlineAt = Date.now();
  // A background tab: its timers and events do not run for 4 s while the video plays on…
  await page.evaluate(() => {
    const until = Date.now() + 4_000;
    while (Date.now() < until);
  });
  // …and back in front, Chrome seeks the video to where it is. That is no jump ahead.
  const beforeSeek = await videoTime(page);
  await page.evaluate(() => {
    const video = document.querySelector('video')!;
    video.currentTime = video.currentTime + 0;
  });
  await page.waitForTimeout(1_000);
  expect(await videoTime(page)).toBeGreaterThanOrEqual(beforeSeek);
  await expect(page.getByText('不能拖动到尚未学习的位置')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.ended ?? false), { timeout: 60_000 })
    .toBe(true);
  const offlineLeft = 30_000 - (Date.now() - offlineAt);
  if (offlineLeft > 0) await page.waitForTimeout(offlineLeft);
  await context.setOffline(false);

  // The reports queued while offline go out in order, are all accepted, and the end
  // completes the course: the rating opens.
  await expect(page.getByRole('dialog', { name: '课程评价' })).toBeVisible({ timeout: 30_000 });
  expect(answers.length).toBeGreaterThanOrEqual(3);
  expect(
    answers.every((code) => code === 200),
    answers.join(),
  ).toBe(true);
  const after = await courseOf(LEARNERS.zhao, NEAR_THE_END, token);
  expect(after.learn_time).toBe(90);
  expect(after.learn_progress).toBe(100);
  await rate(page);
});

test('item 18: reports still waiting when the page goes away are sent before the lesson reopens', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await loginWithToken(page, LEARNERS.zhao);
  const course = await courseOf(LEARNERS.zhao, SHORT_UNSTARTED, token);
  expect(course.learn_time).toBe(0);
  // The reports get no answer (as on a dead connection), then the tab is closed and
  // reopened (a browser that discarded it while the laptop slept).
  let answered = false;
  await page.route('**/v1/records**', (route) => (answered ? route.continue() : route.abort('internetdisconnected')));
  await page.goto(`/videoLearning?cid=${course.cid}&classState=0`);
  await play(page);
  const storedCount = () =>
    page.evaluate(
      (key) =>
        (JSON.parse(sessionStorage.getItem(key) ?? 'null') as { reports: unknown[] } | null)?.reports.length ?? 0,
      `lessonReports:professional:${course.cid}`,
    );
  await expect.poll(storedCount, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
  // At least 15 s played and queued (on a busy machine two reports can come before the video gets there).
  await expect.poll(() => videoTime(page), { timeout: 40_000 }).toBeGreaterThanOrEqual(16);
  await expect.poll(storedCount, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await page.evaluate(() => document.querySelector('video')?.pause());
  const watched = await videoTime(page);
  await page.goto('about:blank');
  answered = true;

  const replayed = page.waitForResponse((r) => r.url().includes('/v1/records') && r.request().method() === 'POST', {
    timeout: 20_000,
  });
  await page.goto(`/videoLearning?cid=${course.cid}&classState=0`);
  expect(((await (await replayed).json()) as { code: number }).code).toBe(200);
  // The queued reports are credited (before this page plays anything of its own), never more than was watched.
  await expect
    .poll(async () => (await courseOf(LEARNERS.zhao, SHORT_UNSTARTED, token)).learn_time, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(15);
  const after = await courseOf(LEARNERS.zhao, SHORT_UNSTARTED, token);
  expect(after.learn_time).toBeLessThanOrEqual(Math.ceil(watched));
  // The lesson reopens where the queued reports had got to.
  await play(page);
  await expect.poll(() => videoTime(page), { timeout: LOAD_TIMEOUT }).toBeGreaterThanOrEqual(15);
  const closed = page.waitForResponse((r) => r.url().includes('/v1/records'));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/myCourse');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await closed;
});

// Not green since the lessons play as HLS with each segment's audio in its own seconds: in this
// emulated background tab (timers woken every 25 s, harsher than Chrome's first five minutes of
// one wake-up a second) the player stops 2–7 s after it is hidden, once what it had buffered is
// played, so the far jump between two reports this test is about never happens. The rule it
// checks (reports far apart are accepted) is proved by api/src/study/study.test.ts ("a timer
// throttled in a background tab reports a minute of honest play at once").
test.fixme('item 18: in a background tab, hidden with its timers throttled, reports arrive far apart and are all accepted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Chrome's background tab, which headless Chromium never makes (support/background-tab.ts):
  // hidden, animation frames stopped, timers run at wake-ups 25 s apart, so the 10-second
  // report runs late and the video's position moves far between two reports.
  const WAKE_UP_MS = 25_000;
  await emulateBackgroundTab(page, WAKE_UP_MS);
  const token = await loginWithToken(page, LEARNERS.zhao);
  const before = await courseOf(LEARNERS.zhao, IN_THE_BACKGROUND, token);
  expect(before.learn_time).toBe(45);
  const answers: { at: number; code: number }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/v1/records') && response.request().method() === 'POST') {
      const at = Date.now();
      void response.json().then(
        (body: { code: number }) => answers.push({ at, code: body.code }),
        () => undefined,
      );
    }
  });

  await openList(page, '/myCourse');
  await courseRow(page, IN_THE_BACKGROUND)
    .getByRole('button', { name: /继续学习/ })
    .click();
  const firstSaved = page.waitForResponse((r) => r.url().includes('/v1/records') && r.request().method() === 'POST', {
    timeout: 20_000,
  });
  await play(page);
  await expect.poll(() => videoTime(page), { timeout: LOAD_TIMEOUT }).toBeGreaterThanOrEqual(44.5);
  expect(((await firstSaved.then((r) => r.json())) as { code: number }).code).toBe(200);

  // 30 s in the background: one wake-up, so one report, 25 s after the last.
  await hideTab(page);
  const hiddenAt = Date.now();
  expect(await page.evaluate(() => document.visibilityState)).toBe('hidden');
  await expect
    .poll(() => answers.filter((answer) => answer.at > hiddenAt).length, { timeout: 40_000 })
    .toBeGreaterThan(0);
  const hiddenFor = 30_000 - (Date.now() - hiddenAt);
  if (hiddenFor > 0) await page.waitForTimeout(hiddenFor);
  // Back in front, Chrome seeks the video to where it is, before the page's late timers have
  // reported anything: the position is past the last report, and it is no jump ahead.
  const shownAt = await page.evaluate(() => {
    const video = document.querySelector('video')!;
    const at = video.currentTime;
    video.currentTime = at;
    return at;
  });
  await showTab(page);
  // It played on while hidden (45 s + 30 s of wall time; a loaded machine's player lags a few).
  expect(shownAt).toBeGreaterThan(60);
  await page.waitForTimeout(1_000);
  expect(await videoTime(page)).toBeGreaterThanOrEqual(shownAt);
  await expect(page.getByText('不能拖动到尚未学习的位置')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.ended ?? false), { timeout: 60_000 })
    .toBe(true);

  // The report of the background came far later than every 10 s.
  const hiddenAnswers = answers.filter((answer) => answer.at > hiddenAt);
  expect(hiddenAnswers[0]!.at - hiddenAt).toBeGreaterThan(20_000);
  // Every report was accepted, nothing looked like a jump, and the whole lesson counts.
  expect(
    answers.every((answer) => answer.code === 200),
    answers.map((answer) => answer.code).join(),
  ).toBe(true);
  await expect(page.getByText('不能拖动到尚未学习的位置')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: '课程评价' })).toBeVisible({ timeout: 30_000 });
  const after = await courseOf(LEARNERS.zhao, IN_THE_BACKGROUND, token);
  expect(after.learn_time).toBe(90);
  expect(after.learn_progress).toBe(100);
  await rate(page);
});
