import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { LESSON_UPLOAD_PATH } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_LIMITS, COURSE_ADMIN_MESSAGES as M } from '@yaoshi/contracts/course-admin-rules';
import type { Permission } from '@yaoshi/contracts/staff-roles';
import type { StaffAuthenticator } from '../auth/authenticator';
import { sendEnvelope } from '../envelope/signed-routes';
import { MESSAGES } from '../messages';
import { probeVideo } from './video-probe';

/**
 * Lesson videos arrive by tus (resumable uploads, issue 20): a file of several GB goes up in
 * chunks, and after an interruption — a network drop, a page reload — the browser asks how much
 * the server holds (HEAD) and sends the rest. Unfinished uploads live in `<media>/.uploads/`
 * (a hidden folder: the media routes never serve it). When the last byte arrives, ffprobe reads
 * the file; one it cannot read is deleted and refused with a Chinese message. A finished upload
 * becomes a lesson only through `POST /v1/admin/courses/lesson`, which moves it into the media
 * folder in the audited transaction that records the new lesson version.
 *
 * These routes are outside the signed envelope (tus has its own protocol), so they check the
 * staff session themselves: the Bearer token of a staff member with `courses.manage`.
 */
export const LESSON_UPLOAD_FOLDER = '.uploads';
export const LESSON_UPLOAD_PERMISSION: Permission = 'courses.manage';
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The raw (non-envelope) staff routes this module serves, for the generated permission tests. */
export const RAW_STAFF_ROUTES: readonly { methods: readonly string[]; path: string; permission: Permission }[] = [
  { methods: ['POST', 'OPTIONS'], path: LESSON_UPLOAD_PATH, permission: LESSON_UPLOAD_PERMISSION },
  {
    methods: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    path: `${LESSON_UPLOAD_PATH}/:id`,
    permission: LESSON_UPLOAD_PERMISSION,
  },
];

export function lessonUploadStore(mediaDir: string): FileStore {
  return new FileStore({ directory: path.join(mediaDir, LESSON_UPLOAD_FOLDER) });
}

export function lessonUploadFile(mediaDir: string, uploadId: string): string {
  if (!UPLOAD_ID.test(uploadId)) throw new Error('not an upload id');
  return path.join(mediaDir, LESSON_UPLOAD_FOLDER, uploadId);
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{16,512})$/.exec(header) : null;
  return match?.[1] ?? null;
}

export function registerLessonUploadRoutes(
  app: FastifyInstance,
  deps: { mediaDir: string; staffAuthenticator: StaffAuthenticator },
): void {
  const store = lessonUploadStore(deps.mediaDir);
  const tus = new Server({
    path: LESSON_UPLOAD_PATH,
    datastore: store,
    maxSize: COURSE_ADMIN_LIMITS.videoBytes,
    relativeLocation: true,
    namingFunction: () => randomBytes(16).toString('hex'),
    // Only ids we made: nothing else can name a file under the folder.
    getFileIdFromRequest: (_request, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
    onUploadFinish: async (_request, upload) => {
      const probe = await probeVideo(lessonUploadFile(deps.mediaDir, upload.id));
      if (probe.ok) return { headers: { 'Upload-Duration': String(probe.durationSeconds) } };
      if (probe.reason !== 'no-ffprobe') await store.remove(upload.id).catch(() => undefined);
      // tus answers the thrown status and body as they are (its own error shape, not an Error);
      // the console shows the body.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw {
        status_code: probe.reason === 'no-ffprobe' ? 503 : 422,
        body:
          probe.reason === 'no-ffprobe'
            ? M.probeUnavailable
            : probe.reason === 'format'
              ? M.videoFormat
              : M.videoUnreadable,
      };
    },
  });

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body is tus's to read, straight from the socket: no body limit applies here, the
    // upload's own maximum (Upload-Length) does.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'OPTIONS') {
        const token = bearerOf(request);
        const staff = token ? await deps.staffAuthenticator.authenticate(token) : null;
        if (!staff) return sendEnvelope(reply, 401, MESSAGES.staffLoginRequired, null);
        if (!staff.permissions.has(LESSON_UPLOAD_PERMISSION))
          return sendEnvelope(reply, 403, MESSAGES.staffForbidden, null);
        // Anything but a tus client gets our envelope, not tus's bare protocol error.
        if (request.headers['tus-resumable'] === undefined) return sendEnvelope(reply, 412, M.resumableRequired, null);
      }
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
      return reply;
    };
    for (const route of RAW_STAFF_ROUTES)
      scope.route({ method: [...route.methods] as ('POST' | 'HEAD')[], url: route.path, handler });
  });
}
