import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REMOTE_KEY_PATTERN, VERSION_PATTERN, shellManifestSchema } from '@yaoshi/contracts/release-manifest';
import { sessions } from '../accounts/accounts-schema';
import { sessionTokenHash } from '../accounts/sessions';
import { bearerToken, type StaffPrincipal } from '../auth/authenticator';
import { actorOf, auditedChange, releaseTokenActor } from '../audit/audit-log';
import type { AuditAction } from '@yaoshi/contracts/audit-actions';
import { beijingIsoTime } from '@yaoshi/contracts/beijing-time';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { sendEnvelope } from '../envelope/signed-routes';
import { staffSessionAuthenticator } from '../staff/staff-sessions';
import { MESSAGES } from '../messages';
import { DEFAULT_REPORTS_PER_MINUTE, releaseManagerOf, type ReleaseConfig } from './release-config';
import { RELEASE_MESSAGES } from './release-messages';
import { VISITOR_COOKIE } from './canary';
import { DEFAULT_REPORTS_PER_ADDRESS, createReportBudget } from './report-budget';
import { OVERRIDE_COOKIE, OVERRIDE_LIFETIME_MS, signOverride, verifyOverride } from './release-override';
import { RELEASE_PERMISSION, releaseAuditEntry, staffReleaseActor } from './release-admin-routes';
import { checkShell } from './registry-builds';
import { promote, startCanary, endCanary } from './registry-canaries';
import { ReleaseRefusal, environmentOf, versionStorage, type Actor, type RegistryDeps } from './registry-core';
import { pinVersion, rollback } from './registry-pins';
import { publishVersion } from './registry-publish';
import { MAX_REPORT_COUNT, REPORT_KINDS, recordReports } from './registry-reports';
import { releaseHistoryOf, releaseStatus } from './registry-status';
import { pinsDocument } from './registry-visitors';
import { RELEASE_REGISTRY_PATHS } from '@yaoshi/contracts/release-registry-paths';

/**
 * The release registry over HTTP (issue 17):
 * - `GET /remotes.json[?env=staging]`: the pins document the shell starts from, with this
 *   visitor's canary share and QA override applied; browsers keep it a minute at most.
 * - `/v1/releases/*`: what `npm run release` does, each behind a release-manager token
 *   (`Authorization: Bearer`, RELEASE_TOKENS) or a 发布管理 staff member's session token,
 *   recorded under its name (the staff console's page: release-admin-routes.ts).
 * - `POST /v1/releases/reports`: the shells' load and failure counts (no personal data).
 * - `GET /release-override?grant=…`: sets a QA override cookie for an hour.
 * Answers are the envelope `{code, message, data}`; a refusal's message is one Chinese line.
 */
export interface ReleaseRouteDeps extends RegistryDeps {
  config: ReleaseConfig;
  /** Signs QA override grants: a server-side secret (MEDIA_URL_SECRET). */
  secret: string;
  log?: FastifyInstance['log'];
}

/** Who releases: the name the history records, and the staff member behind it, if any. */
interface Manager {
  actor: Actor;
  staff: StaffPrincipal | null;
}

const VISITOR_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** Browsers keep the pins document at most this long (issue 17: no longer than 60 s). */
export const PINS_MAX_AGE_S = 60;
/** A whole remote build, base64 in JSON. */
export const PUBLISH_BODY_LIMIT = 64 * 1024 * 1024;

const remoteKey = z.string().regex(REMOTE_KEY_PATTERN);
const version = z.string().regex(VERSION_PATTERN);
const environment = z.string().max(20).optional();
const reason = z.string().max(500).optional();

