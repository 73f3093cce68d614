import fs from 'node:fs';
import path from 'node:path';

/**
 * The newest backup's time, as `npm run backup -- now` records it in BACKUP_DIR
 * (`newest-backup.json`, both on PGlite and on PostgreSQL) for GET /metrics to read. A server
 * on another host than the backup job sees it only when BACKUP_DIR is shared (docs/operations.md).
 */
export const NEWEST_BACKUP_FILE = 'newest-backup.json';

export interface NewestBackup {
  /** ISO with +08:00. */
  finishedAt: string;
  kind: 'pglite' | 'full' | 'incr' | 'diff';
  label: string;
}

export function recordNewestBackup(backupDir: string, newest: NewestBackup): void {
  fs.mkdirSync(backupDir, { recursive: true });
  const file = path.join(backupDir, NEWEST_BACKUP_FILE);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(newest)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

export function readNewestBackup(backupDir: string): NewestBackup | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(backupDir, NEWEST_BACKUP_FILE), 'utf8')) as NewestBackup;
    return typeof parsed.finishedAt === 'string' && !Number.isNaN(Date.parse(parsed.finishedAt)) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
