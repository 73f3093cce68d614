import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '@yaoshi/contracts/learner-admin';
import { QUESTION_IMPORT_COLUMNS } from '@yaoshi/contracts/question-bank-rules';
import { courses } from '../catalogue/catalogue-schema';
import { ApiError } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import {
  lyingSharedStringsBomb,
  lyingWhitespaceBomb,
  manyRows,
  plainSheet,
  whitespaceBomb,
} from '../test-support/spreadsheet-bombs';
import { assertRefused, authed } from '../test-support/learner-session';
import { signedInStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { IMPORTS_AT_ONCE, readSheetRows } from './xlsx-import';

/**
 * Spreadsheet bombs: a 312 KB .xlsx that inflates to 300 MB once held about 1 GB of server
 * memory per import, and four at once stalled the server. Each bomb is now refused with a
 * clear message while the process stays within a ceiling, and imports run at most
 * IMPORTS_AT_ONCE at a time.
 */

const limits = { columns: IMPORT_COLUMNS, maxRows: IMPORT_MAX_ROWS, emptyMessage: MESSAGES.importEmpty };
const base64 = (bytes: Buffer) => bytes.toString('base64');

async function refusal(file: Buffer): Promise<ApiError> {
  const error = await readSheetRows(base64(file), limits).then(
    () => assert.fail('the file was read'),
    (reason: unknown) => reason,
  );
  assert.ok(error instanceof ApiError, String(error));
  return error;
}

describe('the reader', () => {
  test('reads a plain sheet of inline strings', async () => {
    const rows = await readSheetRows(
      base64(await plainSheet(IMPORT_COLUMNS, [['张三', '1', '2', '3', '4'], [], ['李四', '5', '6', '7', '8']])),
      limits,
    );
    assert.deepEqual(rows, [
      { row: 2, cells: ['张三', '1', '2', '3', '4'] },
      { row: 4, cells: ['李四', '5', '6', '7', '8'] },
    ]);
  });

  test('300 MB of whitespace, honestly declared, is refused before anything inflates', async () => {
    const error = await refusal(await whitespaceBomb(IMPORT_COLUMNS));
    assert.equal(error.code, 400);
    assert.equal(error.message, MESSAGES.importTooLarge);
  });

  test('a sheet whose headers claim 64 KB is stopped as soon as it inflates past them', async () => {
    const error = await refusal(await lyingWhitespaceBomb(IMPORT_COLUMNS));
    assert.equal(error.message, MESSAGES.importTooLarge);
  });

  test('shared strings that lie about their size are stopped the same way', async () => {
    const error = await refusal(await lyingSharedStringsBomb(IMPORT_COLUMNS));
    assert.equal(error.message, MESSAGES.importTooLarge);
  });

  test('150,000 rows stop at the limit plus one with 一次最多导入10000行', async () => {
    const error = await refusal(await manyRows(IMPORT_COLUMNS, 150_000));
    assert.equal(error.message, MESSAGES.importTooMany(IMPORT_MAX_ROWS));
    assert.equal(error.message, '一次最多导入10000行，请分批导入');
  });

  test('a zip whose local header names another part than its directory is no .xlsx', async () => {
    const file = await plainSheet(IMPORT_COLUMNS, [['张三', '1', '2', '3', '4']]);
    const at = file.indexOf('xl/workbook.xml');
    file.write('xl/workbooc.xml', at);
    assert.equal((await refusal(file)).message, MESSAGES.importNotXlsx);
    assert.equal((await refusal(Buffer.from('PK\u0003\u0004 not a zip'))).message, MESSAGES.importNotXlsx);
  });

  test(`imports past ${IMPORTS_AT_ONCE} at once get a 503 to try again, and the slots free afterwards`, async () => {
    const file = base64(await manyRows(IMPORT_COLUMNS, 9_000));
    const running = Array.from({ length: IMPORTS_AT_ONCE }, () => readSheetRows(file, limits));
    const error = await readSheetRows(file, limits).then(
      () => assert.fail('a third import ran'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 503);
    assert.equal(error.message, '正在处理的导入较多，请稍后重试');
    assert.ok(error.retryAfterSeconds! > 0);
    for (const rows of await Promise.all(running)) assert.equal(rows.length, 9_000);
    assert.equal((await readSheetRows(file, limits)).length, 9_000);
  });
});

describe('memory', () => {
  let folder: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'yaoshi-bombs-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  /** Peak memory of a fresh process with a 64 MB heap reading `file` as IMPORTS_AT_ONCE imports at once. */
  async function readInOwnProcess(file: Buffer): Promise<{ outcomes: string[]; peakMegabytes: number }> {
    const path = join(folder, `${Math.random().toString(36).slice(2)}.xlsx`);
    writeFileSync(path, file);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--max-old-space-size=64',
        join(import.meta.dirname, 'import-memory-child.ts'),
        IMPORT_COLUMNS.join('|'),
        String(IMPORT_MAX_ROWS),
        path,
      ],
      { cwd: join(import.meta.dirname, '../..') },
    );
    return JSON.parse(stdout) as { outcomes: string[]; peakMegabytes: number };
  }

  test('every bomb is refused within 64 MB of what a one-row file costs', async () => {
    const baseline = await readInOwnProcess(await plainSheet(IMPORT_COLUMNS, [['张三', '1', '2', '3', '4']]));
    assert.deepEqual(baseline.outcomes, Array(IMPORTS_AT_ONCE).fill('rows:1'));
    const bombs: [string, Buffer, string][] = [
      ['whitespace', await whitespaceBomb(IMPORT_COLUMNS), MESSAGES.importTooLarge],
      ['lying whitespace', await lyingWhitespaceBomb(IMPORT_COLUMNS), MESSAGES.importTooLarge],
      ['lying shared strings', await lyingSharedStringsBomb(IMPORT_COLUMNS), MESSAGES.importTooLarge],
      ['150,000 rows', await manyRows(IMPORT_COLUMNS, 150_000), MESSAGES.importTooMany(IMPORT_MAX_ROWS)],
    ];
    for (const [name, file, message] of bombs) {
      const { outcomes, peakMegabytes } = await readInOwnProcess(file);
      assert.deepEqual(outcomes, Array(IMPORTS_AT_ONCE).fill(message), name);
      assert.ok(
        peakMegabytes - baseline.peakMegabytes < 64,
        `${name}: peak ${peakMegabytes} MB, a one-row file ${baseline.peakMegabytes} MB`,
      );
    }
  });
});

