import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Finding a file under the media folder from a URL path, refusing anything that would
 * leave it: `..` segments (also when percent-encoded, as the router hands us decoded
 * text), absolute paths, NUL bytes, hidden files, and symbolic links pointing outside.
 */

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
};

/** The relative path as safe segments, or null when it tries to leave the folder. */
export function safeRelativePath(urlPath: string): string | null {
  if (urlPath.length === 0 || urlPath.includes('\0') || urlPath.includes('\\')) return null;
  const segments = urlPath.split('/');
  for (const segment of segments) {
    if (segment === '' || segment.startsWith('.')) return null;
  }
  return segments.join('/');
}

export interface MediaFile {
  path: string;
  size: number;
  modified: Date;
  contentType: string;
}

export async function findMediaFile(root: string, urlPath: string): Promise<MediaFile | null> {
  const relative = safeRelativePath(urlPath);
  if (relative === null) return null;
  const contentType = MEDIA_TYPES[path.extname(relative).toLowerCase()];
  if (!contentType) return null;
  try {
    const realRoot = await fs.realpath(root);
    const real = await fs.realpath(path.join(realRoot, relative));
    if (!real.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(real);
    if (!stat.isFile()) return null;
    return { path: real, size: stat.size, modified: stat.mtime, contentType };
  } catch {
    return null;
  }
}
