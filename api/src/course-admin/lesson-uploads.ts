import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore, Upload } from '@tus/utils';
import { LESSON_UPLOAD_PATH } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_LIMITS, COURSE_ADMIN_MESSAGES as M } from '@yaoshi/contracts/course-admin-rules';
import { ADMIN_MESSAGES } from '@yaoshi/contracts/staff-admin';
import type { Permission } from '@yaoshi/contracts/staff-roles';
import { actorOf, type AuditActor } from '../audit/audit-log';
import type { StaffAuthenticator } from '../auth/authenticator';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { sendEnvelope } from '../envelope/signed-routes';
import { MESSAGES } from '../messages';
import { probeVideo } from './video-probe';
import type { Storage } from '../storage/storage';
import type { S3Settings } from '../storage/storage-config';
import { freeUploadSlot, takeUploadSlot, UPLOAD_LIMITS, type UploadLimits } from './upload-slots';

/**
 * Lesson videos arrive by tus (resumable uploads, issue 20): a file of several GB goes up in
 * chunks, and after an interruption — a network drop, a page reload — the browser asks how much
 * the server holds (HEAD) and sends the rest. Unfinished uploads live in `<media>/.uploads/`
 * (a hidden folder: the media routes never serve it), or, with object storage configured, in
 * the bucket (@tus/s3-store: a multipart upload at `<id>` with `<id>.info`, so any of several
 * servers can take the next chunk). When the last byte arrives, ffprobe reads the file (or a
 * presigned URL of the object); one it cannot read is deleted and refused with a Chinese
 * message. A finished upload becomes a lesson only through `POST /v1/admin/courses/lesson`,
 * which moves it into storage in the audited transaction that records the new lesson version.
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

/** S3 multipart parts: at least 5 MiB by the protocol; 8 MiB keeps a chunk's memory small. */
const S3_UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** How long ffprobe may read a finished upload in the bucket through its presigned URL. */
const PROBE_URL_SECONDS = 10 * 60;

/** Where resumable uploads live until they become a lesson's video. */
export interface LessonUploads {
  readonly datastore: DataStore;
  /** The upload's state (offset, size, metadata); null when there is none with this id. */
  find(uploadId: string): Promise<Upload | null>;
  /** What ffprobe reads: the file (local folder) or a presigned URL of the object (S3). */
  probeSource(uploadId: string): Promise<string>;
  /** Puts the finished upload at `key` in storage and forgets the upload. */
  finish(uploadId: string, key: string): Promise<void>;
  /** Forgets an upload and its bytes. */
  remove(uploadId: string): Promise<void>;
}

function checkedUploadId(uploadId: string): string {
  if (!UPLOAD_ID.test(uploadId)) throw new Error('not an upload id');
  return uploadId;
}

export function lessonUploads(
  config: { mediaDir: string; s3: S3Settings | undefined },
  storage: Storage,
): LessonUploads {
  if (config.s3) {
    const s3 = config.s3;
    const datastore = new S3Store({
      partSize: S3_UPLOAD_PART_BYTES,
      s3ClientConfig: {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      },
    });
    // The store's own objects: the upload, its metadata, and an unfinished last part.
    const objectsOf = (id: string) => [id, `${id}.info`, `${id}.part`];
    return {
      datastore,
      find: (uploadId) => datastore.getUpload(checkedUploadId(uploadId)).catch(() => null),
      probeSource: (uploadId) => storage.presignedUrl(checkedUploadId(uploadId), PROBE_URL_SECONDS),
      async finish(uploadId, key) {
        if (!(await storage.copy(checkedUploadId(uploadId), key))) throw new Error(`upload ${uploadId} is gone`);
        await Promise.all(objectsOf(uploadId).map((object) => storage.delete(object)));
      },
      async remove(uploadId) {
        await datastore.remove(checkedUploadId(uploadId)).catch(() => undefined);
        await Promise.all(objectsOf(uploadId).map((object) => storage.delete(object)));
      },
    };
  }
  const directory = path.join(config.mediaDir, LESSON_UPLOAD_FOLDER);
  const datastore = new FileStore({ directory });
  const fileOf = (uploadId: string) => path.join(directory, checkedUploadId(uploadId));
  return {
    datastore,
    find: (uploadId) => datastore.getUpload(checkedUploadId(uploadId)).catch(() => null),
    probeSource: async (uploadId) => fileOf(uploadId),
    async finish(uploadId, key) {
      // The upload folder is inside the media folder: a rename, not a copy of several GB.
      const destination = path.join(config.mediaDir, key);
      await fs.mkdir(path.dirname(destination), { recursive: true });
      await fs.rename(fileOf(uploadId), destination);
      await datastore.configstore.delete(uploadId);
    },
    remove: (uploadId) => datastore.remove(checkedUploadId(uploadId)),
  };
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{16,512})$/.exec(header) : null;
  return match?.[1] ?? null;
}

