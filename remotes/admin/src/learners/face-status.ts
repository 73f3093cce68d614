import { AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';

export const FACE_STATUS_TEXT: Readonly<Record<number, string>> = {
  [AVATAR_STATUS.none]: '未采集',
  [AVATAR_STATUS.approved]: '已通过',
  [AVATAR_STATUS.underReview]: '待审核',
  [AVATAR_STATUS.rejected]: '已驳回',
};
