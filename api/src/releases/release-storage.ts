import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_MANIFEST_FILE } from '@yaoshi/contracts/release-manifest';
import { localStorage } from '../storage/local-storage';
import { s3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';
import type { S3Settings } from '../storage/storage-config';

/**
 * Where published versions' files live: the objects `remotes/<remote>/<version>/<path>` of a
 * `Storage` (issue 21). Without `S3_*` that is the site folder (`siteStorage`), so a version
 * is the folder `<SITE_DIR>/remotes/<remote>/<version>/` the site serves at `/remotes/…`;
 * with `S3_*` it is the bucket, read by browsers at its (or its CDN's) address.
 *
 * A version is whole before anything points at it: every file is written, the version's
 * `release-manifest.json` last, and only then does the registry record the version (and
 * only a recorded version can be pinned). So a stored `release-manifest.json` means a
 * complete version, which is never overwritten; objects without one are what an interrupted
 * write left, which nothing points at, and the next publish of that version replaces them.
 */
export interface ReleaseFile {
  /** Relative path inside the version folder, `/`-separated. */
  path: string;
  content: Buffer;
}

/** Letters, digits, `._-`, folders separated by `/`; no `..`, no leading `/`, no hidden files. */
const SAFE_PATH = /^(?!.*(?:^|\/)\.)[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
export const MAX_FILES = 2000;

/** A version's files never change; its `mf-manifest.json` is revalidated (deploy/src/cache-policy.ts reads the same). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
export const FEDERATION_MANIFEST_FILE = 'mf-manifest.json';

export function isSafeFilePath(file: string): boolean {
  return file.length <= 200 && SAFE_PATH.test(file);
}

/** sha256 over every file's path and content, in path order: equal iff the folders are. */
export function contentHash(files: readonly ReleaseFile[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(file.path).update('\0').update(createHash('sha256').update(file.content).digest('hex')).update('\n');
  }
  return `sha256:${hash.digest('hex')}`;
}

/** Every file of a folder on disk (a build's output), with paths relative to it. */
export function readFolder(dir: string): ReleaseFile[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((relative) => fs.statSync(path.join(dir, relative)).isFile())
    .map((relative) => ({
      path: relative.split(path.sep).join('/'),
      content: fs.readFileSync(path.join(dir, relative)),
    }));
}

/** The prefix of a version's objects: `remotes/<remote>/<version>/`. */
export function versionPrefix(remote: string, version: string): string {
  return `remotes/${remote}/${version}/`;
}

/** Cache-Control stored with each object (the bucket serves it; the site folder's server applies cache-policy.ts). */
export function cacheControlOfFile(file: string): string {
  return file === FEDERATION_MANIFEST_FILE || file.endsWith(`/${FEDERATION_MANIFEST_FILE}`)
    ? REVALIDATE_CACHE
    : IMMUTABLE_CACHE;
}

/**
 * The site folder as storage: keys are paths under it and public URLs are root-relative
 * (`remotes/news/1.0.0/mf-manifest.json` → `/remotes/news/1.0.0/mf-manifest.json`), which the
 * site (deploy/src/serve.ts, or nginx) serves. Remote builds are public: no signed URLs.
 */
export function siteStorage(siteDir: string): Storage {
  return localStorage({ root: siteDir, publicPath: '', signedUrl: (key) => `/${key}` });
}

/** Where versions' files go: the bucket when `S3_*` is configured (the one media uses), else the site folder. */
export function releaseStorageOf(
  s3: S3Settings | undefined,
  siteDir: string | undefined,
  now: () => Date,
): Storage | undefined {
  if (s3) return s3Storage(s3, now);
  return siteDir === undefined ? undefined : siteStorage(siteDir);
}

/** The objects stored under a version's prefix, as files relative to it. */
export async function storedFiles(storage: Storage, remote: string, version: string): Promise<ReleaseFile[]> {
  const prefix = versionPrefix(remote, version);
  const files: ReleaseFile[] = [];
  for await (const object of storage.list(prefix)) {
    const body = await storage.get(object.key);
    if (body === null) continue;
    files.push({ path: object.key.slice(prefix.length), content: await buffer(body) });
  }
  return files;
}

export type StoreOutcome = 'written' | 'identical' | 'different';

async function compareStored(
  storage: Storage,
  remote: string,
  version: string,
  files: readonly ReleaseFile[],
): Promise<StoreOutcome> {
  return contentHash(await storedFiles(storage, remote, version)) === contentHash(files) ? 'identical' : 'different';
}

/**
 * Writes a version's objects unless a whole version is stored there: `identical` or
 * `different` say what was found, and nothing is overwritten. The caller serialises
 * publishes of one version (registry-publish.ts takes a database lock) and records the
 * version only after `written` or `identical`.
 */
export async function storeVersion(
  storage: Storage,
  remote: string,
  version: string,
  files: readonly ReleaseFile[],
): Promise<StoreOutcome> {
  const prefix = versionPrefix(remote, version);
  const marker = `${prefix}${RELEASE_MANIFEST_FILE}`;
  if ((await storage.head(marker)) !== null) return compareStored(storage, remote, version, files);
  // Whatever is under the prefix was left by an interrupted write: nothing points at it.
  const wanted = new Set(files.map((file) => `${prefix}${file.path}`));
  for await (const object of storage.list(prefix)) if (!wanted.has(object.key)) await storage.delete(object.key);
  const ordered = [...files].sort(
    (a, b) => Number(a.path === RELEASE_MANIFEST_FILE) - Number(b.path === RELEASE_MANIFEST_FILE),
  );
  const written: string[] = [];
  try {
    for (const file of ordered) {
      const key = `${prefix}${file.path}`;
      await storage.put(key, file.content, {
        cacheControl: cacheControlOfFile(file.path),
        ...(file.path === RELEASE_MANIFEST_FILE ? { ifAbsent: true } : {}),
      });
      written.push(key);
    }
  } catch (error) {
    // Another writer completed the version first (the lock not shared): compare with it.
    if ((await storage.head(marker)) !== null) return compareStored(storage, remote, version, files);
    for (const key of written) await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return 'written';
}
