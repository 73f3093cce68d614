import path from 'node:path';
import { MEDIA_TYPES, safeKey } from '../storage/storage';

/**
 * Which URL paths under `/media/` name a servable file: plain relative paths (no `..`, also
 * when percent-encoded, as the router hands us decoded text; no absolute paths, NUL bytes or
 * hidden files) of the media types in MEDIA_TYPES. Storage itself (src/storage/) also
 * refuses keys that would leave its folder, symbolic links included.
 */

/** The relative path as safe segments, or null when it tries to leave the folder. */
export function safeRelativePath(urlPath: string): string | null {
  return safeKey(urlPath);
}

/** The content type the route serves a key with, or null when it serves no such file. */
export function servedMediaType(relativePath: string): string | null {
  return MEDIA_TYPES[path.extname(relativePath).toLowerCase()] ?? null;
}
