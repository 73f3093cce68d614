import { importWorkbookBase64, validImportRows } from '../test-support/import-workbook';
import { judgeRow, questionWorkbookBase64, singleRow } from '../test-support/question-workbook';
import { examQuestions } from '../exams/exams-schema';
import type { AssociationProfile } from '@yaoshi/contracts/association-profile';
import type { HomeContent } from '@yaoshi/contracts/content-admin';
import { articles } from '../content/content-schema';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, desc, eq, gt, isNotNull, max, ne } from 'drizzle-orm';
import { ADMIN_MESSAGES, type StaffSelf } from '@yaoshi/contracts/staff-admin';
import { academicYears, courses } from '../catalogue/catalogue-schema';
import fs from 'node:fs';
import path from 'node:path';
import {
  ROLE_PERMISSIONS,
  STAFF_IDLE_MS,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from '@yaoshi/contracts/staff-roles';
import { parseAdminArgs } from '../admin/admin-args';
import { runAdminCommand } from '../admin/admin-cli';
import { ROUTE_MODULES } from '../app';
import { auditRecords } from '../audit/audit-schema';
import { auditedChange, COMMAND_LINE_ACTOR } from '../audit/audit-log';
import { isAuditAction } from '@yaoshi/contracts/audit-actions';
import { MESSAGES } from '../messages';
import { CHEN, WANG, ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { orders } from '../orders/orders-schema';
import { refundRequests } from '../refunds/refunds-schema';
import { invoiceRequests } from '../invoices/invoices-schema';
import {
  recordingRouteModules,
  signedInStaff,
  staffLogin,
  type AnyEndpoint,
  type TestStaff,
} from '../test-support/staff-session';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { MAIL_SEND_JOB } from '../mail/mail-queue';
import { staffAccounts } from './staff-schema';
import { accountClosureRequests } from '../personal-data/personal-data-schema';
import { learners } from '../accounts/accounts-schema';
import { archiveReviews } from '../certificates/archive-reviews-schema';
import { facePhotos } from '../face-photos/face-photos-schema';
import { currentTotp } from './totp';
import { MAX_STAFF_FAILURES_PER_IP } from './staff-accounts';
import { registerTestRemote } from '../test-support/release-registry';
import { createSandboxProvider } from '../payment/sandbox-provider';
import { RAW_STAFF_ROUTES } from '../course-admin/lesson-uploads';
import { videoTranscodes } from '../video-transcode/video-transcode-schema';
import { DEFAULT_MEDIA_DIR, DEVELOPMENT_SANDBOX_PAYMENT_KEY } from '../config';

let server: TestServer;
let staffEndpoints: AnyEndpoint[];
/** The whole route table, as the app registered it. */
let allEndpoints: AnyEndpoint[];
let learnerToken: string;
const staffByRole = new Map<StaffRole, TestStaff>();

before(async () => {
  const recorded = recordingRouteModules(ROUTE_MODULES);
  server = await startTestServer({
    routeModules: recorded.modules,
    // The sandbox gateway keeps no daily bill; this one hands an empty bill, so a staff
    // reconciliation run has a gateway to reconcile (and an audit record to write).
    paymentProviderFactory: ({ db, clock }) => ({
      ...createSandboxProvider({ db, clock, key: DEVELOPMENT_SANDBOX_PAYMENT_KEY }),
      downloadBill: () => Promise.resolve([]),
    }),
  });
  allEndpoints = recorded.endpoints;
  staffEndpoints = recorded.endpoints.filter((endpoint) => endpoint.auth === 'staff');
  learnerToken = await loginToken(server, ZHANG.phone, ZHANG.password);
  for (const role of STAFF_ROLES) staffByRole.set(role, await signedInStaff(server, [role]));
});
after(() => server.close());

/**
 * "METHOD /path" of every route in Fastify's printed route tree (`commonPrefix: false`: each
 * line a path part under its parent, indented four characters a level), HEAD and OPTIONS left out.
 */
function servedRoutes(tree: string): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (depth > 0 ? parents[depth - 1]! : '') + match[2]!;
    parents[depth] = full;
    for (const method of match[3]?.split(', ') ?? [])
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${full}`);
  }
  return routes;
}

/** A staff member whose roles do not grant `permission`. */
function staffWithout(permission: Permission): TestStaff {
  const role = STAFF_ROLES.find((candidate) => !ROLE_PERMISSIONS[candidate].includes(permission));
  assert.ok(role, `every role grants ${permission}`);
  return staffByRole.get(role)!;
}

function staffWith(permission: Permission | undefined): TestStaff {
  const role = STAFF_ROLES.find(
    (candidate) => permission === undefined || ROLE_PERMISSIONS[candidate].includes(permission),
  );
  return staffByRole.get(role!)!;
}

describe('every staff endpoint of the route table', () => {
  test('the route table has staff endpoints, all under /v1/admin/', () => {
    assert.ok(staffEndpoints.length >= 6, `found ${staffEndpoints.length}`);
    for (const endpoint of staffEndpoints) assert.match(endpoint.path, /^\/v1\/admin\//);
  });

  test('every /v1/admin/ route but the login is a staff endpoint, and every one goes through the route table', () => {
    const adminEndpoints = allEndpoints.filter((endpoint) => endpoint.path.startsWith('/v1/admin/'));
    const notStaff = adminEndpoints
      .filter((endpoint) => endpoint.auth !== 'staff')
      .map((endpoint) => `${endpoint.method} ${endpoint.path} (auth ${String(endpoint.auth)})`);
    assert.deepEqual(notStaff, ['POST /v1/admin/login (auth false)']);
    // A route registered on Fastify directly would skip the table's checks: every /v1/admin/
    // route the server answers is one of the table's.
    const served = servedRoutes(server.app.printRoutes({ commonPrefix: false })).filter((route) =>
      route.split(' ')[1]!.startsWith('/v1/admin/'),
    );
    assert.ok(served.length >= adminEndpoints.length, served.join('\n'));
    const inTable = new Set(adminEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    // The raw routes outside the envelope (tus uploads) check the staff session themselves; the
    // next test proves it for each of them.
    for (const route of RAW_STAFF_ROUTES)
      for (const method of route.methods) if (method !== 'OPTIONS') inTable.add(`${method} ${route.path}`);
    assert.deepEqual(
      served.filter((route) => !inTable.has(route)),
      [],
    );
  });

  test('refuses an anonymous caller, a learner token and a staff member without the permission, changing nothing', async () => {
    const before = await databaseFingerprint(server.db);
    for (const endpoint of staffEndpoints) {
      const where = `${endpoint.method} ${endpoint.path}`;
      const anonymous = await server.call({ method: endpoint.method, path: endpoint.path, payload: {} });
      assert.equal(anonymous.status, 401, `${where} anonymous`);
      assertRefused(anonymous, 401, MESSAGES.staffLoginRequired);
      const learner = await authed(server, learnerToken, endpoint.method, endpoint.path, {});
      assert.equal(learner.status, 401, `${where} with a learner token`);
      if (endpoint.permission !== undefined) {
        const forbidden = await authed(
          server,
          staffWithout(endpoint.permission).token,
          endpoint.method,
          endpoint.path,
          {},
        );
        assert.equal(forbidden.status, 403, `${where} without ${endpoint.permission}`);
        assertRefused(forbidden, 403, MESSAGES.staffForbidden);
      }
    }
    const afterRefusals = await databaseFingerprint(server.db);
    // Only nonces are written by refused calls (and the staff sessions' activity time).
    delete before['request_nonces'];
    delete afterRefusals['request_nonces'];
    assert.deepEqual(afterRefusals, before);
  });

  test('the raw staff routes (tus uploads) refuse an anonymous caller, a learner token and a staff member without the permission', async () => {
    for (const route of RAW_STAFF_ROUTES) {
      const url = `${server.baseUrl}${route.path.replace(':id', '0123456789abcdef0123456789abcdef')}`;
      for (const method of route.methods.filter((name) => name !== 'OPTIONS')) {
        const headers = { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' };
        const where = `${method} ${route.path}`;
        assert.equal((await fetch(url, { method, headers })).status, 401, `${where} anonymous`);
        const asLearner = await fetch(url, {
          method,
          headers: { ...headers, Authorization: `Bearer ${learnerToken}` },
        });
        assert.equal(asLearner.status, 401, `${where} with a learner token`);
        const without = staffWithout(route.permission).token;
        const forbidden = await fetch(url, { method, headers: { ...headers, Authorization: `Bearer ${without}` } });
        assert.equal(forbidden.status, 403, `${where} without ${route.permission}`);
      }
    }
  });

  test('opens to a staff member with the permission (bad input is a 400, not a refusal of the caller)', async () => {
    for (const endpoint of staffEndpoints) {
      if (endpoint.path === '/v1/admin/logout') continue;
      const response = await authed(server, staffWith(endpoint.permission).token, endpoint.method, endpoint.path, {});
      assert.ok(
        response.status === 200 || response.status === 400,
        `${endpoint.method} ${endpoint.path}: ${response.status}`,
      );
    }
  });
});

describe('staff accounts', () => {
  test('a staff token never opens a learner endpoint: every one of the route table, changing nothing', async () => {
    const learnerEndpoints = allEndpoints.filter((endpoint) => endpoint.auth === true);
    assert.ok(learnerEndpoints.length >= 20, `found ${learnerEndpoints.length}`);
    assert.ok(learnerEndpoints.some((endpoint) => endpoint.path === '/v1/userinfo'));
    const before = await databaseFingerprint(server.db);
    for (const role of STAFF_ROLES) {
      const staff = staffByRole.get(role)!;
      for (const endpoint of learnerEndpoints) {
        const response = await authed(server, staff.token, endpoint.method, endpoint.path, {});
        assert.equal(response.status, 401, `${endpoint.method} ${endpoint.path} with a ${role} token`);
        assertRefused(response, 401, MESSAGES.loginRequired);
      }
    }
    const afterCalls = await databaseFingerprint(server.db);
    delete before['request_nonces'];
    delete afterCalls['request_nonces'];
    assert.deepEqual(afterCalls, before);
  });

  test('login needs the password and a fresh TOTP code; a code is not accepted twice', async () => {
    const staff = await signedInStaff(server, ['财务'], 'twice');
    const code = currentTotp(staff.secret, server.clock.nowMs());
    assertRefused(await staffLogin(server, 'twice', staff.password, code), 400, MESSAGES.staffWrongCredentials);
    server.clock.advance(30_000);
    const next = currentTotp(staff.secret, server.clock.nowMs());
    assertRefused(await staffLogin(server, 'twice', 'wrong-password', next), 400, MESSAGES.staffWrongCredentials);
    assertRefused(
      await staffLogin(server, 'twice', staff.password, '000000' === next ? '111111' : '000000'),
      400,
      MESSAGES.staffWrongCredentials,
    );
    const me = dataOf(await staffLogin(server, 'twice', staff.password, next)) as {
      roles: string[];
      permissions: string[];
      token: string;
    };
    assert.deepEqual(me.roles, ['财务']);
    assert.deepEqual(me.permissions, ['learners.read', 'finance.read', 'finance.write']);
    assertRefused(await staffLogin(server, 'nobody', staff.password, next), 400, MESSAGES.staffWrongCredentials);
  });

  test('five wrong attempts lock the account for 15 minutes', async () => {
    const staff = await signedInStaff(server, ['审核'], 'locked');
    for (let i = 0; i < 4; i += 1)
      assertRefused(await staffLogin(server, 'locked', 'wrong', '123456'), 400, MESSAGES.staffWrongCredentials);
    assertRefused(await staffLogin(server, 'locked', 'wrong', '123456'), 429, MESSAGES.staffLocked(15));
    server.clock.advance(30_000);
    assertRefused(
      await staffLogin(server, 'locked', staff.password, currentTotp(staff.secret, server.clock.nowMs())),
      429,
      MESSAGES.staffLocked(15),
    );
    server.clock.advance(15 * 60_000);
    dataOf(await staffLogin(server, 'locked', staff.password, currentTotp(staff.secret, server.clock.nowMs())));
  });

  test('20 failed logins from one address within 15 minutes refuse it, right credentials included, until the window passes', async () => {
    server.clock.advance(16 * 60_000); // earlier tests' failures have left the window
    const staff = await signedInStaff(server, ['审核'], 'crowded');
    for (let i = 0; i < MAX_STAFF_FAILURES_PER_IP; i += 1)
      assertRefused(await staffLogin(server, `nobody${i}`, 'wrong', '123456'), 400, MESSAGES.staffWrongCredentials);
    assertRefused(
      await staffLogin(server, 'crowded', staff.password, currentTotp(staff.secret, server.clock.nowMs())),
      429,
      MESSAGES.staffIpLimited(15),
    );
    server.clock.advance(15 * 60_000 + 1000);
    dataOf(await staffLogin(server, 'crowded', staff.password, currentTotp(staff.secret, server.clock.nowMs())));
  });

  test('a session ends after 30 minutes idle, and lives on while used', async () => {
    const staff = await signedInStaff(server, ['管理员'], 'idle');
    server.clock.advance(STAFF_IDLE_MS - 60_000);
    dataOf(await authed(server, staff.token, 'GET', '/v1/admin/me'));
    server.clock.advance(STAFF_IDLE_MS - 60_000);
    dataOf(await authed(server, staff.token, 'GET', '/v1/admin/me'));
    server.clock.advance(STAFF_IDLE_MS + 1000);
    assertRefused(await authed(server, staff.token, 'GET', '/v1/admin/me'), 401, MESSAGES.staffLoginRequired);
  });

  test('logout ends the session', async () => {
    const staff = await signedInStaff(server, ['只读审计'], 'leaving');
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/logout'));
    assertRefused(await authed(server, staff.token, 'GET', '/v1/admin/me'), 401, MESSAGES.staffLoginRequired);
  });

  test('a 管理员 creates an account; the new one logs in with the password and the enrolled secret', async () => {
    const admin = await signedInStaff(server, ['管理员'], 'boss');
    const created = dataOf(
      await authed(server, admin.token, 'POST', '/v1/admin/staff/create', {
        username: '钱财务',
        name: '钱财务',
        roles: ['财务'],
      }),
    ) as {
      password: string;
      secret: string;
      otpauth: string;
    };
    assert.match(created.otpauth, /^otpauth:\/\/totp\/.+secret=/);
    assertRefused(
      await authed(server, admin.token, 'POST', '/v1/admin/staff/create', {
        username: '钱财务',
        name: '又一个',
        roles: ['财务'],
      }),
      409,
      MESSAGES.staffUsernameTaken,
    );
    assertRefused(
      await authed(server, admin.token, 'POST', '/v1/admin/staff/create', {
        username: '孙某',
        name: '孙某',
        roles: ['老板'],
      }),
      400,
      '角色不存在',
    );
    const me = dataOf(
      await staffLogin(server, '钱财务', created.password, currentTotp(created.secret, server.clock.nowMs())),
    ) as { token: string; must_change_password: boolean };
    // The generated password was seen by the 管理员: nothing opens until its owner replaces it.
    assert.equal(me.must_change_password, true);
    assert.equal(
      (dataOf(await authed(server, me.token, 'GET', '/v1/admin/me')) as StaffSelf).must_change_password,
      true,
    );
    assertRefused(
      await authed(server, me.token, 'GET', '/v1/admin/learners', { page: 1, size: 5 }),
      403,
      ADMIN_MESSAGES.passwordChangeRequired,
    );
    const change = (current_password: string, new_password: string) =>
      authed(server, me.token, 'POST', '/v1/admin/password', { current_password, new_password });
    assertRefused(await change('wrong-password-1', 'Qian2026finance'), 400, ADMIN_MESSAGES.currentPasswordWrong);
    assertRefused(await change(created.password, 'short1'), 400, ADMIN_MESSAGES.passwordTooShort);
    assertRefused(await change(created.password, 'onlyletterspassword'), 400, ADMIN_MESSAGES.newPasswordWeak);
    assertRefused(await change(created.password, created.password), 400, ADMIN_MESSAGES.newPasswordSame);
    server.clock.advance(31_000);
    const other = dataOf(
      await staffLogin(server, '钱财务', created.password, currentTotp(created.secret, server.clock.nowMs())),
    ) as { token: string };
    const [mark] = await server.db.select({ id: max(auditRecords.id) }).from(auditRecords);
    assert.equal(dataOf(await change(created.password, 'Qian2026finance')), null);
    assert.equal(
      (dataOf(await authed(server, me.token, 'GET', '/v1/admin/me')) as StaffSelf).must_change_password,
      false,
    );
    dataOf(await authed(server, me.token, 'GET', '/v1/admin/learners', { page: 1, size: 5 }));
    assertRefused(await authed(server, me.token, 'GET', '/v1/admin/staff'), 403, MESSAGES.staffForbidden);
    // The change ends the account's other sessions, and is audited without either password.
    assertRefused(await authed(server, other.token, 'GET', '/v1/admin/me'), 401, MESSAGES.staffLoginRequired);
    const records = await server.db
      .select()
      .from(auditRecords)
      .where(gt(auditRecords.id, mark?.id ?? 0));
    const record = records.find((row) => row.action === 'staff.password-change');
    assert.equal(record?.target, '钱财务');
    assert.ok(!JSON.stringify(records).includes('Qian2026finance'));
    assert.ok(!JSON.stringify(records).includes(created.password));
    server.clock.advance(31_000);
    const again = dataOf(
      await staffLogin(server, '钱财务', 'Qian2026finance', currentTotp(created.secret, server.clock.nowMs())),
    ) as { must_change_password: boolean };
    assert.equal(again.must_change_password, false);
  });

  test('disabling an account ends its sessions; the last 管理员 cannot be disabled', async () => {
    const admin = await signedInStaff(server, ['管理员'], 'boss2');
    const victim = await signedInStaff(server, ['学员管理'], 'victim');
    const [row] = await server.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.username, 'victim'));
    dataOf(await authed(server, admin.token, 'POST', '/v1/admin/staff/update', { id: row!.id, disabled: true }));
    assertRefused(await authed(server, victim.token, 'GET', '/v1/admin/me'), 401, MESSAGES.staffLoginRequired);
    server.clock.advance(30_000);
    assertRefused(
      await staffLogin(server, 'victim', victim.password, currentTotp(victim.secret, server.clock.nowMs())),
      403,
      MESSAGES.staffDisabled,
    );
    // Disable every other 管理员, then the last one may not disable itself.
    const admins = (
      dataOf(await authed(server, admin.token, 'GET', '/v1/admin/staff')) as {
        id: number;
        username: string;
        roles: string[];
        disabled: boolean;
      }[]
    ).filter((staff) => staff.roles.includes('管理员') && !staff.disabled && staff.username !== 'boss2');
    for (const other of admins)
      dataOf(await authed(server, admin.token, 'POST', '/v1/admin/staff/update', { id: other.id, disabled: true }));
    const [self] = await server.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.username, 'boss2'));
    assertRefused(
      await authed(server, admin.token, 'POST', '/v1/admin/staff/update', { id: self!.id, roles: ['财务'] }),
      409,
      MESSAGES.staffLastAdmin,
    );
  });
});

/**
 * An example of each change a staff member can make, by path. Every POST staff endpoint of
 * the route table must have one (the test fails naming any without), and each must leave
 * exactly the audit records it names, written with the staff member's name and roles.
 */
async function chenId(): Promise<number> {
  const [row] = await server.db.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, CHEN.idNumber));
  return row!.id;
}

/** What an example expects: its action's record (and how many records in all, when more than one). */
interface ExpectedAudit {
  action: string;
  target: string;
  records?: number;
}

const CHANGE_EXAMPLES: Record<string, (staff: TestStaff) => Promise<ExpectedAudit>> = {
  '/v1/admin/logout': async (staff) => {
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/logout'));
    return { action: 'staff.logout', target: staff.username };
  },
  '/v1/admin/staff/create': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/staff/create', {
        username: 'audited-new',
        name: '李审计',
        roles: ['审核'],
      }),
    );
    return { action: 'staff.create', target: 'audited-new' };
  },
  '/v1/admin/staff/update': async (staff) => {
    const [row] = await server.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.username, 'audited-new'));
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/staff/update', { id: row!.id, roles: ['审核', '只读审计'] }),
    );
    return { action: 'staff.update', target: 'audited-new' };
  },
  '/v1/admin/learners/create': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/learners/create', {
        name: '审计学员',
        idcard: '110105199003070033',
        phone: '13600008888',
        certification_type: 2,
      }),
    );
    return { action: 'learner.create', target: '110105199003070033' };
  },
  '/v1/admin/learners/reset-password': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/learners/reset-password', {
        id: await learnerIdOf('110105199003070033'),
      }),
    );
    return { action: 'learner.reset-password', target: '110105199003070033' };
  },
  '/v1/admin/learners/unlock': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/learners/unlock', {
        id: await learnerIdOf('110105199003070033'),
      }),
    );
    return { action: 'learner.unlock', target: '110105199003070033' };
  },
  '/v1/admin/learners/set-disabled': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/learners/set-disabled', {
        id: await learnerIdOf('110105199003070033'),
        disabled: true,
      }),
    );
    return { action: 'learner.disable', target: '110105199003070033' };
  },
  '/v1/admin/learners/import/check': async (staff) => {
    const file = await importWorkbookBase64(validImportRows(2, 900));
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/learners/import/check', { file_base64: file }));
    return { action: 'learner.import-check', target: '2行' };
  },
  '/v1/admin/learners/import/confirm': async (staff) => {
    const file = await importWorkbookBase64(validImportRows(2, 910));
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/learners/import/confirm', { file_base64: file, valid: 2 }),
    );
    return { action: 'learner.import', target: '2名学员' };
  },
  '/v1/admin/learners/reveal': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/learners/reveal', {
        id: await learnerIdOf(ZHANG.idNumber),
        field: 'phone',
      }),
    );
    return { action: 'learner.reveal-personal', target: ZHANG.idNumber };
  },
  '/v1/admin/closures/refuse': async (staff) => {
    const id = await closureRequestOf(WANG);
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/closures/refuse', { id, reason: '尚有退款未完成' }));
    return { action: 'learner.closure-refuse', target: WANG.idNumber };
  },
  '/v1/admin/closures/approve': async (staff) => {
    // A learner of its own: the approval closes the account for good.
    const now = server.clock.now();
    const [learner] = await server.db
      .insert(learners)
      .values({
        name: '注销学员',
        idNumber: '110105199003070017',
        phone: '13600008887',
        passwordHash: 'x',
        certificationType: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: learners.id });
    const [request] = await server.db
      .insert(accountClosureRequests)
      .values({ learnerId: learner!.id, status: 'pending', createdAt: now })
      .returning({ id: accountClosureRequests.id });
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/closures/approve', { id: request!.id }));
    return { action: 'learner.closure-approve', target: '110105199003070017' };
  },
  '/v1/admin/learners/end-sessions': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/learners/end-sessions', {
        id: await learnerIdOf('110105199003070033'),
      }),
    );
    return { action: 'learner.end-sessions', target: '110105199003070033' };
  },
  '/v1/admin/faces/approve': async (staff) => {
    await insertPendingPhoto();
    const [photo] = await server.db
      .select({ id: facePhotos.id })
      .from(facePhotos)
      .where(eq(facePhotos.state, 'pending'));
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/faces/approve', { photo_id: photo!.id }));
    return { action: 'face.approve', target: ZHANG.idNumber };
  },
  '/v1/admin/faces/reject': async (staff) => {
    await insertPendingPhoto();
    const [photo] = await server.db
      .select({ id: facePhotos.id })
      .from(facePhotos)
      .where(eq(facePhotos.state, 'pending'));
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/faces/reject', { photo_id: photo!.id, reason: '不清晰' }),
    );
    return { action: 'face.reject', target: ZHANG.idNumber };
  },
  '/v1/admin/faces/lessons/fail': async (staff) => {
    const id = await learnerIdOf(ZHANG.idNumber);
    await server.db
      .insert(facePhotos)
      .values({ learnerId: id, path: 'faces/lesson.jpg', courseId: 1, percent: 50, createdAt: server.clock.now() });
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/faces/lessons/fail', {
        learner_id: id,
        course_id: 1,
        reason: '不是本人',
      }),
    );
    return { action: 'face.lesson-fail', target: ZHANG.idNumber };
  },
  '/v1/admin/refunds/approve': async (staff) => {
    const orderNo = await reviewingRefund();
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/refunds/approve', { order_no: orderNo }));
    // The approval, then the gateway's answer (已退款 / 退款中 / 退款失败) as a record of its own,
    // and the mail of the refund's result queued with it.
    return { action: 'refund.approve', target: orderNo, records: 3 };
  },
  '/v1/admin/refunds/requery': async (staff) => {
    // The demo's refund left 退款中; the sandbox holds its payment and refunds it.
    const [refunding] = await server.db
      .select({ orderNo: orders.orderNo })
      .from(refundRequests)
      .innerJoin(orders, eq(orders.id, refundRequests.orderId))
      .where(eq(refundRequests.status, 'refunding'))
      .limit(1);
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/refunds/requery', { order_no: refunding!.orderNo }));
    // and the refund's result mailed to the learner (mail.queue).
    return { action: 'refund.complete', target: refunding!.orderNo, records: 2 };
  },
  '/v1/admin/refunds/reject': async (staff) => {
    const orderNo = await reviewingRefund();
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/refunds/reject', {
        order_no: orderNo,
        reason: '不符合条件',
      }),
    );
    // and the refund's result mailed to the learner (mail.queue).
    return { action: 'refund.reject', target: orderNo, records: 2 };
  },
  '/v1/admin/invoices/issue': async (staff) => {
    const orderNo = await invoiceIn('reviewing');
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/invoices/issue', { order_no: orderNo }));
    return { action: 'invoice.issue', target: orderNo, records: 3 }; // and the provider's invoice.issued, and its mail queued
  },
  // Issue 37: the seeded request left issuing (long unanswered) is sent to the provider again.
  '/v1/admin/invoices/retry': async (staff) => {
    const orderNo = await invoiceIn('issuing');
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/invoices/retry', { order_no: orderNo }));
    return { action: 'invoice.retry', target: orderNo, records: 3 }; // and the provider's invoice.issued, and its mail queued
  },
  // Issue 37: a staff refund after an issued invoice red-letters it first.
  '/v1/admin/invoices/refund': async (staff) => {
    const [row] = await server.db
      .select({ orderNo: orders.orderNo })
      .from(invoiceRequests)
      .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
      .where(and(eq(invoiceRequests.status, 'issued'), eq(orders.refundStatus, 0)))
      .limit(1);
    const orderNo = row!.orderNo;
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/invoices/refund', { order_no: orderNo, reason: '重复支付' }),
    );
    return { action: 'invoice.red-letter', target: orderNo, records: 5 }; // red-lettered, refund approve and outcome, the refund's mail queued
  },
  // Issue 37: a year-end reminder campaign (sent later by the reminders-send job) and the 每日待办 setting.
  '/v1/admin/reminders': async (staff) => {
    const campaign = dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/reminders', {
        year: beijingYearOf(server.clock.now()),
        channel: 'mail',
      }),
    ) as { id: number };
    return { action: 'reminder.campaign-create', target: `学时提醒 ${campaign.id}` };
  },
  '/v1/admin/me/digest': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/me/digest', { enabled: true, email: 'staff@example.org' }),
    );
    return { action: 'staff.digest-setting', target: staff.username };
  },
  '/v1/admin/releases/pin': async (staff) => {
    await registerTestRemote(server.db, server.clock, 'audit-pin', { versions: ['1.0.0', '1.1.0'], pinned: '1.0.0' });
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/releases/pin', {
        remote: 'audit-pin',
        version: '1.1.0',
        reason: '上线',
      }),
    );
    return { action: 'release.pin', target: 'audit-pin' };
  },
  '/v1/admin/releases/rollback': async (staff) => {
    await registerTestRemote(server.db, server.clock, 'audit-rollback', {
      versions: ['1.0.0', '1.1.0'],
      pinned: '1.0.0',
    });
    await registerTestRemote(server.db, server.clock, 'audit-rollback', { versions: [], pinned: '1.1.0' });
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/releases/rollback', {
        remote: 'audit-rollback',
        reason: '回滚',
      }),
    );
    return { action: 'release.rollback', target: 'audit-rollback' };
  },
  '/v1/admin/releases/canary': async (staff) => {
    await registerTestRemote(server.db, server.clock, 'audit-canary', {
      versions: ['1.0.0', '1.1.0'],
      pinned: '1.0.0',
    });
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/releases/canary', {
        remote: 'audit-canary',
        version: '1.1.0',
        percent: 10,
        reason: '灰度',
      }),
    );
    return { action: 'release.canary', target: 'audit-canary' };
  },
  '/v1/admin/releases/promote': async (staff) => {
    await registerTestRemote(server.db, server.clock, 'audit-promote', {
      versions: ['1.0.0', '1.1.0'],
      pinned: '1.0.0',
      canary: { version: '1.1.0', percent: 10 },
    });
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/releases/promote', {
        remote: 'audit-promote',
        reason: '转正',
      }),
    );
    return { action: 'release.promote', target: 'audit-promote' };
  },
  '/v1/admin/releases/canary_end': async (staff) => {
    await registerTestRemote(server.db, server.clock, 'audit-canary-end', {
      versions: ['1.0.0', '1.1.0'],
      pinned: '1.0.0',
      canary: { version: '1.1.0', percent: 10 },
    });
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/releases/canary_end', {
        remote: 'audit-canary-end',
        reason: '灰度期间发现问题',
      }),
    );
    return { action: 'release.canary-end', target: 'audit-canary-end' };
  },
  '/v1/admin/password': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/password', {
        current_password: staff.password,
        new_password: 'Audited2026password',
      }),
    );
    return { action: 'staff.password-change', target: staff.username };
  },
  '/v1/admin/finance/reconciliation/run': async (staff) => {
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/finance/reconciliation/run', { day: '2026-11-20' }));
    return { action: 'payment.reconcile', target: 'sandbox 2026-11-20' };
  },
  '/v1/admin/reports/export': async (staff) => {
    const year = 2025;
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/reports/export', { year, report: 'completed' }));
    return { action: 'report.export', target: `${year}年度完成学习人员名单` };
  },
  '/v1/admin/invoices/reject': async (staff) => {
    const orderNo = await invoiceIn('issuing');
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/invoices/reject', { order_no: orderNo, reason: '信息有误' }),
    );
    return { action: 'invoice.reject', target: orderNo };
  },
  '/v1/admin/archive_reviews/decide': async (staff) => {
    // 陈静's demo year is complete and waits for its review.
    const learnerId = await chenId();
    const year = beijingYearOf(server.clock.now());
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/archive_reviews/decide', {
        year,
        learner_ids: [learnerId],
        decision: 'pass',
      }),
    );
    return { action: 'archive.pass', target: CHEN.idNumber };
  },
  '/v1/admin/certificates/revoke': async (staff) => {
    // 陈静's demo year is complete; once its review passed, her first download issues the certificate.
    const year = beijingYearOf(server.clock.now());
    await server.db
      .insert(archiveReviews)
      .values({ learnerId: await chenId(), year, status: 'passed', reviewedBy: 'test', reviewedAt: server.clock.now() })
      .onConflictDoNothing();
    const token = await loginToken(server, CHEN.phone, CHEN.password);
    const { certificate_no } = dataOf(
      await authed(server, token, 'GET', '/v1/certificate_pdf', { year: beijingYearOf(server.clock.now()) }),
    ) as { certificate_no: string };
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/certificates/revoke', {
        certificate_no,
        reason: '档案审核不通过',
      }),
    );
    return { action: 'certificate.revoke', target: certificate_no };
  },
  '/v1/admin/course_years/create': async (staff) => {
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/course_years/create', { ...AUDIT_YEAR, year: 2041 }));
    return { action: 'course-year.create', target: '2041年度' };
  },
  '/v1/admin/course_years/open': async (staff) => {
    await server.db
      .insert(academicYears)
      .values({
        year: 2044,
        opensOn: '2044-01-01',
        studyStartsOn: '2044-01-01',
        studyEndsOn: '2044-12-31',
        defaultFrom: '2044-01-01',
      })
      .onConflictDoNothing();
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/course_years/open', { year: 2044 }));
    return { action: 'course-year.open', target: '2044年度' };
  },
  '/v1/admin/course_years/update': async (staff) => {
    await server.db.insert(academicYears).values({ year: 2042 }).onConflictDoNothing();
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/course_years/update', {
        ...AUDIT_YEAR,
        year: 2042,
        is_buxue: true,
      }),
    );
    return { action: 'course-year.update', target: '2042年度' };
  },
  '/v1/admin/courses/create': async (staff) => {
    await server.db.insert(academicYears).values({ year: 2043 }).onConflictDoNothing();
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/courses/create', {
        ...AUDIT_COURSE,
        name: '审计课程一',
        year: 2043,
      }),
    );
    return { action: 'course.create', target: '2043年度 审计课程一' };
  },
  '/v1/admin/courses/update': async (staff) => {
    const id = await newAuditCourse(staff, '审计课程二');
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/courses/update', {
        ...AUDIT_COURSE,
        name: '审计课程二',
        course_id: id,
        description: '改过',
      }),
    );
    return { action: 'course.update', target: '2043年度 审计课程二' };
  },
  '/v1/admin/courses/thumbnail': async (staff) => {
    const id = await newAuditCourse(staff, '审计课程三');
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const saved = dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/courses/thumbnail', { course_id: id, image_base64: png }),
    ) as { thumb_url: string };
    // This server's media folder is the repository's: leave nothing behind.
    fs.rmSync(path.join(DEFAULT_MEDIA_DIR, saved.thumb_url.replace(/^\/media\//, '')));
    return { action: 'course.thumbnail', target: '2043年度 审计课程三' };
  },
  '/v1/admin/courses/teacher_avatar': async (staff) => {
    const id = await newAuditCourse(staff, '审计课程四');
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const saved = dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/courses/teacher_avatar', {
        course_id: id,
        image_base64: png,
      }),
    ) as { teacher_avatar_url: string };
    fs.rmSync(path.join(DEFAULT_MEDIA_DIR, saved.teacher_avatar_url.replace(/^\/media\//, '')));
    return { action: 'course.teacher-avatar', target: '2043年度 审计课程四' };
  },
  '/v1/admin/courses/lesson': async (staff) => {
    // A seeded course with a video: new face-check points make a new lesson version.
    const [course] = await server.db
      .select({ id: courses.id, year: courses.year, name: courses.name })
      .from(courses)
      .where(isNotNull(courses.videoPath))
      .limit(1);
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/courses/lesson', {
        course_id: course!.id,
        face_points: [45],
      }),
    );
    return { action: 'course.lesson', target: `${course!.year}年度 ${course!.name}` };
  },
  '/v1/admin/courses/transcode_retry': async (staff) => {
    // A transcode ffmpeg refused (src/video-transcode/lesson-transcodes.test.ts makes real ones).
    const source = 'videos/lessons/audit-example.mp4';
    const [failed] = await server.db
      .insert(videoTranscodes)
      .values({
        sourcePath: source,
        status: 'failed',
        failureReason: 'Decoder (codec none) not found for input stream #0:0',
        attempts: 1,
        createdAt: server.clock.now(),
        updatedAt: server.clock.now(),
      })
      .returning({ id: videoTranscodes.id });
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/courses/transcode_retry', { transcode_id: failed!.id }),
    );
    return { action: 'course.transcode-retry', target: source };
  },
  '/v1/admin/association_profile/save': async (staff) => {
    const profile = dataOf(
      await authed(server, staff.token, 'GET', '/v1/admin/association_profile'),
    ) as AssociationProfile;
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/association_profile/save', {
        ...profile,
        footer_lines: [...profile.footer_lines, '审计测试'],
      }),
    );
    return { action: 'association.profile-update', target: profile.name };
  },
  '/v1/admin/content/upload': async (staff) => {
    await contentUpload(staff, 'attachment', '审计附件.pdf');
    return { action: 'content.upload', target: '审计附件.pdf' };
  },
  '/v1/admin/articles/create': async (staff) => {
    const article = dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/articles/create', {
        catid: 1,
        title: '审计新建',
        content: '<p>新</p>',
      }),
    ) as { id: number };
    return { action: 'article.create', target: `${article.id} 审计新建` };
  },
  '/v1/admin/articles/update': async (staff) => {
    const article = await createDraft('审计修改');
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/articles/update', {
        id: article.id,
        catid: 1,
        title: '审计修改后',
        content: '<p>改</p>',
      }),
    );
    return { action: 'article.update', target: `${article.id} 审计修改后` };
  },
  '/v1/admin/articles/publish': async (staff) => {
    const article = await createDraft('审计发布');
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/articles/publish', { id: article.id }));
    return { action: 'article.publish', target: `${article.id} 审计发布` };
  },
  '/v1/admin/articles/unpublish': async (staff) => {
    const article = await createDraft('审计取消发布');
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/articles/unpublish', { id: article.id }));
    return { action: 'article.unpublish', target: `${article.id} 审计取消发布` };
  },
  '/v1/admin/articles/pin': async (staff) => {
    const article = await createDraft('审计置顶');
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/articles/pin', { id: article.id, pinned: true }));
    return { action: 'article.pin', target: `${article.id} 审计置顶` };
  },
  '/v1/admin/articles/delete': async (staff) => {
    const article = await createDraft('审计删除');
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/articles/delete', { id: article.id }));
    return { action: 'article.delete', target: `${article.id} 审计删除` };
  },
  '/v1/admin/home/slides/save': async (staff) => {
    const home = dataOf(await authed(server, staff.token, 'GET', '/v1/admin/home')) as HomeContent;
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/home/slides/save', { slides: home.slides.slice(1) }));
    return { action: 'home.slides-update', target: `轮播图${home.slides.length - 1}张` };
  },
  '/v1/admin/home/ads/save': async (staff) => {
    const home = dataOf(await authed(server, staff.token, 'GET', '/v1/admin/home')) as HomeContent;
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/home/ads/save', {
        text_ad: { ...home.text_ad, enabled: false },
        image_ad: home.image_ad,
      }),
    );
    return { action: 'home.ads-update', target: '首页广告' };
  },
  '/v1/admin/home/quick_links/save': async (staff) => {
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/home/quick_links/save', {
        quick_links: [{ label: '学分查询', url: '/newDetail?api=credit', enabled: true }],
      }),
    );
    return { action: 'home.quick-links-update', target: '快捷入口1个' };
  },
  '/v1/admin/question-banks/import/check': async (staff) => {
    const course = await auditCourse();
    const file = await questionWorkbookBase64([singleRow('审计检查的题目')]);
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/question-banks/import/check', {
        cid: course.id,
        file_base64: file,
      }),
    );
    return { action: 'question.import-check', target: `${course.name}：1行` };
  },
  '/v1/admin/question-banks/import/confirm': async (staff) => {
    const course = await auditCourse();
    const file = await questionWorkbookBase64([singleRow('审计导入的题目'), judgeRow('审计导入的判断题')]);
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/question-banks/import/confirm', {
        cid: course.id,
        file_base64: file,
        rows: 2,
      }),
    );
    return { action: 'question.import', target: `${course.name}：2题` };
  },
  '/v1/admin/question-banks/questions/create': async (staff) => {
    const course = await auditCourse();
    const saved = dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/question-banks/questions/create', {
        cid: course.id,
        qtype: 1,
        title: '审计新增的题目',
        options: ['甲', '乙'],
        answer: '1',
      }),
    ) as { question: { qid: number } };
    return { action: 'question.create', target: `${course.name}#${saved.question.qid}` };
  },
  '/v1/admin/question-banks/questions/update': async (staff) => {
    const course = await auditCourse();
    const qid = await auditQuestion(course.id, '审计修改前的题目');
    dataOf(
      await authed(server, staff.token, 'POST', '/v1/admin/question-banks/questions/update', {
        qid,
        qtype: 3,
        title: '审计修改后的题目',
        options: [],
        answer: '2',
      }),
    );
    return { action: 'question.update', target: `${course.name}#${qid}` };
  },
  '/v1/admin/question-banks/questions/delete': async (staff) => {
    const course = await auditCourse();
    const qid = await auditQuestion(course.id, '审计删除的题目');
    dataOf(await authed(server, staff.token, 'POST', '/v1/admin/question-banks/questions/delete', { qid }));
    return { action: 'question.delete', target: `${course.name}#${qid}` };
  },
};

