import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, acquireDataDirLock, lockFilePath } from './pglite-lock';
import { openDatabase } from './database';

const tempDirs: string[] = [];
after(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-lock-'));
  tempDirs.push(dir);
  return dir;
}

function writeLock(dataDir: string, pid: number): void {
  fs.writeFileSync(
    lockFilePath(dataDir),
    JSON.stringify({ pid, host: os.hostname(), since: new Date().toISOString() }),
  );
}

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

test('a second opener is refused while the first holds the folder, and admitted after release', () => {
  const dir = tempDir();
  const first = acquireDataDirLock(dir);
  assert.throws(() => acquireDataDirLock(dir), DataDirLockedError);
  first.release();
  assert.equal(fs.existsSync(lockFilePath(dir)), false);
  acquireDataDirLock(dir).release();
});

test('a lock held by another live process is respected, with a message that says what to do', () => {
  const dir = tempDir();
  writeLock(dir, process.ppid);
  assert.throws(
    () => acquireDataDirLock(dir),
    (error: Error) => {
      assert.ok(error instanceof DataDirLockedError);
      assert.match(error.message, new RegExp(`process ${process.ppid}`));
      assert.match(error.message, /DATA_DIR|DATABASE_URL/);
      return true;
    },
  );
});

test('a stale lock left by a crashed process is taken over', () => {
  const dir = tempDir();
  writeLock(dir, deadPid());
  const lock = acquireDataDirLock(dir);
  assert.equal((JSON.parse(fs.readFileSync(lock.path, 'utf8')) as { pid: number }).pid, process.pid);
  lock.release();
});

test('a lock file left half-written is taken over', () => {
  const dir = tempDir();
  fs.writeFileSync(lockFilePath(dir), '');
  acquireDataDirLock(dir).release();
});

test('opening the database refuses before touching a locked folder, and creates missing parents', async () => {
  const dir = path.join(tempDir(), 'nested', 'data');
  const lock = acquireDataDirLock(dir);
  await assert.rejects(openDatabase({ databaseUrl: undefined, dataDir: dir }), DataDirLockedError);
  assert.equal(fs.existsSync(path.join(dir, 'pglite')), false, 'PGlite never started');
  lock.release();
});