/** Who is calling tus: its hooks run inside the handler's call, where this holds the staff member. */
const uploadCaller = new AsyncLocalStorage<AuditActor & { staffId: number }>();

/** tus answers a thrown `{ status_code, body }` as it is (its own error shape, not an Error); the console shows the body. */
function tusRefusal(status: number, body: string): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw { status_code: status, body };
}

export function registerLessonUploadRoutes(
  app: FastifyInstance,
  deps: {
    uploads: LessonUploads;
    staffAuthenticator: StaffAuthenticator;
    db: Database;
    clock: Clock;
    limits?: UploadLimits;
  },
): void {
  const { uploads, db, clock } = deps;
  const caller = () => {
    const actor = uploadCaller.getStore();
    if (!actor) throw new Error('a tus hook ran outside an authenticated call');
    return actor;
  };
  const tus = new Server({
    path: LESSON_UPLOAD_PATH,
    datastore: uploads.datastore,
    maxSize: COURSE_ADMIN_LIMITS.videoBytes,
    relativeLocation: true,
    namingFunction: () => randomBytes(16).toString('hex'),
    // Only ids we made: nothing else can name a file under the folder.
    getFileIdFromRequest: (_request, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
    // A new upload takes one of the open-upload slots, or is refused before any byte is kept.
    onUploadCreate: async (_request, upload) => {
      const refusal = await takeUploadSlot(
        db,
        clock,
        caller(),
        { id: upload.id, size: upload.size ?? COURSE_ADMIN_LIMITS.videoBytes },
        deps.limits ?? UPLOAD_LIMITS,
      );
      if (refusal) tusRefusal(refusal.status, refusal.message);
      return {};
    },
    onUploadFinish: async (_request, upload) => {
      const probe = await probeVideo(await uploads.probeSource(upload.id));
      if (probe.ok) return { headers: { 'Upload-Duration': String(probe.durationSeconds) } };
      if (probe.reason === 'no-ffprobe') tusRefusal(503, M.probeUnavailable);
      const why = probe.reason === 'format' ? M.videoFormat : M.videoUnreadable;
      await uploads.remove(upload.id).catch(() => undefined);
      await freeUploadSlot(db, clock, caller(), upload.id, 'course.upload-discard', why);
      return tusRefusal(422, why);
    },
  });

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body is tus's to read, straight from the socket: no body limit applies here, the
    // upload's own maximum (Upload-Length) does.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      let actor: (AuditActor & { staffId: number }) | undefined;
      if (request.method !== 'OPTIONS') {
        const token = bearerOf(request);
        const staff = token ? await deps.staffAuthenticator.authenticate(token) : null;
        if (!staff) return sendEnvelope(reply, 401, MESSAGES.staffLoginRequired, null);
        if (staff.mustChangePassword) return sendEnvelope(reply, 403, ADMIN_MESSAGES.passwordChangeRequired, null);
        if (!staff.permissions.has(LESSON_UPLOAD_PERMISSION))
          return sendEnvelope(reply, 403, MESSAGES.staffForbidden, null);
        // Anything but a tus client gets our envelope, not tus's bare protocol error.
        if (request.headers['tus-resumable'] === undefined) return sendEnvelope(reply, 412, M.resumableRequired, null);
        actor = { ...actorOf(staff, request.ip), staffId: staff.staffId };
      }
      // tus answers on the raw response: the headers set so far (the security headers) go with it.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      if (!actor) {
        await tus.handle(request.raw, reply.raw);
        return reply;
      }
      const staffActor = actor;
      // The console gives an upload up (tus termination): its slot is freed, audited, before
      // tus answers, so the answer means the slot is free. A termination that then fails
      // leaves an upload without a slot, which the retention job deletes when it idles.
      const uploadId = /\/([0-9a-f]{32})$/.exec(request.url.split('?')[0] ?? '')?.[1];
      if (request.method === 'DELETE' && uploadId && (await uploads.find(uploadId)))
        await freeUploadSlot(db, clock, staffActor, uploadId, 'course.upload-discard', '上传被取消');
      await uploadCaller.run(staffActor, () => tus.handle(request.raw, reply.raw));
      return reply;
    };
    for (const route of RAW_STAFF_ROUTES)
      scope.route({ method: [...route.methods] as ('POST' | 'HEAD')[], url: route.path, handler });
  });
}
