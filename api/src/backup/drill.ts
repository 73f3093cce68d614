import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { configFromEnv } from '../config';
import { runBackupCli } from './backup-cli';
import { pgBackRestSettings, writePgBackRestConfig } from './pgbackrest';
import { closeDrillApis, DrillWorkload, missingWrites, startDrillApi } from './drill-workload';
import { snapshotForRestore } from './media-snapshots';
import { ZHAO } from '../test-support/learner-session';

/**
 * `npm run backup:drill`: the restore drill on a throw-away PostgreSQL cluster of its own
 * (port DRILL_PORT, default 18390, and the next one for the restored clusters), archiving WAL
 * through pgBackRest into a folder repository. Starts the API on it with the demo data and
 * writes through the API as browsers would (progress reports, paid orders, a certificate:
 * drill-workload.ts), takes a full backup, keeps writing, makes a mistaken DELETE, notes the
 * last acknowledged write and waits for its WAL to be archived (the recovery point), destroys
 * the cluster, restores to the latest point, starts the API on it and checks through it that
 * every acknowledged write is there; then restores to a time before the DELETE and checks the
 * deleted rows are back. The last line is one JSON line with the figures.
 */
const PORT = Number(process.env.DRILL_PORT ?? 18390);
const PGBIN = fs
  .readdirSync('/usr/lib/postgresql')
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .filter((dir) => fs.existsSync(`${dir}/initdb`))
  .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
  .at(-1);
/** The drill's WAL switch interval; production uses 60 s (pgbackrest.ts), which is what an association promises. */
const DRILL_ARCHIVE_TIMEOUT = '1s';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-drill-'));
fs.chmodSync(root, 0o755);
const socketDir = path.join(root, 'sock');
const backupDir = path.join(root, 'backups');
const liveData = path.join(root, 'live');
const started = Date.now();
const running: string[] = [];

const log = (line: string) => console.log(`[drill ${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
const asPostgres = (file: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startCluster(dataDir: string, port: number, archive: boolean): void {
  const settings = archive
    ? `-c wal_level=replica -c archive_mode=on -c archive_timeout=${DRILL_ARCHIVE_TIMEOUT} -c "archive_command=pgbackrest --config=${path.join(backupDir, 'pgbackrest.conf')} --stanza=yaoshi archive-push %p"`
    : '-c archive_mode=off';
  asPostgres(`${PGBIN}/pg_ctl`, [
    '-D',
    dataDir,
    '-l',
    path.join(socketDir, `${path.basename(dataDir)}.log`),
    '-w',
    '-t',
    '300',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${socketDir} ${settings}`,
    'start',
  ]);
  running.push(dataDir);
}

function stopCluster(dataDir: string, mode: 'fast' | 'immediate'): void {
  try {
    asPostgres(`${PGBIN}/pg_ctl`, ['-D', dataDir, '-m', mode, '-w', 'stop']);
  } catch {
    // Already stopped.
  }
  running.splice(running.indexOf(dataDir), 1);
}

async function connect(port: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  return client;
}

