import type { Clock } from '../clock';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { Storage } from './storage';
import type { S3Settings } from './storage-config';

/**
 * The server's one storage: the bucket when `S3_*` is configured, else the local folder.
 * `signedUrl` is the media route's HMAC-signed URL of a private file (src/media/private-media.ts),
 * passed in so this folder does not import the media feature that serves it.
 */
export function storageFromConfig(
  config: { mediaDir: string; s3: S3Settings | undefined },
  clock: Clock,
  signedUrl: (key: string, seconds: number) => string,
): Storage {
  if (config.s3) return s3Storage(config.s3, () => clock.now());
  return localStorage({ root: config.mediaDir, signedUrl });
}
