import { questionBankEndpoints } from '@yaoshi/contracts/question-banks';
import { requireStaff } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf, auditedChange } from '../audit/audit-log';
import { createQuestion, deleteQuestion, listBankCourses, listBankQuestions, updateQuestion } from './question-bank';
import { auditedImportCheck, confirmQuestionImport, questionImportTemplate } from './question-import';

/** 题库管理: 课程管理's calls (issue 20). Every change is audited in its own transaction. */
export const questionBankRoutes: RouteModule = (api, { db, clock }) => {
  api.add(questionBankEndpoints.courses, async ({ payload }) => listBankCourses(db, payload.year, clock.now()));

  api.add(questionBankEndpoints.questions, async ({ payload }) => listBankQuestions(db, payload));

  api.add(questionBankEndpoints.create, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      createQuestion(tx, clock, audit, payload.cid, payload),
    ),
  );

  api.add(questionBankEndpoints.update, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      updateQuestion(tx, clock, audit, payload.qid, payload),
    ),
  );

  api.add(questionBankEndpoints.remove, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      deleteQuestion(tx, clock, audit, payload.qid),
    ),
  );

  api.add(questionBankEndpoints.template, async () => questionImportTemplate());

  api.add(questionBankEndpoints.importCheck, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      auditedImportCheck(tx, audit, payload.cid, payload.file_base64),
    ),
  );

  api.add(questionBankEndpoints.importConfirm, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      confirmQuestionImport(tx, clock, audit, payload.cid, payload.file_base64, payload.rows),
    ),
  );
};
