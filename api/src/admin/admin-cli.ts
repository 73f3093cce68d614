import { normalizeIdNumber, isValidIdNumber } from '@yaoshi/contracts/identity-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { reviewLatestFacePhoto, type ReviewDecision } from '../face-photos/face-photos';

export const ADMIN_USAGE = `用法：npm run admin -- avatar approve|reject <身份证号>

  avatar approve <身份证号>   通过该学员最近一次上传、待审核的人脸照片
  avatar reject <身份证号>    驳回该照片（学员下次登录须重新采集）`;

export type AdminCommand = { kind: 'review-avatar'; decision: ReviewDecision; idNumber: string };

/** The command in `argv` (after `--`), or an error text with the usage. */
export function parseAdminArgs(argv: readonly string[]): AdminCommand | { error: string } {
  const [area, action, idNumber, ...rest] = argv;
  if (area !== 'avatar' || (action !== 'approve' && action !== 'reject') || idNumber === undefined || rest.length > 0) {
    return { error: ADMIN_USAGE };
  }
  if (!isValidIdNumber(idNumber)) return { error: `身份证号不正确：${idNumber}` };
  return { kind: 'review-avatar', decision: action, idNumber: normalizeIdNumber(idNumber) };
}

/** Runs a parsed command; returns the line to print and whether it succeeded. */
export async function runAdminCommand(db: Database, clock: Clock, command: AdminCommand): Promise<{ ok: boolean; message: string }> {
  const outcome = await reviewLatestFacePhoto(db, clock, command.idNumber, command.decision);
  switch (outcome) {
    case 'reviewed':
      return { ok: true, message: `已${command.decision === 'approve' ? '通过' : '驳回'}学员 ${command.idNumber} 的人脸照片` };
    case 'no-such-learner':
      return { ok: false, message: `没有身份证号为 ${command.idNumber} 的学员` };
    case 'nothing-to-review':
      return { ok: false, message: `学员 ${command.idNumber} 没有待审核的人脸照片` };
  }
}
