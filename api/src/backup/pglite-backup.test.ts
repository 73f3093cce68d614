import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { movableClock } from '../clock';
import { configFromEnv } from '../config';
import { openDatabase, pgliteDir, rowsOf, type DatabaseHandle } from '../db/database';
import { RestoreIncompleteError, restoreMarkerPath } from '../db/restore-marker';
import { runBackupCli } from './backup-cli';
import { serveDumpChannel } from './dump-channel';
import { backupPglite, BackupError, listPgliteBackups, restorePglite, verifyPgliteBackup } from './pglite-backup';

const tempDirs: string[] = [];
after(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function site() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-backup-'));
  tempDirs.push(root);
  const dirs = {
    dataDir: path.join(root, 'data'),
    mediaDir: path.join(root, 'media'),
    backupDir: path.join(root, 'backups'),
  };
  fs.mkdirSync(dirs.dataDir);
  fs.mkdirSync(path.join(dirs.mediaDir, 'face'), { recursive: true });
  return dirs;
}

const clock = movableClock(Date.parse('2026-11-28T12:00:00Z'));

async function open(dataDir: string): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: undefined, dataDir });
}

/** A table of its own (not the product's), so the test needs no product rows. */
async function notes(handle: DatabaseHandle): Promise<string[]> {
  const rows = await rowsOf<{ text: string }>(handle.db, sql.raw('select text from backup_probe order by id'));
  return rows.map((row) => row.text);
}

test('PGlite: a backup of the stopped folder and MEDIA_DIR comes back whole; later writes and files do not', async () => {
  const where = site();
  let handle = await open(where.dataDir);
  await handle.db.execute(sql.raw('create table backup_probe (id serial primary key, text text not null)'));
  await handle.db.execute(sql.raw(`insert into backup_probe (text) values ('药师甲的学时')`));
  await handle.close();
  fs.writeFileSync(path.join(where.mediaDir, 'face', 'a.jpg'), 'photo a');

  const manifest = await backupPglite({ ...where, clock });
  assert.equal(manifest.source, 'stopped-folder');
  assert.equal(manifest.createdAt, '2026-11-28T20:00:00+08:00');
  assert.equal(manifest.media.files, 1);
  assert.deepEqual(
    listPgliteBackups(where.backupDir).map((b) => b.id),
    [manifest.id],
  );
  assert.deepEqual(verifyPgliteBackup(where.backupDir, manifest), []);

  // After the backup: a mistaken write and a lost file.
  handle = await open(where.dataDir);
  await handle.db.execute(sql.raw(`delete from backup_probe`));
  await handle.close();
  fs.rmSync(path.join(where.mediaDir, 'face', 'a.jpg'));

  clock.advance(60_000);
  const result = await restorePglite({ ...where, clock });
  assert.equal(result.backup.id, manifest.id);
  assert.ok(
    result.previousDatabase && fs.existsSync(result.previousDatabase),
    'the database that was there is kept aside',
  );
  assert.equal(fs.existsSync(restoreMarkerPath(where.dataDir)), false, 'the marker is gone once complete');
  assert.equal(fs.readFileSync(path.join(where.mediaDir, 'face', 'a.jpg'), 'utf8'), 'photo a');
  handle = await open(where.dataDir);
  assert.deepEqual(await notes(handle), ['药师甲的学时']);
  await handle.close();
});

test('PGlite: the running server hands out its dump over the 0600 channel; a restore under it is refused', async () => {
  const where = site();
  const handle = await open(where.dataDir);
  await handle.db.execute(sql.raw('create table backup_probe (id serial primary key, text text not null)'));
  await handle.db.execute(sql.raw(`insert into backup_probe (text) values ('运行中写入')`));
  const channel = await serveDumpChannel(where.dataDir, handle.dumpDataDir!);
  try {
    assert.equal(fs.statSync(path.join(where.dataDir, 'backup.sock')).mode & 0o777, 0o600);
    const manifest = await backupPglite({ ...where, clock });
    assert.equal(manifest.source, 'running-server');
    await assert.rejects(restorePglite({ ...where, clock }), (error: Error) => {
      assert.ok(error instanceof BackupError);
      assert.match(error.message, /stop it before restoring/);
      return true;
    });
    assert.equal(fs.existsSync(restoreMarkerPath(where.dataDir)), false, 'a refused restore leaves no marker');
  } finally {
    await channel.close();
    await handle.close();
  }
  // The dump taken while it ran restores into a folder that opens with the row in it.
  const restored = site();
  fs.cpSync(where.backupDir, restored.backupDir, { recursive: true });
  await restorePglite({ ...restored, clock });
  const reopened = await open(restored.dataDir);
  assert.deepEqual(await notes(reopened), ['运行中写入']);
  await reopened.close();
});

test('a half-restored folder: opening it is refused, and the server exits 78 with the reason', async () => {
  const where = site();
  fs.writeFileSync(restoreMarkerPath(where.dataDir), JSON.stringify({ backup: '20261128-200000-000' }));
  await assert.rejects(open(where.dataDir), RestoreIncompleteError);

  const main = fileURLToPath(new URL('../main.ts', import.meta.url));
  const child = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATA_DIR: where.dataDir,
      MEDIA_DIR: where.mediaDir,
      PORT: '0',
      DATABASE_URL: '',
      NODE_ENV: 'development',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(child.status, 78, child.stderr);
  assert.match(child.stderr, /Refusing to start: a restore into .* \(from backup 20261128-200000-000\) did not finish/);
  assert.equal(fs.existsSync(pgliteDir(where.dataDir)), false, 'nothing was opened or created');
});

test('npm run backup -- status on a fresh site says what is backed up, where, and that nothing is yet', async () => {
  const where = site();
  const lines: string[] = [];
  const config = { ...configFromEnv({}), ...where, backupRetentionFull: 4 };
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`ERR ${line}`) };
  assert.equal(await runBackupCli(['status'], { config, io }), 0);
  assert.deepEqual(lines, [
    `Database: embedded PGlite in ${pgliteDir(where.dataDir)}`,
    `Files: MEDIA_DIR ${where.mediaDir}`,
    `Backups go to: BACKUP_DIR ${where.backupDir}`,
    'Nothing is backed up yet. Run "npm run backup -- now" (the server may keep running).',
  ]);
  lines.length = 0;
  assert.equal(await runBackupCli(['status', '--json'], { config, io }), 0);
  assert.deepEqual(JSON.parse(lines[0]!), {
    database: 'pglite',
    databaseDir: pgliteDir(where.dataDir),
    mediaDir: where.mediaDir,
    backupDir: where.backupDir,
    backups: 0,
    newest: null,
  });
  lines.length = 0;
  assert.equal(await runBackupCli(['restore'], { config, io }), 2);
  assert.match(lines[0]!, /^ERR backup restore: there is no backup in .* yet/);
  lines.length = 0;
  assert.equal(await runBackupCli(['now', '--type', 'weekly'], { config, io }), 2);
  assert.match(lines[0]!, /--type is full or incr/);
});
