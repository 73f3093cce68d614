import type { FastifyInstance } from 'fastify';
import { NOTIFY_ACCEPTED, NOTIFY_REFUSED } from './sandbox-provider';
import { receiveNotification, type PaymentContext } from './payments';
import { gatewayNamed, type NotifyAnswer, type PaymentProvider } from './payment-provider';

const SANDBOX_ANSWER = (accepted: boolean): NotifyAnswer => ({
  status: accepted ? 200 : 400,
  contentType: 'text/plain',
  body: accepted ? NOTIFY_ACCEPTED : NOTIFY_REFUSED,
});

/** The gateway's own answer format (WeChat: JSON and 204; Alipay and the sandbox: `success` / `fail`). */
function answerOf(gateway: PaymentProvider | undefined, accepted: boolean): NotifyAnswer {
  return gateway?.answerNotification?.(accepted) ?? SANDBOX_ANSWER(accepted);
}

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
        const params = request.params as { provider?: string } | undefined;
        const answer = answerOf(params?.provider ? gatewayNamed(ctx.provider, params.provider) : undefined, false);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      });
      scope.post<{ Params: { provider: string } }>('/:provider', async (request, reply) => {
        const gateway = gatewayNamed(ctx.provider, request.params.provider);
        if (!gateway) return reply.code(404).type('text/plain').send(NOTIFY_REFUSED);
        const body = typeof request.body === 'string' ? request.body : '';
        const { accepted, result } = await receiveNotification(ctx, body, request.headers, gateway);
        if (!accepted) request.log.warn({ result, provider: gateway.name }, 'payment notification not accepted');
        const answer = answerOf(gateway, accepted);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      });
    },
    { prefix: NOTIFY_PATH_PREFIX },
  );
}
