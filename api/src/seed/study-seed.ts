import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { courseProgress, publicQuizQuestions } from '../study/study-schema';
import { academicYears, courses } from '../catalogue/catalogue-schema';
import { enrolments, orderCourses, orders } from '../orders/orders-schema';
import { learners } from '../accounts/accounts-schema';
import type { SeedContext, SeedPart } from './seed-part';
import { readDemoData } from './demo-data';
import { orderNameOf } from '@yaoshi/contracts/enrolment';
import { recordDemoPayment } from './demo-payments';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import { archiveReviews } from '../certificates/archive-reviews-schema';
import { decideArchiveReviews } from '../archive-reviews/archive-reviews';

/**
 * Study demo data (issue 6): the lesson videos of the catalogue, each public course's quiz
 * questions, and
 * 王芳's study in the CURRENT (seeding) year — a paid order of her professional courses
 * with their enrolments, her public-course enrolments, and courses at 0 %, in progress,
 * finished and rated, finished and unrated. (Her orders of earlier years belong to the
 * orders feature's seed; 张晓明 gets no enrolment: the enrolment browser test buys for him.)
 */

/** The generated videos under media/videos/ (scripts/generate-demo-videos.sh) and their lengths. */
export const DEMO_VIDEOS = {
  short: { path: 'videos/lesson-30s.webm', seconds: 30 },
  medium: { path: 'videos/lesson-90s.webm', seconds: 90 },
  long: { path: 'videos/lesson-180s.webm', seconds: 180 },
} as const;

type VideoChoice = { video: keyof typeof DEMO_VIDEOS; photo: number[] };

/**
 * Which video each course gets, by kind and position in its list. The first compulsory
 * course is the short one without face checks (the browser test watches it to the end);
 * the first elective is short with a face check at 20 %; the second public course is short
 * without face checks (the quiz test); the rest are longer with face checks.
 */
function videoFor(kind: string, courseType: number, indexInList: number): VideoChoice {
  if (kind === 'public') {
    if (indexInList <= 1) return { video: 'short', photo: [] };
    return { video: 'medium', photo: [50] };
  }
  if (courseType === 1) {
    if (indexInList === 0) return { video: 'short', photo: [] };
    return indexInList % 2 === 1 ? { video: 'medium', photo: [20] } : { video: 'long', photo: [30, 70] };
  }
  if (indexInList === 0) return { video: 'short', photo: [20] };
  return indexInList % 2 === 1 ? { video: 'medium', photo: [40] } : { video: 'long', photo: [25, 75] };
}

/** Attaches a video to every web course that has none (face-to-face courses have none). */
const seedLessonVideos: SeedPart = async ({ tx }) => {
  const rows = await tx
    .select({
      id: courses.id,
      year: courses.year,
      kind: courses.kind,
      courseType: courses.courseType,
      videoPath: courses.videoPath,
    })
    .from(courses)
    .where(eq(courses.delivery, 'web'))
    .orderBy(courses.year, courses.kind, courses.courseType, courses.sortOrder, courses.id);
  const positions = new Map<string, number>();
  let wrote = false;
  for (const row of rows) {
    const key = `${row.year}:${row.kind}:${row.courseType}`;
    const index = positions.get(key) ?? 0;
    positions.set(key, index + 1);
    if (row.videoPath !== null) continue;
    const choice = videoFor(row.kind, row.courseType, index);
    const video = DEMO_VIDEOS[choice.video];
    await tx
      .update(courses)
      .set({ videoPath: video.path, durationSeconds: video.seconds, faceCheckPercents: choice.photo })
      .where(eq(courses.id, row.id));
    wrote = true;
  }
  return wrote;
};

/** One quiz question of a public course; `answer` is the 1-based number of the right option. */
const demoQuizQuestionSchema = z
  .object({
    title: z.string().min(1),
    options: z.array(z.string().min(1)).min(2),
    answer: z.number().int().min(1),
  })
  .strict()
  .refine((question) => question.answer <= question.options.length, {
    message: 'answer names an option the question does not have',
  });