const bodies = {
  publish: z.strictObject({
    files: z
      .array(z.strictObject({ path: z.string().max(200), base64: z.string() }))
      .min(1)
      .max(2000),
  }),
  pin: z.strictObject({ remote: remoteKey, version, env: environment, reason }),
  rollback: z.strictObject({ remote: remoteKey, env: environment, reason }),
  canary: z.strictObject({ remote: remoteKey, version, percent: z.number().int(), env: environment, reason }),
  promote: z.strictObject({ remote: remoteKey, env: environment, reason }),
  canaryEnd: z.strictObject({ remote: remoteKey, env: environment, reason }),
  override: z.strictObject({ remote: remoteKey, version }),
  reports: z.strictObject({
    reports: z
      .array(
        z.strictObject({
          remote: remoteKey,
          version,
          kind: z.enum(REPORT_KINDS as [string, ...string[]]),
          count: z.number().int().min(1).max(MAX_REPORT_COUNT),
        }),
      )
      .min(1)
      .max(50),
  }),
};

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ReleaseRefusal(400, MESSAGES.payloadInvalid(issue?.path.join('.') || '请求体'));
  }
  return result.data;
}

/** The browser id the report came with (set by /remotes.json), when it is one. */
function visitorOf(request: FastifyRequest): { visitor?: string } {
  const visitor = cookieOf(request, VISITOR_COOKIE);
  return visitor && VISITOR_ID.test(visitor) ? { visitor } : {};
}

const VISITOR_ID = /^[0-9a-f-]{36}$/;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The learner a session token belongs to (for a sticky canary share), or undefined. */
async function learnerOfToken(db: Database, clock: Clock, token: string | null): Promise<number | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({ learnerId: sessions.learnerId })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sessionTokenHash(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, clock.now()),
      ),
    );
  return row?.learnerId;
}

/** A fixed-window counter per address: enough to keep a broken page from flooding the table. */
function rateLimiter(perMinute: number, clock: Clock) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string): boolean => {
    const now = clock.nowMs();
    const window = windows.get(key);
    if (!window || now - window.start >= 60_000) {
      if (windows.size > 10_000) windows.clear();
      windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= perMinute;
  };
}

