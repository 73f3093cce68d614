import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { beijingIsoTime, formatBeijingTime, parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import { pgliteDir } from '../db/database';
import { recordNewestBackup } from './backup-metrics';
import { purgeFacePhotosAfterRestore } from './face-retention-after-restore';
import { mediaSnapshots, pruneMediaSnapshots, snapshotForRestore, snapshotMedia } from './media-snapshots';
import { backupPglite, BackupError, listPgliteBackups, restorePglite, verifyPgliteBackup } from './pglite-backup';
import {
  archiveSettingsText,
  pgbackrest,
  pgBackRestConfigText,
  PgBackRestError,
  pgBackRestInfo,
  pgBackRestSettings,
  restoreArguments,
  writePgBackRestConfig,
  type PgBackRestInfo,
  type PgBackRestSettings,
} from './pgbackrest';

export const USAGE = `npm run backup -- <command> [--json]
  status                      what is backed up, where, and how recent
  now [--type full|incr]      take a backup now (PGlite: database dump + MEDIA_DIR; PostgreSQL: pgBackRest, full if none yet)
  restore                     PGlite: bring back the newest backup (--backup <id> for another), server stopped
  restore --to "<Beijing time>"|latest [--target-dir <dir>]
                              PostgreSQL: restore into a NEW data directory and print what to switch
  after-restore               run the face-photo retention on DATABASE_URL (a restored cluster) before opening it
  verify                      check the backups can be read back
  config [--write]            PostgreSQL: print (or write) pgBackRest's configuration and the archive settings`;

/** A command-line mistake or a refused operation: exit 2 with the message, no stack. */
export const EXIT_USAGE = 2;
export const EXIT_FAILED = 1;

export interface BackupIo {
  out(line: string): void;
  err(line: string): void;
}

interface Flags {
  json: boolean;
  to?: string;
  backup?: string;
  type?: 'full' | 'incr';
  targetDir?: string;
  write: boolean;
}

function parseFlags(args: readonly string[]): Flags {
  const flags: Flags = { json: false, write: false };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const value = () => {
      const next = args[i + 1];
      if (next === undefined) throw new BackupError(`${arg} needs a value.`);
      i += 1;
      return next;
    };
    if (arg === '--json') flags.json = true;
    else if (arg === '--write') flags.write = true;
    else if (arg === '--to') flags.to = value();
    else if (arg === '--backup') flags.backup = value();
    else if (arg === '--target-dir') flags.targetDir = path.resolve(value());
    else if (arg === '--type') {
      const type = value();
      if (type !== 'full' && type !== 'incr') throw new BackupError(`--type is full or incr, got "${type}".`);
      flags.type = type;
    } else throw new BackupError(`unknown option ${arg}.`);
  }
  return flags;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface BackupCliOptions {
  config: Config & { backupDir: string; backupRetentionFull: number };
  io: BackupIo;
  clock?: Clock;
  env?: Readonly<Record<string, string | undefined>>;
}

/** `npm run backup -- …`; returns the exit code. */
export async function runBackupCli(argv: readonly string[], options: BackupCliOptions): Promise<number> {
  const [command, ...rest] = argv;
  const { io } = options;
  if (command === undefined || command === 'help' || command === '--help') {
    io.out(USAGE);
    return command === undefined ? EXIT_USAGE : 0;
  }
  try {
    const flags = parseFlags(rest);
    if (options.config.databaseUrl) return await postgresCommand(command, flags, options, options.config.databaseUrl);
    return await pgliteCommand(command, flags, options);
  } catch (error) {
    if (error instanceof BackupError || error instanceof PgBackRestError) {
      io.err(`backup ${command}: ${error.message}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

async function pgliteCommand(command: string, flags: Flags, options: BackupCliOptions): Promise<number> {
  const { config, io } = options;
  const clock = options.clock ?? systemClock;
  const where = { dataDir: config.dataDir, mediaDir: config.mediaDir, backupDir: config.backupDir, clock };
  switch (command) {
    case 'status': {
      const backups = listPgliteBackups(config.backupDir);
      const newest = backups[0];
      if (flags.json) {
        io.out(
          JSON.stringify({
            database: 'pglite',
            databaseDir: pgliteDir(config.dataDir),
            mediaDir: config.mediaDir,
            backupDir: config.backupDir,
            backups: backups.length,
            newest: newest ?? null,
          }),
        );
        return 0;
      }
      io.out(`Database: embedded PGlite in ${pgliteDir(config.dataDir)}`);
      io.out(`Files: MEDIA_DIR ${config.mediaDir}`);
      io.out(`Backups go to: BACKUP_DIR ${config.backupDir}`);
      if (!newest) {
        io.out('Nothing is backed up yet. Run "npm run backup -- now" (the server may keep running).');
        return 0;
      }
      io.out(
        `Newest backup: ${formatBeijingTime(newest.createdAt)} (Beijing time), ${newest.id}: database ${megabytes(newest.database.bytes)}, ${newest.media.files} files (${megabytes(newest.media.bytes)}) from MEDIA_DIR`,
      );
      io.out(`Backups kept: ${backups.length} (${backups.map((b) => b.id).join(', ')})`);
      return 0;
    }
    case 'now': {
      const manifest = await backupPglite(where);
      recordNewestBackup(config.backupDir, { finishedAt: manifest.createdAt, kind: 'pglite', label: manifest.id });
      if (flags.json) io.out(JSON.stringify(manifest));
      else
        io.out(
          `Backed up at ${formatBeijingTime(manifest.createdAt)} (Beijing time) into ${path.join(config.backupDir, manifest.id)}: database ${megabytes(manifest.database.bytes)} (${manifest.source === 'running-server' ? 'from the running server' : 'server stopped'}), ${manifest.media.files} files from MEDIA_DIR.`,
        );
      return 0;
    }
    case 'restore': {
      if (flags.to)
        throw new BackupError(
          '--to (a point in time) needs PostgreSQL; on PGlite a restore brings back one backup (--backup <id>).',
        );
      const result = await restorePglite({
        ...where,
        backupId: flags.backup,
        beforeOpening: async () => {
          const deleted = await purgeFacePhotosAfterRestore(config, { duringRestore: true, clock });
          io.out(
            `Face-photo retention run on the restored database: ${deleted} photo(s) past retention deleted again.`,
          );
        },
      });
      if (flags.json) io.out(JSON.stringify(result));
      else {
        io.out(
          `Restored backup ${result.backup.id} (${formatBeijingTime(result.backup.createdAt)}, Beijing time) into ${pgliteDir(config.dataDir)}; files copied into ${result.mediaDir}.`,
        );
        if (result.previousDatabase) io.out(`The database that was there is kept in ${result.previousDatabase}.`);
        io.out('The site may be started again (npm start).');
      }
      return 0;
    }
    case 'verify': {
      const backups = listPgliteBackups(config.backupDir);
      if (backups.length === 0) throw new BackupError(`there is no backup in ${config.backupDir} to verify.`);
      const problems = backups.flatMap((b) => verifyPgliteBackup(config.backupDir, b));
      if (flags.json) io.out(JSON.stringify({ ok: problems.length === 0, backups: backups.length, problems }));
      else if (problems.length === 0)
        io.out(`All ${backups.length} backup(s) in ${config.backupDir} match their checksums.`);
      else for (const problem of problems) io.err(problem);
      return problems.length === 0 ? 0 : EXIT_FAILED;
    }
    case 'config':
      throw new BackupError(
        'pgBackRest is for PostgreSQL (DATABASE_URL); on PGlite "now" needs no configuration beyond BACKUP_DIR.',
      );
    case 'after-restore':
      throw new BackupError('on PGlite the restore command runs the face-photo retention itself.');
    default:
      throw new BackupError(`unknown command "${command}".\n${USAGE}`);
  }
}

interface ArchiverState {
  lastArchivedWal: string | null;
  lastArchivedTime: Date | null;
  failedCount: number;
  lastFailedTime: Date | null;
}

async function archiverState(databaseUrl: string): Promise<ArchiverState | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{
      last_archived_wal: string | null;
      last_archived_time: Date | null;
      failed_count: string;
      last_failed_time: Date | null;
    }>('select last_archived_wal, last_archived_time, failed_count, last_failed_time from pg_stat_archiver');
    const row = rows[0];
    if (!row) return undefined;
    return {
      lastArchivedWal: row.last_archived_wal,
      lastArchivedTime: row.last_archived_time,
      failedCount: Number(row.failed_count),
      lastFailedTime: row.last_failed_time,
    };
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function statusSummary(info: PgBackRestInfo, archiver: ArchiverState | undefined, settings: PgBackRestSettings) {
  const fulls = info.backups.filter((b) => b.type === 'full');
  const incrementals = info.backups.filter((b) => b.type !== 'full');
  const lastFull = fulls.at(-1);
  const lastIncr = incrementals.at(-1);
  const oldest = info.backups[0];
  const at = (seconds: number | undefined) => (seconds === undefined ? null : beijingIsoTime(seconds * 1000));
  return {
    database: 'postgres',
    stanza: info.stanza,
    repository:
      settings.repo.type === 's3' ? `s3://${settings.repo.s3.bucket}${settings.repo.path}` : settings.repo.path,
    retentionFull: settings.retentionFull,
    lastFull: lastFull ? { label: lastFull.label, finishedAt: at(lastFull.stop), bytes: lastFull.bytes } : null,
    lastIncremental: lastIncr ? { label: lastIncr.label, finishedAt: at(lastIncr.stop), bytes: lastIncr.bytes } : null,
    newestArchivedWal: archiver?.lastArchivedWal ?? info.newestArchivedWal ?? null,
    newestArchivedWalAt: archiver?.lastArchivedTime ? beijingIsoTime(archiver.lastArchivedTime) : null,
    archiveFailures: archiver?.failedCount ?? null,
    recoveryWindow: oldest
      ? {
          from: at(oldest.stop),
          to: archiver?.lastArchivedTime ? beijingIsoTime(archiver.lastArchivedTime) : at(info.backups.at(-1)!.stop),
        }
      : null,
  };
}

async function postgresCommand(
  command: string,
  flags: Flags,
  options: BackupCliOptions,
  databaseUrl: string,
): Promise<number> {
  const { config, io } = options;
  const settings = pgBackRestSettings({ ...config, databaseUrl }, options.env ?? process.env);
  const needData = () => {
    if (!settings.pgData)
      throw new BackupError("BACKUP_PG_DATA (the live cluster's data directory on this host) is unset.");
  };
  switch (command) {
    case 'config': {
      if (flags.write) {
        await writePgBackRestConfig(settings);
        io.out(`Written ${settings.configPath}.`);
        return 0;
      }
      io.out(`# ${settings.configPath} (npm run backup -- config --write writes it, with the secrets)`);
      io.out(pgBackRestConfigText(settings, { maskSecrets: true }));
      io.out('# postgresql.conf (then restart PostgreSQL):');
      io.out(archiveSettingsText(settings));
      return 0;
    }
    case 'now': {
      needData();
      await writePgBackRestConfig(settings);
      let info = await pgBackRestInfo(settings);
      if (info.status.code === 1 || info.backups.length === 0) {
        // First run: the stanza (idempotent) and a check that archiving works.
        await pgbackrest(settings, ['stanza-create']);
        await pgbackrest(settings, ['check']);
        info = await pgBackRestInfo(settings);
      }
      const type = info.backups.some((b) => b.type === 'full') ? (flags.type ?? 'incr') : 'full';
      const started = Date.now();
      await pgbackrest(settings, ['backup', `--type=${type}`]);
      info = await pgBackRestInfo(settings);
      const newest = info.backups.at(-1);
      if (newest) {
        recordNewestBackup(config.backupDir, {
          finishedAt: beijingIsoTime(newest.stop * 1000),
          kind: newest.type,
          label: newest.label,
        });
      }
      // Files on local disk are snapshotted beside it; a bucket keeps its own versions.
      const media = config.s3 ? null : snapshotMedia(config.mediaDir, config.backupDir, new Date());
      const oldestKept = info.backups[0];
      if (media && oldestKept) pruneMediaSnapshots(config.backupDir, new Date(oldestKept.start * 1000));
      const result = {
        type,
        label: newest?.label ?? null,
        finishedAt: newest ? beijingIsoTime(newest.stop * 1000) : null,
        seconds: (Date.now() - started) / 1000,
        media: media ? { snapshot: media.folder, files: media.files, bytes: media.bytes, copied: media.copied } : null,
      };
      if (flags.json) io.out(JSON.stringify(result));
      else {
        io.out(
          `${type === 'full' ? 'Full' : 'Incremental'} backup ${result.label} finished at ${newest ? formatBeijingTime(newest.stop * 1000) : '?'} (Beijing time) in ${result.seconds.toFixed(1)} s.`,
        );
        io.out(
          media
            ? `Files: MEDIA_DIR snapshot ${media.folder}: ${media.files} files (${megabytes(media.bytes)}), ${media.copied} new or changed.`
            : 'Files: in the bucket (S3_*), kept by its versioning: see docs/operations.md.',
        );
      }
      return 0;
    }
    case 'status': {
      if (!fs.existsSync(settings.configPath)) {
        io.out(
          flags.json
            ? JSON.stringify({ database: 'postgres', configured: false })
            : `Not configured yet: run "npm run backup -- config" and set the archive settings it prints; then "npm run backup -- now".`,
        );
        return 0;
      }
      const summary = statusSummary(await pgBackRestInfo(settings), await archiverState(databaseUrl), settings);
      if (flags.json) {
        io.out(JSON.stringify(summary));
        return 0;
      }
      const time = (iso: string | null | undefined) => (iso ? formatBeijingTime(iso) : 'none');
      io.out(
        `Database: PostgreSQL, pgBackRest stanza "${summary.stanza}", repository ${summary.repository} (${summary.retentionFull} full backups kept)`,
      );
      io.out(
        `Last full backup: ${summary.lastFull ? `${summary.lastFull.label}, ${time(summary.lastFull.finishedAt)}` : 'none yet'}`,
      );
      io.out(
        `Last incremental: ${summary.lastIncremental ? `${summary.lastIncremental.label}, ${time(summary.lastIncremental.finishedAt)}` : 'none yet'}`,
      );
      io.out(
        `Newest archived WAL: ${summary.newestArchivedWal ?? 'none'} at ${time(summary.newestArchivedWalAt)}; archive failures: ${summary.archiveFailures ?? 'unknown'}`,
      );
      io.out(
        summary.recoveryWindow
          ? `Recovery window: ${time(summary.recoveryWindow.from)} to ${time(summary.recoveryWindow.to)} (Beijing time)`
          : 'Recovery window: none (no backup yet)',
      );
      const snapshots = mediaSnapshots(config.backupDir);
      io.out(
        config.s3
          ? 'Files: in the bucket (S3_*), kept by its versioning: see docs/operations.md.'
          : `Files: MEDIA_DIR ${config.mediaDir}; ${snapshots.length} snapshot(s) in ${path.join(config.backupDir, 'media-snapshots')}, newest ${snapshots.at(-1) ? formatBeijingTime(snapshots.at(-1)!.takenAt) : 'none yet'}`,
      );
      return 0;
    }
    case 'restore': {
      if (!flags.to)
        throw new BackupError(
          'restore on PostgreSQL takes --to "<YYYY-MM-DD HH:mm:ss>" (Beijing time) or --to latest.',
        );
      const target =
        flags.targetDir ?? `${settings.pgData ?? path.join(config.backupDir, 'restored')}.restored-${Date.now()}`;
      if (settings.pgData && path.resolve(target) === path.resolve(settings.pgData)) {
        throw new BackupError(
          '--target-dir is the live data directory: a restore never goes over it. Name a new folder.',
        );
      }
      if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
        throw new BackupError(`${target} is not empty: name a new folder.`);
      await writePgBackRestConfig(settings);
      fs.mkdirSync(target, { recursive: true, mode: 0o700 });
      if (settings.runAs) fs.chownSync(target, ...ownerIds(settings.runAs));
      const started = Date.now();
      await pgbackrest(settings, restoreArguments(target, flags.to));
      const seconds = (Date.now() - started) / 1000;
      const snapshot = config.s3
        ? undefined
        : snapshotForRestore(config.backupDir, flags.to === 'latest' ? 'latest' : parseBeijingTime(flags.to));
      if (flags.json) {
        io.out(JSON.stringify({ targetDir: target, to: flags.to, seconds, mediaSnapshot: snapshot?.folder ?? null }));
        return 0;
      }
      io.out(
        `Restored into ${target} in ${seconds.toFixed(1)} s (to ${flags.to === 'latest' ? 'the newest archived WAL' : `${flags.to}, Beijing time`}). The live cluster was not touched.`,
      );
      io.out('What to switch:');
      io.out(
        `  1. Start it on a spare port: runuser -u postgres -- pg_ctl -D ${target} -o "-p <spare port>" -w start  (it replays WAL to the target and opens)`,
      );
      io.out(
        config.s3
          ? '  2. Files are in the bucket: nothing to copy (an object deleted by mistake comes back from its versions).'
          : snapshot
            ? `  2. Files: copy the snapshot back into MEDIA_DIR: rsync -a ${snapshot.folder}/ ${config.mediaDir}/  (taken ${formatBeijingTime(snapshot.takenAt)}, the first at or after the target)`
            : '  2. Files: there is no snapshot of MEDIA_DIR in BACKUP_DIR; keep the MEDIA_DIR you have.',
      );
      io.out(
        `  3. Before anyone is served: DATABASE_URL=postgres://…:<spare port>/… npm run backup -- after-restore  (deletes face photos past retention again, from the database and the files)`,
      );
      io.out(
        "  4. Look at the data; then stop the site, stop the old cluster, point DATABASE_URL (or the service's data directory) at the restored one, start the site.",
      );
      io.out(
        '  5. Take a full backup at once: npm run backup -- now --type full  (the restored cluster is on a new timeline).',
      );
      return 0;
    }
    case 'after-restore': {
      const deleted = await purgeFacePhotosAfterRestore(config, {
        duringRestore: false,
        clock: options.clock ?? systemClock,
      });
      io.out(
        flags.json
          ? JSON.stringify({ faceChecksDeleted: deleted })
          : `Face-photo retention run: ${deleted} photo(s) past retention deleted.`,
      );
      return 0;
    }
    case 'verify': {
      await writePgBackRestConfig(settings);
      await pgbackrest(settings, ['check']);
      await pgbackrest(settings, ['verify']);
      io.out(
        flags.json
          ? JSON.stringify({ ok: true })
          : 'pgBackRest check and verify passed: archiving works and every backup and WAL file in the repository reads back.',
      );
      return 0;
    }
    default:
      throw new BackupError(`unknown command "${command}".\n${USAGE}`);
  }
}

function ownerIds(user: string): [number, number] {
  const uid = Number(execFileSync('id', ['-u', user]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', user]).toString().trim());
  return [uid, gid];
}
