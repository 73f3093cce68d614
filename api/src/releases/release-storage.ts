import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where published versions' files live: `<siteDir>/remotes/<remote>/<version>/`, which the
 * site serves as immutable. A version folder is written once, to a temporary folder renamed
 * into place, so a visitor never sees half a version; an existing folder is never
 * overwritten. (A local folder today; object storage later behind the same functions.)
 */
export interface ReleaseFile {
  /** Relative path inside the version folder, `/`-separated. */
  path: string;
  content: Buffer;
}

/** Letters, digits, `._-`, folders separated by `/`; no `..`, no leading `/`, no hidden files. */
const SAFE_PATH = /^(?!.*(?:^|\/)\.)[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
export const MAX_FILES = 2000;

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

export function versionFolder(siteDir: string, remote: string, version: string): string {
  return path.join(siteDir, 'remotes', remote, version);
}

/** Every file of a folder, with paths relative to it. */
export function readFolder(dir: string): ReleaseFile[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((relative) => fs.statSync(path.join(dir, relative)).isFile())
    .map((relative) => ({
      path: relative.split(path.sep).join('/'),
      content: fs.readFileSync(path.join(dir, relative)),
    }));
}

export type StoreOutcome = 'written' | 'identical' | 'different';

/** Writes a version folder unless one is there: `identical` or `different` say what was found. */
export function storeVersion(
  siteDir: string,
  remote: string,
  version: string,
  files: readonly ReleaseFile[],
): StoreOutcome {
  const target = versionFolder(siteDir, remote, version);
  if (fs.existsSync(target)) return contentHash(readFolder(target)) === contentHash(files) ? 'identical' : 'different';
  const parent = path.dirname(target);
  fs.mkdirSync(parent, { recursive: true });
  const temporary = path.join(parent, `.${version}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    for (const file of files) {
      const destination = path.join(temporary, ...file.path.split('/'));
      fs.mkdirSync(path.dirname(destination), { recursive: true });
      fs.writeFileSync(destination, file.content);
    }
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    // Another publish of the same version won the rename: compare with what it wrote.
    if (fs.existsSync(target))
      return contentHash(readFolder(target)) === contentHash(files) ? 'identical' : 'different';
    throw error;
  }
  return 'written';
}
