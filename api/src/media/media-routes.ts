import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../messages';
import { findMediaFile, safeRelativePath } from './media-files';
import { isPrivateMediaPath, type MediaUrls } from './private-media';
import { byteRangeOf, ifRangeAllows } from './byte-range';

/**
 * `/media/*`: the placeholder images the seed refers to (QR codes, slides, advertisement),
 * and later thumbnails and uploads. Served by the API itself so a bare `npm start` shows
 * them; moving media to object storage is a change of the URLs stored, not of clients.
 * Range requests (one range, `If-Range` honoured) let video players start and seek
 * without downloading the whole file.
 */
export const MEDIA_MAX_AGE_SECONDS = 24 * 60 * 60;

export function registerMediaRoutes(app: FastifyInstance, mediaDir: string, urls: MediaUrls): void {
  // HEAD is declared rather than derived from GET: Fastify's derived HEAD would open and
  // drain the file only to discard it.
  app.route<{ Params: { '*': string }; Querystring: Record<string, unknown> }>({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    handler: async (request, reply) => {
      // A private file (a face photo) needs the signed URL the server handed out; without
      // one the answer is the same whether the file exists or not.
      const relative = safeRelativePath(request.params['*']);
      let cacheControl = `public, max-age=${MEDIA_MAX_AGE_SECONDS}`;
      if (relative !== null && isPrivateMediaPath(relative)) {
        const access = urls.verify(relative, request.query.expires, request.query.signature);
        if (!access.ok) return reply.code(403).send({ code: 403, message: MESSAGES.mediaLinkInvalid, data: null });
        cacheControl = `private, max-age=${Math.min(access.secondsLeft, MEDIA_MAX_AGE_SECONDS)}`;
      }
      const file = await findMediaFile(mediaDir, request.params['*']);
      if (!file) return reply.code(404).send({ code: 404, message: MESSAGES.fileNotFound, data: null });
      // Size and modification time, as nginx does: strong enough for files replaced whole,
      // and strong tags are what If-Range compares.
      const etag = `"${file.size.toString(16)}-${file.modified.getTime().toString(16)}"`;
      reply
        .header('cache-control', cacheControl)
        .header('etag', etag)
        .header('last-modified', file.modified.toUTCString())
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly runs in our origin; forbid scripts in it.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.type(file.contentType).header('accept-ranges', 'bytes');
      const ifRange = request.headers['if-range'];
      const range = ifRangeAllows(Array.isArray(ifRange) ? ifRange[0] : ifRange, etag, file.modified)
        ? byteRangeOf(request.headers.range, file.size)
        : ({ kind: 'whole' } as const);
      if (range.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .type('application/json; charset=utf-8')
          .header('content-range', `bytes */${file.size}`)
          .send({ code: 416, message: MESSAGES.rangeNotSatisfiable, data: null });
      }
      const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, file.size - 1];
      if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
      reply.header('content-length', file.size === 0 ? 0 : end - start + 1);
      // Fastify keeps our content-length on HEAD, and Node sends no body.
      if (request.method === 'HEAD' || file.size === 0) return reply.send('');
      return reply.send(createReadStream(file.path, { start, end }));
    },
  });
}
