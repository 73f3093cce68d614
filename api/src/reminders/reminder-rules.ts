import {
  HOUR_TENTHS,
  REQUIRED_PROFESSIONAL_TENTHS,
  REQUIRED_PUBLIC_TENTHS,
} from '@yaoshi/contracts/course-selection-rules';

/**
 * The year-end reminder's rules (issue 37), each number named once.
 *
 * Hours still missing are counted as the learner pages count hours: a course's 学时 count
 * once it is completed and not withdrawn (refunded); the public requirement (30) and the
 * professional one (60) are separate, so extra public hours do not make up professional ones.
 */
export function missingTenthsOf(earnedPublicTenths: number, earnedProfessionalTenths: number): number {
  return (
    Math.max(0, REQUIRED_PUBLIC_TENTHS - earnedPublicTenths) +
    Math.max(0, REQUIRED_PROFESSIONAL_TENTHS - earnedProfessionalTenths)
  );
}

export function hoursToTenths(hours: number): number {
  return Math.round(hours * HOUR_TENTHS);
}

/**
 * Reminders sent per minute (the reminders-send job runs each minute). SMS: well under the
 * gateways' per-account rate (Aliyun and Tencent allow thousands a second; their per-phone
 * limits are one a minute, which once per campaign keeps). Mail: an association's mailbox
 * (企业邮箱) accepts a few hundred an hour before it treats the sender as a spammer.
 */
export const REMINDERS_PER_MINUTE: Readonly<Record<'sms' | 'mail', number>> = { sms: 200, mail: 20 };
