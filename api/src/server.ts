import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { systemClock, type Clock } from './clock';
import { DEFAULT_MEDIA_DIR, isProduction, loadConfig, migratesOnStart, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { serveDumpChannel } from './backup/dump-channel';
import { jobQueueFromConfig } from './jobs/job-queue-from-config';
import { REFERENCE_PARTS, seedMissing } from './seed/seed';
import { seedDemoStaff } from './seed/staff-seed';
import { s3Storage } from './storage/s3-storage';
import { copyFolderToStorage, type CopySummary } from './storage/storage-copy';

export interface ApiServer {
  /** Built with every /v1 route and /media, not yet listening. */
  app: FastifyInstance;
  config: Config;
  /** The open database (tests read it; routes get it through buildApp; deploy/ registers the release registry on it). */
  db: Database;
  clock: Clock;
  /** Closes the app, then the database (releasing the PGlite lock). Idempotent. */
  close(): Promise<void>;
}

export interface ApiServerDependencies {
  clock?: Clock;
  /** The site folder the release registry works on (deploy/ passes SITE_DIR). */
  releaseSiteDir?: string;
}

/**
 * Opens the database (PGlite in DATA_DIR, or DATABASE_URL), applies pending migrations,
 * seeds what is missing (development: demo content; production: reference data only,
 * never demo learners or orders), and builds the app — without `listen`, so
 * deploy/ can register the static site on the same instance first.
 */
export async function createApiServer(
  overrides: Partial<Config> = {},
  dependencies: ApiServerDependencies = {},
): Promise<ApiServer> {
  const config = loadConfig(overrides);
  const clock = dependencies.clock ?? systemClock;
  let seeded = false;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // Production: the release's migration ran once before (npm run migrate -w api); a schema
    // behind this code refuses the start instead of N servers racing to migrate.
    migrations: migratesOnStart(config) ? 'apply' : 'verify',
    setup: async (db) => {
      seeded = isProduction(config) ? await seedMissing(db, clock, REFERENCE_PARTS) : await seedMissing(db, clock);
      // Demo staff have public passwords and TOTP secrets: development only, never production or tests.
      if (config.nodeEnv === 'development') seeded = (await seedDemoStaff(db, clock)) || seeded;
    },
  });
  // The demo content's images (committed under api/media) go into a development bucket too;
  // a production bucket is filled by `npm run storage:copy`.
  let demoMedia: CopySummary | undefined;
  if (config.s3 && !isProduction(config)) {
    try {
      demoMedia = await copyFolderToStorage(
        DEFAULT_MEDIA_DIR,
        s3Storage(config.s3, () => clock.now()),
      );
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  let app: FastifyInstance;
  try {
    app = buildApp({
      db: database.db,
      clock,
      config,
      ...(database.poolStats ? { poolStats: database.poolStats } : {}),
      logger: { level: config.logLevel },
      // Background jobs on the configured queue (pg-boss on PostgreSQL, in-process on PGlite), with the timed jobs' schedules.
      jobs: (log) => jobQueueFromConfig(config, log),
      scheduleTimedJobs: true,
      // Lesson videos not yet transcoded (the demo videos on first start) go on the queue.
      transcodeAtStart: true,
      ...(dependencies.releaseSiteDir ? { releaseSiteDir: dependencies.releaseSiteDir } : {}),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  // PGlite: `npm run backup -- now` asks this process for a consistent dump (src/backup/dump-channel.ts).
  if (database.dumpDataDir) {
    const dump = database.dumpDataDir;
    try {
      const channel = await serveDumpChannel(config.dataDir, dump);
      app.addHook('onClose', () => channel.close());
    } catch (error) {
      app.log.warn({ err: error }, 'backup channel not opened: npm run backup -- now needs the server stopped');
    }
  }
  // Also when a caller closes `app` directly (deploy/ does on shutdown).
  app.addHook('onClose', () => database.close());
  app.log.info(
    {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      seeded,
      ...(config.s3 ? { bucket: config.s3.bucket, demoMediaCopied: demoMedia?.copied } : {}),
    },
    seeded
      ? isProduction(config)
        ? 'database migrated and reference data written'
        : 'database migrated and seeded with demo content'
      : migratesOnStart(config)
        ? 'database migrated'
        : 'database schema is up to date',
  );
  let closing: Promise<void> | undefined;
  return {
    app,
    config,
    db: database.db,
    clock,
    close() {
      closing ??= app.close().then(() => database.close());
      return closing;
    },
  };
}
