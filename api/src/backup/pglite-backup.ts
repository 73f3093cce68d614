import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { beijingIsoTime } from '@yaoshi/contracts/beijing-time';
import type { Clock } from '../clock';
import { pgliteDir } from '../db/database';
import { acquireDataDirLock, DataDirLockedError, lockFilePath, isProcessAlive } from '../db/pglite-lock';
import { restoreMarkerPath } from '../db/restore-marker';
import { requestDump } from './dump-channel';

/**
 * Backups of the embedded PGlite site (the default `npm start`): each one a folder in
 * BACKUP_DIR named by its time, holding `database.tar.gz` (PGlite's own dump of its data
 * folder), `media/` (a copy of MEDIA_DIR) and `manifest.json`, written last: a folder
 * without a manifest is an interrupted backup and is never offered for restore.
 */
export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database.tar.gz';
export const MEDIA_COPY = 'media';

export interface PgliteBackupManifest {
  kind: 'pglite';
  /** The folder's name in BACKUP_DIR. */
  id: string;
  /** ISO with +08:00. */
  createdAt: string;
  /** Whether the dump came from the running server (over its backup channel) or from the stopped folder. */
  source: 'running-server' | 'stopped-folder';
  database: { file: string; bytes: number; sha256: string };
  media: { folder: string; source: string; files: number; bytes: number };
}

