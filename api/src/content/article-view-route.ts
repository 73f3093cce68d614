import type { FastifyInstance } from 'fastify';
import { ARTICLE_VIEW_BODY_LIMIT, ARTICLE_VIEW_PATH, articleViewSchema } from '@yaoshi/contracts/article-view';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { ApiError } from '../envelope/api-error';
import { sendEnvelope } from '../envelope/signed-routes';
import { MESSAGES } from '../messages';
import { IP_LIMITS, hitRateLimit } from '../rate-limits/rate-limits';
import { countArticleView } from './content-queries';

/**
 * `POST /v1/article_view` with `{ "postid": 7 }`: the view of a server-rendered article,
 * posted once per page load by the page's small script (shell/public/site-takeover.js), which
 * cannot sign (docs/performance.md, "Takeover on intent"). Unsigned JSON like the shells' load
 * reports (releases/release-routes.ts), and as little: no cookie is read, nothing about the
 * reader is kept. Answers 204 when the view is counted; 404 for an article that is not public
 * (draft, deleted, scheduled, unknown: nothing changes); 429 past IP_LIMITS.articleView per
 * address (nothing counted); 400/413 for anything else. Refusals are the `{code, message, data}`
 * envelope. A view count is not a change anyone makes, so, like /v1/article's, it is not audited.
 */
export function registerArticleViewRoute(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  void app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof ApiError) {
        if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
        return sendEnvelope(reply, error.code, error.message, null);
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 413) return sendEnvelope(reply, 413, MESSAGES.payloadTooLarge, null);
      if (status && status >= 400 && status < 500) return sendEnvelope(reply, 400, MESSAGES.payloadMalformed, null);
      request.log.error({ err: error }, 'article view failed');
      return sendEnvelope(reply, 500, MESSAGES.internalError, null);
    });

    scope.post(ARTICLE_VIEW_PATH, { bodyLimit: ARTICLE_VIEW_BODY_LIMIT }, async (request, reply) => {
      const body = articleViewSchema.safeParse(request.body);
      if (!body.success) return sendEnvelope(reply, 400, MESSAGES.payloadMalformed, null);
      await hitRateLimit(deps.db, deps.clock, IP_LIMITS.articleView, request.ip);
      const counted = await countArticleView(deps.db, body.data.postid, deps.clock.now());
      if (!counted) return sendEnvelope(reply, 404, MESSAGES.articleNotFound, null);
      return reply.code(204).header('cache-control', 'no-store').send();
    });
  });
}
