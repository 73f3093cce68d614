import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CERTIFICATE_NO_PATTERN,
  certificateNoOf,
  maskIdNumber,
  maskName,
  verifyUrlOf,
  yearCompletionOf,
  type YearCourse,
} from './certificate-rules';

const course = (kind: YearCourse['kind'], classHourTenths: number, progress = 100): YearCourse => ({
  kind,
  classHourTenths,
  progress,
});
const professional60 = Array.from({ length: 10 }, () => course('professional', 60));
const public30 = Array.from({ length: 6 }, () => course('public', 50));

test('a year is complete with 60 professional and 30 public hours, every enrolled course finished', () => {
  assert.deepEqual(yearCompletionOf(1, [...professional60, ...public30]), {
    complete: true,
    professionalTenths: 600,
    publicTenths: 300,
  });
  // One course short of 100 %, even beyond the requirement, keeps the year open.
  assert.equal(yearCompletionOf(1, [...professional60, ...public30, course('professional', 30, 99)]).complete, false);
  assert.equal(yearCompletionOf(1, [...professional60.slice(1), ...public30]).complete, false);
  assert.equal(yearCompletionOf(1, [...professional60, ...public30.slice(1)]).complete, false);
  assert.equal(yearCompletionOf(1, []).complete, false);
  // need_all 2 (make-up years): the professional hours enrolled, all finished, and the public 30.
  assert.equal(yearCompletionOf(2, [course('professional', 30), ...public30]).complete, true);
  assert.equal(yearCompletionOf(2, [course('professional', 30, 50), ...public30]).complete, false);
  assert.equal(yearCompletionOf(2, [course('professional', 30)]).complete, false, 'the public 30 hours are required');
});

test('numbers, addresses and masks', () => {
  const no = certificateNoOf(2026, [0, 1, 2, 3, 31, 30, 18, 19, 20, 21]);
  assert.equal(no, 'XS20260123ZYJKMN');
  assert.match(no, CERTIFICATE_NO_PATTERN);
  assert.doesNotMatch('XS2026ILOU012345', CERTIFICATE_NO_PATTERN);
  assert.equal(verifyUrlOf('https://www.example.org', no), `https://www.example.org/verify?no=${no}`);
  assert.equal(maskName('张晓明'), '张*明');
  assert.equal(maskName('陈静'), '陈*');
  assert.equal(maskName('欧阳明月'), '欧**月');
  assert.equal(maskName('王'), '王');
  assert.equal(maskIdNumber('320102199006150020'), '320102********0020');
  assert.equal(maskIdNumber('11010519491231002X'), '110105********002X');
  assert.equal(maskIdNumber('123'), '***');
});
