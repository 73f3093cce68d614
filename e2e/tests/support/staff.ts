import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  editor: { username: 'editor', password: 'Editor-demo-2025', secret: 'JBSWY3DPEHPK3PXPEDITORAAAAAAAAAA' },
  courses: { username: 'courses', password: 'Courses-demo-2025', secret: 'JBSWY3DPEHPK3PXPCOURSESAAAAAAAAA' },
} as const;

export interface StaffLogin {
  username: string;
  password: string;
  secret: string;
}

/** The current TOTP code. */
export function totpNow(secret: string): string {
  return generateSync({ secret });
}

/*
 * A TOTP code is accepted once per account and 30-second step, and the two Playwright
 * workers sign in as the same demo accounts. So every sign-in of an account holds that
 * account's lock (a folder made atomically under the server's fresh data folder) and the
 * step it used is written beside it: the next sign-in, from either worker, waits for the
 * next step instead of being refused. API sign-ins are also kept, one session per account
 * shared by the whole run (a staff session lives 12 hours), and reused while the server
 * still accepts it.
 */
const SESSIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../.data/staff-sessions');

async function withAccountLock<T>(staff: StaffLogin, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(SESSIONS_DIR, { recursive: true });
  const lock = path.join(SESSIONS_DIR, `${staff.username}.lock`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** A code no sign-in of this account has used yet (call with the account's lock held). */
async function freshCode(staff: StaffLogin): Promise<string> {
  const stepFile = path.join(SESSIONS_DIR, `${staff.username}.step`);
  const used = fs.existsSync(stepFile) ? Number(fs.readFileSync(stepFile, 'utf8')) : -1;
  let step = Math.floor(Date.now() / 30_000);
  if (step <= used) {
    await new Promise((resolve) => setTimeout(resolve, (used + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  fs.writeFileSync(stepFile, String(step));
  return totpNow(staff.secret);
}

/** Signs in at /admin/login through the form, with a code no other sign-in of this account has used. */
export async function staffLoginPage(page: Page, staff: StaffLogin): Promise<void> {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: '管理后台登录' });
  await form.getByLabel('用户名').fill(staff.username);
  await form.getByLabel('密码').fill(staff.password);
  await withAccountLock(staff, async () => {
    await form.getByLabel('动态验证码').fill(await freshCode(staff));
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/admin/login'), { timeout: 20_000 }),
      page.getByText(STAFF_LOGIN_REFUSED).waitFor({ timeout: 20_000 }),
    ]).catch(() => undefined);
  });
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
 * A staff token for `staff`: the run's shared session of that account while the server
 * still accepts it, else a new sign-in through POST /v1/admin/login.
 */
export async function staffApiLogin(staff: StaffLogin): Promise<string> {
  return withAccountLock(staff, async () => {
    const sessionFile = path.join(SESSIONS_DIR, `${staff.username}.token`);
    if (fs.existsSync(sessionFile)) {
      const kept = fs.readFileSync(sessionFile, 'utf8');
      if ((await apiCall('GET', '/v1/admin/me', {}, kept)).code === 200) return kept;
    }
    const reply = await apiCall<{ token: string }>('POST', '/v1/admin/login', {
      username: staff.username,
      password: staff.password,
      otp: await freshCode(staff),
    });
    if (reply.code !== 200) throw new Error(`staff login ${staff.username} answered ${reply.code} ${reply.message}`);
    fs.writeFileSync(sessionFile, reply.data.token);
    return reply.data.token;
  });
}
