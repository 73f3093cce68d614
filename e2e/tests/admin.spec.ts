import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LEARNERS, apiCall, apiLogin, loginWithToken } from './support/accounts';
import { skipTextAdvertisement } from './support/site';
import { DEMO_STAFF, staffLoginPage } from './support/staff';
import { FACE_CONSENT_VERSION, maskPersonalIdNumber } from '@yaoshi/contracts/personal-data-rules';

/** The staff console at /admin (issue 18): its own login with TOTP, a menu by role, staff accounts and the audit log. */
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const suffix = String(Date.now()).slice(-6);
const created: Record<'finance' | 'reviewer', { username: string; password: string; secret: string }> = {
  finance: { username: `cw${suffix}`, password: '', secret: '' },
  reviewer: { username: `sh${suffix}`, password: '', secret: '' },
};

test('a 管理员 signs in with password and TOTP and creates a 财务 and a 审核 account', async ({ page }) => {
  await staffLoginPage(page, DEMO_STAFF.admin);
  await expect(page.getByTestId('page-title')).toHaveText('工作人员账号');
  const menu = page.getByRole('menu', { name: '管理菜单' });
  await expect(menu.getByRole('menuitem')).toHaveText(['工作人员账号', '审计日志', '统计报表']);
  await expect(page).toHaveTitle(/工作人员账号 - 管理后台/);

  for (const [key, role, name] of [
    ['finance', '财务', '钱会计'],
    ['reviewer', '审核', '孙审核'],
  ] as const) {
    await page.getByRole('button', { name: '新建账号' }).click();
    const form = page.getByRole('form', { name: '新建工作人员账号' });
    await form.getByLabel('用户名').fill(created[key].username);
    await form.getByLabel('姓名').fill(name);
    await form.getByRole('checkbox', { name: role, exact: true }).check();
    await page.getByRole('button', { name: /创\s*建/ }).click();
    await expect(page.getByTestId('new-username')).toHaveText(created[key].username);
    created[key].password = (await page.getByTestId('new-password').textContent()) ?? '';
    created[key].secret = (await page.getByTestId('new-secret').textContent()) ?? '';
    // The authenticator is enrolled by scanning a QR code of the otpauth address.
    const qr = page.getByRole('img', { name: '验证器绑定二维码' });
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(150);
    if (key === 'finance') await page.screenshot({ path: test.info().outputPath('credentials-1280.png') });
    await page.getByRole('button', { name: '我已转交' }).click();
    await expect(
      page.getByRole('table', { name: '工作人员账号' }).getByRole('row', { name: new RegExp(created[key].username) }),
    ).toContainText(role);
  }
  expect(created.finance.password.length).toBeGreaterThanOrEqual(10);

  await page.getByRole('menuitem', { name: '审计日志' }).click();
  const log = page.getByRole('table', { name: '审计日志' });
  // Other specs sign in meanwhile (their logins are audited too): find this change by its target.
  const creation = log.getByRole('row').filter({ hasText: created.reviewer.username });
  await expect(creation.first()).toContainText('新建工作人员账号');
  await expect(creation.first()).toContainText('admin');
  await expect(log).toContainText('admin');

  // CSV export of the filtered log.
  await page.getByRole('form', { name: '筛选' }).getByLabel('对象').fill(created.finance.username);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  // One record: the account's creation (each record's before → after is a small table of its own).
  await expect(log.getByRole('cell', { name: created.finance.username, exact: true })).toHaveCount(1);
  await expect(log.getByRole('cell', { name: '新建工作人员账号', exact: true })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFF时间,操作人,角色,操作,对象,变更,来源地址');
  expect(csv).toContain(`新建工作人员账号,${created.finance.username}`);
  await page.screenshot({ path: test.info().outputPath('audit-1280.png') });

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByRole('form', { name: '管理后台登录' })).toBeVisible();
});

test('the new 财务 account replaces its generated password at the first login, then sees only what its role opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffLoginPage(page, created.finance);
  // A generated password: the console opens nothing but 修改密码 until its owner replaces it.
  await expect(page.getByTestId('page-title')).toHaveText('修改密码');
  await expect(page).toHaveURL(/\/admin\/password$/);
  await expect(page.getByText('首次登录，请先修改初始密码')).toBeVisible();
  await expect(page.getByRole('menu', { name: '管理菜单' }).getByRole('menuitem')).toHaveCount(0);
  await page.goto('/admin/learners');
  await expect(page.getByTestId('page-title')).toHaveText('修改密码');
  const form = page.getByRole('form', { name: '修改密码' });
  await form.getByLabel('初始密码').fill(created.finance.password);
  await form.getByLabel('新密码', { exact: true }).fill('onlyletters');
  await form.getByLabel('再次输入新密码').fill('onlyletters');
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(form.getByText('新密码须同时包含字母和数字')).toBeVisible();
  const chosen = `Qian${suffix}finance`;
  await form.getByLabel('新密码', { exact: true }).fill(chosen);
  await form.getByLabel('再次输入新密码').fill(chosen);
  await page.screenshot({ path: test.info().outputPath('first-login-password-1440.png') });
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改')).toBeVisible();
  created.finance.password = chosen;
  await expect(page.getByTestId('page-title')).toHaveText('学员管理');
  await expect(page.getByRole('menu', { name: '管理菜单' }).getByRole('menuitem')).toHaveText([
    '学员管理',
    '订单查询',
    '退款审核',
    '发票开具',
    '支付对账',
  ]);
  const learners = page.getByRole('table', { name: '学员列表' });
  // 财务 holds no learners.reveal: numbers come masked from the server.
  await expect(learners).toContainText(maskPersonalIdNumber(LEARNERS.zhang.idcard));
  await expect(learners).not.toContainText(LEARNERS.zhang.idcard);
  await page.getByRole('form', { name: '筛选' }).getByLabel('姓名').fill('王芳');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(learners.getByRole('row')).toHaveCount(2);
  await expect(learners).toContainText(maskPersonalIdNumber(LEARNERS.wang.idcard));
  await page.screenshot({ path: test.info().outputPath('learners-1440.png') });
  // The refund queue opens on the requests under review, with the learner's reason (王芳's seeded request).
  await page.getByRole('menuitem', { name: '退款审核' }).click();
  const refunds = page.getByRole('table', { name: '退款申请' });
  await expect(refunds).toContainText('王芳');
  await expect(refunds).toContainText('待审核');
  await expect(refunds.getByRole('button', { name: /^通\s*过$/ }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('refunds-1440.png') });
  await page.goto('/admin/staff');
  await expect(page.getByText('您的角色不能打开此页面')).toBeVisible();
});

