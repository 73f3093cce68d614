import type { FastifyInstance } from 'fastify';
import { NOTIFY_ACCEPTED, NOTIFY_REFUSED } from './sandbox-provider';
import { receiveNotification, type PaymentContext } from './payments';

/** Where gateways post their notifications: `/payment/notify/<provider name>`. */
export const NOTIFY_PATH_PREFIX = '/payment/notify';
const MAX_NOTIFICATION_BYTES = 64 * 1024;

/**
 * The notify endpoint is the gateway's, not the browser's: no client envelope. The body is
 * read as the exact text received, the provider verifies its signature over those bytes and
 * the amount is checked against the attempt, and the answer follows the gateway protocol
 * (`success`, or `fail` so that it sends again).
 */
export function registerNotifyRoutes(app: FastifyInstance, ctx: PaymentContext): void {
  app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: MAX_NOTIFICATION_BYTES },
        (_request, body, done) => done(null, body),
      );
      scope.setErrorHandler((error, request, reply) => {
        request.log.warn({ err: error }, 'payment notification refused');
        return reply.code(400).type('text/plain').send(NOTIFY_REFUSED);
      });
      scope.post<{ Params: { provider: string } }>('/:provider', async (request, reply) => {
        if (request.params.provider !== ctx.provider.name)
          return reply.code(404).type('text/plain').send(NOTIFY_REFUSED);
        const body = typeof request.body === 'string' ? request.body : '';
        const { accepted, result } = await receiveNotification(ctx, body, request.headers);
        if (!accepted) request.log.warn({ result }, 'payment notification not accepted');
        return reply
          .code(accepted ? 200 : 400)
          .type('text/plain')
          .send(accepted ? NOTIFY_ACCEPTED : NOTIFY_REFUSED);
      });
    },
    { prefix: NOTIFY_PATH_PREFIX },
  );
}
