import { configFromEnv, DEFAULT_BACKUP_DIR, DEFAULT_BACKUP_RETENTION_FULL } from '../config';
import { runBackupCli } from './backup-cli';

/** `npm run backup -- status|now|restore|verify|config` (docs/operations.md). */
const config = configFromEnv();
const code = await runBackupCli(process.argv.slice(2), {
  config: {
    ...config,
    backupDir: config.backupDir ?? DEFAULT_BACKUP_DIR,
    backupRetentionFull: config.backupRetentionFull ?? DEFAULT_BACKUP_RETENTION_FULL,
  },
  io: { out: (line) => console.log(line), err: (line) => console.error(line) },
});
process.exitCode = code;
