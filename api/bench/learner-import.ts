/**
 * Benchmark of 学员管理's learner import (issue 18: 10,000 rows under 60 s), through the
 * real HTTP API with every rule applied: the signed envelope, the staff session and its
 * permission, the .xlsx read, each row checked by the profile rules and against the
 * accounts, the audit records, and the confirmation's one transaction.
 *
 *   npm run bench:import -w api                       # PGlite, in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench:import -w api
 *
 * BENCH_ROWS (default 10000) valid rows of the template's columns are written to an .xlsx
 * (not timed), then checked (POST /v1/admin/learners/import/check) and imported
 * (POST /v1/admin/learners/import/confirm), as the console does. Prints each step's
 * seconds and the total; exits 1 when the total is 60 s or more, or a row is missing.
 */
import { count } from 'drizzle-orm';
import { importReportSchema } from '@yaoshi/contracts/learner-admin';
import { learners } from '../src/accounts/accounts-schema';
import { startTestServer } from '../src/test-support/test-server';
import { signedInStaff } from '../src/test-support/staff-session';
import { authed, dataOf } from '../src/test-support/learner-session';
import { importWorkbookBase64, validImportRows } from '../src/test-support/import-workbook';
import * as learnerAdminRoutes from '@yaoshi/contracts/routes/learner-admin';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const LIMIT_S = 60;

const server = await startTestServer();
try {
  const registrar = await signedInStaff(server, ['学员管理']);
  const file = await importWorkbookBase64(validImportRows(ROWS, 100_000));
  const [before] = await server.db.select({ n: count() }).from(learners);
  console.log(
    `${ROWS} rows, .xlsx ${(Buffer.byteLength(file, 'base64') / 1024).toFixed(0)} KiB (${(file.length / 1024).toFixed(0)} KiB as base64); database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );

  const started = performance.now();
  const report = importReportSchema.parse(
    dataOf(await authed(server, registrar.token, 'POST', learnerAdminRoutes.importCheck.path, { file_base64: file })),
  );
  const checked = performance.now();
  const result = dataOf(
    await authed(server, registrar.token, 'POST', learnerAdminRoutes.importConfirm.path, {
      file_base64: file,
      valid: report.valid,
    }),
  ) as { imported: number; skipped: number };
  const confirmed = performance.now();

  const [afterRow] = await server.db.select({ n: count() }).from(learners);
  const added = Number(afterRow!.n) - Number(before!.n);
  const total = (confirmed - started) / 1000;
  console.log(
    `check:   ${((checked - started) / 1000).toFixed(1)} s (${report.valid} valid, ${report.failed.length} failed)`,
  );
  console.log(`confirm: ${((confirmed - checked) / 1000).toFixed(1)} s (${result.imported} imported)`);
  console.log(`total:   ${total.toFixed(1)} s for ${ROWS} rows (limit ${LIMIT_S} s) — ${added} learners added`);
  if (total >= LIMIT_S || added !== ROWS || report.valid !== ROWS) process.exitCode = 1;
} finally {
  await server.close();
}
