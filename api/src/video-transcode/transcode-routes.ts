import { courseAdminEndpoints as E } from '@yaoshi/contracts/course-admin';
import type { RouteModule } from '../app-deps';
import { requireStaff } from '../auth/authenticator';
import { actorOf, auditedChange } from '../audit/audit-log';
import { offerTranscode, retryTranscode, workTranscodes } from './lesson-transcodes';

/**
 * The transcoding job's handler on the queue (issue 21), and 重新转码 in 课程管理: a failed
 * transcode back in the queue, audited; the job is enqueued once the change is committed.
 */
export const transcodeRoutes: RouteModule = (api, { db, clock, config, storage, jobs, log }) => {
  void workTranscodes(jobs, { db, clock, storage, mediaDir: config.mediaDir, log }).catch((error: unknown) =>
    log.error({ err: error }, 'could not register the transcoding job'),
  );
  api.add(E.transcodeRetry, async ({ payload, staff, request }) => {
    const queued = await auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      retryTranscode(tx, clock, audit, payload.transcode_id),
    );
    await offerTranscode(db, jobs, queued.transcode_id);
    return queued;
  });
};
