import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run backup -- restore` on PGlite writes this file into DATA_DIR before it touches
 * anything and removes it only when the database, the media folder and the face-photo
 * retention run are all done. A server that finds it refuses to start (exit 78): a
 * half-restored folder must be restored again, never served.
 */
export const RESTORE_MARKER = 'restore-in-progress.json';

export function restoreMarkerPath(dataDir: string): string {
  return path.join(dataDir, RESTORE_MARKER);
}

export class RestoreIncompleteError extends Error {
  override name = 'RestoreIncompleteError';
}

/** Throws RestoreIncompleteError when a restore into `dataDir` started and did not finish. */
export function assertNoRestoreInProgress(dataDir: string): void {
  const marker = restoreMarkerPath(dataDir);
  if (!fs.existsSync(marker)) return;
  let from = '';
  try {
    const parsed = JSON.parse(fs.readFileSync(marker, 'utf8')) as { backup?: unknown };
    if (typeof parsed.backup === 'string') from = ` (from backup ${parsed.backup})`;
  } catch {
    // An unreadable marker still means an unfinished restore.
  }
  throw new RestoreIncompleteError(
    `a restore into ${dataDir}${from} did not finish (${marker} is still there): the database may be half restored. Run "npm run backup -- restore" again; it removes the marker when it completes.`,
  );
}
