import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  RELEASE_MANIFEST_FILE,
  SHELL_MANIFEST_FILE,
  VERSION_PATTERN,
  releaseManifestSchema,
  shellManifestSchema,
  type PinsDocument,
  type ReleaseManifest,
  type ShellManifest,
} from '@yaoshi/contracts/release-manifest';
import { beijingIsoTime } from '@yaoshi/contracts/beijing-time';
import type { Clock } from '../clock';
import { jobActor, writeAudit } from '../audit/audit-log';
import type { Database } from '../db/database';
import {
  DEFAULT_AUTO_ROLLBACK,
  canaryFails,
  failureRate,
  inCanary,
  type AutoRollbackThreshold,
  type CanaryEvidence,
} from './canary';
import { collisionProblems, exposureProblems, sharedProblems, shellProblems, type LiveRoutes } from './compatibility';
import { RELEASE_MESSAGES } from './release-messages';
import { createReportBudget, hourWindow, type ReportBudget } from './report-budget';
import {
  releaseCanaries,
  releaseEnvironments,
  releaseHistory,
  releaseCanaryVisitors,
  releaseLoadCounts,
  releasePins,
  releaseRemotes,
  releaseVersions,
} from './releases-schema';
import type { Storage } from '../storage/storage';
import {
  FEDERATION_MANIFEST_FILE,
  MAX_FILES,
  contentHash,
  isSafeFilePath,
  readFolder,
  siteStorage,
  storeVersion,
  versionPrefix,
  type ReleaseFile,
} from './release-storage';

/**
 * The release registry (issue 17): remotes, immutable versions, pins per environment with
 * their history, canaries and the failure counts the shells report. Every function here is
 * what `npm run release`, the release page and the server's start share; none reads the
 * environment or the request.
 */

export const ENVIRONMENTS = ['staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Who may release: a release-manager token's name. */
export interface Actor {
  name: string;
}

export interface RegistryDeps {
  db: Database;
  clock: Clock;
  /**
   * The site folder: the live shell's manifest is at its root (a site without one refuses
   * every move), and the build's remotes are under `remotes/` (importBuiltRemotes). Undefined:
   * the API alone, with no site and no live shell (development's dev servers, tests): nothing
   * is published, and pins are checked without a shell.
   */
  siteDir: string | undefined;
  /**
   * Where published versions' objects go (`remotes/<remote>/<version>/…`) and browsers read
   * them: the bucket with `S3_*` (release-storage.ts `releaseStorageOf`). Default: the site folder.
   */
  files?: Storage;
  autoRollback?: AutoRollbackThreshold;
}

/** A refusal: the HTTP status and one Chinese line (several problems: joined by "；"). */
export class ReleaseRefusal extends Error {
  override name = 'ReleaseRefusal';
  constructor(
    readonly status: number,
    message: string,
    readonly problems: string[] = [message],
  ) {
    super(message);
  }
}

/** The storage versions are published into: `deps.files`, else the site folder; none without a site. */
export function versionStorage(deps: Pick<RegistryDeps, 'siteDir' | 'files'>): Storage | undefined {
  return deps.files ?? (deps.siteDir === undefined ? undefined : siteStorage(deps.siteDir));
}

function refuse(status: number, problems: string | string[]): never {
  const list = Array.isArray(problems) ? problems : [problems];
  throw new ReleaseRefusal(status, list.join('；'), list);
}

export function isEnvironment(value: string): value is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}

export function environmentOf(value: string | undefined, fallback: Environment = 'production'): Environment {
  const name = value ?? fallback;
  if (!isEnvironment(name)) refuse(400, RELEASE_MESSAGES.unknownEnvironment(name));
  return name;
}

export async function ensureEnvironments(db: Database): Promise<void> {
  await db
    .insert(releaseEnvironments)
    .values(ENVIRONMENTS.map((name) => ({ name })))
    .onConflictDoNothing();
}

