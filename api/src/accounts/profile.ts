import type { ModifyRequest, Profile, UserInfo } from '@yaoshi/contracts/accounts';
import type { modifyRequestSchema } from '@yaoshi/contracts/accounts';
import { normalizeIdNumber } from '@yaoshi/contracts/identity-rules';
import { normalizeRegionChain } from '@yaoshi/contracts/profile-rules';
import type { z } from 'zod';
import type { learners } from './accounts-schema';
import type { MediaUrls } from '../media/private-media';
import type { LearnerRow } from './learner-queries';

export type ModifyPayload = z.output<typeof modifyRequestSchema>;

/** The face photo's URL is signed: only the learner it was handed to can show it, for a few hours. */
export function userInfoOf(learner: LearnerRow, urls: MediaUrls): UserInfo {
  return { name: learner.name, avatar: urls.urlOf(learner.avatarPath) };
}

// The database enforces the enumerations with check constraints, so a stored number is
// one of the contract's values; the casts only restate that.
export function profileOf(learner: LearnerRow): Profile {
  return {
    name: learner.name,
    phone: learner.phone,
    idcard: learner.idNumber,
    certification_type: learner.certificationType as Profile['certification_type'],
    company: learner.company,
    province: learner.province,
    city: learner.city,
    county: learner.county,
    province_id: learner.provinceCode ?? '',
    city_id: learner.cityCode ?? '',
    area_id: learner.countyCode ?? '',
    education: learner.education as Profile['education'],
    sex: learner.sex as Profile['sex'],
    major: learner.major,
    certification_number1: learner.certificationNumber1,
    certification_number2: learner.certificationNumber2,
    graduate_school: learner.graduateSchool,
    ethnic: learner.ethnic as Profile['ethnic'],
    profession_ranks: learner.professionRank as Profile['profession_ranks'],
    politics_status: learner.politicsStatus as Profile['politics_status'],
    email: learner.email,
    avatar_status: learner.avatarStatus,
  };
}

/**
 * True when the form tries to change a read-only field (spec 01 §6: name, phone, ID
 * number, certificate type). Sending them back unchanged, as the form does, is fine.
 */
export function changesReadOnlyField(
  learner: LearnerRow,
  payload: Pick<ModifyRequest, 'name' | 'phone' | 'idcard' | 'certification_type'>,
): boolean {
  if (payload.name !== undefined && payload.name.trim() !== learner.name) return true;
  if (payload.phone !== undefined && payload.phone.trim() !== learner.phone) return true;
  if (payload.idcard !== undefined && normalizeIdNumber(payload.idcard) !== learner.idNumber) return true;
  if (
    payload.certification_type !== undefined &&
    String(payload.certification_type).trim() !== String(learner.certificationType)
  )
    return true;
  return false;
}

type ProfileColumns = Partial<typeof learners.$inferInsert>;

/** The columns a valid form writes, or null when the address codes do not form a chain. */
export function profileChanges(payload: ModifyPayload): ProfileColumns | null {
  const region = normalizeRegionChain({
    province: payload.province_id,
    city: payload.city_id,
    county: payload.area_id ?? null,
  });
  if (region === null) return null;
  return {
    company: payload.company,
    province: payload.province,
    city: payload.city,
    county: region.county === null ? '' : (payload.county ?? ''),
    provinceCode: region.province,
    cityCode: region.city,
    countyCode: region.county,
    education: payload.education,
    sex: payload.sex,
    major: payload.major,
    certificationNumber1: payload.certification_number1,
    certificationNumber2: payload.certification_number2 ?? '',
    graduateSchool: payload.graduate_school,
    ethnic: payload.ethnic,
    professionRank: payload.profession_ranks,
    politicsStatus: payload.politics_status,
    email: payload.email,
  };
}
