import { expect, test, type Page } from '@playwright/test';
import { LEARNERS, loginWithToken } from './support/accounts';
import { skipTextAdvertisement } from './support/site';

// The home page's text and floating advertisements are public-site.spec.ts's business.
test.beforeEach(({ page }) => skipTextAdvertisement(page));

/**
 * Selection and payment journeys of 李华, who starts with no enrolment. Not 张晓明: the
 * accounts spec's forgotten-password and password-change tests end all of his other
 * sessions while they run, which would log these journeys out half-way on the other worker.
 * Each journey uses its own year (or the public list), so they run in any order on one
 * fresh server:
 *   - QR payment of the current year (the first year listed);
 *   - failure, then repay by redirect checkout, in last year (the second listed);
 *   - the public-course sign-up of the current year.
 */

// Six-hour electives of the demo catalogue (api/src/seed/catalogue-seed.ts).
const ELECTIVES = [
  '高血压患者的用药指导',
  '糖尿病药物治疗与血糖管理',
  '常用中成药的合理使用',
  '中药饮片调剂与质量鉴别',
  '儿童与老年人安全用药',
  '抗凝药物的药学监护',
  '社区药房慢病管理实践',
];
const PUBLIC_COURSES = [
  '专业技术人员职业道德与诚信建设',
  '健康中国战略与公共卫生',
  '突发公共卫生事件应急处置',
  '个人信息保护与数据安全',
  '人工智能与医药健康',
  '心理健康与压力管理',
  '法治素养与依法执业',
];

// Whole journeys through several dialogs and a second page, on a shared 2-core machine.
test.setTimeout(180_000);

const tick = (page: Page, name: string) => page.getByRole('checkbox', { name: `选择 ${name}` }).check();

async function openSelection(page: Page) {
  await loginWithToken(page, LEARNERS.li);
  await page.goto('/signStudy');
  const notice = page.getByRole('dialog', { name: '重要提示' });
  // The first visit loads the remote: slow when the machine is busy.
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await notice.getByRole('button', { name: '我已知晓' }).click();
  await expect(notice).toBeHidden();
}

async function chooseYear(page: Page, index: number): Promise<void> {
  await page.getByRole('combobox', { name: '学习年度' }).selectOption({ index });
}

/** 立即报名 → confirm view → 确认报名 → msg2 → 确定 → /pay. Returns the year confirmed. */
async function signUpAndConfirm(page: Page, expectOverHours = false): Promise<string> {
  await page.getByRole('button', { name: '立即报名' }).click();
  const heading = page.getByRole('heading', { name: /确认报名信息/ });
  await expect(heading).toBeVisible();
  const year = /(\d{4})年度/.exec((await heading.textContent()) ?? '')![1]!;
  await expect(page.getByRole('combobox', { name: '学习年度' })).toBeHidden();
  await page.getByRole('button', { name: /确认报名/ }).click();
  if (expectOverHours) {
    const over = page.getByRole('dialog').filter({ hasText: '超出本年度要求学时' });
    await expect(over).toBeVisible();
    await over.getByRole('button', { name: /确认报名/ }).click();
  }
  const tip = page.getByRole('dialog', { name: '提示' }).filter({ hasText: '应缴费用' });
  await expect(tip).toBeVisible();
  await tip.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/pay$/);
  return year;
}

/** Presses 确认支付 and returns what the server answered (the QR address or checkout page). */
async function confirmPayment(page: Page): Promise<{ order_id: string; orderSig: { qrcode_url: string } | string }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/v1/order') && r.request().method() === 'POST'),
    page.getByRole('button', { name: /确认支付/ }).click(),
  ]);
  const body = (await response.json()) as {
    code: number;
    data: { order_id: string; orderSig: { qrcode_url: string } | string };
  };
  expect(body.code).toBe(200);
  return body.data;
}

