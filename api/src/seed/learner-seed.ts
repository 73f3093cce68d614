import { initialPasswordOf } from '@yaoshi/contracts/identity-rules';
import { AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';
import { hashPassword } from '../accounts/passwords';
import { facePhotos, learners } from '../db/schema';
import type { SeedPart } from './seed';

type LearnerInsert = typeof learners.$inferInsert;

export interface DemoLearner {
  profile: Omit<LearnerInsert, 'passwordHash' | 'createdAt' | 'updatedAt' | 'avatarStatus' | 'avatarPath'>;
  /** An approved face photo under the media folder, or none (face_init 0). */
  approvedFace: string | null;
}

/** The demo accounts listed in the README; each logs in with the last 6 characters of its ID number. */
export const DEMO_LEARNERS: readonly DemoLearner[] = [
  {
    profile: {
      name: '张晓明',
      idNumber: '320106198503124510',
      phone: '13812345678',
      certificationType: 1,
      company: '南京市鼓楼区人民医院',
      province: '江苏省',
      city: '南京市',
      county: '鼓楼区',
      provinceCode: '320000',
      cityCode: '320100',
      countyCode: '320106',
      education: 4,
      sex: 1,
      major: '药学',
      certificationNumber1: '苏执药2010012345',
      graduateSchool: '中国药科大学',
      ethnic: 1,
      professionRank: 2,
      politicsStatus: 2,
      email: 'zhangxiaoming@example.com',
    },
    approvedFace: 'demo-faces/zhang-xiaoming.svg',
  },
  {
    // A learner who has not filled in the profile nor collected a face photo yet.
    profile: { name: '李华', idNumber: '11010519491231002X', phone: '13900001111', certificationType: 4 },
    approvedFace: null,
  },
  {
    profile: {
      name: '王芳',
      idNumber: '310115198808080058',
      phone: '13700002222',
      certificationType: 2,
      company: '上海市浦东新区人民医院',
      province: '上海市',
      city: '市辖区',
      county: '浦东新区',
      provinceCode: '310000',
      cityCode: '310100',
      countyCode: '310115',
      education: 5,
      sex: 2,
      major: '中药学',
      certificationNumber1: '沪执药2015004567',
      certificationNumber2: '沪执药2018000321',
      graduateSchool: '上海中医药大学',
      ethnic: 1,
      professionRank: 1,
      politicsStatus: 3,
      email: 'wangfang@example.com',
    },
    approvedFace: 'demo-faces/wang-fang.svg',
  },
  {
    // Her study data is for the browser tests that play lessons (network cut, quiz)
    // alongside 王芳's, whose second simultaneous playback would be refused.
    profile: {
      name: '赵敏',
      idNumber: '330106199203150027',
      phone: '13600003333',
      certificationType: 1,
      company: '杭州市西湖区社区卫生服务中心',
      province: '浙江省',
      city: '杭州市',
      county: '西湖区',
      provinceCode: '330000',
      cityCode: '330100',
      countyCode: '330106',
      education: 4,
      sex: 2,
      major: '药学',
      certificationNumber1: '浙执药2016007788',
      graduateSchool: '浙江大学',
      ethnic: 1,
      professionRank: 2,
      politicsStatus: 3,
      email: 'zhaomin@example.com',
    },
    approvedFace: 'demo-faces/zhao-min.svg',
  },
];

/** Each demo learner missing by ID number or phone is added; existing accounts are left alone. */
export const seedLearners: SeedPart = async ({ tx, clock }) => {
  const now = clock.now();
  let wrote = false;
  for (const { profile, approvedFace } of DEMO_LEARNERS) {
    const [inserted] = await tx
      .insert(learners)
      .values({
        ...profile,
        passwordHash: await hashPassword(initialPasswordOf(profile.idNumber)),
        avatarPath: approvedFace,
        avatarStatus: approvedFace === null ? AVATAR_STATUS.none : AVATAR_STATUS.approved,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: learners.id });
    if (!inserted) continue;
    wrote = true;
    if (approvedFace !== null) {
      await tx.insert(facePhotos).values({ learnerId: inserted.id, path: approvedFace, state: 'approved', createdAt: now, reviewedAt: now });
    }
  }
  return wrote;
};
