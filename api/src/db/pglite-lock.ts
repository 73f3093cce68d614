import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite has no locking between processes: two processes on one data folder each keep
 * their own copy in memory and silently overwrite each other's writes. So exactly one
 * process may open the folder, and it says so with a lock file beside it.
 *
 * The lock is a file created with O_EXCL holding the owner's pid and host. A lock whose
 * pid no longer runs on this host is stale (the owner crashed) and is taken over.
 */
export interface DataDirLock {
  readonly path: string;
  release: () => void;
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'pglite.lock');
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && 'pid' in parsed && 'host' in parsed) {
      const { pid, host, since } = parsed as Record<string, unknown>;
      if (typeof pid === 'number' && typeof host === 'string')
        return { pid, host, since: typeof since === 'string' ? since : '' };
    }
    return null;
  } catch {
    return null;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(owner: LockOwner | null): boolean {
  // An unreadable file is a crash between create and write: nobody holds it.
  if (owner === null) return true;
  // On another host (a shared network folder) we cannot tell; assume it is held.
  if (owner.host !== os.hostname()) return false;
  return !isProcessAlive(owner.pid);
}

function tryCreate(file: string, owner: LockOwner): boolean {
  try {
    const fd = fs.openSync(file, 'wx');
    try {
      fs.writeFileSync(fd, JSON.stringify(owner));
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };

  if (!tryCreate(file, me)) {
    const owner = readOwner(file);
    if (!isStale(owner)) {
      throw new DataDirLockedError(
        `The database folder ${dataDir} is in use by process ${owner?.pid} on ${owner?.host} (since ${owner?.since}). ` +
          'PGlite allows only one process per folder: stop the other server, use another DATA_DIR, or set DATABASE_URL. ' +
          `If no such process exists, delete ${file}.`,
      );
    }
    // Rename-then-create rather than unlink-then-create: if two processes find the same
    // stale lock, only one rename succeeds, and the loser sees the winner's new file.
    try {
      fs.renameSync(file, `${file}.stale-${process.pid}`);
      fs.rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch {
      // Someone else took it over first; fall through to the create that will report them.
    }
    if (!tryCreate(file, me)) {
      const winner = readOwner(file);
      throw new DataDirLockedError(`The database folder ${dataDir} was just taken by process ${winner?.pid}.`);
    }
  }

  // A crash skips release(); the stale-pid check covers that. A normal exit without
  // close() (an uncaught error) should not leave a lock behind either.
  const releaseOnExit = () => removeIfOurs(file);
  process.on('exit', releaseOnExit);
  let released = false;
  return {
    path: file,
    release() {
      if (released) return;
      released = true;
      process.off('exit', releaseOnExit);
      removeIfOurs(file);
    },
  };
}

function removeIfOurs(file: string): void {
  const owner = readOwner(file);
  if (owner && owner.pid === process.pid && owner.host === os.hostname()) fs.rmSync(file, { force: true });
}