function requireReason(reason: string | undefined): string {
  const text = reason?.trim() ?? '';
  if (text.length === 0) refuse(400, RELEASE_MESSAGES.reasonRequired);
  return text.slice(0, 500);
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────

async function findVersion(db: Database, remote: string, version: string) {
  const [row] = await db
    .select()
    .from(releaseVersions)
    .where(and(eq(releaseVersions.remote, remote), eq(releaseVersions.version, version)));
  return row;
}

async function requireRemote(db: Database, remote: string) {
  const [row] = await db.select().from(releaseRemotes).where(eq(releaseRemotes.key, remote));
  if (!row) refuse(404, RELEASE_MESSAGES.unknownRemote(remote));
  return row;
}

async function requireVersion(db: Database, remote: string, version: string) {
  if (!VERSION_PATTERN.test(version)) refuse(400, RELEASE_MESSAGES.badVersion(version));
  await requireRemote(db, remote);
  const row = await findVersion(db, remote, version);
  if (!row) refuse(404, RELEASE_MESSAGES.unknownVersion(remote, version));
  return row;
}

/** The live shell's manifest (what it provides, its own pages), from the site folder; undefined without one. */
export function liveShellManifest(siteDir: string | undefined): ShellManifest | undefined {
  if (!siteDir) return undefined;
  const file = path.join(siteDir, SHELL_MANIFEST_FILE);
  if (!fs.existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const result = shellManifestSchema.safeParse(parsed);
  return result.success ? result.data : undefined;
}

/** What each environment serves of every other remote: its pin and its canary. */
async function liveRoutes(db: Database): Promise<LiveRoutes[]> {
  const pinned = await db
    .select({ remote: releaseVersions.remote, version: releaseVersions.version, routes: releaseVersions.routes })
    .from(releasePins)
    .innerJoin(
      releaseVersions,
      and(eq(releaseVersions.remote, releasePins.remote), eq(releaseVersions.version, releasePins.version)),
    );
  const canaries = await db
    .select({ remote: releaseVersions.remote, version: releaseVersions.version, routes: releaseVersions.routes })
    .from(releaseCanaries)
    .innerJoin(
      releaseVersions,
      and(eq(releaseVersions.remote, releaseCanaries.remote), eq(releaseVersions.version, releaseCanaries.version)),
    );
  return [...pinned, ...canaries];
}

/**
 * Every check a version must pass to go live; refuses with all problems named. A site
 * without a live shell manifest (no shell built into it, or one the shell's build did not
 * write) cannot prove anything, so the version is refused.
 */
async function proveCompatible(deps: RegistryDeps, manifest: ReleaseManifest): Promise<void> {
  // No site at all (the API alone: development's dev servers, tests): no live shell to fit.
  // A site without a usable shell manifest is refused: its shell cannot be proven compatible.
  const shell = deps.siteDir === undefined ? undefined : liveShellManifest(deps.siteDir);
  if (deps.siteDir !== undefined && !shell) refuse(409, RELEASE_MESSAGES.shellManifestMissing);
  const problems = [
    ...(shell ? sharedProblems(manifest, shell.provides) : []),
    ...exposureProblems(manifest),
    ...collisionProblems(manifest, await liveRoutes(deps.db), shell?.pages ?? []),
  ];
  if (problems.length > 0) refuse(409, problems);
}

// ── Publishing ──────────────────────────────────────────────────────────────────────────

export interface PublishResult {
  remote: string;
  version: string;
  contentHash: string;
  /** False when the same version with the same content was already published. */
  changed: boolean;
}

function parseManifest(files: readonly ReleaseFile[]): ReleaseManifest {
  const manifestFile = files.find((file) => file.path === RELEASE_MANIFEST_FILE);
  if (!manifestFile || !files.some((file) => file.path === 'mf-manifest.json'))
    refuse(400, RELEASE_MESSAGES.manifestMissing);
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestFile.content.toString('utf8'));
  } catch {
    refuse(400, RELEASE_MESSAGES.manifestInvalid('不是 JSON'));
  }
  const result = releaseManifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    refuse(400, RELEASE_MESSAGES.manifestInvalid(`${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim()));
  }
  return result.data;
}

/**
 * Publishes a version: checks it, writes its files into the site's storage and records it.
 * The same number with other content is refused; with identical content nothing changes.
 */
export async function publishVersion(
  deps: RegistryDeps,
  actor: Actor,
  remote: string,
  files: readonly ReleaseFile[],
  options: { source?: 'publish' | 'build' } = {},
): Promise<PublishResult> {
  const storage = versionStorage(deps);
  if (!deps.siteDir || !storage) refuse(503, RELEASE_MESSAGES.noStorage);
  if (files.length === 0 || files.length > MAX_FILES) refuse(400, RELEASE_MESSAGES.manifestMissing);
  for (const file of files) if (!isSafeFilePath(file.path)) refuse(400, RELEASE_MESSAGES.badFilePath(file.path));
  const manifest = parseManifest(files);
  if (manifest.remote !== remote) refuse(400, RELEASE_MESSAGES.manifestRemoteMismatch(remote, manifest.remote));
  const hash = contentHash(files);
  // One publish of a version at a time, across every server on the database: the objects are
  // checked, written and recorded under a lock held until this transaction ends.
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`release:${remote}/${manifest.version}`}))`);
    return publishLocked({ ...deps, db: tx }, storage, actor, remote, files, manifest, hash, options);
  });
}

