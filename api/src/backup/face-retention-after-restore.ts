import { systemClock, type Clock } from '../clock';
import { migratesOnStart, type Config } from '../config';
import { openDatabase } from '../db/database';
import { purgeLessonCheckPhotos } from '../face-review/face-check-retention';
import { storageFromConfig } from '../storage/storage-from-config';

/**
 * A restore brings back the database as it was when the backup was taken, face-check photos
 * included that retention has deleted since (FACE_CHECK_RETENTION_DAYS, PIPL). So the restore
 * runs the retention job on the restored database before anyone is served: those photos (rows
 * and files) are deleted again, audited as the retention job's own deletions.
 */
export async function purgeFacePhotosAfterRestore(
  config: Config,
  options: { duringRestore: boolean; clock?: Clock },
): Promise<number> {
  const clock = options.clock ?? systemClock;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrations: migratesOnStart(config) ? 'apply' : 'verify',
    duringRestore: options.duringRestore,
  });
  try {
    // Only `delete` is used: signed URLs are the media route's business.
    const storage = storageFromConfig(config, clock, (key) => key);
    return await purgeLessonCheckPhotos(database.db, clock, storage, config.faceCheckRetentionDays);
  } finally {
    await database.close();
  }
}
