import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/environment';
import { LEARNERS, loginWithToken } from './support/accounts';
import { skipTextAdvertisement } from './support/site';
import { DEMO_STAFF, openConsoleAs } from './support/staff';

/**
 * 课程管理, end to end: the `courses` staff member creates a study year (a draft) and a course
 * in it, uploads a short video generated here with ffmpeg (tus, the progress bar reaches 100 %)
 * and sees the length the server read. While the year is a draft, 陈静's pages stay on this
 * year; the staff member previews it, opens it, and 陈静 then enrols in that course, pays in the
 * sandbox and plays the lesson. The year becomes the default only years from now, so the other
 * specs' default year stays the current one.
 */
// Two people's whole journeys, a build-free but busy two-core machine: minutes.
test.setTimeout(480_000);
test.beforeEach(({ page }) => skipTextAdvertisement(page));
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  },
});

const YEAR = new Date().getFullYear() + 4;
/** Today in Beijing, 'YYYY-MM-DD': the year's enrolment opens today. */
const TODAY = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const COURSE = '药学服务沟通技巧（上传测试）';
const LOAD_TIMEOUT = 30_000;

function generatedVideo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-courses-'));
  const file = path.join(dir, 'lesson.webm');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=6:size=320x240:rate=10',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    file,
  ]);
  return file;
}