async function publishLocked(
  deps: RegistryDeps,
  storage: Storage,
  actor: Actor,
  remote: string,
  files: readonly ReleaseFile[],
  manifest: ReleaseManifest,
  hash: string,
  options: { source?: 'publish' | 'build' },
): Promise<PublishResult> {
  const existing = await findVersion(deps.db, remote, manifest.version);
  if (existing) {
    if (existing.contentHash === hash) return { remote, version: manifest.version, contentHash: hash, changed: false };
    refuse(409, RELEASE_MESSAGES.versionExistsDifferent(remote, manifest.version));
  }
  const [registered] = await deps.db.select().from(releaseRemotes).where(eq(releaseRemotes.key, remote));
  if (registered && registered.federationName !== manifest.federationName) {
    refuse(409, RELEASE_MESSAGES.federationNameChanged(remote, registered.federationName, manifest.federationName));
  }
  if (!registered) {
    const [taken] = await deps.db
      .select()
      .from(releaseRemotes)
      .where(eq(releaseRemotes.federationName, manifest.federationName));
    if (taken) refuse(409, RELEASE_MESSAGES.federationNameTaken(manifest.federationName, taken.key));
  }
  if (options.source !== 'build') await proveCompatible(deps, manifest);

  // Every object is written before the row: a recorded version is whole.
  const stored = await storeVersion(storage, remote, manifest.version, files);
  if (stored === 'different') refuse(409, RELEASE_MESSAGES.versionExistsDifferent(remote, manifest.version));

  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!registered) {
      await tx
        .insert(releaseRemotes)
        .values({
          key: remote,
          federationName: manifest.federationName,
          section: manifest.section,
          createdBy: actor.name,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    await tx
      .insert(releaseVersions)
      .values({
        remote,
        version: manifest.version,
        contentHash: hash,
        manifest,
        shared: manifest.shared,
        exposes: manifest.exposes,
        routes: manifest.routes,
        publisher: actor.name,
        publishedAt: now,
      })
      .onConflictDoNothing();
  });
  // A concurrent publish may have recorded the same number first: answer what is recorded.
  const recorded = await findVersion(deps.db, remote, manifest.version);
  if (recorded?.contentHash !== hash) refuse(409, RELEASE_MESSAGES.versionExistsDifferent(remote, manifest.version));
  return {
    remote,
    version: manifest.version,
    contentHash: hash,
    changed: recorded.publisher === actor.name && recorded.publishedAt.getTime() === now.getTime(),
  };
}

// ── Moving pins ─────────────────────────────────────────────────────────────────────────

export interface PinMove {
  environment: Environment;
  remote: string;
  from: string | null;
  to: string;
}

async function recordHistory(
  db: Database,
  clock: Clock,
  entry: {
    environment: Environment;
    remote: string;
    action: string;
    from: string | null;
    to: string | null;
    reason: string;
    actor: string;
  },
): Promise<void> {
  await db.insert(releaseHistory).values({
    environment: entry.environment,
    remote: entry.remote,
    action: entry.action,
    fromVersion: entry.from,
    toVersion: entry.to,
    reason: entry.reason,
    actor: entry.actor,
    at: clock.now(),
  });
}

async function currentPin(db: Database, environment: Environment, remote: string): Promise<string | null> {
  const [row] = await db
    .select({ version: releasePins.version })
    .from(releasePins)
    .where(and(eq(releasePins.environment, environment), eq(releasePins.remote, remote)));
  return row?.version ?? null;
}

/** Moves the pin and writes its history line in one transaction. */
async function movePin(
  deps: RegistryDeps,
  actor: Actor,
  environment: Environment,
  remote: string,
  to: string,
  action: string,
  reason: string,
  /** The pin the move was decided on (a rollback): refused if another move came first. */
  expectedFrom?: string | null,
): Promise<PinMove> {
  return deps.db.transaction(async (tx) => {
    // Lock the pin row (if any) so two moves of one pin are ordered and each sees the other's result.
    const locked = await tx.execute(
      sql`select version from release_pins where environment = ${environment} and remote = ${remote} for update`,
    );
    const from = (locked as { rows: { version: string }[] }).rows[0]?.version ?? null;
    if (expectedFrom !== undefined && from !== expectedFrom) refuse(409, RELEASE_MESSAGES.pinMovedMeanwhile(remote));
    const now = deps.clock.now();
    await tx
      .insert(releasePins)
      .values({ environment, remote, version: to, updatedBy: actor.name, updatedAt: now })
      .onConflictDoUpdate({
        target: [releasePins.environment, releasePins.remote],
        set: { version: to, updatedBy: actor.name, updatedAt: now },
      });
    // A canary of the version now pinned has nothing left to do.
    await tx
      .delete(releaseCanaries)
      .where(
        and(
          eq(releaseCanaries.environment, environment),
          eq(releaseCanaries.remote, remote),
          eq(releaseCanaries.version, to),
        ),
      );
    await recordHistory(tx, deps.clock, { environment, remote, action, from, to, reason, actor: actor.name });
    return { environment, remote, from, to };
  });
}

export async function pinVersion(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; version: string; environment: Environment; reason: string | undefined },
): Promise<PinMove> {
  const reason = requireReason(input.reason);
  const row = await requireVersion(deps.db, input.remote, input.version);
  if ((await currentPin(deps.db, input.environment, input.remote)) === input.version) {
    refuse(409, RELEASE_MESSAGES.alreadyPinned(input.remote, input.version));
  }
  await proveCompatible(deps, row.manifest);
  return movePin(deps, actor, input.environment, input.remote, input.version, 'pin', reason);
}

/** Actions that moved a pin forward (each pushes a version) or back (each pops one). */
const PIN_FORWARD = ['pin', 'promote'];
const PIN_BACK = ['rollback'];

/**
 * The version a rollback goes back to: the pin history read as a stack, where each pin or
 * promote pushes its version and each rollback pops the version it left. So pins
 * 1.0 → 1.1 → 1.2, rollback → 1.1, rollback again → 1.0 (never back to 1.2, the version
 * already rolled back from). Null when there is nothing under the current pin.
 */
