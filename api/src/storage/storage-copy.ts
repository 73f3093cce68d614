import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { safeKey, type Storage } from './storage';

/**
 * Copies a local media folder into storage (`npm run storage:copy -w api -- <dir>`), for
 * moving an existing site onto a bucket. Each file becomes the object of the same relative
 * path, so the URLs and paths in the database stay right. Idempotent: an object already
 * there with the same size is skipped, so an interrupted copy is simply run again. Hidden
 * files and folders (`.uploads/`, unfinished resumable uploads) stay behind.
 */
export interface CopyProgress {
  index: number;
  total: number;
  key: string;
  size: number;
  outcome: 'copied' | 'skipped';
}

export interface CopySummary {
  copied: number;
  skipped: number;
  bytes: number;
}

/** The files of `dir` as storage keys, in order; hidden entries and anything that is not a plain file are left out. */
export async function filesToCopy(dir: string): Promise<{ key: string; file: string; size: number }[]> {
  const entries = await fs.readdir(dir, { recursive: true, encoding: 'utf8' });
  const files = [];
  for (const entry of entries.sort()) {
    const key = safeKey(entry.split(path.sep).join('/'));
    if (key === null) continue;
    const file = path.join(dir, entry);
    const stat = await fs.lstat(file);
    if (stat.isFile()) files.push({ key, file, size: stat.size });
  }
  return files;
}

export async function copyFolderToStorage(
  dir: string,
  storage: Storage,
  onProgress: (progress: CopyProgress) => void = () => undefined,
): Promise<CopySummary> {
  const files = await filesToCopy(dir);
  const summary: CopySummary = { copied: 0, skipped: 0, bytes: 0 };
  for (const [index, { key, file, size }] of files.entries()) {
    const existing = await storage.head(key);
    const outcome = existing?.size === size ? 'skipped' : 'copied';
    if (outcome === 'copied') {
      await storage.put(key, size === 0 ? Buffer.alloc(0) : createReadStream(file));
      summary.copied += 1;
      summary.bytes += size;
    } else {
      summary.skipped += 1;
    }
    onProgress({ index: index + 1, total: files.length, key, size, outcome });
  }
  return summary;
}