/** A PDF uploaded as `name` by `staff`. */
async function contentUpload(staff: TestStaff, kind: 'attachment', name: string): Promise<{ id: number }> {
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
  return dataOf(
    await authed(server, staff.token, 'POST', '/v1/admin/content/upload', { kind, name, file_base64: pdf }),
  ) as { id: number };
}

/** A draft article in 协会动态 straight in the database, so the example's call is the only audited change. */
async function createDraft(title: string): Promise<{ id: number }> {
  const now = server.clock.now();
  const [row] = await server.db
    .insert(articles)
    .values({
      categoryId: 1,
      title,
      content: '<p>审计</p>',
      status: 'draft',
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: articles.id });
  return row!;
}

/** The course whose bank the audit examples change. */
async function auditCourse(): Promise<{ id: number; name: string }> {
  const [course] = await server.db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .orderBy(courses.id)
    .limit(1);
  return course!;
}

/** A question put straight into the bank (no audit record of its own), for the examples that change one. */
async function auditQuestion(courseId: number, title: string): Promise<number> {
  const [course] = await server.db.select().from(courses).where(eq(courses.id, courseId));
  const [row] = await server.db
    .insert(examQuestions)
    .values({
      year: course!.year,
      examType: course!.kind === 'public' ? 2 : 1,
      courseId,
      qtype: 3,
      title,
      options: ['正确', '错误'],
      answer: '1',
      createdAt: server.clock.now(),
    })
    .returning({ id: examQuestions.id });
  return row!.id;
}