export function rollbackTarget(
  moves: readonly { action: string; toVersion: string | null }[],
  current: string | null,
): string | null {
  const stack: string[] = [];
  for (const move of moves) {
    if (PIN_FORWARD.includes(move.action) && move.toVersion) {
      if (stack.at(-1) !== move.toVersion) stack.push(move.toVersion);
    } else if (PIN_BACK.includes(move.action)) {
      stack.pop();
      // Keep the stack's top at the version the rollback landed on, whatever came before.
      if (move.toVersion && stack.at(-1) !== move.toVersion) stack.push(move.toVersion);
    }
  }
  if (current === null || stack.at(-1) !== current) return null;
  return stack.at(-2) ?? null;
}

/**
 * Back to the version pinned before the current one. A second rollback goes one step
 * further back (see rollbackTarget), and the version gone back to passes the same
 * compatibility check as a pin, against the shell that is live now.
 */
export async function rollback(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; environment: Environment; reason: string | undefined },
  action = 'rollback',
): Promise<PinMove> {
  const reason = requireReason(input.reason);
  await requireRemote(deps.db, input.remote);
  const current = await currentPin(deps.db, input.environment, input.remote);
  const moves = await deps.db
    .select({ action: releaseHistory.action, toVersion: releaseHistory.toVersion })
    .from(releaseHistory)
    .where(
      and(
        eq(releaseHistory.environment, input.environment),
        eq(releaseHistory.remote, input.remote),
        inArray(releaseHistory.action, [...PIN_FORWARD, ...PIN_BACK]),
      ),
    )
    .orderBy(releaseHistory.id);
  const previous = rollbackTarget(moves, current);
  if (!previous) refuse(409, RELEASE_MESSAGES.nothingToRollBack(input.remote));
  const row = await requireVersion(deps.db, input.remote, previous);
  await proveCompatible(deps, row.manifest);
  return movePin(deps, actor, input.environment, input.remote, previous, action, reason, current);
}

export interface CanaryState {
  environment: Environment;
  remote: string;
  version: string;
  percent: number;
}

/** A canary started, or `unchanged` when exactly this canary was already running. */
export type CanaryStart = CanaryState & { unchanged: boolean };

export async function startCanary(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; version: string; percent: number; environment: Environment; reason?: string },
): Promise<CanaryStart> {
  if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 99)
    refuse(400, RELEASE_MESSAGES.percentInvalid);
  const row = await requireVersion(deps.db, input.remote, input.version);
  const pinned = await currentPin(deps.db, input.environment, input.remote);
  if (!pinned) refuse(409, RELEASE_MESSAGES.notPinned(input.remote));
  if (pinned === input.version) refuse(409, RELEASE_MESSAGES.canaryIsPin(input.remote, input.version));
  const state = {
    environment: input.environment,
    remote: input.remote,
    version: input.version,
    percent: input.percent,
  };
  // The same canary again changes nothing: its loads keep counting and the history gets no second line.
  const running = await currentCanary(deps.db, input.environment, input.remote);
  if (running && running.version === input.version && running.percent === input.percent)
    return { ...state, unchanged: true };
  await proveCompatible(deps, row.manifest);
  const reason = input.reason?.trim() || '开始灰度';
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // A canary is judged on its own loads: earlier counts of this version here start over.
    await tx
      .delete(releaseCanaryVisitors)
      .where(
        and(
          eq(releaseCanaryVisitors.environment, input.environment),
          eq(releaseCanaryVisitors.remote, input.remote),
          eq(releaseCanaryVisitors.version, input.version),
        ),
      );
    await tx
      .delete(releaseLoadCounts)
      .where(
        and(
          eq(releaseLoadCounts.environment, input.environment),
          eq(releaseLoadCounts.remote, input.remote),
          eq(releaseLoadCounts.version, input.version),
        ),
      );
    await tx
      .insert(releaseCanaries)
      .values({
        environment: input.environment,
        remote: input.remote,
        version: input.version,
        percent: input.percent,
        startedBy: actor.name,
        startedAt: now,
      })
      .onConflictDoUpdate({
        target: [releaseCanaries.environment, releaseCanaries.remote],
        set: { version: input.version, percent: input.percent, startedBy: actor.name, startedAt: now },
      });
    await recordHistory(tx, deps.clock, {
      environment: input.environment,
      remote: input.remote,
      action: 'canary',
      from: pinned,
      to: input.version,
      reason: `${reason}（${input.percent}%）`,
      actor: actor.name,
    });
  });
  return { ...state, unchanged: false };
}

export async function currentCanary(db: Database, environment: Environment, remote: string) {
  const [row] = await db
    .select()
    .from(releaseCanaries)
    .where(and(eq(releaseCanaries.environment, environment), eq(releaseCanaries.remote, remote)));
  return row;
}

/** The canary becomes the pin. */
export async function promote(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; environment: Environment; reason?: string },
): Promise<PinMove> {
  await requireRemote(deps.db, input.remote);
  const canary = await currentCanary(deps.db, input.environment, input.remote);
  if (!canary) refuse(409, RELEASE_MESSAGES.noCanary(input.remote));
  const row = await requireVersion(deps.db, input.remote, canary.version);
  await proveCompatible(deps, row.manifest);
  return movePin(
    deps,
    actor,
    input.environment,
    input.remote,
    canary.version,
    'promote',
    input.reason?.trim() || '灰度转正',
  );
}

