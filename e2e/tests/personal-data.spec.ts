import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { MyData } from '@yaoshi/contracts/personal-data';
import { maskPersonalIdNumber, maskPhone } from '@yaoshi/contracts/personal-data-rules';
import { LEARNERS, apiCall, apiLogin, loginWithToken } from './support/accounts';
import { testIdNumber } from './support/orders';
import { skipTextAdvertisement } from './support/site';
import { CHROMIUM_ARGS } from './support/environment';
import { DEMO_STAFF, openConsoleAs, staffApiLogin } from './support/staff';

/**
 * Personal data (docs/security.md): the console shows ID numbers and phones masked to every
 * role, 学员管理 reveals one value (audited); /faceCollection asks for consent first and says
 * what is kept and how long; /myInfo downloads the learner's data and asks for closure, which
 * 学员管理 refuses with a reason and then approves. The learners of the last two are new
 * (created through the staff API), so no other spec's learner changes.
 */
test.describe.configure({ mode: 'serial' });

// The face-collection consent test opens the camera: Chromium's fake device, permission granted
// (without it the page rightly says 您的摄像头已被禁用, and 开始采集 shows only while the refusal is on its way).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});
test.setTimeout(120_000);

const run = Number(String(Date.now()).slice(-7));

async function newLearner(serial: number, name: string) {
  const learner = {
    name,
    idcard: testIdNumber(serial, '320111'),
    phone: `134${String(serial).padStart(8, '0').slice(-8)}`,
    password: '',
  };
  const registrar = await staffApiLogin(DEMO_STAFF.registrar);
  const created = await apiCall<{ initial_password: string }>(
    'POST',
    '/v1/admin/learners/create',
    { name: learner.name, idcard: learner.idcard, phone: learner.phone, certification_type: 2 },
    registrar,
  );
  expect(created.code, created.message).toBe(200);
  learner.password = created.data.initial_password;
  return learner;
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('审核 sees 张晓明 masked in 学员管理, with no way to reveal', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsoleAs(page, DEMO_STAFF.reviewer, '/admin/learners');
  const table = page.getByRole('table', { name: '学员列表' });
  await expect(table).toContainText('3201**********4510');
  await expect(table).toContainText('138****5678');
  await expect(table).not.toContainText(LEARNERS.zhang.idcard);
  await expect(table).not.toContainText(LEARNERS.zhang.phone);
  await expect(page.getByRole('button', { name: /显示.*完整/ })).toHaveCount(0);
  await shoot(page, 'learners-masked-reviewer');
});

test('学员管理 sees them masked too and reveals 张晓明’s ID number, once, recorded in the audit', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsoleAs(page, DEMO_STAFF.registrar, '/admin/learners');
  const table = page.getByRole('table', { name: '学员列表' });
  await page.getByRole('form', { name: '筛选' }).getByLabel('姓名').fill(LEARNERS.zhang.name);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(maskPersonalIdNumber(LEARNERS.zhang.idcard));
  await expect(table).toContainText(maskPhone(LEARNERS.zhang.phone));
  await shoot(page, 'learners-masked-registrar');
  await table.getByRole('button', { name: `显示${LEARNERS.zhang.name}的完整身份证号` }).click();
  await expect(table).toContainText(LEARNERS.zhang.idcard);
  // Only that value: the phone stays masked until asked for.
  await expect(table).toContainText(maskPhone(LEARNERS.zhang.phone));
  await expect(table.getByRole('button', { name: `显示${LEARNERS.zhang.name}的完整身份证号` })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('learners-revealed-1440.png') });

  // The drawer: masked, and its own 显示 for the phone.
  await table.getByRole('button', { name: /查\s*看/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(maskPhone(LEARNERS.zhang.phone));
  await drawer.getByRole('button', { name: `显示${LEARNERS.zhang.name}的完整手机号` }).click();
  await expect(drawer).toContainText(LEARNERS.zhang.phone);
  await page.screenshot({ path: test.info().outputPath('learner-drawer-revealed-1440.png') });

  const admin = await staffApiLogin(DEMO_STAFF.admin);
  const audit = await apiCall<{ list: { actor: string; after: { field: string } }[] }>(
    'GET',
    '/v1/admin/audit',
    { action: 'learner.reveal-personal', actor: DEMO_STAFF.registrar.username, size: 2 },
    admin,
  );
  expect(audit.data.list.map((record) => record.after.field)).toEqual(['phone', 'id_number']);
});

