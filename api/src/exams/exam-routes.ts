import { examEndpoints } from '@yaoshi/contracts/exams';
import { EXAM_MESSAGES } from '@yaoshi/contracts/exam-rules';
import { requirePrincipal } from '../auth/authenticator';
import { badInput } from '../envelope/api-error';
import type { RouteModule } from '../app-deps';
import { listPapers, readPaper, saveAnswer, startPaper, submitPaper } from './exam-papers';

/** GET /v1/exam_lists, GET /v1/exam, POST /v1/exam_answer, POST /v1/exam_record (spec 01 §7, spec 02 §7, issue 16). */
export const examRoutes: RouteModule = (api, { db, clock }) => {
  api.add(examEndpoints.examLists, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    return listPapers(db, learnerId, { year: payload.year, type: payload.type, page: payload.page ?? 1 });
  });

  api.add(examEndpoints.getExam, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    if (payload.pid !== undefined) return readPaper(db, learnerId, payload.pid);
    // The contract already refuses these; kept so the types need no assertion.
    if (payload.year === undefined) throw badInput(EXAM_MESSAGES.noYearChosen);
    if (payload.type === undefined) throw badInput(EXAM_MESSAGES.noTypeChosen);
    const pid = await startPaper(db, clock, learnerId, payload.year, payload.type, payload.cid ?? null);
    return readPaper(db, learnerId, pid);
  });

  api.add(examEndpoints.examAnswer, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    return saveAnswer(db, learnerId, payload.pid, payload.qid, payload.user_answer);
  });

  api.add(examEndpoints.examRecord, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    // payload.right is the client's own count and is deliberately not read.
    return submitPaper(db, clock, learnerId, payload.pid, payload.questions);
  });
};