/** Ends a canary without pinning it (by hand, or automatically on failures). */
export async function endCanary(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; environment: Environment; reason: string },
  action = 'canary-end',
): Promise<CanaryState> {
  return deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(releaseCanaries)
      .where(and(eq(releaseCanaries.environment, input.environment), eq(releaseCanaries.remote, input.remote)))
      .returning();
    if (!ended) refuse(409, RELEASE_MESSAGES.noCanary(input.remote));
    const pinned = await currentPin(tx, input.environment, input.remote);
    await recordHistory(tx, deps.clock, {
      environment: input.environment,
      remote: input.remote,
      action,
      from: ended.version,
      to: pinned,
      reason: input.reason,
      actor: actor.name,
    });
    return { environment: input.environment, remote: input.remote, version: ended.version, percent: ended.percent };
  });
}

// ── What visitors get ───────────────────────────────────────────────────────────────────

export interface Visitor {
  /** Learner id once logged in, else the anonymous browser id. */
  id: string | undefined;
  /** A QA override (from its signed cookie): this remote at this version, in this browser only. */
  override?: { remote: string; version: string };
}

/**
 * Where browsers read a version's mf-manifest.json (its chunks resolve from the same
 * address: remotes are built with `publicPath: 'auto'`): the storage's public URL, the
 * bucket's or its CDN's with `S3_*`; root-relative `/remotes/…` in the site folder.
 */
export function manifestUrl(remote: string, version: string, files?: Storage): string {
  const key = `${versionPrefix(remote, version)}${FEDERATION_MANIFEST_FILE}`;
  return files ? files.publicUrl(key) : `/${key}`;
}

/**
 * The pins document for one visitor: the pin, or the canary for its share, or the override;
 * each entry at `files`' address (default root-relative, the site folder's).
 */
export async function pinsDocument(
  db: Database,
  environment: Environment,
  visitor: Visitor,
  files?: Storage,
): Promise<PinsDocument> {
  const rows = await db
    .select({
      remote: releasePins.remote,
      version: releasePins.version,
      federationName: releaseRemotes.federationName,
      section: releaseRemotes.section,
      routes: releaseVersions.routes,
    })
    .from(releasePins)
    .innerJoin(releaseRemotes, eq(releaseRemotes.key, releasePins.remote))
    .innerJoin(
      releaseVersions,
      and(eq(releaseVersions.remote, releasePins.remote), eq(releaseVersions.version, releasePins.version)),
    )
    .where(eq(releasePins.environment, environment))
    .orderBy(releasePins.remote);
  const canaries = await db
    .select({
      remote: releaseCanaries.remote,
      version: releaseCanaries.version,
      percent: releaseCanaries.percent,
      routes: releaseVersions.routes,
    })
    .from(releaseCanaries)
    .innerJoin(
      releaseVersions,
      and(eq(releaseVersions.remote, releaseCanaries.remote), eq(releaseVersions.version, releaseCanaries.version)),
    )
    .where(eq(releaseCanaries.environment, environment));
  const document: PinsDocument = {};
  for (const row of rows) {
    let chosen: { version: string; routes: typeof row.routes; via: 'pin' | 'canary' | 'override' } = {
      version: row.version,
      routes: row.routes,
      via: 'pin',
    };
    const canary = canaries.find((c) => c.remote === row.remote);
    if (canary && inCanary(row.remote, canary.version, canary.percent, visitor.id))
      chosen = { version: canary.version, routes: canary.routes, via: 'canary' };
    if (visitor.override?.remote === row.remote) {
      const overridden = await findVersion(db, row.remote, visitor.override.version);
      if (overridden) chosen = { version: overridden.version, routes: overridden.routes, via: 'override' };
    }
    document[row.remote] = {
      version: chosen.version,
      federationName: row.federationName,
      section: row.section,
      entry: manifestUrl(row.remote, chosen.version, files),
      routes: chosen.routes,
      via: chosen.via,
    };
  }
  return document;
}

// ── Status and history ──────────────────────────────────────────────────────────────────

export interface VersionHealth {
  version: string;
  loads: number;
  failures: number;
  /** failures / loads, 0 with no loads. */
  failureRate: number;
}

export interface RemoteStatus {
  remote: string;
  section: string;
  federationName: string;
  pinned: string | null;
  canary: { version: string; percent: number } | null;
  versions: string[];
  health: VersionHealth[];
  /** Where 回滚 would go (the pin before the current one), or null: nothing to roll back to. */
  rollbackTo: string | null;
}

async function loadCounts(db: Database, environment: Environment): Promise<Map<string, VersionHealth>> {
  const rows = await db.select().from(releaseLoadCounts).where(eq(releaseLoadCounts.environment, environment));
  const byVersion = new Map<string, VersionHealth>();
  for (const row of rows) {
    const key = `${row.remote}\0${row.version}`;
    const health = byVersion.get(key) ?? { version: row.version, loads: 0, failures: 0, failureRate: 0 };
    if (row.kind === 'load' || row.kind === 'load-error') health.loads += row.count;
    if (row.kind === 'load-error' || row.kind === 'render-error') health.failures += row.count;
    health.failureRate = failureRate(health);
    byVersion.set(key, health);
  }
  return byVersion;
}

