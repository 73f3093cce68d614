import { timingSafeEqual } from 'node:crypto';
import { initialPasswordOf } from '@yaoshi/contracts/identity-rules';
import type { PasswordHasher } from './passwords';

/**
 * `learners.password_hash` of a learner created by 学员管理 (one, or thousands from an
 * import) whose password is still the initial one: the last 6 characters of the ID number
 * (spec 01 §1, printed as a hint on the login page).
 *
 * Why not an argon2 hash of it: that hash protects nothing, since the ID number it derives
 * from sits in the same row, and at ~10–25 ms a hash on these machines it would make a
 * 10,000-row import take minutes instead of seconds (issue 18: under 60 s). The first
 * password the learner sets (修改密码, 忘记密码, a reset by 学员管理) replaces the marker
 * with a real hash. It can never match a real hash (argon2 hashes start with `$argon2`).
 */
export const INITIAL_PASSWORD_MARK = 'initial:id-number-last-6';

/**
 * A learner's password check: a real hash through the bounded pool, or the initial
 * password compared in constant time after spending one verification's time, so the
 * answer time does not tell which kind of account it is.
 */
export async function verifyLearnerPassword(
  passwords: Pick<PasswordHasher, 'verify' | 'spendVerificationTime'>,
  learner: { passwordHash: string; idNumber: string },
  password: string,
): Promise<boolean> {
  if (learner.passwordHash !== INITIAL_PASSWORD_MARK) return passwords.verify(learner.passwordHash, password);
  await passwords.spendVerificationTime(password);
  const expected = Buffer.from(initialPasswordOf(learner.idNumber));
  const given = Buffer.from(password);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
