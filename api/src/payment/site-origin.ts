import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { badInput } from '../envelope/api-error';
import { MESSAGES } from '../messages';

/**
 * The site's address as the gateway and the payer's phone reach it: where QR codes point,
 * where money notifications go and where a payer is sent back. `PUBLIC_BASE_URL` whenever
 * it is set (production refuses to start without it), so a forged Host header can never
 * send a notification or a payer elsewhere. Without it (development, tests) the request's
 * Host is used only if it is one of `ALLOWED_HOSTS` (by default the loopback names); any
 * other Host is refused before anything is written.
 */
export function siteOrigin(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'hostname'>,
  config: Pick<Config, 'publicBaseUrl' | 'allowedHosts'>,
): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const host = request.host.toLowerCase();
  const hostname = request.hostname.toLowerCase();
  if (!config.allowedHosts.includes(host) && !config.allowedHosts.includes(hostname))
    throw badInput(MESSAGES.hostNotAllowed);
  return `${request.protocol}://${host}`;
}
