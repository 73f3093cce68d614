import { z } from 'zod';
import { initialPasswordOf } from '@yaoshi/contracts/identity-rules';
import { AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';
import { hashPassword } from '../accounts/passwords';
import { facePhotos } from '../face-photos/face-photos-schema';
import { learners } from '../accounts/accounts-schema';
import { readDemoData } from './demo-data';
import type { SeedPart } from './seed-part';

const text = z.string().min(1);
const code = z.number().int().positive();
const demoLearnerSchema = z
  .object({
    profile: z
      .object({
        name: text,
        idNumber: text,
        phone: z.string().regex(/^1\d{10}$/),
        certificationType: code,
        company: text,
        province: text,
        city: text,
        county: text,
        provinceCode: text,
        cityCode: text,
        countyCode: text,
        education: code,
        sex: code,
        major: text,
        certificationNumber1: text,
        certificationNumber2: text,
        graduateSchool: text,
        ethnic: code,
        professionRank: code,
        politicsStatus: code,
        email: z.string().email(),
      })
      .partial()
      .required({ name: true, idNumber: true, phone: true, certificationType: true })
      .strict(),
    /** An approved face photo under the media folder, or none (face_init 0). */
    approvedFace: z.string().nullable(),
  })
  .strict();

export type DemoLearner = z.infer<typeof demoLearnerSchema>;

/**
 * The demo accounts listed in the README (`api/demo/learners.json`); each logs in with the
 * last 6 characters of its ID number. 李华 has not filled in the profile nor collected a
 * face photo yet. 赵敏's study data is for the browser tests that play lessons (network cut,
 * quiz) alongside 王芳's, whose second simultaneous playback would be refused.
 */
export const DEMO_LEARNERS: readonly DemoLearner[] = readDemoData('learners.json', z.array(demoLearnerSchema));

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
      await tx
        .insert(facePhotos)
        .values({ learnerId: inserted.id, path: approvedFace, state: 'approved', createdAt: now, reviewedAt: now });
    }
  }
  return wrote;
};
