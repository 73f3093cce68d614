import { beijingYearOf } from '../content/published-time';
import { academicYears, courses } from '../db/schema';
import type { SeedPart } from './seed';
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
  const required = (year: number) => `${year}年度专业科目须修满60学时：必修课全部选择，选修课自选，合计60学时。`;
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

interface DemoCourse {
  name: string;
  thumb: string;
  teacherName: string;
  teacherDescription: string;
  description: string;
  /** Tenths of an hour: 60 = 6 h. */
  classHourTenths: number;
}

const TEACHERS = {
  chen: { teacherName: '陈志刚', teacherDescription: '主任药师，中国药科大学临床药学教授，长期从事抗感染药物临床应用研究。' },
  liu: { teacherName: '刘雅琴', teacherDescription: '主任药师，省人民医院药学部主任，省药师协会常务理事。' },
  zhou: { teacherName: '周明远', teacherDescription: '副主任中药师，南京中医药大学附属医院中药房负责人。' },
  sun: { teacherName: '孙立新', teacherDescription: '省药品监督管理局政策法规处原处长，长期从事药事法规研究与培训。' },
  he: { teacherName: '何静', teacherDescription: '副主任药师，社区药学服务与慢病用药管理方向。' },
} as const;

const COMPULSORY: readonly DemoCourse[] = [
  {
    name: '药品管理法律法规与执业药师职业道德',
    thumb: 'courses/regulation.svg',
    ...TEACHERS.sun,
    description: '系统解读《药品管理法》《执业药师注册管理办法》等法规要求，结合典型案例讲解执业药师的法律责任与职业道德。',
    classHourTenths: 60,
  },
  {
    name: '处方审核规范与常见不合理处方分析',
    thumb: 'courses/rational-use.svg',
    ...TEACHERS.liu,
    description: '依据《医疗机构处方审核规范》，讲解处方审核流程与要点，分析常见不合理处方并给出干预方法。',
    classHourTenths: 60,
  },
  {
    name: '抗菌药物临床合理应用',
    thumb: 'courses/clinical-pharmacy.svg',
    ...TEACHERS.chen,
    description: '介绍抗菌药物分级管理、经验性治疗与目标治疗原则，以及特殊人群抗菌药物的选择与剂量调整。',
    classHourTenths: 60,
  },
  {
    name: '药物警戒与药品不良反应监测',
    thumb: 'courses/pharmaceutical-care.svg',
    ...TEACHERS.liu,
    description: '讲解药物警戒体系、药品不良反应的识别、评价与报告，以及药师在风险管理中的作用。',
    classHourTenths: 60,
  },
];

const ELECTIVES: readonly DemoCourse[] = [
  {
    name: '高血压患者的用药指导',
    thumb: 'courses/pharmaceutical-care.svg',
    ...TEACHERS.he,
    description: '常用降压药物的作用特点、联合用药原则与患者依从性管理。',
    classHourTenths: 60,
  },
  {
    name: '糖尿病药物治疗与血糖管理',
    thumb: 'courses/clinical-pharmacy.svg',
    ...TEACHERS.chen,
    description: '口服降糖药与胰岛素的合理使用、低血糖的预防与处理。',
    classHourTenths: 60,
  },
  {
    name: '常用中成药的合理使用',
    thumb: 'courses/chinese-medicine.svg',
    ...TEACHERS.zhou,
    description: '按功效分类讲解常用中成药的辨证使用、配伍禁忌与中西药联用注意事项。',
    classHourTenths: 60,
  },
  {
    name: '中药饮片调剂与质量鉴别',
    thumb: 'courses/chinese-medicine.svg',
    ...TEACHERS.zhou,
    description: '中药饮片调剂规范、常见易混淆品种的性状鉴别与质量控制。',
    classHourTenths: 60,
  },
  {
    name: '儿童与老年人安全用药',
    thumb: 'courses/rational-use.svg',
    ...TEACHERS.he,
    description: '特殊人群的药动学特点、剂量计算与常见用药风险防范。',
    classHourTenths: 60,
  },
  {
    name: '抗凝药物的药学监护',
    thumb: 'courses/clinical-pharmacy.svg',
    ...TEACHERS.chen,
    description: '华法林与新型口服抗凝药的监测指标、相互作用与出血风险评估。',
    classHourTenths: 60,
  },
  {
    name: '社区药房慢病管理实践',
    thumb: 'courses/pharmaceutical-care.svg',
    ...TEACHERS.he,
    description: '社区药房开展慢病随访、用药重整与健康教育的方法与案例。',
    classHourTenths: 60,
  },
  {
    name: '药品储存养护与效期管理',
    thumb: 'courses/regulation.svg',
    ...TEACHERS.sun,
    description: '《药品经营质量管理规范》中储存与养护要求、冷链药品管理与效期预警。',
    classHourTenths: 60,
  },
  {
    name: '药物相互作用速查与案例',
    thumb: 'courses/rational-use.svg',
    ...TEACHERS.liu,
    description: '常见药物相互作用的机制与临床意义，以案例讲解如何识别与规避。',
    classHourTenths: 30,
  },
  {
    name: '疫苗知识与预防接种咨询',
    thumb: 'courses/public-health.svg',
    ...TEACHERS.he,
    description: '常用疫苗的分类、接种禁忌与药师在接种咨询中的角色。',
    classHourTenths: 30,
  },
];

