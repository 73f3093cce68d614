import { z } from 'zod';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { academicYears, courses } from '../catalogue/catalogue-schema';
import { SITE_NAME_PLACEHOLDERS, readDemoData } from './demo-data';
import { COURSE_KIND_NAMES } from '@yaoshi/contracts/site-names';
import type { SeedPart } from './seed-part';
import { PUBLIC_COURSE_PRICE_FEN, creditTenthsOfHours } from '@yaoshi/contracts/credit-rules';

/**
 * The demo course catalogue: three study years (the seeding year, the year before, and a
 * make-up year before that), each with professional courses — compulsory, elective and two face-to-face
 * placeholders — and public-requirement courses. The hours are chosen so that the rules of
 * spec 02 §5 can be both met and broken: compulsory 24 h plus electives 54 h (60 h is met
 * exactly by the compulsory courses and six 6-hour electives), and public courses of 5 h
 * each (30 h is met exactly by six of the eight).
 *
 * Videos are attached by the study feature's seed part (`video_path`, `duration_seconds`).
 */

type CourseInsert = typeof courses.$inferInsert;

interface DemoYear {
  year: number;
  isBuxue: boolean;
  needAll: 1 | 2;
  courseTypeTip: string;
  sortOrder: number;
}

/** The current year (the seeding clock's, Beijing time), last year, and a make-up year before it. */
export function demoYearsOf(currentYear: number): DemoYear[] {
  const required = (year: number) =>
    `${year}年度${COURSE_KIND_NAMES.professional}须修满60学时：必修课全部选择，选修课自选，合计60学时。`;
  return [
    { year: currentYear, isBuxue: false, needAll: 1, courseTypeTip: required(currentYear), sortOrder: 0 },
    { year: currentYear - 1, isBuxue: false, needAll: 1, courseTypeTip: required(currentYear - 1), sortOrder: 1 },
    {
      year: currentYear - 2,
      isBuxue: true,
      needAll: 2,
      courseTypeTip: `${currentYear - 2}年度为补学年度，请按所缺学时自由选择课程。`,
      sortOrder: 2,
    },
  ];
}

const demoCourseSchema = z
  .object({
    name: z.string().min(1),
    teacher: z.string().min(1),
    /** Class hours, to one decimal place. */
    classHours: z.number().positive().multipleOf(0.1),
    thumb: z.string(),
    description: z.string(),
  })
  .strict();
type DemoCourse = z.infer<typeof demoCourseSchema>;

const demoCatalogueSchema = z
  .object({
    teachers: z.record(z.string(), z.object({ name: z.string().min(1), description: z.string() }).strict()),
    compulsory: z.array(demoCourseSchema),
    electives: z.array(demoCourseSchema),
    faceToFace: z.array(demoCourseSchema),
    public: z.array(demoCourseSchema),
  })
  .strict()
  .refine(
    (catalogue) =>
      [...catalogue.compulsory, ...catalogue.electives, ...catalogue.faceToFace, ...catalogue.public].every(
        (course) => course.teacher in catalogue.teachers,
      ),
    { message: 'every course names a teacher of the teachers list' },
  );

/** The courses every demo year offers (`api/demo/courses.json`). */
const DEMO_CATALOGUE = readDemoData('courses.json', demoCatalogueSchema, SITE_NAME_PLACEHOLDERS);

/** Professional courses: 5 yuan an hour, in fen (a 6-hour course costs 30 yuan). */
function priceFenOf(classHourTenths: number): number {
  return classHourTenths * 50;
}

/** Every demo course of one year, in list order. */
export function demoCoursesOf(year: number, createdAt: Date): CourseInsert[] {
  const rows: CourseInsert[] = [];
  const add = (
    course: DemoCourse,
    kind: 'professional' | 'public',
    courseType: 1 | 2,
    delivery: 'web' | 'face_to_face',
  ) => {
    const teacher = DEMO_CATALOGUE.teachers[course.teacher];
    const classHourTenths = Math.round(course.classHours * 10);
    rows.push({
      name: course.name,
      thumb: course.thumb,
      description: course.description,
      teacherName: teacher?.name ?? '',
      teacherDescription: teacher?.description ?? '',
      classHourTenths,
      year,
      kind,
      delivery,
      courseType,
      // One credit an hour; public courses are free (shared/contracts credit-rules.ts).
      creditTenths: creditTenthsOfHours(classHourTenths),
      priceFen: kind === 'public' ? PUBLIC_COURSE_PRICE_FEN : priceFenOf(classHourTenths),
      teacherAvatar: '',
      sortOrder: rows.length,
      createdAt,
    });
  };
  for (const course of DEMO_CATALOGUE.compulsory) add(course, 'professional', 1, 'web');
  for (const course of DEMO_CATALOGUE.electives) add(course, 'professional', 2, 'web');
  for (const course of DEMO_CATALOGUE.faceToFace) add(course, 'professional', 2, 'face_to_face');
  for (const course of DEMO_CATALOGUE.public) add(course, 'public', 1, 'web');
  return rows;
}

/** Adds missing years, and each missing course of them (matched by year, kind and name). */
export const seedCatalogue: SeedPart = async ({ tx, clock }) => {
  let wrote = false;
  for (const demoYear of demoYearsOf(beijingYearOf(clock.now()))) {
    const yearRows = await tx
      .insert(academicYears)
      // Demo years are open already: a regular year is the default from its 1 January.
      .values({
        ...demoYear,
        openedAt: clock.now(),
        openedBy: '演示数据',
        studyStartsOn: `${demoYear.year}-01-01`,
        studyEndsOn: `${demoYear.year}-12-31`,
        defaultFrom: demoYear.isBuxue ? null : `${demoYear.year}-01-01`,
      })
      .onConflictDoNothing()
      .returning({ year: academicYears.year });
    const courseRows = await tx
      .insert(courses)
      .values(demoCoursesOf(demoYear.year, clock.now()))
      .onConflictDoNothing()
      .returning({ id: courses.id });
    wrote = wrote || yearRows.length > 0 || courseRows.length > 0;
  }
  return wrote;
};
