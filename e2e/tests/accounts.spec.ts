import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/environment';
import {
  LEARNERS,
  apiCall,
  apiLogin,
  latestSmsCode,
  loginWithToken,
  restorePassword,
  type Learner,
} from './support/accounts';
import { agreeToFaceRulesIfAsked, skipTextAdvertisement } from './support/site';

test.beforeEach(({ page }) => skipTextAdvertisement(page));

// The face-collection test needs a camera: Chromium's fake device, permission granted.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const loginBox = (page: Page) => page.getByRole('form', { name: '学员登录' });

async function passwordLogin(page: Page, username: string, password: string) {
  await page.goto('/');
  const box = loginBox(page);
  await box.getByLabel('身份证号/手机号').fill(username);
  await box.getByLabel('密码').fill(password);
  await box.getByRole('button', { name: /登\s*录/ }).click();
}

async function expectStudentArea(page: Page, learner: Learner) {
  await expect(page).toHaveURL(/\/studentsNote$/);
  await expect(page.getByText(`欢迎您，${learner.name}！`)).toBeVisible();
  await expect(page.getByRole('heading', { name: '专业课学习考核流程及介绍' })).toBeVisible();
}

test('password login with the ID number lands on the notes; logout returns home', async ({ page }) => {
  await passwordLogin(page, LEARNERS.zhang.idcard, LEARNERS.zhang.password);
  await expectStudentArea(page, LEARNERS.zhang);
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(loginBox(page)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
});

test('code login: the code from the SMS outbox logs the learner in; the home panel then greets them', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByText('验证码登录').click();
  const box = loginBox(page);
  await box.getByLabel('手机号').fill(LEARNERS.wang.phone);
  await box.getByRole('button', { name: '获取验证码' }).click();
  await expect(box.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  await box.getByLabel('验证码').fill(await latestSmsCode(LEARNERS.wang.phone));
  await box.getByRole('button', { name: /登\s*录/ }).click();
  await expectStudentArea(page, LEARNERS.wang);
  await page.getByRole('banner', { name: '欢迎栏' }).getByRole('link', { name: '返回首页' }).click();
  await expect(page.getByText('您已登录学员中心')).toBeVisible();
  await expect(page.getByText(LEARNERS.wang.name, { exact: true })).toBeVisible();
});

test('a wrong password is refused with the server message; a bad login id with the form message', async ({ page }) => {
  await passwordLogin(page, LEARNERS.wang.idcard, 'wrong-password');
  await expect(page.locator('.ant-message-error')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const box = loginBox(page);
  await box.getByLabel('身份证号/手机号').fill('12345');
  await box.getByRole('button', { name: /登\s*录/ }).click();
  await expect(box.getByText('请输入正确的身份证号或手机号')).toBeVisible();
});

test('forgot password: new password set with an SMS code, then login with it', async ({ page }) => {
  const learner = LEARNERS.zhang;
  const newPassword = 'Forgot88';
  try {
    await page.goto('/');
    await loginBox(page).getByRole('button', { name: '忘记密码' }).click();
    const dialog = page.getByRole('dialog', { name: '忘记密码' });
    await dialog.getByLabel('身份证号').fill(learner.idcard);
    await dialog.getByLabel('手机号').fill(learner.phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
    await dialog.getByLabel('验证码').fill(await latestSmsCode(learner.phone));
    await dialog.getByLabel('新密码', { exact: true }).fill(newPassword);
    await dialog.getByLabel('确认新密码').fill(newPassword);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('修改成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    await passwordLogin(page, learner.phone, newPassword);
    await expectStudentArea(page, learner);
  } finally {
    await restorePassword(learner, newPassword).catch(() => undefined);
  }
});

test('profile: a validation error shows on blur, then a valid save says 保存成功', async ({ page }) => {
  await loginWithToken(page, LEARNERS.wang);
  await page.goto('/myInfo');
  const form = page.getByRole('form', { name: '学员信息' });
  const company = form.getByLabel('工作单位');
  await expect(form.getByLabel('姓名')).toHaveValue(LEARNERS.wang.name);
  await expect(form.getByLabel('姓名')).toBeDisabled();
  await company.fill('ABC Pharmacy');
  await company.blur();
  await expect(form.getByText('工作单位只能为中文')).toBeVisible();
  // A value the seed does not have, so the reload proves the server kept the change.
  await company.fill('上海市浦东新区公利医院');
  await company.blur();
  await expect(form.getByText('工作单位只能为中文')).toBeHidden();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: '学员信息' }).getByLabel('工作单位')).toHaveValue(
    '上海市浦东新区公利医院',
  );
});

test('password change says 修改成功; the old password is then refused', async ({ page }) => {
  // Three logins and two password hashes on the server: more than the default budget on a busy machine.
  test.slow();
  const learner = LEARNERS.zhang;
  const newPassword = 'Change99';
  try {
    await loginWithToken(page, learner);
    await page.goto('/myInfo');
    await page.getByRole('tab', { name: '修改密码' }).click();
    const form = page.getByRole('form', { name: '修改密码' });
    await form.getByLabel('新密码').fill(newPassword);
    await form.getByLabel('确认密码').fill('Mismatch1');
    await form.getByLabel('确认密码').blur();
    await expect(form.getByText('两次输入的密码不一致')).toBeVisible();
    await form.getByLabel('确认密码').fill(newPassword);
    await form.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('修改成功')).toBeVisible();
    await expect(form.getByLabel('新密码')).toHaveValue('');
    expect(
      (await apiCall('POST', '/v1/login', { type: '1', username: learner.idcard, password: learner.password })).code,
    ).not.toBe(200);
    await page.evaluate(() => window.localStorage.clear());
    await passwordLogin(page, learner.idcard, learner.password);
    await expect(page.locator('.ant-message-error')).toBeVisible();
    await passwordLogin(page, learner.idcard, newPassword);
    await expectStudentArea(page, learner);
  } finally {
    await restorePassword(learner, newPassword).catch(() => undefined);
  }
});

