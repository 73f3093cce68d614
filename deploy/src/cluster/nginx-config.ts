import { LESSON_UPLOAD_PATH } from '@yaoshi/contracts/course-admin';
import { MAX_BODY_BYTES } from '@yaoshi/api-server/envelope/signed-routes';
import { HEALTHZ_PATH, READYZ_PATH } from '@yaoshi/api-server/health/health-routes';
import { METRICS_PATH } from '@yaoshi/api-server/metrics/metrics';
import { NOTIFY_PATH_PREFIX } from '@yaoshi/api-server/payment/notify-routes';
import { SANDBOX_PAGE_PREFIX } from '@yaoshi/api-server/payment/sandbox-provider';
import { PUBLISH_BODY_LIMIT } from '@yaoshi/api-server/releases/release-routes';
import { DEV_OUTBOX_PATH } from '@yaoshi/api-server/sms/dev-outbox-routes';
import { CACHE_RULES, REVALIDATE } from '../cache-policy';
import { API_PREFIX } from '@yaoshi/contracts/route';

/**
 * nginx in front of N identical API servers (issue 21). One function writes the site's
 * `upstream` + `server` blocks, so the file an operator installs (deploy/nginx/yaoshi.conf),
 * `npm run cluster` and the test that runs nginx all use the same rules:
 *
 * - the API's paths (/v1, /media, payment notifications, the sandbox pages, /remotes.json,
 *   the probes) go to the upstream, least connections first; a server that refuses the
 *   connection (stopped, restarting) is skipped and the request goes to the next one;
 * - the shell's and the remotes' files are served by nginx from the site folder with the
 *   Cache-Control of deploy/src/cache-policy.ts (the same rule list, in the same order); a
 *   file not on this machine's disk, and every page (HTML: the API adds its security
 *   headers and the staging banner), goes to the upstream, which applies the same rules;
 * - request bodies are limited as the API limits them (MAX_BODY_BYTES for the signed
 *   envelope, PUBLISH_BODY_LIMIT for a release upload; tus lesson uploads stream through,
 *   the API enforces their size);
 * - the client's address: nginx is the edge, so it sends its own view of the client
 *   (`$remote_addr`) as X-Forwarded-For, replacing whatever the client claimed, and the API
 *   trusts nginx's address only (TRUST_PROXY). Behind a cloud load balancer, list the
 *   balancer's addresses in `trustedFrontProxies`: nginx then takes the client's address from
 *   the balancer's X-Forwarded-For (realip module) and passes on that.
 * - /metrics is not served to the public: Prometheus scrapes each server directly.
 */
export interface NginxSiteOptions {
  /** `listen` argument, e.g. `127.0.0.1:18300` or `443 ssl`. */
  listen: string;
  serverName: string;
  /** `host:port` of each API server. */
  upstreams: readonly string[];
  /** The assembled site (SITE_DIR) on nginx's machine. */
  siteDir: string;
  /** Load balancers in front of nginx whose X-Forwarded-For is believed; default none (nginx is the edge). */
  trustedFrontProxies?: readonly string[];
  /** TLS certificate and key: adds an http → https redirect server on port 80. */
  tls?: { certificate: string; key: string };
  /** The upstream's name (several sites on one nginx). */
  upstreamName?: string;
}

/** Paths the API answers that are not under /v1. */
export const API_PREFIXES: readonly string[] = [
  API_PREFIX,
  '/media/',
  `${NOTIFY_PATH_PREFIX}/`,
  `${SANDBOX_PAGE_PREFIX}/`,
  // The staging site's SMS outbox; production servers do not have the route (404).
  `${DEV_OUTBOX_PATH.replace(/\/[^/]+$/, '')}/`,
];
export const API_EXACT_PATHS: readonly string[] = ['/remotes.json', HEALTHZ_PATH, READYZ_PATH];

/** A server that fails this many connections in `FAIL_TIMEOUT_S` is left alone for that long. */
const MAX_FAILS = 1;
const FAIL_TIMEOUT_S = 5;
/** Idle keep-alive connections each nginx worker keeps to the upstream. */
const UPSTREAM_KEEPALIVE = 32;

