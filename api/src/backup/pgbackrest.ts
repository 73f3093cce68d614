import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { S3Settings } from '../storage/storage-config';

const run = promisify(execFile);

/**
 * PostgreSQL sites are backed up by pgBackRest: WAL archived continuously (archive_command),
 * a full backup weekly and an incremental daily, point-in-time restore into a new data
 * directory. This module writes pgBackRest's configuration from the site's own settings
 * and runs its commands; src/backup/backup-cli.ts is the operator's face of it.
 */
export const DEFAULT_STANZA = 'yaoshi';
/** WAL is switched at least this often, so a quiet site still archives (bounds the recovery point). */
export const DEFAULT_ARCHIVE_TIMEOUT_SECONDS = 60;

export type PgBackRestRepo =
  | { type: 'posix'; path: string }
  | {
      type: 's3';
      path: string;
      s3: Pick<S3Settings, 'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle'>;
    };

export interface PgBackRestSettings {
  stanza: string;
  /** `BACKUP_PG_DATA`: the live cluster's data directory (on this host). */
  pgData: string | undefined;
  pgPort: number;
  /** `BACKUP_PG_SOCKET`: the folder of the server's unix socket; default pgBackRest's own (/var/run/postgresql). */
  pgSocketPath: string | undefined;
  pgUser: string | undefined;
  repo: PgBackRestRepo;
  retentionFull: number;
  /** Where the generated configuration is written (and archive_command reads it). */
  configPath: string;
  logPath: string;
  lockPath: string;
  /** `BACKUP_RUN_AS`: the user pgBackRest runs as (the cluster's owner); default `postgres` when this command runs as root. */
  runAs: string | undefined;
}

type Environment = Readonly<Record<string, string | undefined>>;

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * The settings from the site's configuration: the repository is the site's bucket (under
 * `/pgbackrest`) when S3 is configured, else `<BACKUP_DIR>/pgbackrest`; `BACKUP_REPO=folder`
 * keeps it in the folder even with S3 (tests: the S3 emulator does not serve pgBackRest).
 */
export function pgBackRestSettings(
  config: { databaseUrl: string; backupDir: string; backupRetentionFull: number; s3: S3Settings | undefined },
  env: Environment = process.env,
  isRoot: boolean = process.getuid?.() === 0,
): PgBackRestSettings {
  const url = new URL(config.databaseUrl);
  const repoChoice = read(env, 'BACKUP_REPO');
  if (repoChoice !== undefined && repoChoice !== 'folder' && repoChoice !== 's3') {
    throw new Error(`BACKUP_REPO must be folder or s3, got "${repoChoice}".`);
  }
  if (repoChoice === 's3' && !config.s3) throw new Error('BACKUP_REPO=s3 needs the S3_* settings.');
  const useS3 = config.s3 !== undefined && repoChoice !== 'folder';
  return {
    stanza: read(env, 'BACKUP_STANZA') ?? DEFAULT_STANZA,
    pgData: read(env, 'BACKUP_PG_DATA'),
    pgPort: Number(url.port || 5432),
    pgSocketPath: read(env, 'BACKUP_PG_SOCKET'),
    pgUser: url.username ? decodeURIComponent(url.username) : undefined,
    repo:
      useS3 && config.s3
        ? { type: 's3', path: '/pgbackrest', s3: config.s3 }
        : { type: 'posix', path: path.join(config.backupDir, 'pgbackrest') },
    retentionFull: config.backupRetentionFull,
    configPath: read(env, 'BACKUP_PGBACKREST_CONF') ?? path.join(config.backupDir, 'pgbackrest.conf'),
    logPath: path.join(config.backupDir, 'log'),
    lockPath: path.join(config.backupDir, 'lock'),
    runAs: read(env, 'BACKUP_RUN_AS') ?? (isRoot ? 'postgres' : undefined),
  };
}

/** pgBackRest's configuration file; with `maskSecrets` the S3 secret is shown as its variable's name. */
export function pgBackRestConfigText(settings: PgBackRestSettings, options: { maskSecrets: boolean }): string {
  const global: string[] = [
    '[global]',
    `repo1-type=${settings.repo.type}`,
    `repo1-path=${settings.repo.path}`,
    `repo1-retention-full=${settings.retentionFull}`,
    'repo1-retention-full-type=count',
    'start-fast=y',
    'compress-type=gz',
    'compress-level=3',
    'process-max=1',
    `log-path=${settings.logPath}`,
    `lock-path=${settings.lockPath}`,
    'log-level-console=warn',
    'log-level-file=info',
  ];
  if (settings.repo.type === 's3') {
    const s3 = settings.repo.s3;
    const endpoint = new URL(s3.endpoint);
    global.push(
      `repo1-s3-bucket=${s3.bucket}`,
      `repo1-s3-endpoint=${endpoint.hostname}`,
      `repo1-s3-region=${s3.region}`,
      `repo1-s3-key=${options.maskSecrets ? '<S3_ACCESS_KEY_ID>' : s3.accessKeyId}`,
      `repo1-s3-key-secret=${options.maskSecrets ? '<S3_SECRET_ACCESS_KEY>' : s3.secretAccessKey}`,
      `repo1-s3-uri-style=${s3.forcePathStyle ? 'path' : 'host'}`,
    );
    if (endpoint.port) global.push(`repo1-storage-port=${endpoint.port}`);
  }
  const stanza: string[] = [`[${settings.stanza}]`];
  if (settings.pgData) stanza.push(`pg1-path=${settings.pgData}`);
  stanza.push(`pg1-port=${settings.pgPort}`);
  if (settings.pgSocketPath) stanza.push(`pg1-socket-path=${settings.pgSocketPath}`);
  if (settings.pgUser) stanza.push(`pg1-user=${settings.pgUser}`);
  return `${global.join('\n')}\n\n${stanza.join('\n')}\n`;
}

