import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  COMPLETION_WATCHED_PERCENT,
  coversCompletion,
  duePercentOf,
  formatOneDecimal,
  progressPercentOf,
  requiredYearTenths,
  yearCompleted,
  publicCourseGateOf,
  studyActionOf,
  studySummaryOf,
} from './study-rules';

describe('progress of a verified watch', () => {
  test('completion needs the required share of the video', () => {
    assert.equal(COMPLETION_WATCHED_PERCENT, 98);
    assert.equal(coversCompletion(29, 30), false); // 96.7 %
    assert.equal(coversCompletion(29.4, 30), true);
    assert.equal(coversCompletion(30, 30), true);
    assert.equal(coversCompletion(97, 100), false);
    assert.equal(coversCompletion(98, 100), true);
  });

  test('whole percent watched, at most 99 until complete, 100 once complete', () => {
    assert.equal(progressPercentOf(0, 30), 0);
    assert.equal(progressPercentOf(15, 30), 50);
    assert.equal(progressPercentOf(10, 30), 33);
    assert.equal(progressPercentOf(97, 100), 97);
    assert.equal(progressPercentOf(98.9, 101), 97); // 97.9 %: short of the share, whole percent
    assert.equal(progressPercentOf(98, 100), 100);
    assert.equal(progressPercentOf(5, 0), 0);
  });
});

describe('study summary (spec 01 §9, spec 02 §5)', () => {
  const course = (learn_progress: number, class_hour: number, credit: number) => ({
    learn_progress,
    class_hour,
    credit,
  });

  test('total progress is summed progress ÷ course count, as an integer', () => {
    assert.equal(studySummaryOf([course(100, 6, 2), course(50, 6, 2), course(0, 3, 1)]).totalPro, 50);
    assert.equal(studySummaryOf([course(100, 6, 2), course(33, 6, 2), course(0, 3, 1)]).totalPro, 44); // 133 / 3 = 44.3
    assert.equal(studySummaryOf([]).totalPro, 0);
  });

  test('hours and credits count only courses at 100, with one decimal', () => {
    const summary = studySummaryOf([
      course(100, 6, 2),
      course(99, 6, 2),
      course(100, 5, 1.7),
      course(100, 0.1, 0.1),
      course(100, 0.2, 0.2),
    ]);
    assert.equal(summary.studyHours, '11.3');
    assert.equal(summary.studyCredit, '4.0');
    assert.equal(summary.allComplete, false);
  });

  test('all complete only with at least one course, all at 100', () => {
    assert.equal(studySummaryOf([course(100, 6, 2)]).allComplete, true);
    assert.equal(studySummaryOf([]).allComplete, false);
    assert.equal(studySummaryOf([]).studyHours, '0.0');
  });

  test('one decimal everywhere', () => {
    assert.equal(formatOneDecimal(6), '6.0');
    assert.equal(formatOneDecimal(1.66), '1.7');
  });
});

describe('what a course offers and whether it opens', () => {
  test('start at 0, continue between, review at 100', () => {
    assert.equal(studyActionOf(0), 'start');
    assert.equal(studyActionOf(1), 'continue');
    assert.equal(studyActionOf(99), 'continue');
    assert.equal(studyActionOf(100), 'review');
  });

  test('a public course opens when the previous one is finished and rated', () => {
    const list = [
      { learn_progress: 100, is_grade: 4 },
      { learn_progress: 100, is_grade: 0 },
      { learn_progress: 40, is_grade: 0 },
      { learn_progress: 0, is_grade: 0 },
    ];
    assert.equal(publicCourseGateOf(list, 0), 'open');
    assert.equal(publicCourseGateOf(list, 1), 'open');
    assert.equal(publicCourseGateOf(list, 2), 'previous-unrated');
    assert.equal(publicCourseGateOf(list, 3), 'previous-unfinished');
  });
});

describe('due face checks and quizzes', () => {
  test('the first reached percent not yet done', () => {
    assert.equal(duePercentOf([50, 20], 5, 100, new Set()), null);
    assert.equal(duePercentOf([50, 20], 20, 100, new Set()), 20);
    assert.equal(duePercentOf([50, 20], 60, 100, new Set([20])), 50);
    assert.equal(duePercentOf([50, 20], 60, 100, new Set([20, 50])), null);
    assert.equal(duePercentOf([35], 10.5, 30, new Set()), 35);
    assert.equal(duePercentOf([35], 10, 0, new Set()), null);
  });
});

describe('a study year’s required hours and its completion', () => {
  test('required: 30 public hours; 60 professional with need_all 1, else the hours enrolled', () => {
    assert.equal(requiredYearTenths('public', 1, 0), 300);
    assert.equal(requiredYearTenths('public', 2, 450), 300);
    assert.equal(requiredYearTenths('professional', 1, 720), 600);
    assert.equal(requiredYearTenths('professional', 2, 240), 240);
  });

  test('completed when both kinds reach what the year requires, and something was studied', () => {
    const done = (enrolledTenths: number, completedTenths: number) => ({ enrolledTenths, completedTenths });
    assert.equal(yearCompleted(1, done(600, 600), done(300, 300)), true);
    assert.equal(
      yearCompleted(1, done(660, 600), done(300, 300)),
      false,
      'every course enrolled is finished, beyond 60 h too',
    );
    assert.equal(yearCompleted(1, done(600, 540), done(300, 300)), false);
    assert.equal(yearCompleted(1, done(600, 600), done(0, 0)), false, 'the public hours are required too');
    assert.equal(yearCompleted(1, done(600, 600), done(300, 250)), false);
    assert.equal(yearCompleted(2, done(240, 240), done(300, 300)), true, 'need_all 2: every hour enrolled');
    assert.equal(yearCompleted(2, done(240, 180), done(300, 300)), false);
    assert.equal(yearCompleted(2, done(0, 0), done(0, 0)), false, 'nothing studied is not completed');
  });
});