function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))}m`;
}

function quoted(pattern: RegExp): string {
  if (pattern.source.includes('"')) throw new Error(`cannot quote ${pattern.source} for nginx`);
  return `"${pattern.source}"`;
}

/** The headers nginx adds to a file it serves itself (the API adds its own to what it serves). */
function staticHeaders(cacheControl: string): string[] {
  return [`add_header Cache-Control "${cacheControl}" always;`, 'add_header X-Content-Type-Options nosniff always;'];
}

function block(head: string, lines: readonly string[], indent = '  '): string[] {
  return [`${indent}${head} {`, ...lines.map((line) => `${indent}  ${line}`), `${indent}}`];
}

export function nginxSiteConfig(options: NginxSiteOptions): string {
  const upstream = options.upstreamName ?? 'yaoshi_api';
  const toApi = [`proxy_pass http://${upstream};`];
  const lines: string[] = [
    '# Written by deploy/src/cluster/nginx-config.ts; change the generator, not this output.',
    `upstream ${upstream} {`,
    '  least_conn;',
    ...options.upstreams.map(
      (address) => `  server ${address} max_fails=${MAX_FAILS} fail_timeout=${FAIL_TIMEOUT_S}s;`,
    ),
    `  keepalive ${UPSTREAM_KEEPALIVE};`,
    '}',
    '',
  ];
  if (options.tls) {
    lines.push(
      'server {',
      '  listen 80;',
      `  server_name ${options.serverName};`,
      '  return 301 https://$host$request_uri;',
      '}',
      '',
    );
  }
  lines.push('server {', `  listen ${options.listen};`, `  server_name ${options.serverName};`);
  if (options.tls) {
    lines.push(`  ssl_certificate ${options.tls.certificate};`, `  ssl_certificate_key ${options.tls.key};`);
  }
  lines.push(
    `  root ${options.siteDir};`,
    '',
    '  # The signed envelope (face photos as base64) is the largest ordinary body the API takes.',
    `  client_max_body_size ${megabytes(MAX_BODY_BYTES)};`,
    '  gzip on;',
    '  gzip_min_length 1024;',
    '  gzip_types text/css application/javascript application/json image/svg+xml;',
    '',
  );
  if (options.trustedFrontProxies?.length) {
    lines.push(
      '  # The load balancer in front says who the client is; nobody else is believed.',
      ...options.trustedFrontProxies.map((address) => `  set_real_ip_from ${address};`),
      '  real_ip_header X-Forwarded-For;',
      '  real_ip_recursive on;',
      '',
    );
  }
  lines.push(
    '  proxy_http_version 1.1;',
    '  proxy_set_header Connection "";',
    '  proxy_set_header Host $host;',
    "  # nginx's own view of the client replaces anything the client sent; the API trusts nginx only (TRUST_PROXY).",
    '  proxy_set_header X-Forwarded-For $remote_addr;',
    '  proxy_set_header X-Forwarded-Proto $scheme;',
    '  # A server that refuses or drops the connection before answering: try the next one.',
    '  proxy_next_upstream error timeout;',
    '  proxy_next_upstream_tries 3;',
    '  proxy_connect_timeout 2s;',
    '',
    ...API_PREFIXES.flatMap((prefix) => block(`location ^~ ${prefix}`, toApi)),
    ...API_EXACT_PATHS.flatMap((path) => block(`location = ${path}`, toApi)),
    ...block(`location ^~ /v1/releases/publish/`, [`client_max_body_size ${megabytes(PUBLISH_BODY_LIMIT)};`, ...toApi]),
    '  # tus lesson uploads: chunks stream through; the API enforces the total size.',
    ...block(`location ^~ ${LESSON_UPLOAD_PATH}`, [
      'client_max_body_size 0;',
      'proxy_request_buffering off;',
      ...toApi,
    ]),
    ...block(`location = ${METRICS_PATH}`, ['return 404;']),
    '',
    '  # Pages and index.html: from the API (security headers, staging banner).',
    ...block('location = /', toApi),
    ...block('location = /index.html', toApi),
    '  # The cache rules of deploy/src/cache-policy.ts, in order; a file not on this disk goes to the API.',
    ...CACHE_RULES.filter((rule) => !API_EXACT_PATHS.some((path) => rule.pattern.test(path))).flatMap((rule) =>
      block(`location ~ ${quoted(rule.pattern)}`, [...staticHeaders(rule.cacheControl), 'try_files $uri @api;']),
    ),
    ...block('location /', [...staticHeaders(REVALIDATE), 'try_files $uri @api;']),
    ...block('location @api', toApi),
    '}',
    '',
  );
  return lines.join('\n');
}

export interface NginxProcessFiles {
  /** Folder for the pid, the logs and nginx's temporary files. */
  runDir: string;
  /** Debian's `/etc/nginx/mime.types`. */
  mimeTypes?: string;
}

/** The access log's format: client, request, status and the API server that answered (tests and the cluster read it). */
export const ACCESS_LOG_FORMAT = '$remote_addr "$request" $status $upstream_addr';

/**
 * A whole nginx.conf that runs in the foreground from a private folder (tests, `npm run
 * cluster`), around `nginxSiteConfig`. As root, the workers stay root so they can read the
 * private temp folders.
 */
export function nginxMainConfig(site: NginxSiteOptions, files: NginxProcessFiles): string {
  const run = files.runDir;
  return [
    'daemon off;',
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${run}/nginx.pid;`,
    `error_log ${run}/error.log warn;`,
    'events { worker_connections 2048; }',
    'http {',
    `  include ${files.mimeTypes ?? '/etc/nginx/mime.types'};`,
    '  default_type application/octet-stream;',
    `  log_format cluster '${ACCESS_LOG_FORMAT}';`,
    `  access_log ${run}/access.log cluster;`,
    `  client_body_temp_path ${run}/client_body;`,
    `  proxy_temp_path ${run}/proxy;`,
    `  fastcgi_temp_path ${run}/fastcgi;`,
    `  uwsgi_temp_path ${run}/uwsgi;`,
    `  scgi_temp_path ${run}/scgi;`,
    '  sendfile on;',
    '  keepalive_timeout 65;',
    nginxSiteConfig(site)
      .split('\n')
      .map((line) => (line ? `  ${line}` : line))
      .join('\n'),
    '}',
    '',
  ].join('\n');
}
