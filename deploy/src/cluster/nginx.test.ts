import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@yaoshi/api-server/db/test-database';
import { cacheControlFor } from '../cache-policy';
import { nginxMainConfig, nginxSiteConfig } from './nginx-config';
import { PRODUCTION_NGINX_SITE } from './production-layout';
import {
  NGINX_BINARY,
  nginxAvailable,
  startNginx,
  startProcess,
  waitForHttp,
  type Running,
  type RunningNginx,
} from './processes';

/**
 * The nginx configuration really runs (issue 21): Debian's nginx on loopback with the
 * generated configuration, in front of two real API servers (api/src/main.ts, each with a
 * PGlite folder of its own, or DATABASE_URL when set), checked from the outside: which
 * server answered (nginx's access log), the Cache-Control of each kind of file, the body
 * limits, the client's real address as the API logs it, and a stopped server skipped.
 */

const HOST = '127.0.0.1';
/** NGINX_TEST_PORT … +2: nginx and the two API servers (high, configurable: other processes may hold low ports). */
const BASE_PORT = Number(process.env.NGINX_TEST_PORT ?? 18370);
const NGINX_PORT = BASE_PORT;
const API_PORTS = [BASE_PORT + 1, BASE_PORT + 2];
const API_MAIN = fileURLToPath(new URL('../../../api/src/main.ts', import.meta.url));
const skip = !nginxAvailable() && `no nginx at ${NGINX_BINARY} (apt-get install -y nginx)`;

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-nginx-'));
const siteDir = path.join(temp, 'www');
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>shell</title>',
  'main.3f9a1c2b.js': 'console.log("shell")',
  'favicon.ico': 'icon',
  'robots.txt': 'User-agent: *',
  'remotes/orders/1.2.0/remoteEntry.js': 'var orders;',
  'remotes/orders/1.2.0/mf-manifest.json': '{}',
};
const servers: Running[] = [];
const apiLogs: string[][] = [[], []];
let nginx: RunningNginx | undefined;
/** With DATABASE_URL: one throw-away database both servers share, as in production. */
let database: ThrowawayDatabase | undefined;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request to nginx, optionally from another loopback address (a second "client"). */
function request(
  pathAndQuery: string,
  options: { method?: string; body?: Buffer | string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: HOST,
        port: NGINX_PORT,
        path: pathAndQuery,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The API server nginx's access log names for the last request to `pathAndQuery`, or '-' for nginx itself. */
function upstreamOf(pathAndQuery: string): string {
  const line = (nginx?.accessLog() ?? '')
    .split('\n')
    .filter((entry) => entry.includes(` ${pathAndQuery} HTTP/1.1"`))
    .at(-1);
  assert.ok(line, `no access-log line for ${pathAndQuery}`);
  return line.split(' ').at(-1) ?? '';
}

async function settled(): Promise<void> {
  // nginx writes the access-log line after the answer.
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('nginx in front of two API servers', { skip, concurrency: false }, () => {
  before(async () => {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
      fs.writeFileSync(path.join(siteDir, file), text);
    }
    const postgresUrl = process.env.DATABASE_URL?.trim();
    if (postgresUrl) database = await createThrowawayDatabase(postgresUrl);
    API_PORTS.forEach((port, index) => {
      servers.push(
        startProcess(process.execPath, ['--import', 'tsx', API_MAIN], {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? '',
            PORT: String(port),
            HOST,
            NODE_ENV: 'development',
            LOG_LEVEL: 'info',
            DATA_DIR: path.join(temp, `data-${index}`),
            // The API believes nginx (on 127.0.0.1) and nobody else about the client's address.
            TRUST_PROXY: HOST,
            ...(database ? { DATABASE_URL: database.url } : {}),
          },
          onLine: (line) => apiLogs[index]?.push(line),
        }),
      );
    });
    // One at a time: on a shared PostgreSQL the second finds the schema and the demo data done.
    for (const [index, port] of API_PORTS.entries())
      await waitForHttp(`http://${HOST}:${port}/healthz`, servers[index]);
    nginx = await startNginx(
      {
        listen: `${HOST}:${NGINX_PORT}`,
        serverName: 'localhost',
        upstreams: API_PORTS.map((port) => `${HOST}:${port}`),
        siteDir,
      },
      path.join(temp, 'nginx'),
      HOST,
      NGINX_PORT,
    );
  });

  after(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    fs.rmSync(temp, { recursive: true, force: true });
  });

  test('API paths go to the upstream, spread over both servers', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const probe = `/healthz?n=${i}`;
      const answer = await request(probe);
      assert.equal(answer.status, 200);
      await settled();
      seen.add(upstreamOf(probe));
    }
    assert.deepEqual([...seen].sort(), API_PORTS.map((port) => `${HOST}:${port}`).sort());
    const api = await request('/v1/no-such-endpoint');
    assert.equal(api.status, 404);
    assert.equal((JSON.parse(api.body) as { code: number }).code, 404, 'the API envelope, not an nginx page');
  });

  test("the shell's and the remotes' files come from nginx with deploy/src/cache-policy.ts's Cache-Control", async () => {
    for (const file of Object.keys(files).filter((name) => name !== 'index.html')) {
      const answer = await request(`/${file}`);
      assert.equal(answer.status, 200, file);
      assert.equal(answer.body, files[file]);
      assert.equal(answer.headers['cache-control'], cacheControlFor(`/${file}`), file);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      await settled();
      assert.equal(upstreamOf(`/${file}`), '-', `${file} is served by nginx itself`);
    }
    // The four kinds really differ (a rule table that gave one answer to all would pass the loop above).
    assert.deepEqual(
      new Set(
        ['/main.3f9a1c2b.js', '/favicon.ico', '/robots.txt', '/remotes/orders/1.2.0/mf-manifest.json'].map(
          cacheControlFor,
        ),
      ).size,
      3,
    );
  });

  test('pages, index.html and files not on this disk are asked of the API', async () => {
    for (const page of ['/myCourse', '/', '/remotes/orders/9.9.9/remoteEntry.js', '/remotes.json']) {
      await request(page);
      await settled();
      assert.notEqual(upstreamOf(page), '-', page);
    }
  });

  test('request bodies are limited as the API limits them: 4 MB for the envelope, 64 MB for a release upload', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tooLarge = await request('/v1/login', {
      method: 'POST',
      body: Buffer.alloc(5 * 1024 * 1024, 'a'),
      headers: form,
    });
    assert.equal(tooLarge.status, 413);
    await settled();
    assert.equal(upstreamOf('/v1/login'), '-', 'refused by nginx before any server');
    const allowed = await request('/v1/login?large', {
      method: 'POST',
      body: Buffer.alloc(3 * 1024 * 1024, 'a'),
      headers: form,
    });
    assert.notEqual(allowed.status, 413);
    await settled();
    assert.notEqual(upstreamOf('/v1/login?large'), '-', 'reached the API, which judges it');
    const publish = await request('/v1/releases/publish/orders', {
      method: 'POST',
      body: Buffer.alloc(10 * 1024 * 1024, 'a'),
      headers: { 'content-type': 'application/json' },
    });
    assert.notEqual(publish.status, 413, 'a release upload may be larger');
  });

  test("the API sees the client's own address, not one the client claims", async () => {
    const marker = `/v1/real-ip-${randomBytes(4).toString('hex')}`;
    await request(marker, { localAddress: '127.0.0.7', headers: { 'x-forwarded-for': '203.0.113.9' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const line = apiLogs.flat().find((entry) => entry.includes(marker));
    assert.ok(line, 'the API logged the request');
    const logged = JSON.parse(line) as { req?: { remoteAddress?: string } };
    assert.equal(logged.req?.remoteAddress, '127.0.0.7');
  });

  test('/metrics is not public', async () => {
    assert.equal((await request('/metrics')).status, 404);
  });

  test('a stopped server is skipped: every request still answers', async () => {
    await servers[1]?.stop('SIGKILL');
    for (let i = 0; i < 8; i += 1) {
      assert.equal((await request(`/healthz?after=${i}`)).status, 200);
      const post = await request(`/v1/no-such-endpoint?after=${i}`, { method: 'POST', body: 'data=%7B%7D' });
      assert.equal(post.status, 404, 'a POST too: the refused connection is retried on the other server');
    }
  });
});

test(
  "deploy/nginx/yaoshi.conf is the generator's output for the documented production layout, and nginx accepts it",
  { skip },
  () => {
    const committed = fs.readFileSync(fileURLToPath(new URL('../../nginx/yaoshi.conf', import.meta.url)), 'utf8');
    assert.equal(
      committed,
      nginxSiteConfig(PRODUCTION_NGINX_SITE),
      'regenerate: npm run nginx-config -w deploy > deploy/nginx/yaoshi.conf',
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-nginx-t-'));
    try {
      const certificate = path.join(dir, 'cert.pem');
      const key = path.join(dir, 'key.pem');
      const made = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        certificate,
      ]);
      if (made.status !== 0) return;
      const config = path.join(dir, 'nginx.conf');
      fs.writeFileSync(
        config,
        nginxMainConfig({ ...PRODUCTION_NGINX_SITE, tls: { certificate, key } }, { runDir: dir }),
      );
      const check = spawnSync(NGINX_BINARY, ['-t', '-p', dir, '-c', config], { encoding: 'utf8' });
      assert.equal(check.status, 0, check.stderr);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