async function fillDay(scope: ReturnType<Page['getByRole']>, label: string, day: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

async function pickOption(page: Page, combobox: string, text: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
}

test('a course manager creates a year, a course and its video; a learner buys it and plays the lesson', async ({
  page,
  browser,
  context,
}) => {
  const video = generatedVideo();

  // ── the console ────────────────────────────────────────────────────────────────────────
  await openConsoleAs(page, DEMO_STAFF.courses, '/admin/course-years');
  await page.getByRole('button', { name: '新建年度' }).click();
  const dialog = page.getByRole('dialog', { name: '新建学习年度' });
  await dialog.getByRole('spinbutton', { name: /^\*?\s*年度$/ }).fill(String(YEAR));
  await dialog.getByRole('radio', { name: '不限学时（按需选课）' }).check();
  await dialog.getByRole('spinbutton', { name: /排序/ }).fill('90');
  await fillDay(dialog, '报名开始日期', TODAY);
  await fillDay(dialog, '学习开始日期', `${YEAR}-01-01`);
  await fillDay(dialog, '学习结束日期', `${YEAR}-12-31`);
  await fillDay(dialog, '成为默认年度的日期', `${YEAR}-01-01`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('学习年度已保存')).toBeVisible();
  const yearRow = page
    .getByRole('table', { name: '学习年度' })
    .getByRole('row')
    .filter({ hasText: `${YEAR}年度` });
  await expect(yearRow.getByText('草稿')).toBeVisible();

  await page.goto('/admin/courses');
  await pickOption(page, '学习年度', `${YEAR}年度`);
  await page.getByRole('button', { name: '新建课程' }).click();
  const drawer = page.getByRole('dialog', { name: '新建课程' });
  await drawer.getByLabel('课程名称').fill(COURSE);
  await drawer.getByLabel('学时', { exact: true }).fill('2');
  await drawer.getByLabel('价格（元）').fill('10');
  await drawer.getByLabel('授课教师').fill('何静');
  await drawer.getByRole('button', { name: '保存课程' }).click();
  await expect(page.getByText('课程已创建')).toBeVisible();

  const editor = page.getByRole('dialog', { name: '编辑课程' });
  await editor.getByLabel('选择视频文件').setInputFiles(video);
  const progress = editor.getByRole('progressbar', { name: '上传进度' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: LOAD_TIMEOUT });
  await expect(page.getByText('视频已上传，新版本课时已生效')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(editor.getByTestId('lesson-duration')).toHaveText('00:06');
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`course-editor-${width}.png`) });
  }
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(page.getByRole('table', { name: '课程列表' }).getByText('第 1 版 · 00:06')).toBeVisible();

  // ── the draft changes nothing for learners ─────────────────────────────────────────────
  const learner = await browser.newPage();
  await skipTextAdvertisement(learner);
  await loginWithToken(learner, LEARNERS.chen);
  await learner.goto('/myCourse');
  const yearTabs = learner.getByRole('tablist', { name: '学习年度' });
  await expect(yearTabs.getByRole('tab', { selected: true })).toHaveText(`${new Date().getFullYear()}年度`, {
    timeout: LOAD_TIMEOUT,
  });
  await expect(yearTabs.getByRole('tab', { name: `${YEAR}年度` })).toHaveCount(0);
  // This year's courses stay listed (a draft year once opened this page on an empty list).
  await expect(learner.getByRole('button', { name: /复\s*习/ }).first()).toBeVisible();
  await expect(learner.getByText('暂无课程')).toHaveCount(0);

  // ── preview, then open the year ────────────────────────────────────────────────────────
  await page.goto('/admin/course-years');
  await yearRow.getByRole('button', { name: `预览${YEAR}年度` }).click();
  const preview = page.getByRole('dialog', { name: `预览${YEAR}年度（学员视角）` });
  await expect(preview.getByText(COURSE)).toBeVisible();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`year-preview-${width}.png`) });
  }
  await page.keyboard.press('Escape');
  await yearRow.getByRole('button', { name: `开放${YEAR}年度` }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /开\s*放/ })
    .click();
  await expect(page.getByText('学习年度已开放')).toBeVisible();
  await expect(yearRow.getByText('已开放', { exact: true })).toBeVisible();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`course-years-${width}.png`) });
  }

  // ── the learner enrols in the opened year ──────────────────────────────────────────────
  await learner.goto('/signStudy');
  const notice = learner.getByRole('dialog', { name: '重要提示' });
  await expect(notice).toBeVisible({ timeout: LOAD_TIMEOUT });
  await notice.getByRole('button', { name: '我已知晓' }).click();
  // The learner's year picker is the browser's own <select>.
  const years = learner.getByRole('combobox', { name: '学习年度' });
  const yearLabel = await years
    .locator('option', { hasText: String(YEAR) })
    .first()
    .textContent();
  await years.selectOption({ label: yearLabel ?? '' });
  // A year without the 60-hour rule (need_all 2) leaves every course to choose.
  const box = learner.getByRole('checkbox', { name: `选择 ${COURSE}` });
  await expect(box).toBeVisible({ timeout: LOAD_TIMEOUT });
  await box.check();
  await learner.getByRole('button', { name: '立即报名' }).click();
  await expect(learner.getByRole('heading', { name: /确认报名信息/ })).toBeVisible();
  await learner.getByRole('button', { name: /确认报名/ }).click();
  const tip = learner.getByRole('dialog', { name: '提示' }).filter({ hasText: '应缴费用' });
  await expect(tip).toBeVisible();
  await tip.getByRole('button', { name: /确\s*定/ }).click();
  await expect(learner).toHaveURL(/\/pay$/);
  await expect(learner.getByText('¥10.00')).toBeVisible();

  const [response] = await Promise.all([
    learner.waitForResponse((r) => r.url().includes('/v1/order') && r.request().method() === 'POST'),
    learner.getByRole('button', { name: /确认支付/ }).click(),
  ]);
  const order = (await response.json()) as { data: { orderSig: { qrcode_url: string } } };
  const phone = await context.newPage();
  await phone.goto(order.data.orderSig.qrcode_url);
  await phone.getByRole('button', { name: '支付' }).click();
  await expect(phone.getByRole('status')).toHaveText('支付成功');
  await expect(learner).toHaveURL(/\/myCourse$/, { timeout: LOAD_TIMEOUT });

  await expect(learner.getByRole('region', { name: '学习概况' })).toBeVisible({ timeout: LOAD_TIMEOUT });
  // 陈静 finished every course of the current year, listed first: its congratulation opens once.
  const congratulation = learner.getByRole('dialog', { name: '恭喜' });
  await congratulation
    .getByRole('button', { name: /确\s*定/ })
    .click({ timeout: 10_000 })
    .catch(() => undefined);
  await expect(congratulation).toBeHidden();
  await learner.getByRole('tab', { name: `${YEAR}年度` }).click();
  const lessonAnswer = learner.waitForResponse((r) => new URL(r.url()).pathname === '/v1/webcourse_detail', {
    timeout: LOAD_TIMEOUT,
  });
  await learner
    .getByRole('listitem', { name: COURSE })
    .getByRole('button', { name: /开始学习/ })
    .click({ timeout: LOAD_TIMEOUT });
  await expect(learner).toHaveURL(/\/videoLearning\?cid=\d+/);
  // The lesson plays the uploaded file, or its HLS renditions once the transcoding job has
  // finished with it (a few seconds for this clip).
  const lesson = (await (await lessonAnswer).json()) as { data: { video_url: string } };
  expect(lesson.data.video_url).toMatch(/\/media\/videos\/lessons\/\d+-[0-9a-f]{32}(\.webm|-hls\/master\.m3u8)$/);
  await expect(learner.locator('video')).toHaveAttribute('src', /.+/, { timeout: LOAD_TIMEOUT });
  await learner.locator('.vjs-big-play-button').click({ timeout: LOAD_TIMEOUT });
  await expect
    .poll(() => learner.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: LOAD_TIMEOUT })
    .toBeGreaterThan(0);
  await learner.close();
  fs.rmSync(path.dirname(video), { recursive: true, force: true });
});
