import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { MESSAGES } from './messages';
import { noSessionsYet, type Authenticator } from './auth/authenticator';
import { contentRoutes } from './content/content-routes';
import { registerSignedRoutes, sendEnvelope, type RouteModule } from './envelope/signed-routes';
import { registerMediaRoutes } from './media/media-routes';

/** Every feature's /v1 routes, in the order they were built. */
export const ROUTE_MODULES: readonly RouteModule[] = [contentRoutes];

export interface BuildAppOptions {
  db: Database;
  clock: Clock;
  config: Config;
  /** Fastify's `logger` option; default off (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Bearer-token check for `auth: true` contracts; issue 3 supplies the real one. */
  authenticator?: Authenticator;
  /** Default ROUTE_MODULES; tests add modules of their own to exercise the pipeline. */
  routeModules?: readonly RouteModule[];
}

/**
 * The API as a Fastify instance, not listening. The caller may register more on it
 * (deploy/ adds the static site) before `listen`.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    // The body limit proper is per route (MAX_BODY_BYTES); this is the default for
    // anything registered later, e.g. by deploy/.
    bodyLimit: 1024 * 1024,
    // A malformed URL never reaches a route; answer it in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      return sendEnvelope(reply, status, MESSAGES.badRequest, null);
    },
  });
  registerSignedRoutes(
    app,
    {
      db: options.db,
      clock: options.clock,
      config: options.config,
      authenticator: options.authenticator ?? noSessionsYet,
    },
    options.routeModules ?? ROUTE_MODULES,
  );
  registerMediaRoutes(app, options.config.mediaDir);
  return app;
}
