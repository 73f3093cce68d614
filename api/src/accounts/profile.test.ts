import { test } from 'node:test';
import assert from 'node:assert/strict';
import { modifyRequestSchema } from '@yaoshi/contracts/accounts';
import type { LearnerRow } from './learner-queries';
import { minutesLocked } from './password-lockout';
import { changesReadOnlyField, profileChanges } from './profile';

const learner = {
  name: '李华',
  phone: '13900001111',
  idNumber: '11010519491231002X',
  certificationType: 4,
} as LearnerRow; // only the read-only fields matter here

const form = modifyRequestSchema.parse({
  company: '北京市朝阳区药品监督管理局',
  province: '北京市',
  city: '市辖区',
  county: '朝阳区',
  province_id: '11',
  city_id: '1101',
  area_id: '110105',
  education: 3,
  sex: '2',
  major: '药学',
  certification_number1: '京执药001',
  graduate_school: '北京大学医学部',
  ethnic: 1,
  profession_ranks: 0,
  politics_status: 2,
  email: 'li@example.com',
});

test('read-only fields may be sent back unchanged, not changed', () => {
  assert.equal(changesReadOnlyField(learner, {}), false);
  assert.equal(
    changesReadOnlyField(learner, {
      name: ' 李华 ',
      phone: '13900001111',
      idcard: '11010519491231002x',
      certification_type: '4',
    }),
    false,
  );
  assert.equal(changesReadOnlyField(learner, { name: '李小华' }), true);
  assert.equal(changesReadOnlyField(learner, { phone: '13900001112' }), true);
  assert.equal(changesReadOnlyField(learner, { idcard: '320106198503124510' }), true);
  assert.equal(changesReadOnlyField(learner, { certification_type: 1 }), true);
});

test('the form becomes columns with 6-digit region codes; a broken chain is refused', () => {
  const columns = profileChanges(form);
  assert.ok(columns);
  assert.deepEqual([columns.provinceCode, columns.cityCode, columns.countyCode], ['110000', '110100', '110105']);
  assert.equal(columns.sex, 2);
  assert.equal(columns.certificationNumber2, '');
  assert.equal(profileChanges({ ...form, city_id: '3201' }), null);
  const noCounty = profileChanges({ ...form, area_id: '', county: '朝阳区' });
  assert.equal(noCounty?.countyCode, null);
  assert.equal(noCounty?.county, '');
});

test('lock minutes', () => {
  const now = new Date('2025-06-16T02:00:00Z');
  assert.equal(minutesLocked(null, now), null);
  assert.equal(minutesLocked(now, now), null);
  assert.equal(minutesLocked(new Date(now.getTime() + 1), now), 1);
  assert.equal(minutesLocked(new Date(now.getTime() + 14 * 60_000 + 1), now), 15);
});
