import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Smaller pages are left to @fastify/compress (its threshold in serve.ts). */
const COMPRESS_FROM_BYTES = 1024;
/** At most this many pages' compressed bytes are kept (a page's markup is reused for seconds only). */
const MAX_PAGES = 256;
/** brotli at quality 4, as @fastify/compress compresses (its recommended default). */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

type Encoding = 'br' | 'gzip';

/**
 * The encoding for a request's `Accept-Encoding`: brotli before gzip, as @fastify/compress
 * chooses; none when neither is accepted (a `q=0` refuses one, `*` accepts both).
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * A public page's markup is the same for every visitor for a few seconds (its facts and render
 * are reused, public-pages.ts); compressing it for every view cost more server CPU than making
 * it (gzip ≈ 2 ms for the home page's 31 KB on the busy CI machine). The compressed bytes are
 * kept with the markup they were made from, for as long as the markup is reused: a view of
 * the same page in that time sends them as they are. Keyed by the markup itself, so two
 * different pages (another visitor's `/verify` answer) never share bytes.
 */
export function compressedPages(reuseMs: number, now: () => number = Date.now) {
  const pages = new Map<string, { madeAt: number; bytes: Partial<Record<Encoding, Buffer>> }>();

  function compressed(html: string, encoding: Encoding): Buffer {
    const at = now();
    let page = pages.get(html);
    if (!page || at - page.madeAt >= reuseMs) {
      pages.delete(html);
      for (const [key, old] of pages) if (at - old.madeAt >= reuseMs || pages.size >= MAX_PAGES) pages.delete(key);
      page = { madeAt: at, bytes: {} };
      if (reuseMs > 0) pages.set(html, page);
    }
    const made =
      page.bytes[encoding] ?? (encoding === 'br' ? zlib.brotliCompressSync(html, BROTLI_OPTIONS) : zlib.gzipSync(html));
    page.bytes[encoding] = made;
    return made;
  }

  return {
    /** Sends the page compressed for this request where it accepts it (and the page is worth it). */
    send(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding || Buffer.byteLength(html) < COMPRESS_FROM_BYTES) return reply.send(html);
      return reply
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(compressed(html, encoding));
    },
    /** How many pages' bytes are kept (tests). */
    get size(): number {
      return pages.size;
    },
  };
}