test('/faceCollection asks for consent to the rules before the camera, then says what is kept and how long', async ({
  page,
}) => {
  const learner = await newLearner(run, '人脸同意测试');
  await skipTextAdvertisement(page);
  await loginWithToken(page, learner);
  await page.goto('/faceCollection');
  const rules = page.getByRole('region', { name: '人脸信息处理规则' });
  await expect(rules).toContainText('人脸信息属于敏感个人信息');
  await expect(rules).toContainText(/学习中的人脸核验照片保存至所属学习年度结束后\d+天/);
  await expect(page.getByRole('button', { name: '开始采集', exact: true })).toHaveCount(0);
  const agree = page.getByRole('button', { name: '同意并开始采集' });
  await expect(agree).toBeDisabled();
  await shoot(page, 'face-consent');
  await page.getByRole('checkbox').check();
  await agree.click();
  await expect(page.getByRole('button', { name: '开始采集', exact: true })).toBeVisible();
  const kept = page.getByTestId('face-retention');
  await expect(kept).toContainText('账号存续期间保存');
  await expect(kept).toContainText(/您已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 同意《人脸信息处理规则》/);
  await shoot(page, 'face-consented');
});

test('/myInfo: the learner downloads their data and asks to close the account; 学员管理 refuses, then approves', async ({
  page,
  browser,
}) => {
  const learner = await newLearner(run + 1, '注销测试');
  await skipTextAdvertisement(page);
  const token = await loginWithToken(page, learner);
  await page.goto('/myInfo?tab=data');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载我的个人信息' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^我的个人信息-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as MyData;
  expect(data.profile['idcard']).toBe(learner.idcard);
  expect(data.profile['phone']).toBe(learner.phone);
  expect(data.generated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(Object.keys(data)).toEqual(
    expect.arrayContaining(['orders', 'study', 'exams', 'certificates', 'face_photos', 'invoices', 'refunds']),
  );

  await page.getByRole('button', { name: '申请注销账号' }).click();
  const dialog = page.getByRole('dialog', { name: '申请注销账号' });
  await dialog.getByLabel('注销原因（选填）').fill('已不在本地区执业');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  const state = page.getByTestId('closure-state');
  await expect(state).toContainText('待处理');
  await shoot(page, 'my-info-closure-pending');

  // 学员管理 refuses with a reason; the learner reads it.
  const console = await browser.newPage();
  await console.setViewportSize({ width: 1280, height: 900 });
  await openConsoleAs(console, DEMO_STAFF.registrar, '/admin/closures');
  const table = console.getByRole('table', { name: '注销申请' });
  const row = table.getByRole('row').filter({ hasText: learner.name });
  await expect(row).toContainText('已不在本地区执业');
  await expect(row).toContainText(maskPersonalIdNumber(learner.idcard));
  await shoot(console, 'closures-pending');
  await row.getByRole('button', { name: '不同意' }).click();
  const reason = '尚有未处理完的订单、退款或发票，请处理完毕后再申请';
  await console.getByText(reason, { exact: true }).click();
  await console
    .getByRole('dialog')
    .getByRole('button', { name: /不同意/ })
    .click();
  await expect(console.getByText(`已处理 ${learner.name} 的注销申请`)).toBeVisible();
  await page.reload();
  await expect(state).toContainText('未同意');
  await expect(state).toContainText(reason);

  // Asked again and approved: the account is closed and can no longer log in.
  await page.getByRole('button', { name: '申请注销账号' }).click();
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(state).toContainText('待处理');
  await console.reload();
  await row.getByRole('button', { name: /^同\s*意$/ }).click();
  await console.getByRole('tooltip').getByRole('button', { name: '同意注销' }).click();
  await expect(console.getByText(`已注销 ${learner.name} 的账号`)).toBeVisible();
  await console.close();
  expect((await apiCall('GET', '/v1/userinfo', {}, token)).code).toBe(401);
  await expect(apiLogin(learner.idcard, learner.password)).rejects.toThrow(/账号或密码错误/);
});