test('professional selection to 60 hours, QR payment on a second page, 支付成功 and /myCourse', async ({
  page,
  context,
}) => {
  await openSelection(page);
  // Compulsory courses are selected and locked; the face-to-face tab is closed.
  await expect(page.getByRole('checkbox', { name: '选择 药品管理法律法规与执业药师职业道德' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '选择 药品管理法律法规与执业药师职业道德' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: /面授/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('link', { name: '试看' }).first()).toHaveAttribute(
    'href',
    /\/videoLearning\?tryIt=1&cid=\d+$/,
  );

  for (const name of ELECTIVES.slice(0, 5)) await tick(page, name);
  await expect(page.getByTestId('chosen-hours')).toHaveText('54.0');
  await page.getByRole('button', { name: '立即报名' }).click();
  const short = page.getByRole('dialog').filter({ hasText: '还差6.0学时' });
  await expect(short).toContainText('本年度专业课要求60.0学时，您已选择54.0学时');
  await short.getByRole('button', { name: /重新选择/ }).click();

  await tick(page, ELECTIVES[5]!);
  const reached = page.getByRole('dialog').filter({ hasText: '已选满60.0学时' });
  await expect(reached).toBeVisible();
  await reached.getByRole('button', { name: /知道了/ }).click();
  const year = await signUpAndConfirm(page);

  await expect(page.getByText(`${year}年远程年度培训订单`)).toBeVisible();
  await expect(page.getByText('¥300.00')).toBeVisible();
  await page.getByRole('button', { name: '查看详情' }).click();
  const details = page.getByRole('dialog', { name: '已购课程列表' });
  await expect(details.getByRole('listitem')).toHaveCount(10);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  const order = await confirmPayment(page);
  const qr = page.getByRole('dialog', { name: '微信扫码支付' });
  await expect(qr).toContainText('二维码有效期为5分钟');
  await expect(qr.locator('canvas')).toHaveAttribute('width', '200');
  expect(typeof order.orderSig).toBe('object');

  const phone = await context.newPage();
  await phone.goto((order.orderSig as { qrcode_url: string }).qrcode_url);
  await expect(phone.getByText('¥300.00')).toBeVisible();
  await phone.getByRole('button', { name: '支付' }).click();
  await expect(phone.getByRole('status')).toHaveText('支付成功');

  await expect(page.getByText('支付成功', { exact: true })).toBeVisible({ timeout: 8000 });
  await expect(page).toHaveURL(/\/myCourse$/, { timeout: 5000 });
  expect(await page.evaluate(() => localStorage.getItem('net-class-pay'))).toBeNull();

  // The bought courses are now marked and cannot be chosen again.
  await page.goto('/signStudy');
  await page
    .getByRole('dialog', { name: '重要提示' })
    .getByRole('button', { name: '我已知晓' })
    .click({ timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: `选择 ${ELECTIVES[0]}` })).toBeDisabled();
});

test('QR payment fails, the refreshed page repays by redirect checkout and returns to the site', async ({
  page,
  context,
}) => {
  await openSelection(page);
  await chooseYear(page, 1);
  for (const name of ELECTIVES.slice(0, 6)) await tick(page, name);
  await page
    .getByRole('dialog')
    .filter({ hasText: '已选满60.0学时' })
    .getByRole('button', { name: /知道了/ })
    .click();
  await tick(page, ELECTIVES[6]!);
  // 66 hours: over the requirement, confirmed anyway.
  const year = await signUpAndConfirm(page, true);
  await expect(page.getByText(`${year}年远程年度培训订单`)).toBeVisible();

  const first = await confirmPayment(page);
  const phone = await context.newPage();
  await phone.goto((first.orderSig as { qrcode_url: string }).qrcode_url);
  await phone.getByRole('button', { name: '失败' }).click();
  await expect(phone.getByRole('status')).toHaveText('支付失败');
  await expect(page.getByText('支付失败，请刷新重试')).toBeVisible({ timeout: 8000 });

  await page.reload();
  await expect(page.getByText(`${year}年远程年度培训订单`)).toBeVisible();
  await page.getByRole('radio', { name: /支付宝/ }).check();
  await Promise.all([
    page.waitForURL(/\/sandbox-pay\/checkout\//),
    page.getByRole('button', { name: /确认支付/ }).click(),
  ]);
  await expect(page.getByText('沙箱支付收银台')).toBeVisible();
  await page.getByRole('button', { name: '支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay\\?order_id=${first.order_id}&returned=1$`));
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/myCourse$/, { timeout: 5000 });
});

test('public courses: not enough hours, the 30-hour prompt, exactly 30 on confirmation, 报名成功 and /publicCourse', async ({
  page,
}) => {
  await loginWithToken(page, LEARNERS.li);
  await page.goto('/publicSignStudy');
  const notice = page.getByRole('dialog', { name: '重要提示' });
  await expect(notice).toContainText('恰好为30学时', { timeout: 30_000 });
  await notice.getByRole('button', { name: '我已知晓' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('checkbox', { name: `选择 ${PUBLIC_COURSES[0]}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '立即报名' }).click();
  await expect(page.getByText('您还没有选择要学习的课程')).toBeVisible();

  for (const name of PUBLIC_COURSES.slice(0, 5)) await tick(page, name);
  await page.getByRole('button', { name: '立即报名' }).click();
  const notEnough = page.getByRole('dialog').filter({ hasText: '学时不足' });
  await expect(notEnough).toContainText('您当前选择了25.0学时');
  await notEnough.getByRole('button', { name: /继续选课/ }).click();

  await tick(page, PUBLIC_COURSES[5]!);
  const reached = page.getByRole('dialog').filter({ hasText: '已选满30.0学时' });
  await reached.getByRole('button', { name: /知道了/ }).click();
  await tick(page, PUBLIC_COURSES[6]!);
  await page.getByRole('button', { name: '立即报名' }).click();
  await page.getByRole('button', { name: /确认报名/ }).click();
  const notExact = page.getByRole('dialog').filter({ hasText: '须恰好选择30.0学时' });
  await expect(notExact).toContainText('35.0学时');
  await notExact.getByRole('button', { name: /继续选课/ }).click();

  await page.getByRole('checkbox', { name: `选择 ${PUBLIC_COURSES[6]}` }).uncheck();
  await page.getByRole('button', { name: '立即报名' }).click();
  await page.getByRole('button', { name: /确认报名/ }).click();
  await expect(page.getByText('报名成功')).toBeVisible();
  await expect(page).toHaveURL(/\/publicCourse$/, { timeout: 5000 });
});