export type DemoQuizQuestion = z.infer<typeof demoQuizQuestionSchema>;

const quizQuestionsSchema = z.object({ courses: z.record(z.string(), z.array(demoQuizQuestionSchema)) }).strict();

/**
 * Each demo public course's quiz questions, on its own subject (issue 16 item 9), keyed by
 * the course's name (catalogue-seed.ts): the data is `api/demo/quiz-questions.json`. Five
 * each: one for every pop-up point (35 %, 50 %, 65 %, 80 %, 95 %). Seeded for the course of
 * that name in every demo year.
 */
export const PUBLIC_QUIZ_QUESTIONS: Readonly<Record<string, readonly DemoQuizQuestion[]>> = readDemoData(
  'quiz-questions.json',
  quizQuestionsSchema,
).courses;

/** Every demo public course (each year's) gets the questions of its name. */
const seedQuizQuestions: SeedPart = async ({ tx }) => {
  const publicCourses = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(eq(courses.kind, 'public'));
  const rows = publicCourses.flatMap((course) =>
    (PUBLIC_QUIZ_QUESTIONS[course.name] ?? []).map((question) => ({ ...question, courseId: course.id })),
  );
  if (rows.length === 0) return false;
  const inserted = await tx
    .insert(publicQuizQuestions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: publicQuizQuestions.id });
  return inserted.length > 0;
};

export const DEMO_STUDENT_ID_NUMBER = '310115198808080058';

/** The verified share of each of 王芳's current-year courses, by list position. */
type DemoState = { watchedPercent: number; grade: number | null };
const PROFESSIONAL_STATES: readonly DemoState[] = [
  { watchedPercent: 0, grade: null }, // compulsory 1: the short course, to watch to the end
  { watchedPercent: 40, grade: null }, // compulsory 2: in progress
  { watchedPercent: 100, grade: 4 }, // compulsory 3: finished and rated
  { watchedPercent: 100, grade: null }, // compulsory 4: finished, not rated yet
  { watchedPercent: 0, grade: null }, // elective 1: short, face check at 20 %
  { watchedPercent: 10, grade: null },
];
const PUBLIC_STATES: readonly DemoState[] = [
  { watchedPercent: 100, grade: 3 }, // finished and rated: the next one opens
  { watchedPercent: 20, grade: null }, // in progress: the quiz test continues it
];

/** Six electives of 6 h with the four compulsory courses of 6 h make the year's 60 h. */
const ELECTIVES_BOUGHT = 6;
/** The demo catalogue's compulsory courses of a year. */
const COMPULSORY_COURSES = 4;
/** Six public courses of 5 h make the required 30 h. */
const PUBLIC_COURSES_SIGNED = 6;

/** 赵敏: the same courses, with the lesson the network-cut browser test plays near its end. */
export const SECOND_STUDENT_ID_NUMBER = '330106199203150027';
const SECOND_PROFESSIONAL_STATES: readonly DemoState[] = [
  { watchedPercent: 0, grade: null },
  { watchedPercent: 60, grade: null }, // compulsory 2: 90 s, verified 54 s, past its face check
  { watchedPercent: 100, grade: 4 },
  { watchedPercent: 100, grade: 4 },
  { watchedPercent: 0, grade: null }, // elective 1
  { watchedPercent: 50, grade: null }, // elective 2: 90 s, verified 45 s, past its face check at 40 % (background-tab test)
];
const SECOND_PUBLIC_STATES = PUBLIC_STATES;

/**
 * 陈静: every course of the current year finished and rated — 60 professional and 30 public
 * hours, the year complete — and her archive review passed, so /myCourse offers her
 * 下载学时证明 and its /verify page is genuine. 刘洋 has finished the same and waits for the
 * review: /myCourse says by when, and 档案审核 lists him as 待审核.
 */
