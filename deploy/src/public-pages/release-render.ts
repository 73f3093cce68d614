import type { FastifyRequest } from 'fastify';
import { VISITOR_COOKIE } from '@yaoshi/api-server/releases/canary';
import type { Environment, RegistryDeps } from '@yaoshi/api-server/releases/registry-core';
import { recordReports } from '@yaoshi/api-server/releases/registry-reports';
import { createReportBudget } from '@yaoshi/api-server/releases/report-budget';
import { pinsDocument } from '@yaoshi/api-server/releases/registry-visitors';
import { PUBLIC_CONTENT_REMOTE, serverRenderer } from './server-render';
import type { PageRenderer } from './public-pages';

const VISITOR_ID = /^[0-9a-f-]{36}$/;

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
): PageRenderer {
  const budget = createReportBudget(reportsPerAddress);
  return serverRenderer({
    siteDir: registry.siteDir ?? '',
    async versionFor(request) {
      const visitor = visitorOf(request);
      const pins = await pinsDocument(registry.db, environment, {
        id: visitor ? `browser:${visitor}` : undefined,
      });
      const entry = pins[PUBLIC_CONTENT_REMOTE];
      return entry ? { version: entry.version, shared: (entry.via ?? 'pin') === 'pin' } : undefined;
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
