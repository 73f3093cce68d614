import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import {
  checkedKey,
  checkedPrefix,
  contentTypeOf,
  ObjectExistsError,
  type ByteRange,
  type ListedObject,
  type ObjectInfo,
  type PutOptions,
  type Storage,
} from './storage';

/**
 * The local folder (`MEDIA_DIR`, the default): what `npm start` has always used. Objects are
 * written to a hidden temporary file and renamed into place, so a reader never sees half a
 * file; a key whose real path (after symbolic links) leaves the folder is treated as absent.
 * Browsers read objects at `/media/<key>`; private ones with the HMAC-signed query that
 * `signedUrl` makes (src/media/private-media.ts verifies it).
 */
export interface LocalStorageOptions {
  root: string;
  /** `/media/<key>?expires=…&signature=…` for a private object valid for `seconds` from now. */
  signedUrl: (key: string, seconds: number) => string;
  /**
   * The path the folder is served under: `/media` (the default, the media route), or `''`
   * for the site folder, whose `remotes/…` the site serves at `/remotes/…` (release-storage.ts).
   */
  publicPath?: string;
}

export function localStorage(options: LocalStorageOptions): Storage {
  const root = path.resolve(options.root);
  const publicPath = options.publicPath ?? '/media';

  /** The file of a key, or null when it resolves (through links) outside the folder. */
  async function existingFile(key: string): Promise<string | null> {
    const relative = checkedKey(key);
    try {
      const realRoot = await fs.realpath(root);
      const real = await fs.realpath(path.join(realRoot, relative));
      return real.startsWith(realRoot + path.sep) ? real : null;
    } catch {
      return null;
    }
  }

  return {
    kind: 'local',
    async put(key, body, putOptions: PutOptions = {}) {
      const target = path.join(root, checkedKey(key));
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        if (Buffer.isBuffer(body)) await fs.writeFile(temporary, body, { flag: 'wx' });
        else await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
        if (putOptions.ifAbsent) {
          // link() fails when the target exists: an atomic "create only".
          try {
            await fs.link(temporary, target);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
            throw error;
          }
        } else {
          await fs.rename(temporary, target);
        }
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },
    async head(key): Promise<ObjectInfo | null> {
      const file = await existingFile(key);
      if (file === null) return null;
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        key,
        size: stat.size,
        modified: stat.mtime,
        // Size and modification time, as nginx does: strong enough for files replaced whole.
        etag: `"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        contentType: contentTypeOf(key),
      };
    },
    async get(key, range?: ByteRange) {
      const file = await existingFile(key);
      if (file === null) return null;
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      if (stat.size === 0) return Readable.from([]);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async copy(fromKey, toKey) {
      const source = await this.get(fromKey);
      if (source === null) return false;
      await this.put(toKey, source);
      return true;
    },
    async delete(key) {
      await fs.rm(path.join(root, checkedKey(key)), { force: true });
    },
    async *list(prefix, options = {}): AsyncIterable<ListedObject> {
      checkedPrefix(prefix);
      const slash = prefix.lastIndexOf('/');
      const folder = slash < 0 ? '' : prefix.slice(0, slash);
      const base = path.join(root, folder);
      const entries = await fs
        .readdir(base, { recursive: !options.topLevel, encoding: 'utf8' })
        .catch(() => [] as string[]);
      const keys = entries
        .map((entry) => (folder ? `${folder}/` : '') + entry.split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix) && !key.split('/').some((segment) => segment.startsWith('.')))
        .sort();
      for (const key of keys) {
        const stat = await fs.stat(path.join(root, key)).catch(() => null);
        if (stat?.isFile()) yield { key, size: stat.size, modified: stat.mtime };
      }
    },
    publicUrl(key) {
      return `${publicPath}/${checkedKey(key)}`;
    },
    async presignedUrl(key, seconds) {
      return options.signedUrl(checkedKey(key), seconds);
    },
  };
}