test('a learner without a face photo lands on /faceCollection and uploads one', async ({ page }) => {
  await passwordLogin(page, LEARNERS.li.idcard, LEARNERS.li.password);
  await expect(page).toHaveURL(/\/faceCollection$/);
  await expect(page.getByText(/不足1分钟/)).toBeVisible();
  // Not logged in yet: the student area refuses and says why.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/studentsNote');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('请先上传人脸采集')).toBeVisible();
  await expect(page).toHaveURL(/\/faceCollection$/);
  // A typed address (a new page load) is not sent to the home page's login box either.
  await page.goto('/myCourse');
  await expect(page).toHaveURL(/\/faceCollection$/);
  await expect(page.getByText('请先上传人脸采集')).toBeVisible();
  await agreeToFaceRulesIfAsked(page);
  await page.getByRole('button', { name: '开始采集', exact: true }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('heading', { name: '上传成功' }).or(page.getByText('上传成功').first())).toBeVisible({
    timeout: 15_000,
  });
  // She is told where her photo stands and what she can do meanwhile.
  await expect(page.getByText('待审核', { exact: true })).toBeVisible();
  await expect(page.getByText(/审核期间您可以进入学员中心完善个人信息、选课和缴费/)).toBeVisible();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`face-uploaded-${width}.png`) });
  }
  // Signed in now: a typed /myCourse opens, and says why lessons wait.
  await page.goto('/myCourse');
  await expect(page).toHaveURL(/\/myCourse$/);
  await expect(page.getByText('头像审核中，审核通过后方可学习')).toBeVisible({ timeout: 30_000 });
  await page.goto('/faceCollection');
  await expect(page.getByTestId('face-under-review')).toContainText('待审核');
  await page.getByRole('link', { name: '进入学员中心' }).first().click();
  await expect(page).toHaveURL(/\/studentsNote$/);

  // The photo is private: the learner gets a signed URL that works; the bare path does not.
  const token = await apiLogin(LEARNERS.li.idcard, LEARNERS.li.password);
  const { data } = await apiCall<{ avatar: string }>('GET', '/v1/userinfo', {}, token);
  expect(data.avatar).toMatch(/^\/media\/faces\/[0-9a-f]+\.(jpg|png)\?expires=\d+&signature=/);
  expect((await page.request.get(data.avatar)).status()).toBe(200);
  expect((await page.request.get(data.avatar.split('?')[0]!)).status()).toBe(403);
});

test('the guard sends an anonymous visitor from /myInfo home', async ({ page }) => {
  await page.goto('/myInfo');
  await expect(page).toHaveURL(/\/$/);
  await expect(loginBox(page)).toBeVisible();
});

test('leaving 专业课学习 (/myCourse) for another student page loads that page anew (spec 01 §6); arriving there does not', async ({
  page,
}) => {
  await loginWithToken(page, LEARNERS.wang);
  await page.goto('/myOrder');
  const menu = page.getByRole('navigation', { name: '学员中心菜单' });
  // A mark on the page's window: a new document has none.
  const markWindow = () => page.evaluate(() => Object.assign(window, { e2eMark: true }));
  const marked = () => page.evaluate(() => 'e2eMark' in window);
  await markWindow();
  await menu.getByRole('link', { name: '专业课学习', exact: true }).click();
  await expect(page).toHaveURL(/\/myCourse$/);
  await expect(page.getByRole('region', { name: '学习概况' })).toBeVisible({ timeout: 30_000 });
  expect(await marked()).toBe(true);
  await menu.getByRole('link', { name: '我的订单' }).click();
  await expect(page).toHaveURL(/\/myOrder$/);
  await expect(menu.getByRole('link', { name: '我的订单' })).toBeVisible();
  await expect.poll(marked).toBe(false);
  // One history entry for the page loaded anew: back is 专业课学习.
  await page.goBack();
  await expect(page).toHaveURL(/\/myCourse$/);
});

test('a token revoked on the server sends the browser home with 请先登录', async ({ page }) => {
  const token = await loginWithToken(page, LEARNERS.wang);
  await page.goto('/agreement');
  await expect(page.getByRole('heading', { name: '个人信息与隐私政策', exact: true })).toBeVisible();
  expect((await apiCall('POST', '/v1/logout', {}, token)).code).toBe(200);
  await page.getByRole('navigation', { name: '学员中心菜单' }).getByRole('link', { name: '学员须知' }).click();
  await expect(page.getByText('请先登录')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(loginBox(page)).toBeVisible();
});