/** The postgresql.conf lines that archive every WAL segment into the repository. */
export function archiveSettings(settings: PgBackRestSettings): Record<string, string> {
  return {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: `pgbackrest --config=${settings.configPath} --stanza=${settings.stanza} archive-push %p`,
    archive_timeout: String(DEFAULT_ARCHIVE_TIMEOUT_SECONDS),
  };
}

export function archiveSettingsText(settings: PgBackRestSettings): string {
  return Object.entries(archiveSettings(settings))
    .map(([name, value]) => `${name} = '${value}'`)
    .join('\n');
}

/** Writes the configuration (with secrets, mode 0600) and the folders pgBackRest writes to, owned by its user. */
export async function writePgBackRestConfig(settings: PgBackRestSettings): Promise<void> {
  const folders = [path.dirname(settings.configPath), settings.logPath, settings.lockPath];
  if (settings.repo.type === 'posix') folders.push(settings.repo.path);
  for (const folder of folders) fs.mkdirSync(folder, { recursive: true, mode: 0o750 });
  fs.writeFileSync(settings.configPath, pgBackRestConfigText(settings, { maskSecrets: false }), { mode: 0o600 });
  if (settings.runAs) {
    const owned = [...folders, settings.configPath];
    await run('chown', ['-R', settings.runAs, ...owned]);
  }
}

export class PgBackRestError extends Error {
  override name = 'PgBackRestError';
}

/** Runs `pgbackrest <args>` with the generated configuration, as the cluster's owner. */
export async function pgbackrest(settings: PgBackRestSettings, args: readonly string[]): Promise<string> {
  const command = ['pgbackrest', `--config=${settings.configPath}`, `--stanza=${settings.stanza}`, ...args];
  const [file, argv] = settings.runAs
    ? ['runuser', ['-u', settings.runAs, '--', ...command]]
    : [command[0]!, command.slice(1)];
  try {
    const { stdout } = await run(file, argv, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string; message: string };
    const detail = (failed.stderr || failed.stdout || failed.message).trim();
    throw new PgBackRestError(`pgbackrest ${args[0] ?? ''} failed: ${detail}`);
  }
}

export interface PgBackRestBackup {
  label: string;
  type: 'full' | 'diff' | 'incr';
  /** Seconds since the epoch. */
  start: number;
  stop: number;
  /** The WAL range the backup needs to be consistent. */
  walStart: string | undefined;
  walStop: string | undefined;
  bytes: number;
}

export interface PgBackRestInfo {
  stanza: string;
  status: { code: number; message: string };
  backups: PgBackRestBackup[];
  /** The newest WAL segment in the repository. */
  newestArchivedWal: string | undefined;
  oldestArchivedWal: string | undefined;
}

interface RawInfo {
  name: string;
  status?: { code?: number; message?: string };
  backup?: {
    label: string;
    type: 'full' | 'diff' | 'incr';
    timestamp: { start: number; stop: number };
    archive?: { start?: string; stop?: string };
    info?: { size?: number };
  }[];
  archive?: { min?: string | null; max?: string | null }[];
}

/** `pgbackrest info --output=json` as this module reads it. */
export function parsePgBackRestInfo(json: string, stanza: string): PgBackRestInfo {
  const all = JSON.parse(json) as RawInfo[];
  const raw = all.find((entry) => entry.name === stanza);
  if (!raw)
    return {
      stanza,
      status: { code: 1, message: 'missing stanza' },
      backups: [],
      newestArchivedWal: undefined,
      oldestArchivedWal: undefined,
    };
  const archives = raw.archive ?? [];
  const maxes = archives
    .map((a) => a.max)
    .filter((v): v is string => typeof v === 'string')
    .sort();
  const mins = archives
    .map((a) => a.min)
    .filter((v): v is string => typeof v === 'string')
    .sort();
  return {
    stanza,
    status: { code: raw.status?.code ?? 99, message: raw.status?.message ?? '' },
    backups: (raw.backup ?? []).map((b) => ({
      label: b.label,
      type: b.type,
      start: b.timestamp.start,
      stop: b.timestamp.stop,
      walStart: b.archive?.start,
      walStop: b.archive?.stop,
      bytes: b.info?.size ?? 0,
    })),
    newestArchivedWal: maxes.at(-1),
    oldestArchivedWal: mins[0],
  };
}

export async function pgBackRestInfo(settings: PgBackRestSettings): Promise<PgBackRestInfo> {
  return parsePgBackRestInfo(await pgbackrest(settings, ['info', '--output=json']), settings.stanza);
}

/** pgBackRest's time target: `YYYY-MM-DD HH:mm:ss+08`, so the time the operator typed is the time restored to. */
export function pgBackRestTimeTarget(beijingTime: string): string {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(beijingTime)) {
    throw new PgBackRestError(`--to takes a Beijing time "YYYY-MM-DD HH:mm:ss" or "latest", got "${beijingTime}".`);
  }
  return `${beijingTime}+08`;
}

/** The arguments of `pgbackrest restore` into `targetDir`, to `to` (a Beijing time) or the latest point. */
export function restoreArguments(targetDir: string, to: string): string[] {
  const args = ['restore', `--pg1-path=${targetDir}`];
  if (to !== 'latest') args.push('--type=time', `--target=${pgBackRestTimeTarget(to)}`, '--target-action=promote');
  return args;
}