const AUDIT_YEAR = {
  is_buxue: false,
  need_all: 2,
  course_type_tip: '',
  opens_on: null,
  closes_on: null,
  hour_price: 5,
  sort_order: 9,
};
const AUDIT_COURSE = {
  kind: 'elective',
  face_to_face: false,
  credit: 1,
  class_hour: 1,
  price: 5,
  teacher_name: '',
  teacher_description: '',
  description: '',
  quiz_points: [],
  sort_order: 0,
};

/** A new course of the year 2043, written directly (so the example's own change is its only record). */
async function newAuditCourse(_staff: TestStaff, name: string): Promise<number> {
  await server.db.insert(academicYears).values({ year: 2043 }).onConflictDoNothing();
  const [row] = await server.db
    .insert(courses)
    .values({
      year: 2043,
      name,
      kind: 'professional',
      courseType: 2,
      creditTenths: 10,
      classHourTenths: 10,
      priceFen: 500,
      quizPercents: [],
      createdAt: server.clock.now(),
    })
    .returning({ id: courses.id });
  return row!.id;
}

/** A seeded order of 王芳 whose invoice request is in `status`. */
async function invoiceIn(status: 'reviewing' | 'issuing'): Promise<string> {
  const [row] = await server.db
    .select({ orderNo: orders.orderNo })
    .from(invoiceRequests)
    .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
    .where(eq(invoiceRequests.status, status))
    .limit(1);
  return row!.orderNo;
}