export async function releaseStatus(db: Database, environment: Environment): Promise<RemoteStatus[]> {
  const remotes = await db.select().from(releaseRemotes).orderBy(releaseRemotes.key);
  const pins = await db.select().from(releasePins).where(eq(releasePins.environment, environment));
  const canaries = await db.select().from(releaseCanaries).where(eq(releaseCanaries.environment, environment));
  const versions = await db
    .select({
      remote: releaseVersions.remote,
      version: releaseVersions.version,
      publishedAt: releaseVersions.publishedAt,
    })
    .from(releaseVersions)
    .orderBy(releaseVersions.publishedAt);
  const counts = await loadCounts(db, environment);
  const pinMoves = await db
    .select({ remote: releaseHistory.remote, action: releaseHistory.action, toVersion: releaseHistory.toVersion })
    .from(releaseHistory)
    .where(
      and(eq(releaseHistory.environment, environment), inArray(releaseHistory.action, [...PIN_FORWARD, ...PIN_BACK])),
    )
    .orderBy(releaseHistory.id);
  return remotes.map((remote) => {
    const pinned = pins.find((p) => p.remote === remote.key)?.version ?? null;
    const own = versions.filter((v) => v.remote === remote.key).map((v) => v.version);
    const canary = canaries.find((c) => c.remote === remote.key);
    return {
      remote: remote.key,
      section: remote.section,
      federationName: remote.federationName,
      pinned,
      canary: canary ? { version: canary.version, percent: canary.percent } : null,
      rollbackTo: rollbackTarget(
        pinMoves.filter((move) => move.remote === remote.key),
        pinned,
      ),
      versions: own,
      health: own.flatMap((version) => {
        const health = counts.get(`${remote.key}\0${version}`);
        return health ? [health] : [];
      }),
    };
  });
}

export interface HistoryLine {
  /** ISO 8601 with Beijing's offset (+08:00): programs read it; tables show it as Beijing time. */
  at: string;
  environment: string;
  action: string;
  from: string | null;
  to: string | null;
  actor: string;
  reason: string;
}

export async function releaseHistoryOf(db: Database, remote: string, limit = 200): Promise<HistoryLine[]> {
  await requireRemote(db, remote);
  const rows = await db
    .select()
    .from(releaseHistory)
    .where(eq(releaseHistory.remote, remote))
    .orderBy(desc(releaseHistory.id))
    .limit(limit);
  return rows.map((row) => ({
    at: beijingIsoTime(row.at),
    environment: row.environment,
    action: row.action,
    from: row.fromVersion,
    to: row.toVersion,
    actor: row.actor,
    reason: row.reason,
  }));
}

// ── Failure reports and automatic rollback ──────────────────────────────────────────────

export type ReportKind = 'load' | 'load-error' | 'render-error';
export const REPORT_KINDS: readonly ReportKind[] = ['load', 'load-error', 'render-error'];

/** The largest count one report line may carry (a shell sends at most one batch every 10 s). */
export const MAX_REPORT_COUNT = 100;

export interface ReportLine {
  remote: string;
  version: string;
  kind: ReportKind;
  count: number;
}

export interface ReportBatch {
  /** The environment the reporting server serves (its visitors' pins document). */
  environment: Environment;
  /** Who sent it (the request's address): what it may add is bounded by `budget`. */
  address: string;
  /** The browser's id (`yaoshi_vid`), when it sent one: only then does it count as a canary's evidence. */
  visitor?: string;
  lines: readonly ReportLine[];
}

/** A report line's loads (a failed load was a load too) and failures. */
function loadsAndFailures(kind: ReportKind, count: number): { loads: number; failures: number } {
  return {
    loads: kind === 'load' || kind === 'load-error' ? count : 0,
    failures: kind === 'load-error' || kind === 'render-error' ? count : 0,
  };
}

/**
 * Adds the shell's counts (only for published versions) to the environment's counts, each
 * within what the address may still add (see report-budget.ts), then ends any canary past
 * the threshold.
 */
