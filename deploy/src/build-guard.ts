import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SHELL_MANIFEST_FILE, shellManifestSchema, type ShellManifest } from '@yaoshi/contracts/release-manifest';
import { DEFAULT_DATA_DIR } from '@yaoshi/api-server/config';
import { openDatabase, pgliteDir, type DatabaseHandle } from '@yaoshi/api-server/db/database';
import { DataDirLockedError } from '@yaoshi/api-server/db/pglite-lock';
import { checkShell } from '@yaoshi/api-server/releases/registry-builds';
import { releaseVersions } from '@yaoshi/api-server/releases/releases-schema';
import { contentHash, readFolder } from '@yaoshi/api-server/releases/release-storage';
import { RELEASE_REGISTRY_PATHS } from '@yaoshi/contracts/release-registry-paths';

/**
 * What `npm run build` asks the release registry before it changes the site folder:
 * - a new shell is checked against every pinned and canary remote (the same check as
 *   `npm run release -- check-shell`), and refused if it would break one: the site keeps
 *   the shell it has;
 * - a remote version folder already in the site is never overwritten once the registry
 *   holds that version (published, or seeded from an earlier build): a rebuild with other
 *   content is refused — bump the remote's version, then `npm run release -- publish`.
 *
 * The registry is the running server's, over HTTP, when RELEASE_URL is set (with
 * RELEASE_TOKEN); else the site's database (DATABASE_URL, or PGlite in DATA_DIR) when it
 * exists; with neither there is no registry yet and nothing to check.
 */
export class BuildRefusal extends Error {
  override name = 'BuildRefusal';
}

export interface RegistryView {
  /** The new shell's problems against the live remotes; [] when it fits. */
  checkShell(manifest: ShellManifest): Promise<string[]>;
  /** Every version the registry holds, as `remote/version`. */
  registeredVersions(): Promise<Set<string>>;
  close(): Promise<void>;
}

type Env = Readonly<Record<string, string | undefined>>;

const read = (env: Env, name: string) => env[name]?.trim() || undefined;

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** The running server's registry, with a release-manager token. */
export function httpRegistryView(baseUrl: string, token: string, fetcher: typeof fetch = fetch): RegistryView {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope> {
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new BuildRefusal(`无法连接发布服务器 ${base}：${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      return (await response.json()) as Envelope;
    } catch {
      throw new BuildRefusal(`${base}${path} 返回 HTTP ${response.status}，不是发布接口的应答`);
    }
  }
  return {
    async checkShell(manifest) {
      const answer = await call('POST', RELEASE_REGISTRY_PATHS.checkShell, manifest);
      if (answer.code === 200) return [];
      const problems = (answer.data as { problems?: unknown } | null)?.problems;
      if (answer.code === 409 && Array.isArray(problems)) return problems.map(String);
      throw new BuildRefusal(`check-shell：${answer.message}`);
    },
    async registeredVersions() {
      const answer = await call('GET', RELEASE_REGISTRY_PATHS.status);
      if (answer.code !== 200) throw new BuildRefusal(`status：${answer.message}`);
      const remotes = (answer.data as { remotes: { remote: string; versions: string[] }[] }).remotes;
      return new Set(remotes.flatMap((remote) => remote.versions.map((version) => `${remote.remote}/${version}`)));
    },
    async close() {},
  };
}

/** The site's database, opened directly (no server is running on it). */
export function databaseRegistryView(handle: DatabaseHandle): RegistryView {
  return {
    checkShell: (manifest) => checkShell(handle.db, manifest),
    async registeredVersions() {
      const rows = await handle.db
        .select({ remote: releaseVersions.remote, version: releaseVersions.version })
        .from(releaseVersions);
      return new Set(rows.map((row) => `${row.remote}/${row.version}`));
    },
    close: () => handle.close(),
  };
}

/** The registry `npm run build` checks against, or null when there is none yet. */
export async function openRegistryView(env: Env): Promise<RegistryView | null> {
  const url = read(env, 'RELEASE_URL');
  if (url) {
    const token = read(env, 'RELEASE_TOKEN');
    if (!token) throw new BuildRefusal('已设置 RELEASE_URL 但缺少 RELEASE_TOKEN：无法向运行中的服务器检查新外壳');
    return httpRegistryView(url, token);
  }
  const databaseUrl = read(env, 'DATABASE_URL');
  const dataDir = read(env, 'DATA_DIR') ?? DEFAULT_DATA_DIR;
  if (!databaseUrl && !existsSync(join(pgliteDir(dataDir), 'PG_VERSION'))) return null;
  try {
    return databaseRegistryView(await openDatabase({ databaseUrl, dataDir }));
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BuildRefusal(
        `服务器正在使用数据库 ${dataDir}：请设置 RELEASE_URL 与 RELEASE_TOKEN，由运行中的服务器检查新外壳`,
      );
    throw new BuildRefusal(`无法打开发布登记所在的数据库：${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The shell-manifest.json a shell build wrote. */
export function readShellManifest(shellDist: string): ShellManifest {
  const file = join(shellDist, SHELL_MANIFEST_FILE);
  if (!existsSync(file)) throw new BuildRefusal(`${file} 不存在：外壳构建未写出 shell-manifest.json`);
  const result = shellManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new BuildRefusal(`${file} 不合法：${result.error.issues[0]?.message ?? ''}`);
  return result.data;
}

/** Refuses a new shell that would break a pinned or canary remote: one line naming each. */
export async function guardShell(registry: RegistryView | null, manifest: ShellManifest): Promise<void> {
  if (!registry) return;
  const problems = await registry.checkShell(manifest);
  if (problems.length > 0) throw new BuildRefusal(problems.join('；'));
}

export type Placement = 'new' | 'unchanged' | 'replace';

/**
 * What the build may do with one remote version's folder in the site: write it (new), leave
 * it (the same files are there), or replace it (other files, and no registry holds that
 * version: only an earlier local build wrote it). A registered version is immutable.
 */
export function planVersion(
  site: string,
  remote: string,
  version: string,
  builtDir: string,
  registered: ReadonlySet<string>,
): Placement {
  const target = join(site, 'remotes', remote, version);
  if (!existsSync(target)) return 'new';
  if (contentHash(readFolder(target)) === contentHash(readFolder(builtDir))) return 'unchanged';
  if (registered.has(`${remote}/${version}`))
    throw new BuildRefusal(
      `${remote} ${version} 已发布，站点中的文件不可覆盖：请提升 remotes/${remote}/package.json 的版本号后再构建`,
    );
  return 'replace';
}

/** Carries out a plan: the folder appears whole (copied beside it, then renamed into place). */
export function placeVersion(site: string, remote: string, version: string, builtDir: string, plan: Placement): void {
  if (plan === 'unchanged') return;
  const target = join(site, 'remotes', remote, version);
  const temporary = join(dirname(target), `.${version}.build-${process.pid}.tmp`);
  mkdirSync(dirname(target), { recursive: true });
  rmSync(temporary, { recursive: true, force: true });
  cpSync(builtDir, temporary, { recursive: true });
  if (plan === 'replace') rmSync(target, { recursive: true, force: true });
  renameSync(temporary, target);
}