async function main(): Promise<void> {
  if (!PGBIN) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin).');
  for (const dir of [socketDir, backupDir]) fs.mkdirSync(dir, { mode: 0o755 });
  execFileSync('chown', ['postgres', socketDir, backupDir]);
  fs.mkdirSync(liveData, { mode: 0o700 });
  execFileSync('chown', ['postgres', liveData]);
  asPostgres(`${PGBIN}/initdb`, ['-D', liveData, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);

  const databaseUrl = `postgres://postgres@127.0.0.1:${PORT}/postgres`;
  const env = { BACKUP_PG_DATA: liveData, BACKUP_PG_SOCKET: socketDir, BACKUP_REPO: 'folder' };
  const mediaDir = path.join(root, 'media');
  const config = { ...configFromEnv({}), databaseUrl, backupDir, mediaDir, backupRetentionFull: 2 };
  await writePgBackRestConfig(pgBackRestSettings(config, env));
  startCluster(liveData, PORT, true);
  log(`PostgreSQL ${path.basename(path.dirname(PGBIN))} on ${PORT}, WAL archived by pgBackRest into ${backupDir}`);

  const cli = async (args: string[]) => {
    const lines: string[] = [];
    const code = await runBackupCli(args, {
      config,
      env,
      io: { out: (l) => lines.push(l), err: (l) => lines.push(l) },
    });
    if (code !== 0) throw new Error(`backup ${args.join(' ')} failed: ${lines.join('\n')}`);
    return lines;
  };

  let client = await connect(PORT);
  /** Waits until a restored cluster has replayed its WAL and been promoted (out of recovery). */
  const promoted = async (target: typeof client) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await target.query<{ r: boolean }>('select pg_is_in_recovery() as r');
      if (!rows[0]!.r) return;
      if (Date.now() > deadline) throw new Error('the restored cluster was still recovering after 120 s');
      await sleep(100);
    }
  };

  // The site itself on the live cluster: demo data, and the writes of a day, through its API.
  let api = await startDrillApi(databaseUrl, mediaDir, true);
  const work = await DrillWorkload.start(api);
  for (let i = 0; i < 3; i += 1) await work.report();
  await work.payOrder(0);
  await work.certificate();
  // An uploaded file on local disk, which the backup snapshots beside the database.
  fs.mkdirSync(path.join(mediaDir, 'attachments'), { recursive: true });
  fs.writeFileSync(path.join(mediaDir, 'attachments', 'drill.pdf'), 'an attachment uploaded before the backup');
  let writes = 5;
  log(`3 progress reports, 1 paid order and 1 certificate acknowledged by the API; full backup`);
  log((await cli(['now', '--type', 'full'])).join(' '));

  for (const line of await cli(['status'])) log(line);
  for (let i = 0; i < 3; i += 1) await work.report();
  await work.payOrder(1);
  writes += 4;
  // A point before the mistaken DELETE, in whole Beijing seconds (what an operator types).
  await sleep(1100);
  const beforeDelete = formatBeijingTime(Date.now());
  const acknowledgedBeforeDelete = structuredClone(work.acknowledged);
  await sleep(1100);
  const zhaoRows = await DrillWorkload.progressRowsOfZhao(api);
  await client.query(`delete from course_progress where learner_id = (select id from learners where id_number = $1)`, [
    ZHAO.idNumber,
  ]);
  log(`mistaken DELETE of 赵敏's ${zhaoRows} progress rows after ${beforeDelete}`);
  for (let i = 0; i < 2; i += 1) await work.report();
  writes += 2;
  const lastAckAt = Date.now();
  const { rows: lsnRows } = await client.query<{ wal: string }>('select pg_walfile_name(pg_current_wal_lsn()) as wal');
  const walOfLastWrite = lsnRows[0]!.wal;
  // The recovery point: how long the last acknowledged write waited for its WAL to reach the repository.
  for (;;) {
    const { rows } = await client.query<{ wal: string | null }>(
      'select last_archived_wal as wal from pg_stat_archiver',
    );
    // `…0003.00000028.backup` (a backup's label file) is not segment 0003 itself.
    const wal = rows[0]?.wal ?? '';
    const segment = wal.slice(0, 24);
    if (wal.length === 24 ? segment >= walOfLastWrite : segment > walOfLastWrite) break;
    if (Date.now() - lastAckAt > 120_000) throw new Error('WAL of the last write was not archived within 120 s');
    await sleep(50);
  }
  const rpoSeconds = (Date.now() - lastAckAt) / 1000;
  await client.end();
  await api.close();
  log(
    `last acknowledged write: 王芳 at ${work.acknowledged.learnTime} s; its WAL archived after ${rpoSeconds.toFixed(1)} s. Destroying the cluster.`,
  );
  stopCluster(liveData, 'immediate');
  fs.rmSync(liveData, { recursive: true, force: true });

  const restoreStarted = Date.now();
  const latest = path.join(root, 'restored-latest');
  await cli(['restore', '--to', 'latest', '--target-dir', latest]);
  startCluster(latest, PORT + 1, false);
  client = await connect(PORT + 1);
  // Connections are taken while the WAL is still being replayed: the restore is done (and the
  // rows to count are all there) once it is promoted.
  await promoted(client);
  await client.end();
  // The API starts on the restored database and answers as before the failure.
  api = await startDrillApi(`postgres://postgres@127.0.0.1:${PORT + 1}/postgres`, mediaDir, false);
  const restoreSeconds = (Date.now() - restoreStarted) / 1000;
  const missing = await missingWrites(api, work.acknowledged);
  const snapshot = snapshotForRestore(backupDir, 'latest');
  if (!snapshot || !fs.existsSync(path.join(snapshot.folder, 'attachments', 'drill.pdf')))
    missing.push('the uploaded file is not in the media snapshot');
  const zhaoAfterLatest = await DrillWorkload.progressRowsOfZhao(api);
  await api.close();
  stopCluster(latest, 'fast');
  if (missing.length > 0) throw new Error(`acknowledged writes missing after the restore: ${missing.join('; ')}`);
  if (zhaoAfterLatest !== 0) throw new Error(`the latest point holds ${zhaoAfterLatest} rows deleted before it`);
  log(
    `restored to the latest point and the API up on it in ${restoreSeconds.toFixed(1)} s: every acknowledged write there`,
  );

  const pitrStarted = Date.now();
  const beforeMistake = path.join(root, 'restored-before-delete');
  await cli(['restore', '--to', beforeDelete, '--target-dir', beforeMistake]);
  startCluster(beforeMistake, PORT + 2, false);
  client = await connect(PORT + 2);
  // Promotion comes after the replay to the target; wait for it.
  await promoted(client);
  await client.end();
  api = await startDrillApi(`postgres://postgres@127.0.0.1:${PORT + 2}/postgres`, mediaDir, false);
  const pitrSeconds = (Date.now() - pitrStarted) / 1000;
  const back = await DrillWorkload.progressRowsOfZhao(api);
  const missingBefore = await missingWrites(api, acknowledgedBeforeDelete);
  await api.close();
  stopCluster(beforeMistake, 'fast');
  if (back !== zhaoRows) throw new Error(`restore to ${beforeDelete}: ${back} of ${zhaoRows} deleted rows back`);
  if (missingBefore.length > 0)
    throw new Error(`restore to ${beforeDelete} is not the site as it was then: ${missingBefore.join('; ')}`);
  log(
    `restored to ${beforeDelete} (before the DELETE) in ${pitrSeconds.toFixed(1)} s: all ${zhaoRows} deleted rows back, and the site as it was then`,
  );

  console.log(
    JSON.stringify({
      ok: true,
      acknowledgedWrites: writes,
      rpoSeconds: Number(rpoSeconds.toFixed(1)),
      restoreSeconds: Number(restoreSeconds.toFixed(1)),
      pitrSeconds: Number(pitrSeconds.toFixed(1)),
      drillSeconds: Number(((Date.now() - started) / 1000).toFixed(1)),
    }),
  );
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await closeDrillApis();
  for (const dir of [...running]) stopCluster(dir, 'immediate');
  console.log(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
} finally {
  for (const dir of [...running]) stopCluster(dir, 'fast');
  if (process.exitCode !== 1 || !process.env.DRILL_KEEP) fs.rmSync(root, { recursive: true, force: true });
}