export async function recordReports(
  deps: RegistryDeps,
  batch: ReportBatch,
  budget: ReportBudget = createReportBudget(),
): Promise<CanaryState[]> {
  const now = deps.clock.now();
  const known = await deps.db
    .select({ remote: releaseVersions.remote, version: releaseVersions.version })
    .from(releaseVersions);
  const canaries = await deps.db
    .select()
    .from(releaseCanaries)
    .where(eq(releaseCanaries.environment, batch.environment));
  const isKnown = (line: ReportLine) => known.some((v) => v.remote === line.remote && v.version === line.version);
  for (const line of batch.lines.filter(isKnown)) {
    const canary = canaries.find((c) => c.remote === line.remote && c.version === line.version);
    const window = canary ? `canary:${canary.startedAt.getTime()}` : hourWindow(now.getTime());
    const count = budget.take(
      { address: batch.address, environment: batch.environment, remote: line.remote, version: line.version, window },
      Math.min(line.count, MAX_REPORT_COUNT),
    );
    if (count === 0) continue;
    await deps.db
      .insert(releaseLoadCounts)
      .values({
        environment: batch.environment,
        remote: line.remote,
        version: line.version,
        kind: line.kind,
        count,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [
          releaseLoadCounts.environment,
          releaseLoadCounts.remote,
          releaseLoadCounts.version,
          releaseLoadCounts.kind,
        ],
        set: { count: sql`${releaseLoadCounts.count} + ${count}`, updatedAt: now },
      });
    if (canary && batch.visitor) {
      const { loads, failures } = loadsAndFailures(line.kind, count);
      await deps.db
        .insert(releaseCanaryVisitors)
        .values({
          environment: batch.environment,
          remote: line.remote,
          version: line.version,
          visitor: batch.visitor,
          address: batch.address,
          loads,
          failures,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [
            releaseCanaryVisitors.environment,
            releaseCanaryVisitors.remote,
            releaseCanaryVisitors.version,
            releaseCanaryVisitors.visitor,
          ],
          set: {
            loads: sql`${releaseCanaryVisitors.loads} + ${loads}`,
            failures: sql`${releaseCanaryVisitors.failures} + ${failures}`,
            updatedAt: now,
          },
        });
    }
  }
  return checkCanaries(deps);
}

/**
 * A canary's evidence from its visitors: each one's failures count up to the loads it
 * reported itself (a failure without a load of its own is no evidence), and who failed is
 * counted by browser and by address.
 */
async function canaryEvidence(
  db: Database,
  canary: { environment: string; remote: string; version: string },
): Promise<CanaryEvidence> {
  const counted = sql`least(${releaseCanaryVisitors.failures}, ${releaseCanaryVisitors.loads})`;
  const [row] = await db
    .select({
      loads: sql<string>`coalesce(sum(${releaseCanaryVisitors.loads}), 0)`,
      failures: sql<string>`coalesce(sum(${counted}), 0)`,
      failingBrowsers: sql<string>`count(*) filter (where ${counted} > 0)`,
      failingAddresses: sql<string>`count(distinct ${releaseCanaryVisitors.address}) filter (where ${counted} > 0)`,
    })
    .from(releaseCanaryVisitors)
    .where(
      and(
        eq(releaseCanaryVisitors.environment, canary.environment),
        eq(releaseCanaryVisitors.remote, canary.remote),
        eq(releaseCanaryVisitors.version, canary.version),
      ),
    );
  return {
    loads: Number(row?.loads ?? 0),
    failures: Number(row?.failures ?? 0),
    failingBrowsers: Number(row?.failingBrowsers ?? 0),
    failingAddresses: Number(row?.failingAddresses ?? 0),
  };
}

/** How the audit trail names the automatic end of a failing canary: a 系统任务. */
export const AUTO_ROLLBACK_JOB = 'canary-auto-rollback';

/** Ends every canary whose version fails more than the threshold allows, recording an auto-rollback. */
export async function checkCanaries(deps: RegistryDeps): Promise<CanaryState[]> {
  const threshold = deps.autoRollback ?? DEFAULT_AUTO_ROLLBACK;
  const canaries = await deps.db.select().from(releaseCanaries);
  if (canaries.length === 0) return [];
  const ended: CanaryState[] = [];
  for (const canary of canaries) {
    const evidence = await canaryEvidence(deps.db, canary);
    if (!canaryFails(evidence, threshold)) continue;
    const reason = `失败率 ${(failureRate(evidence) * 100).toFixed(1)}%（${evidence.failures}/${evidence.loads} 次加载，来自 ${evidence.failingBrowsers} 个浏览器、${evidence.failingAddresses} 个网络地址）超过阈值 ${(threshold.failureRate * 100).toFixed(1)}%，自动回滚`;
    try {
      ended.push(
        await deps.db.transaction(async (tx) => {
          const state = await endCanary(
            { ...deps, db: tx },
            { name: 'system' },
            { remote: canary.remote, environment: canary.environment as Environment, reason },
            'auto-rollback',
          );
          await writeAudit(tx, deps.clock, jobActor(AUTO_ROLLBACK_JOB), {
            action: 'release.auto-rollback',
            target: canary.remote,
            before: { canary: canary.version, percent: canary.percent },
            after: { canary: null, environment: canary.environment, reason },
          });
          return state;
        }),
      );
    } catch (error) {
      if (!(error instanceof ReleaseRefusal)) throw error; // another server ended it first
    }
  }
  return ended;
}

// ── The site's own builds ───────────────────────────────────────────────────────────────

const BUILD_ACTOR: Actor = { name: 'npm run build' };
/** The first start registers what `npm run build` assembled: in the trail as that command. */
const BUILD_AUDIT_ACTOR = {
  staffId: null,
  username: 'npm run build',
  roles: [],
  ip: 'localhost',
  kind: 'command-line',
} as const;

/**
 * Seeds an empty registry from what `npm run build` assembled in the site folder, on the
 * server's first start: every version folder is published into the registry's storage (the
 * site folder itself, where it is already: compared, not rewritten; or the bucket with
 * `S3_*`) and registered (publisher `npm run build`), and
 * each remote remotes.json names is pinned to that version in both environments. Once the
 * registry holds any remote, files on the server's disk change nothing: no version is
 * registered, re-pinned or rewritten from them (versions are published and pins moved with
 * `npm run release`, each checked and recorded).
 */
