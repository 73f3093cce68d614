import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { SITE_NAME_PLACEHOLDERS, readDemoData } from './demo-data';
import { PUBLIC_QUIZ_QUESTIONS } from './study-seed';

/** The one loader of api/demo/*.json (issue 23): placeholders filled, shape checked, errors name the file. */

test('quiz-questions.json: five questions per public course, each answer one of its options', () => {
  const names = Object.keys(PUBLIC_QUIZ_QUESTIONS);
  assert.ok(names.length >= 3, names.join(','));
  for (const name of names) {
    const questions = PUBLIC_QUIZ_QUESTIONS[name]!;
    assert.equal(questions.length, 5, name);
    for (const question of questions) {
      assert.ok(question.answer >= 1 && question.answer <= question.options.length, question.title);
    }
  }
});

test('a file that does not match its schema stops with the file and the field named', () => {
  const wrong = z.object({ courses: z.record(z.string(), z.array(z.object({ answer: z.string() }))) });
  assert.throws(() => readDemoData('quiz-questions.json', wrong), /api\/demo\/quiz-questions\.json: .*answer/s);
});

test('placeholders are filled from the values given, and an unknown one is refused with the file named', () => {
  const association = { name: '示例药师协会' };
  const text = JSON.stringify(
    readDemoData('student-pages.json', z.unknown(), { ...SITE_NAME_PLACEHOLDERS, association }),
  );
  assert.doesNotMatch(text, /\{[\w.-]+\}/);
  assert.ok(text.includes('示例药师协会'));
  assert.ok(Object.values(SITE_NAME_PLACEHOLDERS.pages as Record<string, string>).some((name) => text.includes(name)));
  assert.throws(
    () => readDemoData('student-pages.json', z.unknown(), SITE_NAME_PLACEHOLDERS),
    /api\/demo\/student-pages\.json: unknown placeholder \{association\.name\}/,
  );
});
