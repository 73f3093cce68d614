/**
 * Identity rules of spec 01 §5 and §9 as plain functions, free of zod and of Node APIs so
 * the browser forms and the server contracts use the very same checks.
 */

/** Login id field: max 18 characters (spec 01 §9). */
export const LOGIN_ID_MAX_LENGTH = 18;
/** Phone numbers: 11 digits. */
export const PHONE_LENGTH = 11;
/** SMS verification codes: 6 digits. */
export const SMS_CODE_LENGTH = 6;
/** Forgot password: 6 to 12 characters. */
export const FORGOT_PASSWORD_MIN_LENGTH = 6;
export const FORGOT_PASSWORD_MAX_LENGTH = 12;
/** Password change: at least 6 (the spec sets no maximum; 64 bounds the hashing work). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;
/** Code resend countdown shown by the client. */
export const CODE_RESEND_SECONDS = 60;
/** The initial password is the last 6 characters of the ID number (spec 01 §1). */
export const INITIAL_PASSWORD_LENGTH = 6;

/** Login by code and "get code": 1 and 10 more digits. */
export const LOGIN_PHONE_PATTERN = /^1\d{10}$/;
/** Forgot password: 1, then 3–9, then 9 digits. */
export const MOBILE_PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isLoginPhone(value: string): boolean {
  return LOGIN_PHONE_PATTERN.test(value);
}

export function isMobilePhone(value: string): boolean {
  return MOBILE_PHONE_PATTERN.test(value);
}

// ── Resident ID numbers (GB 11643-1999) ──────────────────────────────────────────────

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARACTERS = '10X98765432';

/** The check character (0–9 or X) of the first 17 digits of an 18-digit ID number. */
export function idNumberCheckCharacter(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('idNumberCheckCharacter needs exactly 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARACTERS[sum % 11] ?? '';
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** Upper-cases a trailing x; ID numbers are stored and compared in this form. */
export function normalizeIdNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** An 18-digit ID number: region, a real birth date from 1900 on, sequence, valid check character. */
export function isValidIdNumber18(value: string): boolean {
  const id = normalizeIdNumber(value);
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const year = Number(id.slice(6, 10));
  if (year < 1900 || !isRealDate(year, Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  return idNumberCheckCharacter(id.slice(0, 17)) === id[17];
}

/** A legacy 15-digit ID number (issued before 1999): region, yyMMdd birth date in the 1900s, sequence. */
export function isValidIdNumber15(value: string): boolean {
  const id = value.trim();
  if (!/^\d{15}$/.test(id)) return false;
  return isRealDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
}

/** The 18-digit form of a legacy 15-digit number: century 19 inserted, check character appended. */
export function upgradeIdNumber15(value: string): string {
  const id = value.trim();
  const first17 = `${id.slice(0, 6)}19${id.slice(6)}`;
  return first17 + idNumberCheckCharacter(first17);
}

/** Profile and forgot-password ID numbers: the 18-digit form only. */
export function isValidIdNumber(value: string): boolean {
  return isValidIdNumber18(value);
}

export type LoginIdKind = 'phone' | 'idNumber';

/**
 * What a login id is (spec 01 §5: a 15- or 18-digit ID number or an 11-digit phone
 * starting with 1), or null. A 15-digit ID number is looked up by its 18-digit form.
 */
export function classifyLoginId(value: string): { kind: LoginIdKind; value: string } | null {
  const text = value.trim();
  if (text.length === 0 || text.length > LOGIN_ID_MAX_LENGTH) return null;
  if (isLoginPhone(text)) return { kind: 'phone', value: text };
  if (isValidIdNumber18(text)) return { kind: 'idNumber', value: normalizeIdNumber(text) };
  if (isValidIdNumber15(text)) return { kind: 'idNumber', value: upgradeIdNumber15(text) };
  return null;
}

export function isLoginId(value: string): boolean {
  return classifyLoginId(value) !== null;
}

/** The initial password of a learner (spec 01 §1). */
export function initialPasswordOf(idNumber: string): string {
  return normalizeIdNumber(idNumber).slice(-INITIAL_PASSWORD_LENGTH);
}

/** Six digits, as sent by SMS. */
export function isSmsCode(value: string): boolean {
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(value);
}

export function isForgotPasswordLength(value: string): boolean {
  return value.length >= FORGOT_PASSWORD_MIN_LENGTH && value.length <= FORGOT_PASSWORD_MAX_LENGTH;
}
