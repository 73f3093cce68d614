// The server's clock zone is not Beijing: every time a person reads must still be Beijing time.
process.env.TZ = 'America/New_York';

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf } from './db/database';
import ExcelJS from 'exceljs';
import type { InvoiceQueueRow } from '@yaoshi/contracts/finance-admin';
import { WANG, authed, dataOf, loginToken } from './test-support/learner-session';
import { registerTestRemote } from './test-support/release-registry';
import { signedInStaff, type TestStaff } from './test-support/staff-session';
import { startTestServer, TEST_START, type TestServer } from './test-support/test-server';
import { releaseConfigFromEnv } from './releases/release-config';
import { registerReleaseRoutes } from './releases/release-routes';

/**
 * TEST_START is 2025-06-16 10:00:00 in Beijing: 02:00 UTC, and 22:00 of the 15th in New York.
 * A time formatted in the server's zone would read 2025-06-15 22:…; every output here must
 * read the 16th, 10:…, and `--json`-style answers carry +08:00.
 */
let server: TestServer;
let staff: TestStaff;

before(async () => {
  assert.equal(new Date(TEST_START).getHours(), 22, 'this process runs in New York time');
  server = await startTestServer();
  staff = await signedInStaff(server, ['管理员', '财务', '发布管理']);
});
after(() => server.close());

test('the audit log and the finance order list show Beijing time', async () => {
  const audit = dataOf(await authed(server, staff.token, 'GET', '/v1/admin/audit', { size: 5 })) as {
    list: { time: string }[];
  };
  assert.match(audit.list[0]!.time, /^2025-06-16 10:00:\d\d$/);
  const orders = dataOf(await authed(server, staff.token, 'GET', '/v1/admin/orders', { size: 100 })) as {
    list: { created_at: string }[];
  };
  // The same moment written by PostgreSQL in Beijing time: the reference.
  const [sample] = await rowsOf<{ created_at: string }>(
    server.db,
    sql`select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as created_at from orders order by created_at desc limit 1`,
  );
  assert.ok(
    orders.list.some((row) => row.created_at === sample?.created_at),
    JSON.stringify(sample),
  );
});

test('an invoice PDF issued at 10:00 Beijing on the 16th is dated the 16th; the daily .xlsx counts it on the 16th', async () => {
  const waiting = (
    dataOf(await authed(server, staff.token, 'GET', '/v1/admin/invoices', { status: 'reviewing' })) as {
      list: InvoiceQueueRow[];
    }
  ).list;
  const target = waiting[0]!;
  const issued = dataOf(
    await authed(server, staff.token, 'POST', '/v1/admin/invoices/issue', { order_no: target.order_no }),
  ) as { issued_at: string };
  assert.match(issued.issued_at, /^2025-06-16/);
  const wangToken = await loginToken(server, WANG.phone, WANG.password);
  const download = dataOf(await authed(server, wangToken, 'GET', '/v1/invoice_pdf', { order_id: target.order_no })) as {
    pdf_base64: string;
  };
  const file = path.join(os.tmpdir(), `invoice-tz-${process.pid}.pdf`);
  fs.writeFileSync(file, Buffer.from(download.pdf_base64, 'base64'));
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  fs.rmSync(file);
  assert.ok(text.includes('2025-06-16') || text.includes('2025年06月16日') || text.includes('2025年6月16日'), text);
  assert.ok(!text.includes('2025-06-15'), text);

  const summary = dataOf(
    await authed(server, staff.token, 'GET', '/v1/admin/finance/summary', { from: '2025-06-16', to: '2025-06-16' }),
  ) as { xlsx_base64: string };
  const workbook = new ExcelJS.Workbook();
  const bytes = Buffer.from(summary.xlsx_base64, 'base64');
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  assert.equal(workbook.getWorksheet('按日')!.getRow(2).getCell(1).text, '2025-06-16');
});

test('release history: ISO 8601 with +08:00 for programs, over the release API and in the console', async () => {
  await registerTestRemote(server.db, server.clock, 'shop', { versions: ['1.0.0', '1.1.0'], pinned: '1.0.0' });
  const cli = Fastify();
  await registerReleaseRoutes(cli, {
    db: server.db,
    clock: server.clock,
    siteDir: undefined,
    config: releaseConfigFromEnv({ RELEASE_TOKENS: 'ci:ci-release-token-0123456789' }, false),
    secret: 'test-media-secret',
  });
  try {
    const headers = { authorization: 'Bearer ci-release-token-0123456789' };
    const pinned = await cli.inject({
      method: 'POST',
      url: '/v1/releases/pin',
      headers,
      payload: { remote: 'shop', version: '1.1.0', reason: '时区' },
    });
    assert.equal(pinned.statusCode, 200, pinned.body);
    const history = await cli.inject({ method: 'GET', url: '/v1/releases/history?remote=shop', headers });
    const [line] = history.json<{ data: { history: { at: string }[] } }>().data.history;
    assert.match(line!.at, /^2025-06-16T10:00:\d\d\+08:00$/);
    const override = await cli.inject({
      method: 'POST',
      url: '/v1/releases/override',
      headers,
      payload: { remote: 'shop', version: '1.1.0' },
    });
    assert.match(override.json<{ data: { expires: string } }>().data.expires, /^2025-06-16T11:00:\d\d\+08:00$/);
  } finally {
    await cli.close();
  }
  const console = dataOf(
    await authed(server, staff.token, 'GET', '/v1/admin/releases/history', { remote: 'shop' }),
  ) as {
    history: { at: string }[];
  };
  assert.match(console.history[0]!.at, /^2025-06-16T10:00:\d\d\+08:00$/);
});
