import { Suspense, lazy, useEffect, useMemo } from 'react';
import { Spin } from 'antd';
import { Card } from '@yaoshi/ui/site-card';
import { useNavigate, useSearchParams } from '@yaoshi/ui/router';
import { EXAM_MESSAGES, EXAM_TYPE, EXAM_TYPE_VALUES, IS_POST, type ExamType } from '@yaoshi/contracts/exam-rules';
import { showError } from '@yaoshi/ui/show-message';
import { PAGE_TITLES } from '../page-titles';
import { useGetExamQuery, type GetExamArgs } from './exam-api';
import { EXAM_LIST_ROUTE, continueExamRoute } from './exam-routes';

// A paper is either answered or reviewed: each loads only its own parts (the sheet's
// progress bar and submit dialog, the review's notices).
const ExamReview = lazy(() => import('./exam-review').then((m) => ({ default: m.ExamReview })));
const ExamSheet = lazy(() => import('./exam-sheet').then((m) => ({ default: m.ExamSheet })));

function PaperLoading() {
  return (
    <div style={{ textAlign: 'center', padding: 48 }}>
      <Spin description="试卷加载中…">
        <div style={{ height: 48 }} />
      </Spin>
    </div>
  );
}

const positiveInteger = (text: string | null) =>
  text !== null && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;

/** The query of /exam: continue or review with pid (and look), start with year and type (and cid: that course's bank). */
export function examArgsOf(params: URLSearchParams): GetExamArgs | null {
  const pid = positiveInteger(params.get('pid'));
  if (pid !== undefined) return params.get('look') === '1' ? { pid, look: 1 } : { pid };
  const year = positiveInteger(params.get('year'));
  if (year === undefined) return null;
  const type = positiveInteger(params.get('type')) ?? EXAM_TYPE.professional;
  const cid = positiveInteger(params.get('cid'));
  return {
    year,
    type: (EXAM_TYPE_VALUES as readonly number[]).includes(type) ? (type as ExamType) : EXAM_TYPE.professional,
    ...(cid === undefined ? {} : { cid }),
  };
}

/**
 * /exam (spec 02 §2, §4): start, continue or review a practice paper. A paper that cannot
 * be loaded sends the learner back to /examList (the error catalogue has shown why).
 */
export default function ExamPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const args = useMemo(() => examArgsOf(params), [params]);
  const {
    data: paper,
    isError,
    refetch,
  } = useGetExamQuery(args ?? { pid: 0 }, { skip: args === null, refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (args === null) {
      showError(EXAM_MESSAGES.noYearChosen);
      void navigate(EXAM_LIST_ROUTE, { replace: true });
    }
  }, [args, navigate]);

  useEffect(() => {
    if (isError) void navigate(EXAM_LIST_ROUTE, { replace: true });
  }, [isError, navigate]);

  // A started paper gets its own address, so a reload continues this paper.
  useEffect(() => {
    if (paper && args !== null && !('pid' in args)) void navigate(continueExamRoute(paper.pid), { replace: true });
  }, [paper, args, navigate]);

  const current = paper && args !== null && (!('pid' in args) || args.pid === paper.pid) ? paper : undefined;

  return (
    <Card title={PAGE_TITLES['./Exam']} style={{ maxWidth: 960, margin: '0 auto' }}>
      {!current ? (
        <PaperLoading />
      ) : (
        <Suspense fallback={<PaperLoading />}>
          {current.is_post === IS_POST.submitted ? (
            <ExamReview paper={current} />
          ) : (
            <ExamSheet key={current.pid} paper={current} reload={() => refetch().unwrap()} />
          )}
        </Suspense>
      )}
    </Card>
  );
}