export async function importBuiltRemotes(deps: RegistryDeps): Promise<PinMove[]> {
  await ensureEnvironments(deps.db);
  const siteDir = deps.siteDir;
  if (!siteDir) return [];
  const [registered] = await deps.db.select({ key: releaseRemotes.key }).from(releaseRemotes).limit(1);
  if (registered) return [];
  const remotesDir = path.join(siteDir, 'remotes');
  if (!fs.existsSync(remotesDir)) return [];
  for (const remote of fs.readdirSync(remotesDir).sort()) {
    const remoteDir = path.join(remotesDir, remote);
    if (!fs.statSync(remoteDir).isDirectory()) continue;
    for (const version of fs.readdirSync(remoteDir).filter((name) => VERSION_PATTERN.test(name))) {
      const dir = path.join(remoteDir, version);
      if (!fs.existsSync(path.join(dir, RELEASE_MANIFEST_FILE))) continue;
      const files = readFolder(dir);
      await deps.db.transaction(async (tx) => {
        const published = await publishVersion({ ...deps, db: tx }, BUILD_ACTOR, remote, files, { source: 'build' });
        await writeAudit(tx, deps.clock, BUILD_AUDIT_ACTOR, {
          action: 'release.publish',
          target: remote,
          after: { version: published.version },
        });
      });
    }
  }
  const pinsFile = path.join(siteDir, 'remotes.json');
  if (!fs.existsSync(pinsFile)) return [];
  const built = JSON.parse(fs.readFileSync(pinsFile, 'utf8')) as Record<string, { version?: string }>;
  const moves: PinMove[] = [];
  for (const [remote, pin] of Object.entries(built)) {
    if (typeof pin?.version !== 'string' || !(await findVersion(deps.db, remote, pin.version))) continue;
    const version = pin.version;
    for (const environment of ENVIRONMENTS) {
      try {
        const reason = '首次启动：取自构建的 remotes.json';
        moves.push(
          await deps.db.transaction(async (tx) => {
            const move = await movePin(
              { ...deps, db: tx },
              BUILD_ACTOR,
              environment,
              remote,
              version,
              'pin',
              reason,
              null,
            );
            await writeAudit(tx, deps.clock, BUILD_AUDIT_ACTOR, {
              action: 'release.pin',
              target: remote,
              before: { version: null },
              after: { version: move.to, environment, reason },
            });
            return move;
          }),
        );
      } catch (error) {
        // Another server starting on the same database pinned it first.
        if (!(error instanceof ReleaseRefusal)) throw error;
      }
    }
  }
  return moves;
}

export interface MissingVersion {
  remote: string;
  version: string;
  /** `restored` from the site folder (same content as recorded), or `missing` (no such folder, or other content). */
  outcome: 'restored' | 'missing';
}

/**
 * Every registered version whose objects are not in the registry's storage, put there from
 * the site folder when its folder holds the recorded content: what moving an existing site
 * onto a bucket (setting `S3_*`) needs, done by the first server that starts. A version found
 * nowhere is answered `missing` (the caller logs it: publish it again, or pin another). One
 * HEAD per registered version when everything is there already.
 */
export async function restoreRegisteredVersions(deps: RegistryDeps): Promise<MissingVersion[]> {
  const storage = versionStorage(deps);
  if (!storage || !deps.siteDir) return [];
  const rows = await deps.db
    .select({
      remote: releaseVersions.remote,
      version: releaseVersions.version,
      contentHash: releaseVersions.contentHash,
    })
    .from(releaseVersions)
    .orderBy(releaseVersions.remote, releaseVersions.version);
  const answers: MissingVersion[] = [];
  for (const row of rows) {
    if ((await storage.head(`${versionPrefix(row.remote, row.version)}${RELEASE_MANIFEST_FILE}`)) !== null) continue;
    const dir = path.join(deps.siteDir, 'remotes', row.remote, row.version);
    const files = fs.existsSync(path.join(dir, RELEASE_MANIFEST_FILE)) ? readFolder(dir) : [];
    const restorable = files.length > 0 && contentHash(files) === row.contentHash;
    if (restorable) await storeVersion(storage, row.remote, row.version, files);
    answers.push({ remote: row.remote, version: row.version, outcome: restorable ? 'restored' : 'missing' });
  }
  return answers;
}

/**
 * A new shell against the pinned and canary versions of every environment: each one's
 * shared packages in the new shell's ranges, and none of its routes one of the new shell's
 * own pages. Each problem is one line naming the remote, the package (or path) and both versions.
 */
export async function checkShell(db: Database, shell: ShellManifest): Promise<string[]> {
  const live = await db
    .select({ manifest: releaseVersions.manifest })
    .from(releaseVersions)
    .where(
      sql`(${releaseVersions.remote}, ${releaseVersions.version}) in (select remote, version from release_pins union select remote, version from release_canaries)`,
    )
    .orderBy(releaseVersions.remote, releaseVersions.version);
  return shellProblems(
    shell,
    live.map((row) => row.manifest),
  );
}
