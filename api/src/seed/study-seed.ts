import { and, eq } from 'drizzle-orm';
import { beijingYearOf } from '../content/published-time';
import { courseProgress, courses, enrolments, learners, orderCourses, orders, publicQuizQuestions } from '../db/schema';
import type { SeedPart } from './seed';
import { orderNameOf } from '@yaoshi/contracts/enrolment';

/**
 * Study demo data (issue 6): the lesson videos of the catalogue, the public quiz bank, and
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
    .select({ id: courses.id, year: courses.year, kind: courses.kind, courseType: courses.courseType, videoPath: courses.videoPath })
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

/** The public quiz bank: short questions on the public courses' themes; `answer` is 1-based. */
export const PUBLIC_QUIZ_BANK: readonly { title: string; options: string[]; answer: number }[] = [
  { title: '执业药师在执业活动中应当遵循的首要原则是？', options: ['以患者为中心，保障用药安全', '以销售额为中心', '以医生意见为准', '以价格为准'], answer: 1 },
  { title: '发现疑似药品不良反应时，药师应当？', options: ['不予理会', '按规定及时报告', '仅告知患者停药', '等待患者复诊'], answer: 2 },
  { title: '《个人信息保护法》要求处理个人信息应当遵循的原则包括？', options: ['合法、正当、必要和诚信', '越多越好', '可随意对外提供', '无需告知本人'], answer: 1 },
  { title: '突发公共卫生事件发生后，医疗卫生机构应当在多长时间内报告？', options: ['1周内', '1个月内', '2小时内', '无需报告'], answer: 3 },
  { title: '科研诚信要求科研人员不得有下列哪种行为？', options: ['如实记录数据', '规范引用文献', '伪造、篡改数据', '公开研究方法'], answer: 3 },
  { title: '健康中国战略的核心是？', options: ['以经济增长为中心', '以人民健康为中心', '以医院建设为中心', '以药品生产为中心'], answer: 2 },
  { title: '面对工作压力，下列做法中较为恰当的是？', options: ['长期熬夜加班', '合理安排作息并适当运动', '拒绝与同事沟通', '依赖药物缓解'], answer: 2 },
  { title: '依法执业要求药师调配处方时应当？', options: ['凭处方调配并审核', '按患者要求随意更换', '不核对处方', '代替医生开具处方'], answer: 1 },
];

const seedQuizBank: SeedPart = async ({ tx }) => {
  const inserted = await tx.insert(publicQuizQuestions).values([...PUBLIC_QUIZ_BANK]).onConflictDoNothing().returning({ id: publicQuizQuestions.id });
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
/** Six public courses of 5 h make the required 30 h. */
const PUBLIC_COURSES_SIGNED = 6;

const seedDemoStudy: SeedPart = async ({ tx, clock }) => {
  const now = clock.now();
  const year = beijingYearOf(now);
  const [learner] = await tx.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, DEMO_STUDENT_ID_NUMBER));
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
  const electives = yearCourses.filter((c) => c.kind === 'professional' && c.courseType === 2 && c.classHourTenths === 60).slice(0, ELECTIVES_BOUGHT);
  const publicCourses = yearCourses.filter((c) => c.kind === 'public').slice(0, PUBLIC_COURSES_SIGNED);
  const professional = [...compulsory, ...electives];
  if (professional.length === 0) return false;

  const priceFen = professional.reduce((sum, c) => sum + c.priceFen, 0);
  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: `${year}0808000058`,
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
  await tx.insert(orderCourses).values(professional.map((c) => ({ orderId: order.id, courseId: c.id, priceFen: c.priceFen })));
  await tx.insert(enrolments).values([
    ...professional.map((c) => ({ learnerId: learner.id, courseId: c.id, year, orderId: order.id, createdAt: now })),
    ...publicCourses.map((c) => ({ learnerId: learner.id, courseId: c.id, year, orderId: null, createdAt: now })),
  ]);

  const progressRows = [
    ...professional.map((c, i) => ({ course: c, state: PROFESSIONAL_STATES[i] })),
    ...publicCourses.map((c, i) => ({ course: c, state: PUBLIC_STATES[i] })),
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
};

/** Videos first: the demo progress is measured against their lengths. */
export const seedStudy: SeedPart = async (context) => {
  const videos = await seedLessonVideos(context);
  const bank = await seedQuizBank(context);
  const study = await seedDemoStudy(context);
  return videos || bank || study;
};

