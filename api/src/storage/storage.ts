import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * One interface for every file the server keeps (issue 21): media (thumbnails, teachers'
 * photos, lesson videos, article images and attachments), face photos, invoices and remote
 * builds. Two implementations: a local folder (the default, `MEDIA_DIR`) and S3-compatible
 * object storage (`S3_ENDPOINT` + `S3_BUCKET`, src/storage/storage-config.ts). Keys are
 * `/`-separated relative paths such as `faces/ab12….jpg`; the same key names the same
 * object in both, so a folder copied into a bucket (`npm run storage:copy`) keeps its URLs.
 */

export interface ObjectInfo {
  key: string;
  size: number;
  modified: Date;
  /** A strong validator (quoted), usable for ETag and If-Range. */
  etag: string;
  contentType: string;
}

/** Bytes `start` to `end`, both inclusive (as in a `Range` header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** Default: by the key's extension (MEDIA_TYPES), else application/octet-stream. */
  contentType?: string;
  /** Refuse to replace an object that is there (ObjectExistsError). */
  ifAbsent?: boolean;
  /**
   * Cache-Control the store sends with the object (S3 keeps it as the object's metadata).
   * The local folder keeps none: whoever serves the folder sets its own (deploy/src/cache-policy.ts).
   */
  cacheControl?: string;
}

export interface ListedObject {
  key: string;
  size: number;
  /** When it was last written. */
  modified: Date;
}

export interface ListOptions {
  /** Only the objects directly under the prefix, none in its sub-folders (S3: `Delimiter: '/'`). */
  topLevel?: boolean;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes the whole object; a reader sees the old object or the new one, never half of one. */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<void>;
  /** Size, date, validator and type; null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes (or a range of them) as a stream; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** A copy of `fromKey` at `toKey` (server-side on S3); false when there is no `fromKey`. */
  copy(fromKey: string, toKey: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is fine. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order ('' for all). */
  list(prefix: string, options?: ListOptions): AsyncIterable<ListedObject>;
  /** Where a browser reads a public object: `/media/<key>` locally, the bucket's (or CDN's) address on S3. */
  publicUrl(key: string): string;
  /** A URL that lets a browser read a private object for `seconds` from now (SigV4 presigned on S3, HMAC-signed `/media` locally). */
  presignedUrl(key: string, seconds: number): Promise<string>;
}

/** A key that would leave its folder or name something hidden. */
export class UnsafeKeyError extends Error {
  override name = 'UnsafeKeyError';
  constructor(key: string) {
    super(`not a safe storage key: ${JSON.stringify(key)}`);
  }
}

export class ObjectExistsError extends Error {
  override name = 'ObjectExistsError';
  constructor(key: string) {
    super(`object already exists: ${key}`);
  }
}

/**
 * The key as safe segments, or null: no `..` or other dot-segment (also hidden names), no
 * empty segment, no leading `/`, no backslash or NUL.
 */
export function safeKey(key: string): string | null {
  if (key.length === 0 || key.length > 1024 || key.includes('\0') || key.includes('\\')) return null;
  for (const segment of key.split('/')) {
    if (segment === '' || segment.startsWith('.')) return null;
  }
  return key;
}

export function checkedKey(key: string): string {
  const safe = safeKey(key);
  if (safe === null) throw new UnsafeKeyError(key);
  return safe;
}

/** A prefix for list(): '' or a safe key with an optional trailing `/`. */
export function checkedPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  checkedKey(trimmed);
  return prefix;
}

/** Types the `/media` route serves (anything else there is a 404). */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  // Article attachments (issue 20).
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  // HLS renditions of lesson videos (issue 21): a playlist and MPEG-TS segments, nothing a
  // browser runs.
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

/** Types of objects the `/media` route does not serve (it could run them in our origin) but storage keeps. */
const OTHER_TYPES: Readonly<Record<string, string>> = {
  // Remote builds (release registry).
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export function contentTypeOf(key: string): string {
  const extension = path.extname(key).toLowerCase();
  return MEDIA_TYPES[extension] ?? OTHER_TYPES[extension] ?? DEFAULT_CONTENT_TYPE;
}
