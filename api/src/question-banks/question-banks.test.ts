import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { PAPER_COMPOSITION } from '@yaoshi/contracts/exam-rules';
import { examListsResponseSchema, examPaperSchema } from '@yaoshi/contracts/exams';
import {
  JUDGE_ANSWER_WORDS,
  QUESTION_BANK_MESSAGES,
  QUESTION_IMPORT_COLUMNS,
  answerFromText,
} from '@yaoshi/contracts/question-bank-rules';
import {
  bankCoursesResponseSchema,
  bankQuestionsResponseSchema,
  questionDeleteResponseSchema,
  questionImportReportSchema,
  questionSavedSchema,
} from '@yaoshi/contracts/question-banks';
import { auditRecords } from '../audit/audit-schema';
import { courses } from '../catalogue/catalogue-schema';
import { enrolments } from '../orders/orders-schema';
import { learners } from '../accounts/accounts-schema';
import { examQuestions } from '../exams/exams-schema';
import { MESSAGES } from '../messages';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { WANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import {
  blankCells as blank,
  fullProfessionalBank as fullBank,
  judgeRow as judge,
  multipleRow as multiple,
  questionWorkbookBase64 as workbookBase64,
  singleRow as single,
  type QuestionRow as Row,
} from '../test-support/question-workbook';

/** TEST_START is in 2025 (Beijing). */
const CURRENT_YEAR = 2025;

let server: TestServer;
let manager: TestStaff;
let editor: TestStaff;
let wang: string;
/** A professional course of 2025 王芳 has paid for, and another one of the year she has not. */
let wangCourse: number;
let otherCourse: number;

const post = (staff: TestStaff, path: string, payload: Record<string, unknown>) =>
  authed(server, staff.token, 'POST', `/v1/admin/question-banks/${path}`, payload);
const get = (staff: TestStaff, path: string, payload: Record<string, unknown> = {}) =>
  authed(server, staff.token, 'GET', `/v1/admin/question-banks/${path}`, payload);

async function bankSize(courseId: number): Promise<number> {
  const [row] = await server.db
    .select({ n: count() })
    .from(examQuestions)
    .where(and(eq(examQuestions.courseId, courseId), isNull(examQuestions.retiredAt)));
  return Number(row!.n);
}

async function lastAudit() {
  const [record] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
  return record!;
}

async function importRows(courseId: number, rows: readonly Row[]) {
  const file = await workbookBase64(rows);
  const report = questionImportReportSchema.parse(
    dataOf(await post(manager, 'import/check', { cid: courseId, file_base64: file })),
  );
  assert.deepEqual(report.failed, []);
  return dataOf(await post(manager, 'import/confirm', { cid: courseId, file_base64: file, rows: report.valid }));
}

before(async () => {
  server = await startTestServer();
  [manager, editor, wang] = await Promise.all([
    signedInStaff(server, ['课程管理']),
    signedInStaff(server, ['内容编辑']),
    loginToken(server, WANG.idNumber, WANG.password),
  ]);
  const [learner] = await server.db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, WANG.idNumber));
  const owned = await server.db
    .select({ id: courses.id })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(
      and(
        eq(enrolments.learnerId, learner!.id),
        eq(enrolments.year, CURRENT_YEAR),
        eq(courses.kind, 'professional'),
        isNull(enrolments.withdrawnAt),
      ),
    );
  wangCourse = owned[0]!.id;
  const all = await server.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.year, CURRENT_YEAR), eq(courses.kind, 'professional')));
  otherCourse = all.find((course) => !owned.some((mine) => mine.id === course.id))!.id;
});
after(() => server.close());

