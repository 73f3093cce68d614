import { COURSE_KIND_NAMES } from './site-names';
/**
 * 课程管理 (issue 20): the rules of editing study years, courses and lessons, used by the
 * server (which enforces them) and by the console (which shows frozen fields read-only and
 * explains why). The spec's own numbers stay where they are (study-rules, credit-rules).
 */

export const COURSE_ADMIN_MESSAGES = {
  yearInvalid: '年度须为 2000 至 2100 之间的整数',
  yearExists: '该年度已存在',
  yearUnknown: '年度不存在',
  needAllInvalid: '学时要求只能是“须修满60学时”或“不限学时”',
  dateInvalid: '日期格式应为 YYYY-MM-DD',
  datesOrder: '开放日期不能晚于截止日期',
  tipTooLong: '选课提示不能超过 500 个字',
  hourPriceInvalid: '每学时价格须为 0 至 10000 元之间、最多两位小数的金额',
  courseUnknown: '课程不存在',
  nameRequired: '请输入课程名称',
  nameTooLong: '课程名称不能超过 60 个字',
  nameTaken: '该年度同类课程中已有同名课程',
  kindInvalid: '课程类型只能是专业课（必修）、专业课（选修）或公需课',
  publicFaceToFace: '公需课只能网络授课',
  creditInvalid: '学分须为 0 至 100 之间、最多一位小数的数',
  hoursInvalid: '学时须大于 0、不超过 100，最多一位小数',
  priceInvalid: '价格须为 0 至 10000 元之间、最多两位小数的金额',
  teacherTooLong: '授课教师姓名不能超过 30 个字',
  textTooLong: '简介不能超过 2000 个字',
  frozen: '该课程已有订单，价格和学时不能再修改',
  facePointsInvalid: '人脸核验点须为 1 至 99 之间互不相同的整数百分比，最多 10 个',
  quizPointsInvalid: '答题点须为 1 至 99 之间互不相同的整数百分比，最多 10 个',
  quizOnlyPublic: '只有公需课可以设置答题点',
  imageInvalid: '请上传 PNG、JPEG 或 WebP 格式的图片',
  imageTooLarge: '图片不能超过 2 MB',
  faceToFaceNoVideo: '面授课程不能上传视频',
  uploadUnknown: '找不到这次上传的视频，请重新上传',
  uploadsPerStaff: (open: number) =>
    `您已有${open}个未完成的视频上传，请先完成（重新选择同一文件即可继续上传）；24小时没有进展的上传会自动清除`,
  uploadsTotal: '正在进行的视频上传较多，请稍后再试',
  uploadIncomplete: '视频还没有上传完成，请等待上传结束',
  videoUnreadable: '无法读取该视频文件，请确认文件完整且为 MP4 或 WebM 格式的视频',
  videoFormat: '仅支持 MP4 或 WebM 格式的视频',
  videoTooLarge: '视频文件不能超过 8 GB',
  videoRequired: '请先上传课时视频',
  probeUnavailable: '服务器暂时无法读取视频信息，请稍后再试',
  /** A request to the upload address that is not a resumable (tus) upload. */
  resumableRequired: '请在课程管理页面上传视频（断点续传请求缺少 Tus-Resumable 头）',
  /** Sign-up outside a year's open and close dates (the learner's message). */
  signupClosed: '该年度不在报名时间内',
  /** 重新转码 (issue 21) of an id the server does not know. */
  transcodeUnknown: '转码任务不存在',
  /** 重新转码 of a transcode that has not failed (queued, running or done). */
  transcodeNotFailed: '只有转码失败的视频可以重新转码',
  /** A running transcode whose job was lost (its server stopped mid-way and the queue gave up). */
  transcodeOrphaned: '转码中断：处理它的服务器已停止，请点击重新转码',
} as const;

/**
 * A lesson video's transcode into HLS (issue 21), as the console shows it: 排队中 → 转码中 →
 * 已完成, or 失败 with ffmpeg's reason (then 重新转码 puts it back in the queue).
 */
export const TRANSCODE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TranscodeStatusName = (typeof TRANSCODE_STATUSES)[number];
export const TRANSCODE_STATUS_LABELS: Readonly<Record<TranscodeStatusName, string>> = {
  queued: '排队中',
  running: '转码中',
  done: '已完成',
  failed: '失败',
};
/** A transcode still under way: the console polls it. */
export function transcodeInProgress(status: TranscodeStatusName): boolean {
  return status === 'queued' || status === 'running';
}

export const COURSE_ADMIN_LIMITS = {
  name: 60,
  teacher: 30,
  text: 2000,
  tip: 500,
  maxHourTenths: 1000,
  maxCreditTenths: 1000,
  maxPriceFen: 1_000_000,
  maxPoints: 10,
  imageBytes: 2 * 1024 * 1024,
  /** "Files of several GB": the upload refuses more than this. */
  videoBytes: 8 * 1024 * 1024 * 1024,
  /** Unfinished video uploads one staff member may hold open at once (a resumed upload is the same one). */
  openUploadsPerStaff: 3,
  /** Unfinished video uploads the whole site holds at once: their declared sizes reserve disk. */
  openUploadsTotal: 20,
} as const;

/**
 * The console's three course kinds, as the catalogue stores them (kind + course_type), named
 * as learners see them: 专业课 (compulsory or elective within it) and 公需课 (site-names.ts).
 */
export const COURSE_KIND_CHOICES = {
  compulsory: { kind: 'professional', courseType: 1, label: `${COURSE_KIND_NAMES.professional}（必修）` },
  elective: { kind: 'professional', courseType: 2, label: `${COURSE_KIND_NAMES.professional}（选修）` },
  public: { kind: 'public', courseType: 1, label: COURSE_KIND_NAMES.public },
} as const;
export type CourseKindChoice = keyof typeof COURSE_KIND_CHOICES;

export function courseKindChoiceOf(kind: string, courseType: number): CourseKindChoice {
  if (kind === 'public') return 'public';
  return courseType === 2 ? 'elective' : 'compulsory';
}

/** The fields an order freezes: once a course was ordered, what the learner paid for stays as it was. */
export const FROZEN_AFTER_ORDER = ['price', 'class_hour'] as const;

/** Points as the study page uses them: whole percentages 1–99, distinct, ascending. */
export function normalisedPoints(points: readonly number[]): number[] | null {
  if (points.length > COURSE_ADMIN_LIMITS.maxPoints) return null;
  if (!points.every((point) => Number.isInteger(point) && point >= 1 && point <= 99)) return null;
  if (new Set(points).size !== points.length) return null;
  return [...points].sort((a, b) => a - b);
}

/** 'YYYY-MM-DD' that is a real day. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Whether learners may sign up for a year on `today` (a Beijing 'YYYY-MM-DD'): between its
 * open and close dates, both included; a date left empty does not limit.
 */
export function yearOpenOn(year: { opensOn: string | null; closesOn: string | null }, today: string): boolean {
  if (year.opensOn !== null && today < year.opensOn) return false;
  if (year.closesOn !== null && today > year.closesOn) return false;
  return true;
}

/** Yuan with at most two decimals → fen; null when it is not such an amount. */
export function fenOfYuan(yuan: number): number | null {
  const fen = Math.round(yuan * 100);
  if (!Number.isFinite(yuan) || Math.abs(fen - yuan * 100) > 1e-6) return null;
  return fen;
}

/** Hours or credits with at most one decimal → tenths; null otherwise. */
export function tenthsOf(value: number): number | null {
  const tenths = Math.round(value * 10);
  if (!Number.isFinite(value) || Math.abs(tenths - value * 10) > 1e-6) return null;
  return tenths;
}