/** An order with a refund request under review: the seed's, then one asked for by 王芳. */
async function reviewingRefund(): Promise<string> {
  const [waiting] = await server.db
    .select({ orderNo: orders.orderNo })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .where(eq(refundRequests.status, 'reviewing'))
    .limit(1);
  if (waiting) return waiting.orderNo;
  const token = await loginToken(server, WANG.phone, WANG.password);
  const rows = dataOf(await authed(server, token, 'GET', '/v1/orders')) as {
    order_id: string;
    pay_status: number;
    refund_status: number;
    is_receipt: number;
  }[];
  for (const row of rows.filter(
    (order) => order.pay_status === 2 && order.refund_status === 0 && order.is_receipt === 0,
  )) {
    if (
      (await authed(server, token, 'POST', '/v1/refund', { order_id: row.order_id, reason: '重复购买' })).status === 200
    )
      return row.order_id;
  }
  throw new Error('no refundable order');
}

/** A face collection photo of 张晓明 waiting for review (the file itself is not needed to decide). */
async function insertPendingPhoto(): Promise<void> {
  const id = await learnerIdOf(ZHANG.idNumber);
  await server.db
    .insert(facePhotos)
    .values({ learnerId: id, path: 'faces/test.jpg', courseId: null, percent: null, createdAt: server.clock.now() });
}

