import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addWorkingDays,
  beijingDayOf,
  completionRate,
  groupsBy,
  regionOf,
  reviewDueOn,
  unitOf,
  type LearnerYear,
} from './report-rules';

describe('report rules', () => {
  test('unit and region as counted; blanks are 未填写', () => {
    assert.equal(unitOf('  南京市鼓楼医院 '), '南京市鼓楼医院');
    assert.equal(unitOf(''), '未填写');
    assert.equal(regionOf('江苏省', '南京市'), '江苏省南京市');
    assert.equal(regionOf('上海市', '市辖区'), '上海市');
    assert.equal(regionOf('江苏省', ''), '江苏省');
    assert.equal(regionOf('', '南京市'), '未填写');
  });

  test('completion rate in percent with one decimal; 0 with nobody enrolled', () => {
    assert.equal(completionRate(1, 3), 33.3);
    assert.equal(completionRate(2, 3), 66.7);
    assert.equal(completionRate(3, 3), 100);
    assert.equal(completionRate(0, 0), 0);
  });

  test('working days skip Saturdays and Sundays; the archive review is due 7 working days on', () => {
    assert.equal(addWorkingDays('2026-11-20', 1), '2026-11-23', 'Friday → Monday');
    assert.equal(addWorkingDays('2026-11-21', 1), '2026-11-23', 'Saturday → Monday');
    assert.equal(reviewDueOn('2026-11-23'), '2026-12-02', 'Monday → the Wednesday of the next week but one');
    assert.equal(reviewDueOn('2026-11-20'), '2026-12-01');
  });

  test('a moment’s Beijing day', () => {
    assert.equal(beijingDayOf(new Date('2026-11-20T15:59:59Z')), '2026-11-20');
    assert.equal(beijingDayOf(new Date('2026-11-20T16:00:00Z')), '2026-11-21');
  });

  test('groups: largest first, then by name, 未填写 last; the completion rule decides who completed', () => {
    const learner = (id: number, company: string, done: boolean): LearnerYear => ({
      learnerId: id,
      name: `学员${id}`,
      idNumber: '',
      company,
      province: '江苏省',
      city: '南京市',
      professional: { enrolledTenths: 600, completedTenths: done ? 600 : 300 },
      public: { enrolledTenths: 300, completedTenths: 300 },
      lastCompletedAt: null,
    });
    const groups = groupsBy(
      [learner(1, '', true), learner(2, '乙医院', false), learner(3, '甲医院', true), learner(4, '乙医院', true)],
      1,
      (row) => unitOf(row.company),
    );
    assert.deepEqual(groups, [
      { name: '乙医院', enrolled: 2, completed: 1, hours_completed: 150, completion_rate: 50 },
      { name: '甲医院', enrolled: 1, completed: 1, hours_completed: 90, completion_rate: 100 },
      { name: '未填写', enrolled: 1, completed: 1, hours_completed: 90, completion_rate: 100 },
    ]);
  });
});