export const COMPLETED_STUDENT_ID_NUMBER = '320102199006150020';
export const PENDING_REVIEW_STUDENT_ID_NUMBER = '320104199203180037';
const FINISHED: DemoState = { watchedPercent: 100, grade: 4 };
const COMPLETED_PROFESSIONAL_STATES: readonly DemoState[] = Array.from(
  { length: COMPULSORY_COURSES + ELECTIVES_BOUGHT },
  () => FINISHED,
);
const COMPLETED_PUBLIC_STATES: readonly DemoState[] = Array.from({ length: PUBLIC_COURSES_SIGNED }, () => FINISHED);

interface DemoStudy {
  idNumber: string;
  professional: readonly DemoState[];
  public: readonly DemoState[];
}

const DEMO_STUDIES: readonly DemoStudy[] = [
  { idNumber: DEMO_STUDENT_ID_NUMBER, professional: PROFESSIONAL_STATES, public: PUBLIC_STATES },
  { idNumber: SECOND_STUDENT_ID_NUMBER, professional: SECOND_PROFESSIONAL_STATES, public: SECOND_PUBLIC_STATES },
  {
    idNumber: COMPLETED_STUDENT_ID_NUMBER,
    professional: COMPLETED_PROFESSIONAL_STATES,
    public: COMPLETED_PUBLIC_STATES,
  },
  {
    idNumber: PENDING_REVIEW_STUDENT_ID_NUMBER,
    professional: COMPLETED_PROFESSIONAL_STATES,
    public: COMPLETED_PUBLIC_STATES,
  },
];

/** Who passed 陈静's demo review, as the audit trail shows it. */
const DEMO_REVIEW_ACTOR: AuditActor = {
  staffId: null,
  username: '演示数据',
  roles: [],
  ip: 'localhost',
  kind: 'command-line',
};

/** 陈静's archive review of the current year, passed by the rule 档案审核 uses (and audited), once. */
const seedPassedArchiveReview: SeedPart = async ({ tx, clock }) => {
  const year = beijingYearOf(clock.now());
  const [learner] = await tx
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, COMPLETED_STUDENT_ID_NUMBER));
  if (!learner) return false;
  const [already] = await tx
    .select({ year: archiveReviews.year })
    .from(archiveReviews)
    .where(and(eq(archiveReviews.learnerId, learner.id), eq(archiveReviews.year, year)));
  if (already) return false;
  await decideArchiveReviews(tx, clock, (entry) => writeAudit(tx, clock, DEMO_REVIEW_ACTOR, entry), DEMO_REVIEW_ACTOR, {
    year,
    learner_ids: [learner.id],
    decision: 'pass',
  });
  return true;
};

const seedDemoStudy: SeedPart = async (context) => {
  let wrote = false;
  for (const study of DEMO_STUDIES) wrote = (await seedLearnerStudy(context, study)) || wrote;
  return wrote;
};

