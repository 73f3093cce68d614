import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { storageOrigins } from '../storage/storage-config';

/**
 * The browser-side defences of every answer, set by helmet (one policy for the
 * whole site, API and static files alike; on JSON answers it costs nothing and protects a
 * response opened directly in a tab):
 *   - Content-Security-Policy: scripts only from the site itself (and the bucket holding the
 *     published remotes when S3_* is configured, and the map provider when AMAP_KEY is
 *     configured), never inline, never eval; nothing may frame the site;
 *   - X-Content-Type-Options: nosniff; Referrer-Policy: strict-origin-when-cross-origin;
 *   - Strict-Transport-Security when PUBLIC_BASE_URL is https (never on an http site: a
 *     developer's browser would remember it for localhost).
 *
 * style-src allows 'unsafe-inline', deliberately (docs/security.md, "Security headers"):
 * antd's cssinjs writes <style> elements at run time, index.html and the gateway pages carry
 * a <style> block, and article HTML from the server keeps its style attributes. A nonce
 * would mean templating index.html per request and would not cover style attributes, and
 * inline styles cannot run script: the policy's job — no foreign or inline script — holds.
 *
 * No page of ours is framed by a payment gateway (the sandbox, WeChat Pay and Alipay send
 * the payer to their page and back), so frame-ancestors is 'none' everywhere.
 */

/** AMap (高德) JS API 2.0: its loader, its tiles and data services, and the workers it starts from blob: URLs. */
export const MAP_PROVIDER_SCRIPT_SOURCES = ['https://webapi.amap.com', 'https://*.amap.com'] as const;
export const MAP_PROVIDER_CONNECT_SOURCES = ['https://*.amap.com'] as const;
export const MAP_PROVIDER_IMAGE_SOURCES = ['https://*.amap.com', 'https://*.is.autonavi.com'] as const;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function contentSecurityDirectives(
  config: Pick<Config, 'mapProviderConfigured'> & Partial<Pick<Config, 's3'>>,
): Record<string, string[]> {
  const map = config.mapProviderConfigured;
  // Object storage (S3_*): images, videos and HLS segments come from the bucket or its CDN,
  // and so do the published remotes' manifests, scripts and any stylesheet they load
  // (src/releases/release-storage.ts); without S3_* they are the site's own.
  const objects = storageOrigins(config.s3);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...objects, ...(map ? MAP_PROVIDER_SCRIPT_SOURCES : [])],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'", ...objects],
    // data: for small inline images (antd's empty states, QR canvases saved as images).
    imgSrc: ["'self'", 'data:', 'blob:', ...objects, ...(map ? MAP_PROVIDER_IMAGE_SOURCES : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...objects, ...(map ? MAP_PROVIDER_CONNECT_SOURCES : [])],
    // video.js plays HLS through MediaSource (blob: URLs) and transmuxes in a blob: worker.
    mediaSrc: ["'self'", 'blob:', ...objects],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export function securityHeaderOptions(
  config: Pick<Config, 'publicBaseUrl' | 'mapProviderConfigured'> & Partial<Pick<Config, 's3'>>,
): HelmetOptions {
  const https = config.publicBaseUrl?.startsWith('https://') ?? false;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...contentSecurityDirectives(config), ...(https ? { upgradeInsecureRequests: [] } : {}) },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Not includeSubDomains: the association's other hosts are not ours to force onto https.
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
  };
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicBaseUrl' | 'mapProviderConfigured'> & Partial<Pick<Config, 's3'>>,
): void {
  // The headers are the same for every answer: helmet turns the options into header values
  // once, here, and they are handed to fastify as one object per request. @fastify/helmet
  // called helmet(options) inside its hook, so every request parsed the policy's directives
  // again (about 4 % of a signed request's CPU), and helmet's middleware itself sets each of
  // its 12 headers on the raw response, one validated setHeader call each (about 2 % more,
  // cpu profile of `BENCH_BASELINE=1 npm run bench:progress -w api`).
  const headers = securityHeaderValues(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The security headers helmet sets, by name, worked out once from the options. */
export function securityHeaderValues(
  config: Pick<Config, 'publicBaseUrl' | 'mapProviderConfigured'> & Partial<Pick<Config, 's3'>>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware sets every header synchronously on the response it is given;
  // it only reads the request for nothing but passing it on.
  helmet(securityHeaderOptions(config))(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure instanceof Error) throw failure;
  if (failure !== undefined) throw new Error('helmet refused the security header options');
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}