const FACE_TO_FACE: readonly DemoCourse[] = [
  {
    name: '临床药学实践技能面授班',
    thumb: 'courses/clinical-pharmacy.svg',
    ...TEACHERS.liu,
    description: '面授课程，暂未开放。',
    classHourTenths: 120,
  },
  {
    name: '中药鉴定实操面授班',
    thumb: 'courses/chinese-medicine.svg',
    ...TEACHERS.zhou,
    description: '面授课程，暂未开放。',
    classHourTenths: 120,
  },
];

const PUBLIC_COURSES: readonly DemoCourse[] = [
  { name: '专业技术人员职业道德与诚信建设', thumb: 'courses/public-health.svg', ...TEACHERS.sun, description: '公需科目：职业道德规范与诚信体系建设。', classHourTenths: 50 },
  { name: '健康中国战略与公共卫生', thumb: 'courses/public-health.svg', ...TEACHERS.he, description: '公需科目：健康中国战略解读与基本公共卫生服务。', classHourTenths: 50 },
  { name: '突发公共卫生事件应急处置', thumb: 'courses/public-health.svg', ...TEACHERS.chen, description: '公需科目：突发事件的报告、响应与药品保障。', classHourTenths: 50 },
  { name: '个人信息保护与数据安全', thumb: 'courses/public-health.svg', ...TEACHERS.sun, description: '公需科目：《个人信息保护法》要点与医药行业数据安全。', classHourTenths: 50 },
  { name: '人工智能与医药健康', thumb: 'courses/public-health.svg', ...TEACHERS.liu, description: '公需科目：人工智能在医药领域的应用与伦理。', classHourTenths: 50 },
  { name: '心理健康与压力管理', thumb: 'courses/public-health.svg', ...TEACHERS.he, description: '公需科目：职场心理健康与压力调适。', classHourTenths: 50 },
  { name: '法治素养与依法执业', thumb: 'courses/public-health.svg', ...TEACHERS.sun, description: '公需科目：法治思维与依法执业。', classHourTenths: 50 },
  { name: '科研诚信与学术规范', thumb: 'courses/public-health.svg', ...TEACHERS.chen, description: '公需科目：科研诚信、学术规范与成果转化。', classHourTenths: 50 },
];


/** Professional courses: 5 yuan an hour, in fen (a 6-hour course costs 30 yuan). */
function priceFenOf(classHourTenths: number): number {
  return classHourTenths * 50;
}

/** Every demo course of one year, in list order. */
export function demoCoursesOf(year: number, createdAt: Date): CourseInsert[] {
  const rows: CourseInsert[] = [];
  const add = (course: DemoCourse, kind: 'professional' | 'public', courseType: 1 | 2, delivery: 'web' | 'face_to_face') =>
    rows.push({
      ...course,
      year,
      kind,
      delivery,
      courseType,
      // One credit an hour; public courses are free (shared/contracts credit-rules.ts).
      creditTenths: creditTenthsOfHours(course.classHourTenths),
      priceFen: kind === 'public' ? PUBLIC_COURSE_PRICE_FEN : priceFenOf(course.classHourTenths),
      teacherAvatar: '',
      sortOrder: rows.length,
      createdAt,
    });
  for (const course of COMPULSORY) add(course, 'professional', 1, 'web');
  for (const course of ELECTIVES) add(course, 'professional', 2, 'web');
  for (const course of FACE_TO_FACE) add(course, 'professional', 2, 'face_to_face');
  for (const course of PUBLIC_COURSES) add(course, 'public', 1, 'web');
  return rows;
}

/** Adds missing years, and each missing course of them (matched by year, kind and name). */
export const seedCatalogue: SeedPart = async ({ tx, clock }) => {
  let wrote = false;
  for (const demoYear of demoYearsOf(beijingYearOf(clock.now()))) {
    const yearRows = await tx.insert(academicYears).values(demoYear).onConflictDoNothing().returning({ year: academicYears.year });
    const courseRows = await tx
      .insert(courses)
      .values(demoCoursesOf(demoYear.year, clock.now()))
      .onConflictDoNothing()
      .returning({ id: courses.id });
    wrote = wrote || yearRows.length > 0 || courseRows.length > 0;
  }
  return wrote;
};