async function seedLearnerStudy({ tx, clock }: SeedContext, study: DemoStudy): Promise<boolean> {
  const now = clock.now();
  const year = beijingYearOf(now);
  const [learner] = await tx.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, study.idNumber));
  if (!learner) return false;
  const [already] = await tx
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.learnerId, learner.id), eq(enrolments.year, year)))
    .limit(1);
  if (already) return false;

  const yearCourses = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.year, year), eq(courses.delivery, 'web')))
    .orderBy(courses.courseType, courses.sortOrder, courses.id);
  const compulsory = yearCourses.filter((c) => c.kind === 'professional' && c.courseType === 1);
  const electives = yearCourses
    .filter((c) => c.kind === 'professional' && c.courseType === 2 && c.classHourTenths === 60)
    .slice(0, ELECTIVES_BOUGHT);
  const publicCourses = yearCourses.filter((c) => c.kind === 'public').slice(0, PUBLIC_COURSES_SIGNED);
  const professional = [...compulsory, ...electives];
  if (professional.length === 0) return false;

  const priceFen = professional.reduce((sum, c) => sum + c.priceFen, 0);
  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: `${year}${study.idNumber.slice(10, 14)}00${study.idNumber.slice(14)}`,
      learnerId: learner.id,
      year,
      educationType: 1,
      orderName: orderNameOf(year),
      priceFen,
      payType: 3,
      payStatus: 2,
      refundStatus: 0,
      receiptStatus: 0,
      createdAt: now,
      payDeadline: now,
      paidAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (!order) return false;
  await recordDemoPayment(tx, {
    orderId: order.id,
    orderNo: `${year}${study.idNumber.slice(10, 14)}00${study.idNumber.slice(14)}`,
    orderName: orderNameOf(year),
    payType: 3,
    amountFen: priceFen,
    createdAt: now,
    paidAt: now,
  });
  await tx
    .insert(orderCourses)
    .values(professional.map((c) => ({ orderId: order.id, courseId: c.id, priceFen: c.priceFen })));
  await tx
    .insert(enrolments)
    .values([
      ...professional.map((c) => ({ learnerId: learner.id, courseId: c.id, year, orderId: order.id, createdAt: now })),
      ...publicCourses.map((c) => ({ learnerId: learner.id, courseId: c.id, year, orderId: null, createdAt: now })),
    ]);

  const progressRows = [
    ...professional.map((c, i) => ({ course: c, state: study.professional[i] })),
    ...publicCourses.map((c, i) => ({ course: c, state: study.public[i] })),
  ].flatMap(({ course, state }) => {
    if (!state || state.watchedPercent === 0 || course.durationSeconds === null) return [];
    const done = state.watchedPercent >= 100;
    const verified = done ? course.durationSeconds : Math.floor((course.durationSeconds * state.watchedPercent) / 100);
    return [
      {
        learnerId: learner.id,
        courseId: course.id,
        verifiedSeconds: verified,
        progress: done ? 100 : state.watchedPercent,
        completedAt: done ? now : null,
        grade: state.grade,
        ratedAt: state.grade === null ? null : now,
        updatedAt: now,
      },
    ];
  });
  if (progressRows.length > 0) await tx.insert(courseProgress).values(progressRows).onConflictDoNothing();
  return true;
}

/**
 * 王芳's public courses of the PREVIOUS year: the first finished but never rated, the next
 * not started, so it waits behind 请先完成前一课程的评价 until she rates the first, which
 * she can do in review (issue 16 item 1). Free sign-up, as every public course.
 */
const seedUnratedPublicCourse: SeedPart = async ({ tx, clock }) => {
  const now = clock.now();
  const [learner] = await tx
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, DEMO_STUDENT_ID_NUMBER));
  const years = await tx
    .select({ year: academicYears.year })
    .from(academicYears)
    .orderBy(asc(academicYears.sortOrder), asc(academicYears.year));
  const year = years[1]?.year;
  if (!learner || year === undefined) return false;
  const [already] = await tx
    .select({ id: enrolments.id })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(and(eq(enrolments.learnerId, learner.id), eq(enrolments.year, year), eq(courses.kind, 'public')))
    .limit(1);
  if (already) return false;
  const publicCourses = (
    await tx
      .select()
      .from(courses)
      .where(and(eq(courses.year, year), eq(courses.kind, 'public'), eq(courses.delivery, 'web')))
      .orderBy(courses.courseType, courses.sortOrder, courses.id)
  ).slice(0, PUBLIC_COURSES_SIGNED);
  const first = publicCourses[0];
  if (!first || first.durationSeconds === null) return false;
  await tx
    .insert(enrolments)
    .values(publicCourses.map((c) => ({ learnerId: learner.id, courseId: c.id, year, orderId: null, createdAt: now })));
  await tx
    .insert(courseProgress)
    .values({
      learnerId: learner.id,
      courseId: first.id,
      verifiedSeconds: first.durationSeconds,
      progress: 100,
      completedAt: now,
      grade: null,
      ratedAt: null,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return true;
};

/** Videos first: the demo progress is measured against their lengths. */
export const seedStudy: SeedPart = async (context) => {
  const videos = await seedLessonVideos(context);
  const bank = await seedQuizQuestions(context);
  const study = await seedDemoStudy(context);
  const unrated = await seedUnratedPublicCourse(context);
  const reviewed = await seedPassedArchiveReview(context);
  return videos || bank || study || unrated || reviewed;
};
