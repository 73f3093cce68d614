import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import { compressedPages, preferredEncoding } from './compressed-pages';

test('brotli before gzip, as @fastify/compress chooses; q=0 refuses; * accepts; nothing accepted, none', () => {
  assert.equal(preferredEncoding('gzip, deflate, br, zstd'), 'br');
  assert.equal(preferredEncoding('gzip'), 'gzip');
  assert.equal(preferredEncoding('br;q=0, gzip;q=0.5'), 'gzip');
  assert.equal(preferredEncoding('*'), 'br');
  assert.equal(preferredEncoding('identity'), undefined);
  assert.equal(preferredEncoding(undefined), undefined);
  assert.equal(preferredEncoding('gzip;q=0'), undefined);
});

const PAGE = `<!doctype html><html><body>${'<p>关于开展继续教育的通知</p>'.repeat(200)}</body></html>`;

/** One GET without the client decoding: the status, headers and the bytes as sent. */
function get(port: number, acceptEncoding?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
  });
}

test('a page is sent compressed as the browser asks, behind @fastify/compress, and reads back the same', async (t) => {
  const app = Fastify();
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  const pages = compressedPages(5_000);
  app.get('/', (request, reply) => pages.send(request, reply.type('text/html; charset=utf-8'), PAGE));
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.after(() => app.close());
  const { port } = app.server.address() as { port: number };

  const brotli = await get(port, 'gzip, deflate, br');
  assert.equal(brotli.headers['content-encoding'], 'br');
  assert.match(String(brotli.headers.vary), /accept-encoding/i);
  assert.equal(zlib.brotliDecompressSync(brotli.body).toString(), PAGE);
  const gzip = await get(port, 'gzip');
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gzip.body).toString(), PAGE);
  const plain = await get(port);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString(), PAGE);
});

test('the bytes are made once while the markup is reused, again after, and never shared between two pages', async () => {
  let clock = 0;
  const pages = compressedPages(5_000, () => clock);
  const sent: unknown[] = [];
  const reply = {
    header: () => reply,
    send: (body: unknown) => {
      sent.push(body);
      return reply;
    },
  };
  const request = { headers: { 'accept-encoding': 'gzip' } };
  const send = (html: string): Buffer => {
    void pages.send(request as never, reply as never, html);
    return sent[sent.length - 1] as Buffer;
  };
  const first = send(PAGE);
  clock = 4_999;
  assert.equal(send(PAGE), first, 'the same bytes within the reuse time');
  const other = send(PAGE.replace('通知', '公告'));
  assert.notEqual(other, first);
  assert.equal(zlib.gunzipSync(other).toString(), PAGE.replace('通知', '公告'));
  clock = 5_000;
  const later = send(PAGE);
  assert.notEqual(later, first, 'made again once the markup is no longer reused');
  assert.equal(zlib.gunzipSync(later).toString(), PAGE);
  assert.ok(pages.size <= 2);
});