export async function registerReleaseRoutes(app: FastifyInstance, deps: ReleaseRouteDeps): Promise<void> {
  const allowReport = rateLimiter(deps.config.reportsPerMinute ?? DEFAULT_REPORTS_PER_MINUTE, deps.clock);
  const reportBudget = createReportBudget(deps.config.reportsPerAddress ?? DEFAULT_REPORTS_PER_ADDRESS);

  const staffSessions = staffSessionAuthenticator(deps.db, deps.clock);

  /**
   * Who releases: a release manager's token (RELEASE_TOKENS), or the session token of a
   * staff member whose roles grant 发布管理 (recorded under the staff member's name, and
   * each change of theirs in the audit log).
   */
  async function releaseManager(request: FastifyRequest): Promise<Manager> {
    const token = bearerToken(request.headers.authorization);
    const name = token ? releaseManagerOf(deps.config.tokens, token) : null;
    if (name) return { actor: { name }, staff: null };
    const staff = token ? await staffSessions.authenticate(token) : null;
    if (staff) {
      if (!staff.permissions.has(RELEASE_PERMISSION)) throw new ReleaseRefusal(403, MESSAGES.staffForbidden);
      return { actor: await staffReleaseActor(deps.db, staff), staff };
    }
    if (deps.config.tokens.size === 0) throw new ReleaseRefusal(503, RELEASE_MESSAGES.tokensNotConfigured);
    if (!token) throw new ReleaseRefusal(401, RELEASE_MESSAGES.tokenMissing);
    throw new ReleaseRefusal(403, RELEASE_MESSAGES.tokenInvalid);
  }

  /**
   * A change, in one transaction with its audit record: named by the staff member, or by the
   * release token's name (RELEASE_TOKENS) for `npm run release` with a token.
   */
  async function change<T extends { remote: string }>(
    request: FastifyRequest,
    manager: Manager,
    action: AuditAction,
    work: (registry: RegistryDeps) => Promise<T>,
    reason?: string,
  ): Promise<T> {
    const actor = manager.staff
      ? actorOf(manager.staff, request.ip)
      : releaseTokenActor(manager.actor.name, request.ip);
    return auditedChange(deps.db, deps.clock, actor, async (tx, audit) => {
      const result = await work({ ...deps, db: tx });
      await audit(releaseAuditEntry(action, result, reason));
      return result;
    });
  }

  const ok = (reply: FastifyReply, data: unknown) => sendEnvelope(reply, 200, MESSAGES.success, data);

  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof ReleaseRefusal)
        return sendEnvelope(reply, error.status, error.message, { problems: error.problems });
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 413) return sendEnvelope(reply, 413, MESSAGES.payloadTooLarge, null);
      if (status && status >= 400 && status < 500) return sendEnvelope(reply, 400, MESSAGES.payloadMalformed, null);
      request.log.error({ err: error }, 'release route failed');
      return sendEnvelope(reply, 500, MESSAGES.internalError, null);
    });

    scope.get<{ Querystring: { env?: string } }>('/remotes.json', async (request, reply) => {
      const env = environmentOf(request.query.env, deps.config.environment);
      let anonymous = cookieOf(request, VISITOR_COOKIE);
      if (!anonymous || !VISITOR_ID.test(anonymous)) {
        anonymous = randomUUID();
        reply.header(
          'set-cookie',
          `${VISITOR_COOKIE}=${anonymous}; Path=/; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax`,
        );
      }
      const learner = await learnerOfToken(deps.db, deps.clock, bearerToken(request.headers.authorization));
      const override = verifyOverride(deps.secret, cookieOf(request, OVERRIDE_COOKIE), deps.clock.nowMs());
      const document = await pinsDocument(
        deps.db,
        env,
        {
          id: learner !== undefined ? `learner:${learner}` : `browser:${anonymous}`,
          ...(override ? { override: { remote: override.remote, version: override.version } } : {}),
        },
        versionStorage(deps),
      );
      return reply
        .header('cache-control', `private, max-age=${PINS_MAX_AGE_S}`)
        .header('vary', 'Authorization, Cookie')
        .type('application/json; charset=utf-8')
        .send(document);
    });

    scope.post(RELEASE_REGISTRY_PATHS.publish, { bodyLimit: PUBLISH_BODY_LIMIT }, async (request, reply) => {
      const manager = await releaseManager(request);
      const remote = parse(remoteKey, (request.params as { remote: string }).remote);
      const body = parse(bodies.publish, request.body);
      const files = body.files.map((file) => ({ path: file.path, content: Buffer.from(file.base64, 'base64') }));
      return ok(
        reply,
        await change(request, manager, 'release.publish', (registry) =>
          publishVersion(registry, manager.actor, remote, files),
        ),
      );
    });

    scope.post(RELEASE_REGISTRY_PATHS.pin, async (request, reply) => {
      const manager = await releaseManager(request);
      const body = parse(bodies.pin, request.body);
      const input = {
        remote: body.remote,
        version: body.version,
        environment: environmentOf(body.env),
        reason: body.reason,
      };
      return ok(
        reply,
        await change(
          request,
          manager,
          'release.pin',
          (registry) => pinVersion(registry, manager.actor, input),
          input.reason,
        ),
      );
    });

    scope.post(RELEASE_REGISTRY_PATHS.rollback, async (request, reply) => {
      const manager = await releaseManager(request);
      const body = parse(bodies.rollback, request.body);
      const input = { remote: body.remote, environment: environmentOf(body.env), reason: body.reason };
      return ok(
        reply,
        await change(
          request,
          manager,
          'release.rollback',
          (registry) => rollback(registry, manager.actor, input),
          input.reason,
        ),
      );
    });

    scope.post(RELEASE_REGISTRY_PATHS.canary, async (request, reply) => {
      const manager = await releaseManager(request);
      const body = parse(bodies.canary, request.body);
      const input = {
        remote: body.remote,
        version: body.version,
        percent: body.percent,
        environment: environmentOf(body.env),
        reason: body.reason,
      };
      return ok(
        reply,
        await change(
          request,
          manager,
          'release.canary',
          (registry) => startCanary(registry, manager.actor, input),
          input.reason,
        ),
      );
    });

    scope.post(RELEASE_REGISTRY_PATHS.canaryEnd, async (request, reply) => {
      const manager = await releaseManager(request);
      const body = parse(bodies.canaryEnd, request.body);
      const input = {
        remote: body.remote,
        environment: environmentOf(body.env),
        reason: body.reason?.trim() || '手动结束灰度',
      };
      return ok(
        reply,
        await change(
          request,
          manager,
          'release.canary-end',
          (registry) => endCanary(registry, manager.actor, input),
          input.reason,
        ),
      );
    });

    scope.post(RELEASE_REGISTRY_PATHS.promote, async (request, reply) => {
      const manager = await releaseManager(request);
      const body = parse(bodies.promote, request.body);
      const input = { remote: body.remote, environment: environmentOf(body.env), reason: body.reason };
      return ok(
        reply,
        await change(
          request,
          manager,
          'release.promote',
          (registry) => promote(registry, manager.actor, input),
          input.reason,
        ),
      );
    });

    scope.post(RELEASE_REGISTRY_PATHS.override, async (request, reply) => {
      await releaseManager(request);
      const body = parse(bodies.override, request.body);
      const status = await releaseStatus(deps.db, deps.config.environment);
      const remote = status.find((r) => r.remote === body.remote);
      if (!remote) throw new ReleaseRefusal(404, RELEASE_MESSAGES.unknownRemote(body.remote));
      if (!remote.versions.includes(body.version))
        throw new ReleaseRefusal(404, RELEASE_MESSAGES.unknownVersion(body.remote, body.version));
      const expires = deps.clock.nowMs() + OVERRIDE_LIFETIME_MS;
      const grant = signOverride(deps.secret, { remote: body.remote, version: body.version, expires });
      return ok(reply, {
        path: `/release-override?grant=${encodeURIComponent(grant)}`,
        expires: beijingIsoTime(expires),
      });
    });

    scope.get<{ Querystring: { env?: string } }>(RELEASE_REGISTRY_PATHS.status, async (request, reply) => {
      await releaseManager(request);
      const env = environmentOf(request.query.env);
      return ok(reply, { environment: env, remotes: await releaseStatus(deps.db, env) });
    });

    scope.get<{ Querystring: { remote?: string } }>(RELEASE_REGISTRY_PATHS.history, async (request, reply) => {
      await releaseManager(request);
      const remote = parse(remoteKey, request.query.remote);
      return ok(reply, { remote, history: await releaseHistoryOf(deps.db, remote) });
    });

    // A new shell's manifest (what it provides) against every pinned and canary remote.
    scope.post(RELEASE_REGISTRY_PATHS.checkShell, async (request, reply) => {
      await releaseManager(request);
      const manifest = parse(shellManifestSchema, request.body);
      const problems = await checkShell(deps.db, manifest);
      if (problems.length > 0) throw new ReleaseRefusal(409, problems.join('；'), problems);
      return ok(reply, { version: manifest.version });
    });

    scope.post(RELEASE_REGISTRY_PATHS.reports, async (request, reply) => {
      if (!allowReport(request.ip)) return sendEnvelope(reply, 429, RELEASE_MESSAGES.reportsTooFrequent, null);
      const body = parse(bodies.reports, request.body);
      const ended = await recordReports(
        deps,
        {
          environment: deps.config.environment,
          address: request.ip,
          ...visitorOf(request),
          lines: body.reports.map((line) => ({ ...line, kind: line.kind as (typeof REPORT_KINDS)[number] })),
        },
        reportBudget,
      );
      for (const canary of ended) deps.log?.warn({ canary }, 'canary ended automatically on failures');
      return ok(reply, null);
    });

    scope.get<{ Querystring: { grant?: string } }>('/release-override', async (request, reply) => {
      const grant = verifyOverride(deps.secret, request.query.grant, deps.clock.nowMs());
      if (!grant)
        return reply
          .code(400)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(RELEASE_MESSAGES.overrideInvalid);
      const maxAge = Math.floor((grant.expires - deps.clock.nowMs()) / 1000);
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header(
          'set-cookie',
          `${OVERRIDE_COOKIE}=${encodeURIComponent(request.query.grant ?? '')}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`,
        )
        .header('location', '/')
        .send();
    });
  });
}
