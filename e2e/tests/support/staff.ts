import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { STAFF_TOKEN_KEY } from '@yaoshi/api-client/staff-session';
import { apiCall } from './accounts';

/** The demo staff accounts (api/demo/staff.json; development only), one per role. */
export const DEMO_STAFF = {
  admin: { username: 'admin', password: 'Admin-demo-2025', secret: 'JBSWY3DPEHPK3PXPADMINAAAAAAAAAAA' },
  registrar: { username: 'registrar', password: 'Registrar-demo-2025', secret: 'JBSWY3DPEHPK3PXPREGISTRARAAAAAAA' },
  finance: { username: 'finance', password: 'Finance-demo-2025', secret: 'JBSWY3DPEHPK3PXPFINANCEAAAAAAAAA' },
  reviewer: { username: 'reviewer', password: 'Reviewer-demo-2025', secret: 'JBSWY3DPEHPK3PXPREVIEWERAAAAAAAA' },
  releases: { username: 'releases', password: 'Releases-demo-2025', secret: 'JBSWY3DPEHPK3PXPRELEASESAAAAAAAA' },
  auditor: { username: 'auditor', password: 'Auditor-demo-2025', secret: 'JBSWY3DPEHPK3PXPAUDITORAAAAAAAAA' },
} as const;

export interface StaffLogin {
  username: string;
  password: string;
  secret: string;
}

/** The current TOTP code. A code is accepted once per account and 30-second step, so a second login waits for the next step. */
export function totpNow(secret: string): string {
  return generateSync({ secret });
}

const lastStep = new Map<string, number>();

async function freshCode(staff: StaffLogin, nextStep = false): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  if (nextStep || lastStep.get(staff.username) === step) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  lastStep.set(staff.username, step);
  return totpNow(staff.secret);
}

/**
 * Signs in at /admin/login through the form. Another spec may have just used this account's
 * code (a code is taken once per account and step): one retry with the next step's code.
 */
export async function staffLoginPage(page: Page, staff: StaffLogin): Promise<void> {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: '管理后台登录' });
  for (let attempt = 0; ; attempt += 1) {
    await form.getByLabel('用户名').fill(staff.username);
    await form.getByLabel('密码').fill(staff.password);
    await form.getByLabel('动态验证码').fill(await freshCode(staff, attempt > 0));
    await form.getByRole('button', { name: /登\s*录/ }).click();
    const refused = page.getByText(STAFF_LOGIN_REFUSED);
    await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/admin/login'), { timeout: 15_000 }),
      refused.waitFor({ timeout: 15_000 }),
    ]).catch(() => undefined);
    if (attempt > 0 || !(await refused.isVisible())) return;
  }
}

/** The console's answer to a wrong password or code. */
export const STAFF_LOGIN_REFUSED = '用户名、密码或动态验证码错误';

/** Opens a console page already signed in through the API (the staff token in the tab's sessionStorage). */
export async function openConsoleAs(page: Page, staff: StaffLogin, path: string): Promise<void> {
  const token = await staffApiLogin(staff);
  await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key!, value!), [STAFF_TOKEN_KEY, token]);
  await page.goto(path);
}

/**
 * Signs in through POST /v1/admin/login and returns the staff token. A code is taken once
 * per account and step, and another spec may have just used this account's: one retry
 * with the next step's code.
 */
export async function staffApiLogin(staff: StaffLogin): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const reply = await apiCall<{ token: string }>('POST', '/v1/admin/login', {
      username: staff.username,
      password: staff.password,
      otp: await freshCode(staff, attempt > 0),
    });
    if (reply.code === 200) return reply.data.token;
    if (attempt > 0) throw new Error(`staff login ${staff.username} answered ${reply.code} ${reply.message}`);
  }
}
