import { eq } from 'drizzle-orm';
import { accountEndpoints } from '@yaoshi/contracts/accounts';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { classifyLoginId } from '@yaoshi/contracts/identity-rules';
import { faceInitOf, type AvatarStatus } from '@yaoshi/contracts/profile-rules';
import { requirePrincipal, type Principal } from '../auth/authenticator';
import { learners } from './accounts-schema';
import { ApiError, badInput } from '../envelope/api-error';
import type { RouteModule } from '../app-deps';
import { MESSAGES } from '../messages';
import { HASH_BUSY_RETRY_AFTER_S } from './passwords';
import { verifyLearnerPassword } from './initial-password';
import { IP_LIMITS, hitRateLimit } from '../rate-limits/rate-limits';
import { consumeSmsCode, sendSmsCode } from '../sms/sms-codes';
import { findLearnerByLoginId, findLearnerByPhone, learnerReader, type LearnerRow } from './learner-queries';
import {
  clearPasswordFailures,
  recordPasswordFailure,
  recordPasswordSuccess,
  reservePasswordAttempt,
} from './password-lockout';
import { changesReadOnlyField, profileChanges, profileOf, userInfoOf } from './profile';
import { openSession, revokeOtherSessions, revokeSession } from './sessions';

/** Login, codes, forgotten and changed passwords, profile, logout (spec 01 §4–§7). */
export const accountRoutes: RouteModule = (api, { db, clock, smsProvider, mediaUrls, passwords }) => {
  const signedIn = async (learner: LearnerRow) => {
    // Checked after the credentials, so the answer tells a stranger nothing (issue 18: 学员管理 disables accounts).
    if (learner.disabledAt !== null) throw new ApiError(403, MESSAGES.learnerDisabled);
    return {
      token: await openSession(db, clock, learner.id),
      face_init: faceInitOf(learner.avatarStatus as AvatarStatus),
      ...(learner.mustChangePassword ? { must_change_password: true } : {}),
    };
  };

  api.add(
    accountEndpoints.login,
    async ({ payload, request }) => {
      if (payload.type === '2') {
        await consumeSmsCode(db, clock, payload.phone, payload.vcode);
        // The caller has just proved they hold this phone, so saying it has no account
        // tells them nothing about anyone else.
        const learner = await findLearnerByPhone(db, payload.phone);
        if (learner === null) throw badInput(MESSAGES.phoneNotLinked);
        return signedIn(learner);
      }
      // The whole password check runs in a slot of the bounded pool (503 at once when full).
      return passwords.exclusive(async () => {
        await hitRateLimit(db, clock, IP_LIMITS.passwordLogin, request.ip);
        const loginId = classifyLoginId(payload.username);
        const learner = loginId === null ? null : await findLearnerByLoginId(db, loginId);
        if (learner === null) {
          await passwords.spendVerificationTime(payload.password);
          throw badInput(MESSAGES.wrongCredentials);
        }
        const attempt = await reservePasswordAttempt(db, clock, learner.id, request.ip);
        if ('lockedMinutes' in attempt) throw lockedOut(attempt.lockedMinutes);
        if (!(await verifyLearnerPassword(passwords, learner, payload.password))) {
          const lockedNow = await recordPasswordFailure(db, clock, learner.id);
          if (lockedNow !== null) throw lockedOut(lockedNow);
          throw badInput(MESSAGES.wrongCredentials);
        }
        const lockedMeanwhile = await recordPasswordSuccess(db, clock, learner.id);
        if (lockedMeanwhile !== null) throw lockedOut(lockedMeanwhile);
        return signedIn(learner);
      });
    },
    {
      // A full login pool refuses before the signature and nonce checks: cheap for a flood.
      shedLoad: () =>
        passwords.saturated() ? { message: MESSAGES.loginBusy, retryAfterSeconds: HASH_BUSY_RETRY_AFTER_S } : null,
    },
  );

  api.add(accountEndpoints.vcode, async ({ payload, request }) => {
    await sendSmsCode(db, clock, smsProvider, payload.phone, request.ip, request.log);
    return null;
  });

  api.add(accountEndpoints.forget, async ({ payload, request }) => {
    await hitRateLimit(db, clock, IP_LIMITS.forgotPassword, request.ip);
    // The form does not compare the two (spec 01 §5), but the server must pick one password.
    if (payload.password !== payload.confirm_password) throw badInput(ACCOUNT_MESSAGES.passwordsDiffer);
    await consumeSmsCode(db, clock, payload.phone, payload.vcode);
    const learner = await findLearnerByPhone(db, payload.phone);
    if (learner === null || learner.idNumber !== payload.idcard) throw badInput(MESSAGES.forgotDetailsMismatch);
    await db
      .update(learners)
      .set({
        passwordHash: await passwords.hash(payload.password),
        passwordLockedUntil: null,
        mustChangePassword: false,
        updatedAt: clock.now(),
      })
      .where(eq(learners.id, learner.id));
    await clearPasswordFailures(db, learner.id);
    await revokeOtherSessions(db, clock, learner.id, null);
    return null;
  });

  const signedInLearner = learnerReader(db);

  api.add(accountEndpoints.userinfo, async ({ principal }) =>
    userInfoOf(await signedInLearner(signedInId(principal)), mediaUrls),
  );

  api.add(accountEndpoints.profile, async ({ principal }) => profileOf(await signedInLearner(signedInId(principal))));

  api.add(accountEndpoints.modify, async ({ payload, principal }) => {
    const learner = await signedInLearner(signedInId(principal));
    if (changesReadOnlyField(learner, payload)) throw badInput(MESSAGES.readOnlyProfileField);
    const changes = profileChanges(payload);
    if (changes === null) throw badInput(ACCOUNT_MESSAGES.unitAddressInvalid);
    await db
      .update(learners)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(learners.id, learner.id));
    return null;
  });

  api.add(accountEndpoints.password, async ({ payload, principal }) => {
    const { learnerId, sessionId } = requirePrincipal(principal);
    await db
      .update(learners)
      .set({
        passwordHash: await passwords.hash(payload.newpasswd),
        passwordLockedUntil: null,
        mustChangePassword: false,
        updatedAt: clock.now(),
      })
      .where(eq(learners.id, learnerId));
    // Everyone else who had the old password is signed out; this browser stays in.
    await revokeOtherSessions(db, clock, learnerId, sessionId);
    return null;
  });

  api.add(accountEndpoints.logout, async ({ principal }) => {
    await revokeSession(db, clock, requirePrincipal(principal).sessionId);
    return null;
  });
};

const lockedOut = (minutes: number) => new ApiError(429, MESSAGES.passwordLoginLocked(minutes), minutes * 60);

function signedInId(principal: Principal | null): number {
  return requirePrincipal(principal).learnerId;
}