test('a wrong code is refused and nothing of the console opens without a staff session', async ({ page }) => {
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/login$/);
  const form = page.getByRole('form', { name: '管理后台登录' });
  await form.getByLabel('用户名').fill(DEMO_STAFF.auditor.username);
  await form.getByLabel('密码').fill(DEMO_STAFF.auditor.password);
  await form.getByLabel('动态验证码').fill('000000');
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('用户名、密码或动态验证码错误')).toBeVisible();
});

/** The smallest upload the server takes as a JPEG (magic bytes); the reviewer judges, not a machine. */
const TINY_JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64')}`;

async function zhangUploadsPhoto(): Promise<void> {
  const token = await apiLogin(LEARNERS.zhang.idcard, LEARNERS.zhang.password);
  expect((await apiCall('POST', '/v1/face_consent', { version: FACE_CONSENT_VERSION }, token)).code).toBe(200);
  const reply = await apiCall('POST', '/v1/avatar', { avatar: TINY_JPEG }, token);
  expect(reply.code).toBe(200);
}

test("审核 rejects 张晓明's photo; at his next login he is sent to /faceCollection and reads the reason", async ({
  page,
  browser,
}) => {
  await zhangUploadsPhoto();
  await staffLoginPage(page, DEMO_STAFF.reviewer);
  await page.getByRole('menuitem', { name: '人脸审核' }).click();
  const card = page.locator('[aria-label="人脸照片 张晓明"]');
  // 审核 holds no learners.reveal: the ID number is masked (3201**********4510).
  await expect(card).toContainText(maskPersonalIdNumber(LEARNERS.zhang.idcard));
  await expect(card).not.toContainText(LEARNERS.zhang.idcard);
  await expect(card).toContainText('更换照片');
  await card.getByRole('button', { name: /驳\s*回/ }).click();
  const reason = '照片模糊，请在光线充足处重新采集';
  await page.getByText(reason, { exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /驳\s*回/ })
    .click();
  await expect(page.getByText('已驳回 张晓明 的照片')).toBeVisible();
  await expect(page.locator('[aria-label="人脸照片 张晓明"]')).toHaveCount(0);

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await skipTextAdvertisement(learner);
  await learner.goto('/');
  const box = learner.getByRole('form', { name: '学员登录' });
  await box.getByLabel('身份证号/手机号').fill(LEARNERS.zhang.idcard);
  await box.getByLabel('密码').fill(LEARNERS.zhang.password);
  await box.getByRole('button', { name: /登\s*录/ }).click();
  await expect(learner).toHaveURL(/\/faceCollection$/);
  await expect(learner.getByTestId('face-reject-reason')).toContainText(`您的人脸照片未通过审核：${reason}`);
  await learner.screenshot({ path: test.info().outputPath('face-rejected-1280.png') });
  await learnerContext.close();

  // Put 张晓明 back as the other specs expect him: a new photo, approved.
  await zhangUploadsPhoto();
  await page.reload();
  const again = page.locator('[aria-label="人脸照片 张晓明"]');
  await again.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(page.getByText('已通过 张晓明 的照片')).toBeVisible();
  const login = await apiCall<{ face_init: number }>('POST', '/v1/login', {
    type: '1',
    username: LEARNERS.zhang.idcard,
    password: LEARNERS.zhang.password,
  });
  expect(login.data.face_init).toBe(1);
});

test("a learner's pages load no admin code", async ({ page }) => {
  await skipTextAdvertisement(page);
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/admin/')) adminRequests.push(request.url());
  });
  await loginWithToken(page, LEARNERS.wang);
  await page.goto('/');
  await page.goto('/myOrder');
  await expect(page.getByRole('table', { name: '订单列表' })).toBeVisible();
  await page.goto('/myCourse');
  await page.waitForLoadState('networkidle');
  expect(adminRequests).toEqual([]);
});