/** A pending closure request of `account`'s (written directly: asking from /myInfo writes a record of its own). */
async function closureRequestOf(account: { idNumber: string }): Promise<number> {
  const [request] = await server.db
    .insert(accountClosureRequests)
    .values({ learnerId: await learnerIdOf(account.idNumber), status: 'pending', createdAt: server.clock.now() })
    .returning({ id: accountClosureRequests.id });
  return request!.id;
}

async function learnerIdOf(idNumber: string): Promise<number> {
  const [row] = await server.db.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, idNumber));
  return row!.id;
}

/** The role an example's caller holds: one that grants what the endpoint needs. */
function roleFor(path: string): StaffRole {
  const endpoint = staffEndpoints.find((candidate) => candidate.path === path);
  const permission = endpoint?.permission;
  return STAFF_ROLES.find((role) => permission === undefined || ROLE_PERMISSIONS[role].includes(permission))!;
}

describe('the audit trail', () => {
  test('every staff change writes one audit record in its transaction: who, roles, action, target, IP, time', async () => {
    const changes = staffEndpoints.filter((endpoint) => endpoint.method === 'POST').map((endpoint) => endpoint.path);
    const missing = changes.filter((path) => !(path in CHANGE_EXAMPLES));
    assert.deepEqual(missing, [], 'staff changes without an audit example');
    for (const path of changes) {
      const role = roleFor(path);
      const staff = await signedInStaff(server, [role]);
      const [mark] = await server.db.select({ id: max(auditRecords.id) }).from(auditRecords);
      const expected = await CHANGE_EXAMPLES[path]!(staff);
      // A change that queues a mail hands it to the mail-send job at once; the job's attempt and
      // outcome are its own records (mail-sending.ts), not the change's: waited for, then left out.
      await server.jobsIdle([MAIL_SEND_JOB]);
      const written = await server.db
        .select()
        .from(auditRecords)
        .where(and(gt(auditRecords.id, mark?.id ?? 0), ne(auditRecords.actor, MAIL_SEND_JOB)))
        .orderBy(desc(auditRecords.id));
      assert.equal(written.length, expected.records ?? 1, path);
      const record = written.find((row) => row.action === expected.action) ?? written[0];
      assert.equal(record!.actor, staff.username, path);
      assert.deepEqual(record!.roles, [role]);
      assert.equal(record!.action, expected.action);
      assert.ok(isAuditAction(record!.action), `${record!.action} has no label on the audit page`);
      assert.equal(record!.target, expected.target);
      assert.equal(record!.ip, '127.0.0.1');
      assert.equal(record!.createdAt.getTime(), server.clock.nowMs());
    }
  });

  test('a change that writes no audit record is rolled back', async () => {
    const before = await databaseFingerprint(server.db);
    await assert.rejects(
      auditedChange(server.db, server.clock, COMMAND_LINE_ACTOR, async (tx) => {
        await tx.update(staffAccounts).set({ name: '不留痕迹' });
      }),
      /no audit record/,
    );
    assert.deepEqual(await databaseFingerprint(server.db), before);
    const names = await server.db.select({ name: staffAccounts.name }).from(staffAccounts);
    assert.ok(names.every((row) => row.name !== '不留痕迹'));
  });

  test('GET /v1/admin/audit lists newest first with before → after, filtered; the product has no call to change it', async () => {
    const auditor = await signedInStaff(server, ['只读审计']);
    const page = dataOf(await authed(server, auditor.token, 'GET', '/v1/admin/audit', { page: 1, size: 100 })) as {
      total: number;
      list: { id: number; time: string; action: string; target: string; before: unknown; after: unknown }[];
    };
    assert.ok(page.total >= 3);
    const ids = page.list.map((record) => record.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    // Filtered, since the change examples above write more than a page of newer records.
    const updates = dataOf(
      await authed(server, auditor.token, 'GET', '/v1/admin/audit', { action: 'staff.update', target: 'audited-new' }),
    ) as { list: { action: string; target: string; before: unknown; after: unknown }[] };
    const update = updates.list.find((record) => record.action === 'staff.update' && record.target === 'audited-new');
    assert.deepEqual(update?.before, { roles: ['审核'], disabled: false });
    assert.deepEqual(update?.after, { roles: ['审核', '只读审计'], disabled: false });
    const filtered = dataOf(
      await authed(server, auditor.token, 'GET', '/v1/admin/audit', { action: 'staff.create', target: 'audited' }),
    ) as {
      list: { action: string; target: string }[];
    };
    assert.deepEqual(
      filtered.list.map((record) => [record.action, record.target]),
      [['staff.create', 'audited-new']],
    );
    const writes = staffEndpoints.filter((endpoint) => endpoint.method === 'POST' && /audit/.test(endpoint.path));
    assert.deepEqual(writes, []);
  });

  test('every action in the trail has its words on the audit page', async () => {
    const actions = await server.db.selectDistinct({ action: auditRecords.action }).from(auditRecords);
    assert.ok(actions.length >= 10);
    assert.deepEqual(
      actions.map((row) => row.action).filter((action) => !isAuditAction(action)),
      [],
    );
  });

  test('before_id reads the whole trail on from a row: records written meanwhile neither repeat nor skip a row', async () => {
    const auditor = await signedInStaff(server, ['只读审计']);
    type Page = { total: number; list: { id: number }[] };
    const read = async (payload: Record<string, unknown>) =>
      dataOf(await authed(server, auditor.token, 'GET', '/v1/admin/audit', payload)) as Page;
    const snapshot = (
      await server.db
        .select({ id: auditRecords.id })
        .from(auditRecords)
        .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
    ).map((record) => record.id);
    assert.ok(snapshot.length >= 12, String(snapshot.length));
    const got: number[] = [];
    let beforeId: number | undefined;
    for (;;) {
      const page = await read({ page: 1, size: 5, ...(beforeId === undefined ? {} : { before_id: beforeId }) });
      got.push(...page.list.map((record) => record.id));
      if (page.list.length < 5) break;
      beforeId = page.list.at(-1)!.id;
      // Someone signs in meanwhile: a newer record, which an offset would have shifted the pages by.
      await signedInStaff(server, ['只读审计']);
    }
    assert.deepEqual(got, snapshot);
  });
});

describe('npm run admin -- create-staff', () => {
  test('--json prints one line {username, password, otpauth}; the account logs in', async () => {
    const command = parseAdminArgs([
      'create-staff',
      '--name',
      '第一位管理员',
      '--role',
      '管理员',
      '--username',
      'first',
      '--json',
    ]);
    assert.ok(!('error' in command));
    const result = await runAdminCommand(server.db, server.clock, command);
    assert.equal(result.ok, true);
    assert.ok(!result.message.includes('\n'));
    const printed = JSON.parse(result.message) as { username: string; password: string; otpauth: string };
    assert.deepEqual(Object.keys(printed), ['username', 'password', 'otpauth']);
    assert.equal(printed.username, 'first');
    const secret = new URL(printed.otpauth).searchParams.get('secret')!;
    server.clock.advance(30_000);
    dataOf(await staffLogin(server, 'first', printed.password, currentTotp(secret, server.clock.nowMs())));
    const [record] = await server.db.select().from(auditRecords).where(eq(auditRecords.target, 'first'));
    assert.equal(record!.actor, '命令行');
    assert.ok(!JSON.stringify(record).includes(printed.password));
  });

  test('refuses unknown roles and a taken user name', async () => {
    assert.match(
      (parseAdminArgs(['create-staff', '--name', 'x y', '--role', '老板']) as { error: string }).error,
      /角色不存在/,
    );
    assert.ok('error' in parseAdminArgs(['create-staff', '--name', '张三']));
    const again = parseAdminArgs(['create-staff', '--name', 'first', '--role', '财务']);
    assert.ok(!('error' in again));
    assert.deepEqual(await runAdminCommand(server.db, server.clock, again), {
      ok: false,
      message: MESSAGES.staffUsernameTaken,
    });
  });
});
