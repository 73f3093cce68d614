import fs from 'node:fs';
import path from 'node:path';

/**
 * The uploaded files (videos, images, attachments, face photos, published remotes) beside a
 * PostgreSQL backup, when they live on local disk (MEDIA_DIR; a bucket is covered by its own
 * versioning, docs/operations.md). Each `npm run backup -- now` takes a snapshot folder of
 * MEDIA_DIR under `<BACKUP_DIR>/media-snapshots/<YYYYMMDD-HHMMSS>/`: a file unchanged since
 * the previous snapshot is a hard link to it, so a snapshot costs only what changed, and a
 * file deleted since stays in the older snapshots only. Snapshots older than the oldest
 * database backup kept are deleted with it, so a face photo deleted by retention leaves the
 * backups within the retention of the backups themselves.
 */
export const MEDIA_SNAPSHOTS = 'media-snapshots';
/** Unfinished uploads and half-written files (names starting with a dot) are not backed up. */
const SKIPPED = /^\./;

export interface MediaSnapshot {
  name: string;
  folder: string;
  /** When it was taken, from its name (UTC). */
  takenAt: Date;
}

export interface SnapshotResult extends MediaSnapshot {
  files: number;
  bytes: number;
  /** Files copied (new or changed); the rest are links to the previous snapshot. */
  copied: number;
}

const NAME = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/;

function nameOf(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** The snapshots in `backupDir`, oldest first. */
export function mediaSnapshots(backupDir: string): MediaSnapshot[] {
  const root = path.join(backupDir, MEDIA_SNAPSHOTS);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .flatMap((name) => {
      const match = NAME.exec(name);
      if (!match) return [];
      const [, y, mo, d, h, mi, s] = match;
      return [{ name, folder: path.join(root, name), takenAt: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

function* filesUnder(root: string, relative = ''): Generator<string> {
  for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
    if (SKIPPED.test(entry.name)) continue;
    const inner = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, inner);
    else if (entry.isFile()) yield inner;
  }
}

/** Snapshots `mediaDir` now; written beside as `<name>.partial` and renamed once complete. */
export function snapshotMedia(mediaDir: string, backupDir: string, at: Date): SnapshotResult {
  const name = nameOf(at);
  const root = path.join(backupDir, MEDIA_SNAPSHOTS);
  const folder = path.join(root, name);
  const partial = `${folder}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const previous = mediaSnapshots(backupDir)
    .filter((snapshot) => snapshot.name !== name)
    .at(-1);
  let files = 0;
  let bytes = 0;
  let copied = 0;
  if (fs.existsSync(mediaDir)) {
    for (const relative of filesUnder(mediaDir)) {
      const source = path.join(mediaDir, relative);
      const target = path.join(partial, relative);
      const stat = fs.statSync(source);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const before = previous ? path.join(previous.folder, relative) : null;
      const earlier = before ? fs.statSync(before, { throwIfNoEntry: false }) : undefined;
      // utimes keeps a copy's time to the millisecond only: within 1 ms is the same time.
      if (before && earlier && earlier.size === stat.size && Math.abs(earlier.mtimeMs - stat.mtimeMs) < 1) {
        fs.linkSync(before, target);
      } else {
        fs.copyFileSync(source, target);
        fs.utimesSync(target, stat.atime, stat.mtime);
        copied += 1;
      }
      files += 1;
      bytes += stat.size;
    }
  }
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(partial, folder);
  return { name, folder, takenAt: new Date(Date.parse(at.toISOString().slice(0, 19) + 'Z')), files, bytes, copied };
}

/** Deletes the snapshots taken before `oldestKept` (the oldest database backup kept), but never the newest. */
export function pruneMediaSnapshots(backupDir: string, oldestKept: Date): string[] {
  const all = mediaSnapshots(backupDir);
  const pruned: string[] = [];
  for (const snapshot of all.slice(0, -1)) {
    if (snapshot.takenAt.getTime() >= oldestKept.getTime()) continue;
    fs.rmSync(snapshot.folder, { recursive: true, force: true });
    pruned.push(snapshot.name);
  }
  return pruned;
}

/**
 * The snapshot to copy back into MEDIA_DIR with a database restored to `target`: the first
 * one taken at or after it (it holds every file the database can name then), else the newest.
 */
export function snapshotForRestore(backupDir: string, target: Date | 'latest'): MediaSnapshot | undefined {
  const all = mediaSnapshots(backupDir);
  if (target === 'latest') return all.at(-1);
  return all.find((snapshot) => snapshot.takenAt.getTime() >= target.getTime()) ?? all.at(-1);
}
