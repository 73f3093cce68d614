import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  QUESTION_TYPE,
  answerText,
  decodeAnswer,
  encodeAnswer,
  isCorrectAnswer,
  isWellFormedAnswer,
  joinOptions,
  optionLetter,
  scorePaper,
  splitOptions,
} from './exam-rules';
import { examRecordRequestSchema, getExamRequestSchema } from './exams';

describe('exam rules (spec 02 §3, §5, §9)', () => {
  test('options split on newlines or commas, blanks dropped', () => {
    assert.deepEqual(splitOptions('阿莫西林\n头孢曲松\r\n左氧氟沙星'), ['阿莫西林', '头孢曲松', '左氧氟沙星']);
    assert.deepEqual(splitOptions('正确,错误'), ['正确', '错误']);
    assert.deepEqual(splitOptions('甲\n\n乙, 丙,'), ['甲', '乙', '丙']);
    assert.deepEqual(splitOptions(joinOptions(['一', '二'])), ['一', '二']);
  });

  test('letters run A to H and no further', () => {
    assert.equal(optionLetter(1), 'A');
    assert.equal(optionLetter(8), 'H');
    assert.throws(() => optionLetter(9), RangeError);
    assert.throws(() => optionLetter(0), RangeError);
  });

  test('multiple-choice answers are sorted distinct option numbers, comma-joined', () => {
    assert.equal(encodeAnswer([3, 1, 3]), '1,3');
    assert.equal(encodeAnswer([2]), '2');
    assert.equal(encodeAnswer([]), '');
    assert.deepEqual(decodeAnswer('1,3'), [1, 3]);
    assert.deepEqual(decodeAnswer(''), []);
  });

  test('well-formed answers depend on the question type and its option count', () => {
    assert.equal(isWellFormedAnswer(QUESTION_TYPE.single, '2', 4), true);
    assert.equal(isWellFormedAnswer(QUESTION_TYPE.single, '5', 4), false);
    assert.equal(isWellFormedAnswer(QUESTION_TYPE.single, '1,2', 4), false);
    assert.equal(isWellFormedAnswer(QUESTION_TYPE.multiple, '1,2,4', 4), true);
    assert.equal(isWellFormedAnswer(QUESTION_TYPE.multiple, '2,1', 4), false);
    assert.equal(isWellFormedAnswer(QUESTION_TYPE.multiple, '1,1', 4), false);
    assert.equal(isWellFormedAnswer(QUESTION_TYPE.judge, '2', 2), true);
    assert.equal(isWellFormedAnswer(QUESTION_TYPE.judge, '3', 2), false);
    for (const bad of ['', '0', 'A', '1,', ' 1', '9', '1;2'])
      assert.equal(isWellFormedAnswer(QUESTION_TYPE.multiple, bad, 8), false, bad);
  });

  test('an answer is right only when it is exactly the key; unanswered is wrong', () => {
    assert.equal(isCorrectAnswer('1,3', '1,3'), true);
    assert.equal(isCorrectAnswer('1,3', '3,1'), true);
    assert.equal(isCorrectAnswer('1,3', '1'), false);
    assert.equal(isCorrectAnswer('1,3', '1,2,3'), false);
    assert.equal(isCorrectAnswer('2', ''), false);
    assert.equal(isCorrectAnswer('2', null), false);
    assert.deepEqual(
      scorePaper([
        { key: '1', given: '1' },
        { key: '1,2', given: '1' },
        { key: '2', given: '' },
        { key: '1', given: '1' },
      ]),
      { right: 2, wrong: 2 },
    );
  });

  test('answers are shown as letters, 正确/错误 or 未作答', () => {
    assert.equal(answerText(QUESTION_TYPE.multiple, '1,3'), 'A、C');
    assert.equal(answerText(QUESTION_TYPE.single, '4'), 'D');
    assert.equal(answerText(QUESTION_TYPE.judge, '1'), '正确');
    assert.equal(answerText(QUESTION_TYPE.judge, '2'), '错误');
    assert.equal(answerText(QUESTION_TYPE.single, ''), '未作答');
  });
});

describe('exam contracts', () => {
  test('starting without a year is refused with the spec text', () => {
    const result = getExamRequestSchema.safeParse({ type: 1 });
    assert.equal(result.success, false);
    assert.equal(result.error?.issues[0]?.message, '没有选择当年度的课程');
    assert.equal(getExamRequestSchema.safeParse({ year: '', type: 1 }).success, false);
    assert.equal(getExamRequestSchema.safeParse({ year: 2025, type: 1 }).success, true);
    assert.equal(getExamRequestSchema.safeParse({ pid: '12' }).success, true);
    assert.equal(getExamRequestSchema.safeParse({ pid: 12, look: 1 }).success, true);
  });

  test('answers arrive as a JSON text or an array; other question fields are ignored', () => {
    const fromText = examRecordRequestSchema.parse({
      pid: 3,
      right: 99,
      questions: JSON.stringify([{ qid: 5, user_answer: '1,2', answer: '1,2', title: 't' }]),
    });
    assert.deepEqual(fromText.questions, [{ qid: 5, user_answer: '1,2' }]);
    const fromArray = examRecordRequestSchema.parse({ pid: 3, questions: [{ qid: '5', user_answer: 2 }] });
    assert.deepEqual(fromArray.questions, [{ qid: 5, user_answer: '2' }]);
    assert.equal(examRecordRequestSchema.safeParse({ pid: 3, questions: '[{' }).success, false);
    assert.equal(examRecordRequestSchema.safeParse({ pid: 3, questions: '{"qid":1}' }).success, false);
    assert.equal(examRecordRequestSchema.safeParse({ pid: 3, questions: [], extra: 1 }).success, false);
  });
});