describe('through the imports', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** The server's resident memory, sampled while `work` runs: its growth over the start, in MB. */
  async function growthDuring(work: () => Promise<void>): Promise<number> {
    const start = process.memoryUsage().rss;
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      await work();
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    return (peak - start) / 1024 / 1024;
  }

  test('the learner import check refuses four whitespace bombs at once without a 500 or a gigabyte', async () => {
    const registrar = await signedInStaff(server, ['学员管理']);
    const file = base64(await whitespaceBomb(IMPORT_COLUMNS));
    const lying = base64(await lyingWhitespaceBomb(IMPORT_COLUMNS));
    const growth = await growthDuring(async () => {
      const answers = await Promise.all(
        [file, lying, file, lying].map((file_base64) =>
          authed(server, registrar.token, 'POST', '/v1/admin/learners/import/check', { file_base64 }),
        ),
      );
      for (const answer of answers) {
        assert.ok([400, 503].includes(answer.status), `status ${answer.status}`);
        assertRefused(answer, answer.status, answer.status === 400 ? MESSAGES.importTooLarge : MESSAGES.importBusy);
      }
    });
    assert.ok(growth < 150, `grew ${growth.toFixed(0)} MB`);
  });

  test('the question-bank import check refuses the bombs the same way', async () => {
    const manager = await signedInStaff(server, ['课程管理']);
    const [course] = await server.db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(1);
    const files: [Buffer, string][] = [
      [await whitespaceBomb(QUESTION_IMPORT_COLUMNS), MESSAGES.importTooLarge],
      [await lyingSharedStringsBomb(QUESTION_IMPORT_COLUMNS), MESSAGES.importTooLarge],
      [await manyRows(QUESTION_IMPORT_COLUMNS, 150_000), MESSAGES.importTooMany(1000)],
    ];
    const growth = await growthDuring(async () => {
      for (const [file, message] of files) {
        const answer = await authed(server, manager.token, 'POST', '/v1/admin/question-banks/import/check', {
          cid: course!.id,
          file_base64: base64(file),
        });
        assertRefused(answer, 400, message);
      }
    });
    assert.ok(growth < 150, `grew ${growth.toFixed(0)} MB`);
  });
});
