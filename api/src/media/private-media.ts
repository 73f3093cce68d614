import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';
import type { Storage } from '../storage/storage';

/**
 * Face photos are personal data: the URL of one is good only when the server handed it
 * out, to that learner, recently. A private file's URL carries an expiry and an
 * HMAC-SHA256 of its path and expiry under a server-only secret (`MEDIA_URL_SECRET`, never
 * the browser's signing secret, which ships in the page). An image tag cannot send the
 * bearer token, so a signed URL is how the browser shows the learner their own photo.
 *
 * Expiries are rounded up to the hour so that the URL of one photo stays the same for an
 * hour and the browser's cache keeps working; a URL lives between 6 and 7 hours.
 */
/** Face photos; report exports (learners' ID numbers), which only the console downloads. */
export const PRIVATE_MEDIA_FOLDERS: readonly string[] = ['faces', 'exports'];
export const PRIVATE_MEDIA_URL_LIFETIME_MS = 6 * 60 * 60 * 1000;
const EXPIRY_ROUNDING_MS = 60 * 60 * 1000;
/** Face photos shown to 审核: 10 minutes (plus up to one to the next whole minute). */
export const SHORT_LIVED_URL_MS = 10 * 60 * 1000;

/** The URL of a public file under the media folder (thumbnails, videos, slides); '' for none. */
export function publicMediaUrl(relativePath: string | null): string {
  return relativePath ? `/media/${relativePath}` : '';
}

export function isPrivateMediaPath(relativePath: string): boolean {
  return PRIVATE_MEDIA_FOLDERS.some((folder) => relativePath.startsWith(`${folder}/`));
}

export interface MediaUrls {
  /** The URL for a file under the media folder ('' for none); private files get a signed one. */
  urlOf(relativePath: string | null): string;
  /** A private file's URL that lives only minutes (staff review, issue 18): it is not kept in a cache or a history for long. */
  shortLivedUrlOf(relativePath: string): string;
  /** Whether a request for a private file carries a valid, unexpired signature; seconds left when it does. */
  verify(relativePath: string, expires: unknown, signature: unknown): { ok: true; secondsLeft: number } | { ok: false };
}

function signatureOf(secret: string, relativePath: string, expiresSeconds: number): string {
  return createHmac('sha256', secret).update(`${relativePath}\n${expiresSeconds}`).digest('base64url');
}

/** `/media/<path>?expires=…&signature=…`: the local route's URL of a private file, valid until `expiresSeconds`. */
export function signedMediaUrl(secret: string, relativePath: string, expiresSeconds: number): string {
  return `${publicMediaUrl(relativePath)}?expires=${expiresSeconds}&signature=${signatureOf(secret, relativePath, expiresSeconds)}`;
}

/**
 * With object storage (`storage.kind === 's3'`) a public file's URL is the bucket's or the
 * CDN's address; a private file's stays the signed `/media` URL, which the media route turns
 * into a presigned URL of a few minutes when the browser follows it (media-routes.ts).
 */
export function mediaUrls(secret: string, clock: Clock, storage?: Pick<Storage, 'kind' | 'publicUrl'>): MediaUrls {
  return {
    urlOf(relativePath) {
      if (relativePath !== null && storage?.kind === 's3' && !isPrivateMediaPath(relativePath))
        return storage.publicUrl(relativePath);
      const url = publicMediaUrl(relativePath);
      if (relativePath === null || !isPrivateMediaPath(relativePath)) return url;
      const expiresMs =
        Math.ceil((clock.nowMs() + PRIVATE_MEDIA_URL_LIFETIME_MS) / EXPIRY_ROUNDING_MS) * EXPIRY_ROUNDING_MS;
      return signedMediaUrl(secret, relativePath, expiresMs / 1000);
    },
    shortLivedUrlOf(relativePath) {
      if (!isPrivateMediaPath(relativePath)) return this.urlOf(relativePath);
      return signedMediaUrl(secret, relativePath, Math.ceil((clock.nowMs() + SHORT_LIVED_URL_MS) / 60_000) * 60);
    },
    verify(relativePath, expires, signature) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string')
        return { ok: false };
      const expiresSeconds = Number(expires);
      const secondsLeft = Math.floor(expiresSeconds - clock.nowMs() / 1000);
      if (secondsLeft <= 0) return { ok: false };
      const expected = Buffer.from(signatureOf(secret, relativePath, expiresSeconds));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
      return { ok: true, secondsLeft };
    },
  };
}
