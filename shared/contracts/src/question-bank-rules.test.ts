import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QUESTION_TYPE } from './exam-rules';
import {
  QUESTION_BANK_MESSAGES as M,
  answerFromText,
  answerToText,
  bankReadiness,
  checkedQuestion,
  questionProblems,
  questionTypeOf,
  stemKey,
} from './question-bank-rules';

const { single, multiple, judge } = QUESTION_TYPE;

test('the kind is read from its name, short name or number', () => {
  assert.deepEqual(['单选题', '多选', '3', ' 判断题 ', '填空题', ''].map(questionTypeOf), [
    single,
    multiple,
    judge,
    judge,
    null,
    null,
  ]);
});

test('answers are read as people write them', () => {
  assert.equal(answerFromText(single, 'b'), '2');
  assert.equal(answerFromText(multiple, 'C、a'), '1,3');
  assert.equal(answerFromText(multiple, 'A,C，D'), '1,3,4');
  assert.equal(answerFromText(judge, '正确'), '1');
  assert.equal(answerFromText(judge, '错'), '2');
  assert.equal(answerFromText(judge, 'B'), '2');
  assert.equal(answerFromText(single, ''), '');
  assert.notEqual(answerFromText(judge, '也许'), '1');
  assert.equal(answerToText(multiple, '1,3'), 'AC');
  assert.equal(answerToText(judge, '2'), '错误');
});

test('every reason a question cannot go into the bank is named', () => {
  const ok = { qtype: single, title: '题干', options: ['甲', '乙', '', ''], answer: '2' };
  assert.deepEqual(questionProblems(ok), []);
  assert.deepEqual(questionProblems({ ...ok, title: '  ' }), [M.titleMissing]);
  assert.deepEqual(questionProblems({ ...ok, options: ['甲', '', '', ''], answer: '1' }), [M.tooFewOptions]);
  assert.deepEqual(questionProblems({ ...ok, options: ['甲', '', '丙'], answer: '1' }), [M.optionGap]);
  assert.deepEqual(questionProblems({ ...ok, options: ['甲', '甲'] }), [M.optionRepeated]);
  assert.deepEqual(questionProblems({ ...ok, answer: '3' }), [M.answerNotAnOption]);
  assert.deepEqual(questionProblems({ ...ok, answer: '' }), [M.answerMissing]);
  assert.deepEqual(questionProblems({ ...ok, answer: '1,2' }), [M.singleWithSeveral]);
  assert.deepEqual(questionProblems({ ...ok, qtype: multiple }), [M.multipleWithOne]);
  assert.deepEqual(questionProblems({ ...ok, qtype: judge, options: [], answer: '3' }), [M.judgeAnswer]);
  assert.deepEqual(questionProblems(ok, true), [M.duplicateInBank]);
  assert.deepEqual(questionProblems({ ...ok, options: Array.from({ length: 9 }, (_, i) => `选项${i}`), answer: '1' }), [
    M.tooManyOptions,
  ]);
});

test('a checked question is stored trimmed; true/false takes 正确 and 错误', () => {
  assert.deepEqual(
    checkedQuestion({ qtype: multiple, title: ' 题 ', options: [' 甲', '乙 ', '丙', ''], answer: '3,1' }),
    {
      qtype: multiple,
      title: '题',
      options: ['甲', '乙', '丙'],
      answer: '1,3',
    },
  );
  assert.deepEqual(checkedQuestion({ qtype: judge, title: '题', options: [], answer: '2' }).options, ['正确', '错误']);
  assert.equal(stemKey('阿莫西林 属于'), stemKey('阿莫西林属于'));
});

test('a bank holds a paper only with the paper’s count of every kind', () => {
  assert.deepEqual(bankReadiness(1, { 1: 10, 2: 5, 3: 5 }).enough, true);
  assert.deepEqual(bankReadiness(1, { 1: 30, 2: 4, 3: 5 }).short, [multiple]);
  assert.deepEqual(bankReadiness(2, { 1: 5, 2: 3, 3: 2 }).enough, true);
});