export interface PgliteBackupOptions {
  dataDir: string;
  mediaDir: string;
  backupDir: string;
  clock: Clock;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

function lockHeldByLiveProcess(dataDir: string): boolean {
  try {
    const owner = JSON.parse(fs.readFileSync(lockFilePath(dataDir), 'utf8')) as { pid?: unknown };
    return typeof owner.pid === 'number' && isProcessAlive(owner.pid);
  } catch {
    return false;
  }
}

/** A consistent dump: from the running server if one holds the folder, else by opening the stopped folder. */
async function takeDump(dataDir: string): Promise<{ bytes: Buffer; source: PgliteBackupManifest['source'] }> {
  const fromServer = await requestDump(dataDir);
  if (fromServer) return { bytes: fromServer, source: 'running-server' };
  if (!fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`there is no PGlite database in ${pgliteDir(dataDir)} yet: start the site once (npm start).`);
  }
  let lock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `the server that holds ${dataDir} does not answer on its backup channel; stop it (or restart it on this version) and run the backup again.`,
      );
    }
    throw error;
  }
  try {
    const client = await PGlite.create(pgliteDir(dataDir));
    try {
      const blob = await client.dumpDataDir('gzip');
      return { bytes: Buffer.from(await blob.arrayBuffer()), source: 'stopped-folder' };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Folder names sort in time order: `20261128-201530-123`, Beijing time. */
function backupId(now: Date): string {
  return (
    beijingIsoTime(now).slice(0, 19).replace(/[-:]/g, '').replace('T', '-') +
    `-${String(now.getUTCMilliseconds()).padStart(3, '0')}`
  );
}

function countFiles(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** `npm run backup -- now` on PGlite. */
export async function backupPglite(options: PgliteBackupOptions): Promise<PgliteBackupManifest> {
  const now = options.clock.now();
  const id = backupId(now);
  fs.mkdirSync(options.backupDir, { recursive: true, mode: 0o700 });
  const partial = path.join(options.backupDir, `.${id}.partial`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { mode: 0o700 });
  try {
    const dump = await takeDump(options.dataDir);
    fs.writeFileSync(path.join(partial, DATABASE_DUMP), dump.bytes, { mode: 0o600 });
    const mediaCopy = path.join(partial, MEDIA_COPY);
    if (fs.existsSync(options.mediaDir)) {
      // Unfinished tus uploads are not the site's files yet.
      fs.cpSync(options.mediaDir, mediaCopy, {
        recursive: true,
        filter: (source) => path.basename(source) !== '.uploads',
      });
    } else {
      fs.mkdirSync(mediaCopy);
    }
    const manifest: PgliteBackupManifest = {
      kind: 'pglite',
      id,
      createdAt: beijingIsoTime(now),
      source: dump.source,
      database: {
        file: DATABASE_DUMP,
        bytes: dump.bytes.length,
        sha256: createHash('sha256').update(dump.bytes).digest('hex'),
      },
      media: { folder: MEDIA_COPY, source: options.mediaDir, ...countFiles(mediaCopy) },
    };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(partial, path.join(options.backupDir, id));
    return manifest;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Complete backups in BACKUP_DIR, newest first. */
export function listPgliteBackups(backupDir: string): PgliteBackupManifest[] {
  if (!fs.existsSync(backupDir)) return [];
  const manifests: PgliteBackupManifest[] = [];
  for (const name of fs.readdirSync(backupDir)) {
    if (name.startsWith('.')) continue;
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(backupDir, name, MANIFEST), 'utf8'),
      ) as PgliteBackupManifest;
      if (manifest.kind === 'pglite') manifests.push({ ...manifest, id: name });
    } catch {
      // Not a backup folder (or one without its manifest: interrupted).
    }
  }
  return manifests.sort((a, b) => b.id.localeCompare(a.id));
}

/** Whether a backup's dump still matches the checksum its manifest recorded. */
export function verifyPgliteBackup(backupDir: string, manifest: PgliteBackupManifest): string[] {
  const problems: string[] = [];
  const file = path.join(backupDir, manifest.id, manifest.database.file);
  if (!fs.existsSync(file)) return [`${manifest.id}: ${manifest.database.file} is missing`];
  const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  if (sha256 !== manifest.database.sha256)
    problems.push(`${manifest.id}: ${manifest.database.file} does not match its checksum`);
  const media = countFiles(path.join(backupDir, manifest.id, manifest.media.folder));
  if (media.files !== manifest.media.files) {
    problems.push(`${manifest.id}: media has ${media.files} files, the manifest says ${manifest.media.files}`);
  }
  return problems;
}

export interface PgliteRestoreOptions {
  dataDir: string;
  mediaDir: string;
  backupDir: string;
  /** A backup's id; default the newest. */
  backupId?: string | undefined;
  clock: Clock;
  /**
   * Runs before the marker is removed, on the restored folder: the face-photo retention
   * (photos deleted since the backup was taken must not come back). The CLI passes it.
   */
  beforeOpening?: () => Promise<void>;
}

export interface PgliteRestoreResult {
  backup: PgliteBackupManifest;
  /** Where the database that was there before was moved (nothing is deleted). */
  previousDatabase: string | undefined;
  /** MEDIA_DIR: the backup's files were copied over it (files added since stay, unreferenced). */
  mediaDir: string;
}

/**
 * `npm run backup -- restore` on PGlite, with the server stopped. The marker goes first and
 * comes off last, so a crash anywhere in between leaves a folder the server refuses.
 */
export async function restorePglite(options: PgliteRestoreOptions): Promise<PgliteRestoreResult> {
  const backups = listPgliteBackups(options.backupDir);
  const backup = options.backupId ? backups.find((b) => b.id === options.backupId) : backups[0];
  if (!backup) {
    throw new BackupError(
      options.backupId
        ? `there is no backup "${options.backupId}" in ${options.backupDir} (npm run backup -- status lists them).`
        : `there is no backup in ${options.backupDir} yet (npm run backup -- now makes one).`,
    );
  }
  const problems = verifyPgliteBackup(options.backupDir, backup);
  if (problems.length > 0) throw new BackupError(`backup ${backup.id} is damaged: ${problems.join('; ')}`);
  if (lockHeldByLiveProcess(options.dataDir)) {
    throw new BackupError(`a server is running on ${options.dataDir}: stop it before restoring.`);
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const marker = restoreMarkerPath(options.dataDir);
  fs.writeFileSync(
    marker,
    `${JSON.stringify({ backup: backup.id, startedAt: beijingIsoTime(options.clock.now()) })}\n`,
  );
  const lock = acquireDataDirLock(options.dataDir);
  const stamp = backupId(options.clock.now());
  let previousDatabase: string | undefined;
  try {
    const dir = pgliteDir(options.dataDir);
    if (fs.existsSync(dir)) {
      previousDatabase = `${dir}.before-restore-${stamp}`;
      fs.renameSync(dir, previousDatabase);
    }
    fs.mkdirSync(dir, { recursive: true });
    const dump = fs.readFileSync(path.join(options.backupDir, backup.id, backup.database.file));
    const client = await PGlite.create(dir, { loadDataDir: new Blob([dump]) });
    await client.query('select 1');
    await client.close();

    // Over the folder, not instead of it (MEDIA_DIR may be a mount, or the demo images in the
    // repository): every file the backup's database refers to comes back as it was.
    fs.cpSync(path.join(options.backupDir, backup.id, backup.media.folder), options.mediaDir, { recursive: true });
  } finally {
    lock.release();
  }
  await options.beforeOpening?.();
  fs.rmSync(marker);
  return { backup, previousDatabase, mediaDir: options.mediaDir };
}
