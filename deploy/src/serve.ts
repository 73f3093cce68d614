import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createApiServer } from '@yaoshi/api-server/server';
import { sendEnvelope } from '@yaoshi/api-server/envelope/signed-routes';
import { MESSAGES } from '@yaoshi/api-server/messages';
import { isProduction, siteStagingFields } from '@yaoshi/api-server/config';
import { releaseConfigFromEnv } from '@yaoshi/api-server/releases/release-config';
import { importBuiltRemotes, restoreRegisteredVersions } from '@yaoshi/api-server/releases/registry-builds';
import { checkCanaries } from '@yaoshi/api-server/releases/registry-reports';
import { registerReleaseRoutes } from '@yaoshi/api-server/releases/release-routes';
import { releaseStorageOf } from '@yaoshi/api-server/releases/release-storage';
import { shutDownOnSignals } from '@yaoshi/api-server/shutdown';
import { exitOnStartError } from '@yaoshi/api-server/start-errors';
import { cacheControlFor } from './cache-policy';
import { registerPublicPages, type PublicPagesDeps } from './public-pages/public-pages';
import { releaseRenderer } from './public-pages/release-render';
import { siteDir } from './paths';
import { API_PREFIX } from '@yaoshi/contracts/route';

/**
 * The whole site from one process: the API under /v1, the assembled site (shell, every
 * remote version, remotes.json) from the site folder, and index.html for any other GET so
 * the browser router owns the paths.
 */
export async function registerSite(
  app: FastifyInstance,
  root: string,
  publicPages?: Omit<PublicPagesDeps, 'siteDir'>,
): Promise<void> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`no built site in ${root}: run \`npm run build\` first`);
  }
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // Public pages (and robots.txt, sitemap.xml) are made from the database, ahead of the files.
  if (publicPages) await registerPublicPages(app, { ...publicPages, siteDir: root });
  await app.register(fastifyStatic, {
    root,
    // Files are looked up per request, so a remote version copied in while the server runs
    // is servable at once and a pin can move to it without a restart.
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply: FastifyReply) {
      reply.header('cache-control', cacheControlFor(reply.request.url.split('?')[0] ?? ''));
    },
  });
  // Any page path the browser router owns gets the shell; API paths keep their envelope.
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/v1' || request.url.startsWith(API_PREFIX) || request.url.startsWith('/v1?')) {
      return sendEnvelope(reply, 404, MESSAGES.notFound, null);
    }
    if (isPageRequest(request.method, request.url)) {
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

export function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  if (path.startsWith(API_PREFIX) || path === '/v1' || path.startsWith('/media/') || path.startsWith('/remotes/'))
    return false;
  // A request for a file (has an extension) that is not on disk is a real 404, not a page.
  return !/\.[a-z0-9]+$/i.test(path);
}

/** How often a server looks at running canaries' failure rates besides each report. */
const CANARY_CHECK_MS = 30_000;

async function main(): Promise<void> {
  const server = await createApiServer({}, { releaseSiteDir: siteDir });
  const { app, config, db, clock } = server;
  shutDownOnSignals(server);
  try {
    const releaseConfig = releaseConfigFromEnv(process.env, isProduction(config));
    // Published versions' files: the bucket with S3_* (browsers read them at its or its CDN's
    // address), else this site folder, served below at /remotes/.
    const files = releaseStorageOf(config.s3, siteDir, () => clock.now());
    const registry = { db, clock, siteDir, files, autoRollback: releaseConfig.autoRollback };
    // First start only (an empty registry): seeded from the remotes `npm run build` assembled here.
    // Afterwards files on disk change nothing; `npm run release` publishes and moves pins.
    for (const move of await importBuiltRemotes(registry)) {
      app.log.info(
        move,
        `release registry seeded: ${move.remote} pinned to ${move.to} in ${move.environment} (npm run build)`,
      );
    }
    // A site moved onto a bucket: versions registered before are put there from this folder.
    for (const found of await restoreRegisteredVersions(registry)) {
      if (found.outcome === 'restored')
        app.log.info(found, `release ${found.remote} ${found.version} copied from the site folder into storage`);
      else
        app.log.warn(
          found,
          `release ${found.remote} ${found.version} is registered but its files are neither in storage nor in the site folder: publish it again or pin another version`,
        );
    }
    await registerReleaseRoutes(app, {
      ...registry,
      config: releaseConfig,
      secret: config.mediaUrlSecret,
      log: app.log,
    });
    const canaryCheck = setInterval(() => {
      checkCanaries(registry).catch((error: unknown) => app.log.warn({ err: error }, 'could not check canaries'));
    }, CANARY_CHECK_MS);
    canaryCheck.unref();
    app.addHook('onClose', async () => clearInterval(canaryCheck));
    await registerSite(app, siteDir, {
      db,
      clock,
      config,
      environment: releaseConfig.environment,
      siteExtras: siteStagingFields(config),
      // Public pages rendered by the visitor's public-content version's server bundle.
      render: releaseRenderer(registry, releaseConfig.environment, releaseConfig.reportsPerAddress),
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await server.close();
    throw error;
  }
  console.log(`Yaoshi is ready at http://localhost:${config.port}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch(exitOnStartError);
}
