import path from 'node:path';
import { systemClock } from '../clock';
import { configFromEnv } from '../config';
import { s3Storage } from './s3-storage';
import { copyFolderToStorage } from './storage-copy';

/**
 * `npm run storage:copy -w api -- [dir]`: copies a local media folder (default MEDIA_DIR)
 * into the bucket the S3_* variables name. Prints one line per file and a summary; run it
 * again after an interruption: objects already there with the same size are skipped.
 */
const config = configFromEnv();
if (!config.s3) {
  console.error(
    'storage:copy needs object storage: set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
  );
  process.exit(78);
}
const dir = path.resolve(process.argv[2] ?? config.mediaDir);
const storage = s3Storage(config.s3, () => systemClock.now());
console.log(`Copying ${dir} into s3://${config.s3.bucket} at ${config.s3.endpoint}`);
const summary = await copyFolderToStorage(dir, storage, ({ index, total, key, size, outcome }) =>
  console.log(`[${index}/${total}] ${outcome === 'copied' ? 'copied ' : 'skipped'} ${key} (${size} bytes)`),
);
console.log(
  `Done: ${summary.copied} copied (${summary.bytes} bytes), ${summary.skipped} already there with the same size.`,
);