describe('permissions', () => {
  test('题库管理 opens to 课程管理 only: another role is refused and nothing changes', async () => {
    const before = await databaseFingerprint(server.db);
    const file = await workbookBase64([single('无权导入的题目')]);
    assertRefused(await post(editor, 'import/check', { cid: otherCourse, file_base64: file }), 403, /权限/);
    assertRefused(await post(editor, 'import/confirm', { cid: otherCourse, file_base64: file, rows: 1 }), 403, /权限/);
    assertRefused(await get(editor, 'courses'), 403, /权限/);
    const afterRefusals = await databaseFingerprint(server.db);
    delete before['request_nonces'];
    delete afterRefusals['request_nonces'];
    assert.deepEqual(afterRefusals, before);
    const listed = bankCoursesResponseSchema.parse(dataOf(await get(manager, 'courses', { year: CURRENT_YEAR })));
    assert.equal(listed.year, CURRENT_YEAR);
    assert.ok(listed.courses.some((course) => course.cid === wangCourse));
  });
});

describe('import', () => {
  test('the downloaded template imports as it is: one example of each kind', async () => {
    const template = dataOf(await get(manager, 'import/template')) as { file_name: string; xlsx_base64: string };
    assert.match(template.file_name, /\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.from(template.xlsx_base64, 'base64');
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    assert.deepEqual((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1), [...QUESTION_IMPORT_COLUMNS]);
    assert.equal(workbook.worksheets[1]!.name, '说明');
    // The template names every answer word a 判断题 accepts, and each of them is accepted.
    const noteRows = workbook.worksheets[1]!.getSheetValues() as unknown[];
    const answerNote = noteRows
      .flatMap((row) => (Array.isArray(row) ? [(row as unknown[]).slice(1).map(String)] : []))
      .find((cells) => cells[0] === '答案')![1]!;
    for (const word of [...JUDGE_ANSWER_WORDS.right, ...JUDGE_ANSWER_WORDS.wrong]) {
      assert.ok(answerNote.includes(`“${word}”`), `the template names ${word}`);
      assert.notEqual(answerFromText(3, word), '9', `${word} is accepted`);
    }
    assert.equal(answerFromText(3, '是'), '9', 'a word the template does not name is refused');

    const before = await bankSize(otherCourse);
    const report = questionImportReportSchema.parse(
      dataOf(await post(manager, 'import/check', { cid: otherCourse, file_base64: template.xlsx_base64 })),
    );
    assert.deepEqual([report.rows, report.valid, report.failed], [3, 3, []]);
    assert.deepEqual(report.adds, { 1: 1, 2: 1, 3: 1 });
    assert.equal(await bankSize(otherCourse), before, 'checking writes no question');
    const imported = dataOf(
      await post(manager, 'import/confirm', { cid: otherCourse, file_base64: template.xlsx_base64, rows: 3 }),
    ) as { imported: number };
    assert.equal(imported.imported, 3);
    assert.equal(await bankSize(otherCourse), before + 3);
    const record = await lastAudit();
    assert.equal(record.action, 'question.import');
    assert.equal(record.actor, manager.username);

    const bank = bankQuestionsResponseSchema.parse(dataOf(await get(manager, 'questions', { cid: otherCourse })));
    const judgeRow = bank.list.find((question) => question.qtype === 3)!;
    assert.deepEqual([judgeRow.options, judgeRow.answer], [['正确', '错误'], '1']);
    const multipleRow = bank.list.find((question) => question.qtype === 2)!;
    assert.equal(multipleRow.answer, '1,2,3');

    // The same file again: every row is now a duplicate of the bank, and nothing is imported.
    const again = questionImportReportSchema.parse(
      dataOf(await post(manager, 'import/check', { cid: otherCourse, file_base64: template.xlsx_base64 })),
    );
    assert.deepEqual(
      again.failed.map((row) => [row.row, row.reasons]),
      [2, 3, 4].map((row) => [row, [QUESTION_BANK_MESSAGES.duplicateInBank]]),
    );
  });

  test('three good rows and two bad ones: the report names rows 4 and 6, and nothing is imported', async () => {
    const rows: Row[] = [
      single('好题一'),
      judge('好题二', '正确'),
      multiple('只有一个答案的多选题', 'B'),
      single('好题三', 'D'),
      ['单选题', '', '甲', '', '', '', ...blank(4), 'E'],
    ];
    const file = await workbookBase64(rows);
    const before = await databaseFingerprint(server.db);
    const report = questionImportReportSchema.parse(
      dataOf(await post(manager, 'import/check', { cid: otherCourse, file_base64: file })),
    );
    assert.deepEqual([report.rows, report.valid], [5, 3]);
    assert.deepEqual(
      report.failed.map((row) => [row.row, row.reasons]),
      [
        [4, [QUESTION_BANK_MESSAGES.multipleWithOne]],
        [
          6,
          [
            QUESTION_BANK_MESSAGES.titleMissing,
            QUESTION_BANK_MESSAGES.tooFewOptions,
            QUESTION_BANK_MESSAGES.answerNotAnOption,
          ],
        ],
      ],
    );
    assertRefused(
      await post(manager, 'import/confirm', { cid: otherCourse, file_base64: file, rows: 3 }),
      400,
      QUESTION_BANK_MESSAGES.importHasFailures(2),
    );
    const afterImport = await databaseFingerprint(server.db);
    // The check's audit record and the nonces are all that was written.
    for (const table of ['request_nonces', 'audit_records', 'staff_sessions']) {
      delete before[table];
      delete afterImport[table];
    }
    assert.deepEqual(afterImport, before);
  });

  test('a duplicate within the file names the row it repeats; an unknown kind and a gap in the options are named', async () => {
    const file = await workbookBase64([
      single('重复的 题干'),
      single('重复的题干'),
      ['填空题', '未知题型', '甲', '乙', ...blank(6), 'A'],
      ['单选题', '跳空的选项', '甲', '', '丙', ...blank(5), 'A'],
    ]);
    const report = questionImportReportSchema.parse(
      dataOf(await post(manager, 'import/check', { cid: otherCourse, file_base64: file })),
    );
    assert.deepEqual(
      report.failed.map((row) => [row.row, row.reasons]),
      [
        [3, [QUESTION_BANK_MESSAGES.duplicateRow(2)]],
        [4, [QUESTION_BANK_MESSAGES.typeUnknown]],
        [5, [QUESTION_BANK_MESSAGES.optionGap]],
      ],
    );
  });

  test('a file that is no .xlsx, a wrong header, an empty sheet and a file over the limit get a clear 400', async () => {
    const before = await bankSize(otherCourse);
    assertRefused(
      await post(manager, 'import/check', {
        cid: otherCourse,
        file_base64: Buffer.from('题型,题干\n单选题,x').toString('base64'),
      }),
      400,
      MESSAGES.importNotXlsx,
    );
    assertRefused(
      await post(manager, 'import/check', {
        cid: otherCourse,
        file_base64: await workbookBase64([single('表头不对')], ['题型', '题目']),
      }),
      400,
      MESSAGES.importWrongColumns(QUESTION_IMPORT_COLUMNS.join('、')),
    );
    assertRefused(
      await post(manager, 'import/check', { cid: otherCourse, file_base64: await workbookBase64([]) }),
      400,
      QUESTION_BANK_MESSAGES.fileEmpty,
    );
    assertRefused(
      await post(manager, 'import/check', { cid: otherCourse, file_base64: 'A'.repeat(3 * 1024 * 1024) }),
      400,
      QUESTION_BANK_MESSAGES.fileTooLarge,
    );
    assertRefused(
      await post(manager, 'import/check', { cid: 999_999, file_base64: await workbookBase64([single('无此课程')]) }),
      404,
      QUESTION_BANK_MESSAGES.courseUnknown,
    );
    assert.equal(await bankSize(otherCourse), before);
  });
});

describe('one question by hand', () => {
  test('add and edit follow the import’s rules; every change is audited', async () => {
    const created = questionSavedSchema.parse(
      dataOf(
        await post(manager, 'questions/create', {
          cid: otherCourse,
          qtype: 2,
          title: '手工添加的多选题',
          options: ['甲', '乙', '丙'],
          answer: '1,3',
        }),
      ),
    );
    assert.equal((await lastAudit()).action, 'question.create');
    const qid = created.question.qid;

    assertRefused(
      await post(manager, 'questions/update', {
        qid,
        qtype: 2,
        title: '手工添加的多选题',
        options: ['甲', '乙'],
        answer: '2',
      }),
      400,
      QUESTION_BANK_MESSAGES.multipleWithOne,
    );
    assertRefused(
      await post(manager, 'questions/update', {
        qid,
        qtype: 1,
        title: '（示例）下列药物中，属于β-内酰胺类 抗菌药物的是',
        options: ['甲', '乙'],
        answer: '3',
      }),
      400,
      `${QUESTION_BANK_MESSAGES.duplicateInBank}；${QUESTION_BANK_MESSAGES.answerNotAnOption}`,
    );
    assertRefused(
      await post(manager, 'questions/create', { cid: otherCourse, qtype: 1, title: ' ', options: ['甲'], answer: '' }),
      400,
      [
        QUESTION_BANK_MESSAGES.titleMissing,
        QUESTION_BANK_MESSAGES.tooFewOptions,
        QUESTION_BANK_MESSAGES.answerMissing,
      ].join('；'),
    );
    assertRefused(
      await post(manager, 'questions/update', { qid: 999_999, qtype: 3, title: 'x', options: [], answer: '1' }),
      404,
      QUESTION_BANK_MESSAGES.questionUnknown,
    );

    const edited = questionSavedSchema.parse(
      dataOf(
        await post(manager, 'questions/update', {
          qid,
          qtype: 2,
          title: '手工修改后的多选题',
          options: ['甲', '乙', '丙', '丁'],
          answer: '2,4',
        }),
      ),
    );
    assert.deepEqual([edited.question.qid, edited.replaced_qid, edited.question.answer], [qid, null, '2,4']);
    const record = await lastAudit();
    assert.equal(record.action, 'question.update');
    assert.deepEqual((record.before as { title: string }).title, '手工添加的多选题');

    const removed = questionDeleteResponseSchema.parse(dataOf(await post(manager, 'questions/delete', { qid })));
    assert.equal(removed.outcome, 'deleted');
    assert.equal((await lastAudit()).action, 'question.delete');
    assertRefused(await post(manager, 'questions/delete', { qid }), 404, QUESTION_BANK_MESSAGES.questionUnknown);
  });

  test('the list pages and searches stems and options', async () => {
    const found = bankQuestionsResponseSchema.parse(
      dataOf(await get(manager, 'questions', { cid: otherCourse, keyword: '好题', size: 1 })),
    );
    assert.equal(found.total, 0, 'the file with bad rows imported nothing');
    const examples = bankQuestionsResponseSchema.parse(
      dataOf(await get(manager, 'questions', { cid: otherCourse, keyword: '示例', size: 2, page: 2 })),
    );
    assert.deepEqual([examples.total, examples.list.length], [3, 1]);
    const byOption = bankQuestionsResponseSchema.parse(
      dataOf(await get(manager, 'questions', { cid: otherCourse, keyword: '阿奇霉素' })),
    );
    assert.equal(byOption.total, 1);
  });
});

describe('papers from a course bank', () => {
  test('a bank short of a paper is reported to staff, and the learner gets a message instead of a paper', async () => {
    const rows = fullBank('课程题库');
    await importRows(wangCourse, rows.slice(1));
    const listed = bankCoursesResponseSchema.parse(dataOf(await get(manager, 'courses', { year: CURRENT_YEAR })));
    const bank = listed.courses.find((course) => course.cid === wangCourse)!.bank;
    assert.deepEqual([bank.enough, bank.short, bank.counts], [false, [1], { 1: 9, 2: 5, 3: 5 }]);

    const lists = examListsResponseSchema.parse(
      dataOf(await authed(server, wang, 'GET', '/v1/exam_lists', { year: CURRENT_YEAR, type: 1 })),
    );
    assert.ok(lists.courses.some((course) => course.cid === wangCourse));
    const before = await databaseFingerprint(server.db);
    assertRefused(
      await authed(server, wang, 'GET', '/v1/exam', { year: CURRENT_YEAR, type: 1, cid: wangCourse }),
      400,
      QUESTION_BANK_MESSAGES.bankTooSmall,
    );
    assertRefused(
      await authed(server, wang, 'GET', '/v1/exam', { year: CURRENT_YEAR, type: 1, cid: otherCourse }),
      403,
      QUESTION_BANK_MESSAGES.notEnrolled,
    );
    const afterRefusals = await databaseFingerprint(server.db);
    delete before['request_nonces'];
    delete afterRefusals['request_nonces'];
    assert.deepEqual(afterRefusals, before);

    await importRows(wangCourse, rows.slice(0, 1));
  });

  test('a full bank gives a paper of the course’s questions in the spec’s counts; the year’s paper still comes from the seeded bank', async () => {
    const paper = examPaperSchema.parse(
      dataOf(await authed(server, wang, 'GET', '/v1/exam', { year: CURRENT_YEAR, type: 1, cid: wangCourse })),
    );
    const composition = PAPER_COMPOSITION[1];
    assert.equal(paper.questions.length, composition[1] + composition[2] + composition[3]);
    for (const qtype of [1, 2, 3] as const)
      assert.equal(paper.questions.filter((question) => question.qtype === qtype).length, composition[qtype]);
    assert.ok(paper.questions.every((question) => question.title.startsWith('课程题库')));
    assert.equal(paper.questions.find((question) => question.qtype === 3)!.options, '正确\n错误');

    const lists = examListsResponseSchema.parse(
      dataOf(await authed(server, wang, 'GET', '/v1/exam_lists', { year: CURRENT_YEAR, type: 1 })),
    );
    const row = lists.data.find((candidate) => candidate.pid === paper.pid)!;
    assert.equal(row.cid, wangCourse);
    assert.ok(row.course_name);

    // Starting the year's practice is untouched: the seeded bank, not the course's.
    const yearPaper = examPaperSchema.parse(
      dataOf(await authed(server, wang, 'GET', '/v1/exam', { year: CURRENT_YEAR, type: 1 })),
    );
    assert.notEqual(yearPaper.pid, paper.pid);
    assert.ok(yearPaper.questions.every((question) => !question.title.startsWith('课程题库')));
  });

  test('a question a submitted paper holds is retired, not deleted or changed: the review stays as marked', async () => {
    const started = examPaperSchema.parse(
      dataOf(await authed(server, wang, 'GET', '/v1/exam', { year: CURRENT_YEAR, type: 1, cid: wangCourse })),
    );
    dataOf(
      await authed(server, wang, 'POST', '/v1/exam_record', {
        pid: started.pid,
        questions: JSON.stringify([{ qid: started.questions[0]!.qid, user_answer: '2' }]),
      }),
    );
    const [first, second] = started.questions;

    const removed = questionDeleteResponseSchema.parse(
      dataOf(await post(manager, 'questions/delete', { qid: first!.qid })),
    );
    assert.equal(removed.outcome, 'retired');
    assert.equal((await lastAudit()).action, 'question.retire');

    const edited = questionSavedSchema.parse(
      dataOf(
        await post(manager, 'questions/update', {
          qid: second!.qid,
          qtype: second!.qtype,
          title: `${second!.title}（修订）`,
          options: second!.qtype === 3 ? [] : ['甲', '乙', '丙', '丁'],
          answer: second!.qtype === 2 ? '1,2' : '1',
        }),
      ),
    );
    assert.equal(edited.replaced_qid, second!.qid);
    assert.notEqual(edited.question.qid, second!.qid);

    const review = examPaperSchema.parse(
      dataOf(await authed(server, wang, 'GET', '/v1/exam', { pid: started.pid, look: 1 })),
    );
    assert.deepEqual(
      review.questions.slice(0, 2).map((question) => [question.qid, question.title, question.user_answer]),
      [
        [first!.qid, first!.title, '2'],
        [second!.qid, second!.title, ''],
      ],
    );
    const bank = bankQuestionsResponseSchema.parse(
      dataOf(await get(manager, 'questions', { cid: wangCourse, size: 100 })),
    );
    assert.ok(!bank.list.some((question) => question.qid === first!.qid || question.qid === second!.qid));
    assert.ok(bank.list.some((question) => question.qid === edited.question.qid));
    // One question fewer than a paper needs of the retired one's kind, unless the edit gave it back.
    assert.equal(bank.total, 19);
  });
});
