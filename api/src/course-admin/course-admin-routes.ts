import { courseAdminEndpoints as E } from '@yaoshi/contracts/course-admin';
import type { RouteModule } from '../app-deps';
import { requireStaff } from '../auth/authenticator';
import { actorOf, auditedChange } from '../audit/audit-log';
import { lessonUploads } from './lesson-uploads';
import {
  adminCourseDetail,
  createAdminCourse,
  createCourseYear,
  listAdminCourses,
  listCourseYears,
  openCourseYear,
  previewCourseYear,
  saveCourseImage,
  updateAdminCourse,
  updateCourseYear,
} from './course-admin';
import { saveLesson } from './lesson-versions';
import { offerTranscode } from '../video-transcode/lesson-transcodes';

/** 课程管理 (issue 20): study years, courses, thumbnails and lesson versions; every change audited. */
export const courseAdminRoutes: RouteModule = (api, { db, clock, config, storage, jobs }) => {
  const uploads = lessonUploads(config, storage);
  api.add(E.years, () => listCourseYears(db, clock.now()));
  api.add(E.yearCreate, ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      createCourseYear(tx, audit, payload, clock.now()),
    ),
  );
  api.add(E.yearUpdate, ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      updateCourseYear(tx, audit, payload, clock.now()),
    ),
  );
  api.add(E.yearOpen, ({ payload, staff, request }) => {
    const principal = requireStaff(staff);
    return auditedChange(db, clock, actorOf(principal, request.ip), (tx, audit) =>
      openCourseYear(tx, audit, payload, principal.username, clock.now()),
    );
  });
  api.add(E.yearPreview, ({ payload }) => previewCourseYear(db, payload.year, clock.now()));
  api.add(E.courses, ({ payload }) => listAdminCourses(db, payload.year));
  api.add(E.detail, ({ payload }) => adminCourseDetail(db, payload.course_id));
  api.add(E.create, ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      createAdminCourse(tx, clock, audit, payload),
    ),
  );
  api.add(E.update, ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      updateAdminCourse(tx, audit, payload),
    ),
  );
  api.add(E.thumbnail, ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      saveCourseImage(tx, audit, storage, 'thumb', payload),
    ),
  );
  api.add(E.teacherAvatar, ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      saveCourseImage(tx, audit, storage, 'teacherAvatar', payload),
    ),
  );
  api.add(E.lessonSave, async ({ payload, staff, request }) => {
    const actor = actorOf(requireStaff(staff), request.ip);
    const detail = await auditedChange(db, clock, actor, (tx, audit) =>
      saveLesson(tx, clock, audit, uploads, actor.username, payload),
    );
    // A new video's transcode, recorded in that transaction, goes on the queue once committed.
    if (payload.upload_id !== undefined && detail.transcode)
      await offerTranscode(db, jobs, detail.transcode.transcode_id);
    return detail;
  });
};
