import { and, eq } from 'drizzle-orm';
import {
  COURSE_TYPE,
  REQUIRED_PUBLIC_TENTHS,
  TEACHING_MODE,
  SELECTION_MESSAGES,
  formatHours,
  formatYuan,
  publicConfirmProblem,
} from '@yaoshi/contracts/course-selection-rules';
import { PAYMENT_VALID_MINUTES, enrolmentEndpoints } from '@yaoshi/contracts/enrolment';
import { COURSE_KIND_NAMES } from '@yaoshi/contracts/site-names';
import { requirePrincipal } from '../auth/authenticator';
import { courseSelections } from './enrolment-schema';
import { enrolments } from '../orders/orders-schema';
import { learners } from '../accounts/accounts-schema';
import { badInput } from '../envelope/api-error';
import type { RouteModule } from '../app-deps';
import {
  catalogueOf,
  checkedSelectionOf,
  listYears,
  ownedCourseIds,
  professionalHoursChecked,
  requireYear,
  selectionCourseOf,
} from './catalogue';

function msg2Of(year: number, count: number, selectedTenths: number, creditTenths: number, priceFen: number): string {
  return (
    `${year}年度${COURSE_KIND_NAMES.professional}：本次选择${count}门课程，共${formatHours(selectedTenths)}学时、${formatHours(creditTenths)}学分，` +
    `应缴费用${formatYuan(priceFen)}元。确认后进入支付页面，请在${PAYMENT_VALID_MINUTES}分钟内完成支付。`
  );
}

/**
 * Course selection (spec 02 §4 "Selection flow", §5, §7): years, the catalogue, the
 * learner's selection (`car`), sign-up and validation of professional courses, and the
 * public-requirement sign-up, which enrols at once (public courses are free).
 */
export const enrolmentRoutes: RouteModule = (api, { db, clock }) => {
  api.add(enrolmentEndpoints.academicYear, async () => listYears(db, clock));
  api.add(enrolmentEndpoints.publicCoursesYear, async () => listYears(db, clock));

  api.add(enrolmentEndpoints.getCourseType, async ({ payload }) => {
    const year = await requireYear(db, payload.year, clock.now());
    return { need_all: year.needAll, msg1: year.courseTypeTip };
  });

  api.add(enrolmentEndpoints.webcourses, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    await requireYear(db, payload.year, clock.now());
    const delivery = payload.type === TEACHING_MODE.faceToFace ? 'face_to_face' : 'web';
    const catalogue = await catalogueOf(db, payload.year, 'professional');
    const owned = await ownedCourseIds(db, learnerId, payload.year);
    const [selection] = await db
      .select()
      .from(courseSelections)
      .where(and(eq(courseSelections.learnerId, learnerId), eq(courseSelections.year, payload.year)))
      .limit(1);
    const electives = new Set(
      catalogue
        .filter((c) => c.courseType === COURSE_TYPE.elective && c.delivery === 'web' && !owned.has(c.id))
        .map((c) => c.id),
    );
    return {
      courses: catalogue
        .filter((course) => course.delivery === delivery)
        .map((course) => selectionCourseOf(course, owned)),
      car: (selection?.courseIds ?? []).filter((id) => electives.has(id)).join(','),
    };
  });

  api.add(enrolmentEndpoints.signupOnce, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    const selection = await checkedSelectionOf(db, learnerId, payload.year, 'professional', payload.cids, clock.now());
    professionalHoursChecked(selection, true);
    const now = clock.now();
    await db
      .insert(courseSelections)
      .values({
        learnerId,
        year: payload.year,
        courseIds: selection.courses.map((course) => course.id),
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [courseSelections.learnerId, courseSelections.year],
        set: { courseIds: selection.courses.map((course) => course.id), updatedAt: now },
      });
    return null;
  });

  api.add(enrolmentEndpoints.validate, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    const selection = await checkedSelectionOf(db, learnerId, payload.year, 'professional', payload.cids, clock.now());
    const hours = professionalHoursChecked(selection, false);
    const creditTenths = selection.courses.reduce((total, course) => total + course.creditTenths, 0);
    return {
      remain_class_hour: hours.remainTenths / 10,
      current_class_hour: hours.currentTenths / 10,
      year_class_hour: hours.requiredTenths / 10,
      current_money: selection.priceFen / 100,
      msg2: msg2Of(payload.year, selection.courses.length, selection.selectedTenths, creditTenths, selection.priceFen),
    };
  });

  api.add(enrolmentEndpoints.publicCoursesList, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    await requireYear(db, payload.year, clock.now());
    const owned = await ownedCourseIds(db, learnerId, payload.year);
    const catalogue = await catalogueOf(db, payload.year, 'public');
    const delivery = payload.type === TEACHING_MODE.faceToFace ? 'face_to_face' : 'web';
    return catalogue.filter((course) => course.delivery === delivery).map((course) => selectionCourseOf(course, owned));
  });

  api.add(enrolmentEndpoints.publicCoursesSignupOnce, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    await db.transaction(async (tx) => {
      // One sign-up at a time per learner, so two tabs cannot both pass the 30-hour check.
      await tx.select({ id: learners.id }).from(learners).where(eq(learners.id, learnerId)).for('update');
      const selection = await checkedSelectionOf(
        tx,
        learnerId,
        payload.year,
        'public',
        payload.course_ids,
        clock.now(),
      );
      const problem = publicConfirmProblem(selection.ownedTenths, selection.selectedTenths);
      if (problem)
        throw badInput(
          selection.ownedTenths >= REQUIRED_PUBLIC_TENTHS ? SELECTION_MESSAGES.publicAlreadyComplete : problem,
        );
      const now = clock.now();
      await tx
        .insert(enrolments)
        .values(
          selection.courses.map((course) => ({
            learnerId,
            courseId: course.id,
            year: payload.year,
            orderId: null,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
    });
    return null;
  });
};
