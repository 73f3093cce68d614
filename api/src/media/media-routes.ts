import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../messages';
import type { Storage } from '../storage/storage';
import { safeRelativePath, servedMediaType } from './media-files';
import { isPrivateMediaPath, type MediaUrls } from './private-media';
import { byteRangeOf, ifRangeAllows } from './byte-range';

/**
 * `/media/*`: the placeholder images the seed refers to (QR codes, slides, advertisement),
 * thumbnails, teachers' photos, lesson videos, article files and face photos. With the local
 * folder the API serves them itself, so a bare `npm start` shows them; range requests (one
 * range, `If-Range` honoured) let video players start and seek without downloading the
 * whole file. With object storage the API sends no bytes: it answers 302 to the bucket's
 * (or CDN's) address of a public file, and to a presigned URL of a few minutes for a
 * private one, whose browser then asks the bucket for its ranges. Either way the URLs the
 * API hands out, and any `/media/…` written into an article, keep working.
 */
export const MEDIA_MAX_AGE_SECONDS = 24 * 60 * 60;
/** How long a presigned URL the route redirects to lives: the image loads now; a reload asks again. */
export const PRESIGNED_REDIRECT_SECONDS = 5 * 60;

export function registerMediaRoutes(app: FastifyInstance, storage: Storage, urls: MediaUrls): void {
  // HEAD is declared rather than derived from GET: Fastify's derived HEAD would open and
  // drain the file only to discard it.
  app.route<{ Params: { '*': string }; Querystring: Record<string, unknown> }>({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    handler: async (request, reply) => {
      const notFound = () => reply.code(404).send({ code: 404, message: MESSAGES.fileNotFound, data: null });
      // A private file (a face photo) needs the signed URL the server handed out; without
      // one the answer is the same whether the file exists or not.
      const relative = safeRelativePath(request.params['*']);
      let cacheControl = `public, max-age=${MEDIA_MAX_AGE_SECONDS}`;
      let secondsLeft = Infinity;
      if (relative !== null && isPrivateMediaPath(relative)) {
        const access = urls.verify(relative, request.query.expires, request.query.signature);
        if (!access.ok) return reply.code(403).send({ code: 403, message: MESSAGES.mediaLinkInvalid, data: null });
        secondsLeft = access.secondsLeft;
        cacheControl = `private, max-age=${Math.min(access.secondsLeft, MEDIA_MAX_AGE_SECONDS)}`;
      }
      if (relative === null || servedMediaType(relative) === null) return notFound();
      if (storage.kind !== 'local') {
        if (secondsLeft === Infinity)
          return reply.header('cache-control', cacheControl).redirect(storage.publicUrl(relative), 302);
        const lifetime = Math.min(secondsLeft, PRESIGNED_REDIRECT_SECONDS);
        const target = await storage.presignedUrl(relative, lifetime);
        // The redirect is cached a little less than its target lives.
        return reply.header('cache-control', `private, max-age=${Math.max(lifetime - 60, 0)}`).redirect(target, 302);
      }
      const file = await storage.head(relative);
      if (!file) return notFound();
      reply
        .header('cache-control', cacheControl)
        .header('etag', file.etag)
        .header('last-modified', file.modified.toUTCString())
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly runs in our origin; forbid scripts in it.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      reply.type(servedMediaType(relative)!).header('accept-ranges', 'bytes');
      const ifRange = request.headers['if-range'];
      const range = ifRangeAllows(Array.isArray(ifRange) ? ifRange[0] : ifRange, file.etag, file.modified)
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
      const body = await storage.get(relative, { start, end });
      if (!body) return notFound();
      return reply.send(body);
    },
  });
}
