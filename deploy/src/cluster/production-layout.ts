import type { NginxSiteOptions } from './nginx-config';

/**
 * The documented production layout (deploy/README.md, "Several servers"): one host runs
 * nginx and three API servers (the systemd template `yaoshi-api@<port>` on 8081–8083); the
 * database and the object store are elsewhere. deploy/nginx/yaoshi.conf is
 * `nginxSiteConfig(PRODUCTION_NGINX_SITE)`, kept in step by cluster/nginx.test.ts.
 */
export const PRODUCTION_API_PORTS = [8081, 8082, 8083] as const;

export const PRODUCTION_NGINX_SITE: NginxSiteOptions = {
  listen: '443 ssl',
  serverName: 'www.example.org',
  upstreams: PRODUCTION_API_PORTS.map((port) => `127.0.0.1:${port}`),
  siteDir: '/srv/yaoshi/dist/www',
  tls: { certificate: '/etc/yaoshi/tls/fullchain.pem', key: '/etc/yaoshi/tls/privkey.pem' },
};
