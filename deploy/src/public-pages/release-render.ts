import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { VISITOR_COOKIE, inCanary } from '@yaoshi/api-server/releases/canary';
import { releaseCanaries, releasePins } from '@yaoshi/api-server/releases/releases-schema';
import type { Environment, RegistryDeps } from '@yaoshi/api-server/releases/registry-core';
import { recordReports } from '@yaoshi/api-server/releases/registry-reports';
import { createReportBudget } from '@yaoshi/api-server/releases/report-budget';
import { PUBLIC_CONTENT_REMOTE, serverRenderer } from './server-render';
import type { PageRenderer } from './public-pages';

const VISITOR_ID = /^[0-9a-f-]{36}$/;
/**
 * How long a server keeps public-content's pin and canary before reading them again: every
 * public page view needs them, and a moved pin reaches server rendering this much later at
 * most (browsers see it at their next `/remotes.json`).
 */
export const PIN_REREAD_MS = 2_000;

interface LiveVersions {
  pin: string | undefined;
  canary: { version: string; percent: number } | undefined;
}

function visitorOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (key === VISITOR_COOKIE && VISITOR_ID.test(value)) return value;
  }
  return undefined;
}

/**
 * Server rendering tied to the release registry: the version is the one `/remotes.json`
 * gives the same browser (the pin, or the canary for its `yaoshi_vid` share), and a failure
 * is counted like a failed load reported by that browser's shell, within the same per-address
 * budget, so a canary whose server bundle fails is ended by the same rule.
 */
export function releaseRenderer(
  registry: RegistryDeps,
  environment: Environment,
  reportsPerAddress?: number,
  pinRereadMs: number = PIN_REREAD_MS,
): PageRenderer {
  const budget = createReportBudget(reportsPerAddress);
  let live: { at: number; versions: Promise<LiveVersions> } | undefined;
  const liveVersions = (): Promise<LiveVersions> => {
    const now = registry.clock.nowMs();
    if (!live || now - live.at >= pinRereadMs || now < live.at) {
      live = { at: now, versions: readLiveVersions(registry, environment) };
      live.versions.catch(() => (live = undefined));
    }
    return live.versions;
  };
  return serverRenderer({
    siteDir: registry.siteDir ?? '',
    files: registry.files,
    async versionFor(request) {
      const { pin, canary } = await liveVersions();
      // The same choice as /remotes.json makes for this browser (registry-visitors.ts).
      const visitor = visitorOf(request);
      if (canary && inCanary(PUBLIC_CONTENT_REMOTE, canary.version, canary.percent, visitor && `browser:${visitor}`))
        return { version: canary.version, shared: false };
      return pin ? { version: pin, shared: true } : undefined;
    },
    async report(request, version, kind) {
      const visitor = visitorOf(request);
      await recordReports(
        registry,
        {
          environment,
          address: request.ip,
          ...(visitor ? { visitor } : {}),
          lines: [{ remote: PUBLIC_CONTENT_REMOTE, version, kind, count: 1 }],
        },
        budget,
      ).catch((error: unknown) => request.log.warn({ err: error }, 'could not record a server rendering failure'));
    },
  });
}

async function readLiveVersions(registry: RegistryDeps, environment: Environment): Promise<LiveVersions> {
  const [pin] = await registry.db
    .select({ version: releasePins.version })
    .from(releasePins)
    .where(and(eq(releasePins.environment, environment), eq(releasePins.remote, PUBLIC_CONTENT_REMOTE)));
  const [canary] = await registry.db
    .select({ version: releaseCanaries.version, percent: releaseCanaries.percent })
    .from(releaseCanaries)
    .where(and(eq(releaseCanaries.environment, environment), eq(releaseCanaries.remote, PUBLIC_CONTENT_REMOTE)));
  return { pin: pin?.version, canary };
}
