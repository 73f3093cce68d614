import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../clock';
import { formatYuan } from '@yaoshi/contracts/course-selection-rules';
import { SANDBOX_PAGE_PREFIX, type SandboxProvider } from './sandbox-provider';

/**
 * The sandbox gateway's own pages, plain server-rendered HTML in Chinese:
 *   GET  /sandbox-pay/qr/:token        what the QR code opens on the payer's phone (支付 / 失败)
 *   GET  /sandbox-pay/checkout/:token  the redirect type's checkout page, which returns to the site
 *   POST /sandbox-pay/{qr|checkout}/:token/{pay|fail}
 * A real gateway's pages stand here in production; nothing of the site links to them.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,"Noto Sans CJK SC","PingFang SC",sans-serif;background:#f2f4f7;margin:0;color:#222}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}.sandbox{color:#d46b08;font-size:13px;margin-bottom:16px}
.amount{font-size:32px;font-weight:600;margin:12px 0}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}
dt{color:#888}dd{margin:0;word-break:break-all}form{display:inline}.actions{margin-top:24px;display:flex;gap:12px}
button{flex:1;font-size:16px;padding:10px 0;border-radius:6px;border:1px solid #ccc;background:#fff;cursor:pointer}
button.pay{background:#07c160;border-color:#07c160;color:#fff}.result{font-size:18px;margin-top:16px}
</style></head><body><main>${body}</main></body></html>`;
}

const STATE_TEXT: Record<string, string> = {
  paid: '支付成功',
  failed: '支付失败',
  closed: '交易已关闭',
  expired: '交易已超时关闭',
};

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

/** On a staging site every page says so above everything else, as the shell's pages do. */
const stagingBannerHtml = (text: string) =>
  `<div role="note" style="background:#fff7e6;border-bottom:1px solid #ffd591;color:#ad4e00;text-align:center;padding:8px 16px;font-size:14px">${text}</div>`;

export function registerSandboxGatewayPages(
  app: FastifyInstance,
  provider: SandboxProvider,
  clock: Clock,
  /** `stagingBanner`: the staging site's banner text (@yaoshi/contracts/staging); absent elsewhere. */
  options: { stagingBanner?: string } = {},
): void {
  app.register(
    async (scope) => {
      if (options.stagingBanner) {
        const banner = stagingBannerHtml(options.stagingBanner);
        scope.addHook('onSend', async (_request, reply, payload) =>
          typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
            ? payload.replace('<body>', `<body>${banner}`)
            : payload,
        );
      }
      // The payer's buttons post empty forms; the action is in the path.
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, body),
      );

      scope.get<{ Params: { kind: string; token: string } }>('/:kind/:token', async (request, reply) => {
        const { kind, token } = request.params;
        if (kind !== 'qr' && kind !== 'checkout')
          return sendHtml(reply, 404, page('页面不存在', '<h1>页面不存在</h1>'));
        const payment = await provider.findByToken(token);
        if (!payment) return sendHtml(reply, 404, page('交易不存在', '<h1>交易不存在</h1><p>二维码无效或已过期。</p>'));
        const expired = payment.state === 'pending' && payment.expiresAt.getTime() <= clock.nowMs();
        const state = expired ? 'expired' : payment.state;
        const details = `<dl><dt>商品</dt><dd>${escapeHtml(payment.description)}</dd><dt>商户订单号</dt><dd>${escapeHtml(payment.merchantNo)}</dd>
<dt>支付方式</dt><dd>${kind === 'qr' ? '扫码支付' : '网页支付'}</dd></dl>`;
        const actions =
          state === 'pending'
            ? `<div class="actions"><form method="post" action="${SANDBOX_PAGE_PREFIX}/${kind}/${escapeHtml(token)}/pay"><button class="pay" type="submit">支付</button></form>
<form method="post" action="${SANDBOX_PAGE_PREFIX}/${kind}/${escapeHtml(token)}/fail"><button type="submit">失败</button></form></div>`
            : `<p class="result" role="status">${STATE_TEXT[state] ?? state}</p>`;
        return sendHtml(
          reply,
          200,
          page(
            '沙箱支付',
            `<h1>沙箱支付收银台</h1><p class="sandbox">测试环境：不会产生真实扣款</p>
<div class="amount">¥${formatYuan(payment.amountFen)}</div>${details}${actions}`,
          ),
        );
      });

      scope.post<{ Params: { kind: string; token: string; action: string } }>(
        '/:kind/:token/:action',
        async (request, reply) => {
          const { kind, token, action } = request.params;
          if ((kind !== 'qr' && kind !== 'checkout') || (action !== 'pay' && action !== 'fail')) {
            return sendHtml(reply, 404, page('页面不存在', '<h1>页面不存在</h1>'));
          }
          const result = await provider.payerChooses(token, action === 'pay' ? 'paid' : 'failed');
          if (result.state === 'unknown') return sendHtml(reply, 404, page('交易不存在', '<h1>交易不存在</h1>'));
          if (kind === 'checkout' && result.returnUrl) return reply.redirect(result.returnUrl, 303);
          const text = STATE_TEXT[result.state] ?? '交易处理中';
          return sendHtml(
            reply,
            200,
            page(
              text,
              `<h1>沙箱支付收银台</h1><p class="result" role="status">${text}</p><p>请返回电脑页面查看订单状态。</p>`,
            ),
          );
        },
      );
    },
    { prefix: SANDBOX_PAGE_PREFIX },
  );
}
