import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AVATAR_STATUS,
  CERTIFICATION_TYPE_VALUES,
  EDUCATION_VALUES,
  ETHNIC_VALUES,
  POLITICS_STATUS_VALUES,
  PROFESSION_RANK_VALUES,
  SEX_VALUES,
  faceInitOf,
  isChineseOnly,
  isEmail,
  isRegionChain,
  normalizeRegionChain,
  toFullRegionCode,
  toShortRegionCode,
} from './profile-rules';

describe('profile enumerations (spec 01 §3)', () => {
  test('the values of each enumeration', () => {
    assert.deepEqual(EDUCATION_VALUES, [1, 2, 3, 4, 5]);
    assert.deepEqual(CERTIFICATION_TYPE_VALUES, [1, 2, 3, 4]);
    assert.deepEqual(ETHNIC_VALUES, [1, 2]);
    assert.deepEqual(PROFESSION_RANK_VALUES, [0, 1, 2, 3]);
    assert.deepEqual(POLITICS_STATUS_VALUES, [1, 2, 3]);
    assert.deepEqual(SEX_VALUES, [1, 2, 3]);
  });
});

describe('profile fields', () => {
  test('work unit: Chinese characters only', () => {
    assert.equal(isChineseOnly('南京市鼓楼区人民医院'), true);
    assert.equal(isChineseOnly('南京市第1医院'), false);
    assert.equal(isChineseOnly('Nanjing'), false);
    assert.equal(isChineseOnly('南京 医院'), false);
    assert.equal(isChineseOnly(''), false);
  });

  test('email format', () => {
    assert.equal(isEmail('zhang.xm+study@example.com.cn'), true);
    for (const bad of [
      'zhang',
      'zhang@',
      '@example.com',
      'zhang@example',
      'zh ang@example.com',
      `${'a'.repeat(95)}@ex.com`,
    ]) {
      assert.equal(isEmail(bad), false, bad);
    }
  });
});

describe('GB/T 2260 region codes', () => {
  test('short and full forms of each level', () => {
    assert.equal(toFullRegionCode('32', 'province'), '320000');
    assert.equal(toFullRegionCode('320000', 'province'), '320000');
    assert.equal(toFullRegionCode('3201', 'city'), '320100');
    assert.equal(toFullRegionCode('320106', 'county'), '320106');
    assert.equal(toFullRegionCode('320100', 'province'), null);
    assert.equal(toFullRegionCode('320000', 'city'), null);
    assert.equal(toFullRegionCode('320100', 'county'), null);
    assert.equal(toFullRegionCode('00', 'province'), null);
    assert.equal(toFullRegionCode('32a', 'province'), null);
    assert.equal(toShortRegionCode('320100', 'city'), '3201');
  });

  test('a city belongs to its province by 2 digits, a county to its city by 4', () => {
    assert.deepEqual(normalizeRegionChain({ province: '32', city: '3201', county: '320106' }), {
      province: '320000',
      city: '320100',
      county: '320106',
    });
    assert.deepEqual(normalizeRegionChain({ province: '440000', city: '441900', county: '' }), {
      province: '440000',
      city: '441900',
      county: null,
    });
    assert.equal(isRegionChain({ province: '32', city: '3101' }), false);
    assert.equal(isRegionChain({ province: '32', city: '3201', county: '320206' }), false);
    assert.equal(isRegionChain({ province: '', city: '3201' }), false);
  });
});

test('face_init is 1 once a photo is approved or waiting for review', () => {
  assert.equal(faceInitOf(AVATAR_STATUS.none), 0);
  assert.equal(faceInitOf(AVATAR_STATUS.underReview), 1);
  assert.equal(faceInitOf(AVATAR_STATUS.approved), 1);
  assert.equal(faceInitOf(AVATAR_STATUS.rejected), 0);
});
