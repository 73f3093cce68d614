import { useEffect, useState } from 'react';
import { Result } from '@yaoshi/ui/site-result';
import { Spin } from '@yaoshi/ui/site-spin';
import { useSearchParams } from '@yaoshi/ui/router';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { browserSupportOf } from './browser-support';
import {
  useLessonDetailQuery,
  usePublicLessonDetailQuery,
  useReportProgressMutation,
  useReportPublicProgressMutation,
} from './lesson-api';
import { Lesson, recordKey } from './lesson-page';
import { readStoredReports, reportRequestOf, writeStoredReports, type LessonKind } from './stored-reports';

/**
 * The lesson's route: which browsers may study, which lesson (its playback session resumed
 * after a reload), and the reports an earlier load left waiting, sent before it opens.
 */

function storedRecordId(kind: LessonKind, cid: number): number | undefined {
  const value = Number(sessionStorage.getItem(recordKey(kind, cid)));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** /videoLearning and /publicVideoLearning (spec 02 §2, §4, §7). */
export function LessonPage({ kind }: { kind: LessonKind }) {
  const [params] = useSearchParams();
  const cid = Number(params.get('cid'));
  const trialRequested = kind === 'professional' && params.get('tryIt') === '1';
  const support = typeof navigator === 'undefined' ? 'other' : browserSupportOf(navigator.userAgent);
  const validCid = Number.isInteger(cid) && cid > 0;
  const skip = support !== 'desktop-chrome' || !validCid;
  const [resumeId] = useState(() => (validCid ? storedRecordId(kind, cid) : undefined));
  const replayed = useStoredReportsReplayed(kind, skip ? null : cid);
  const professional = useLessonDetailQuery(
    { cid, formal: trialRequested ? 0 : 1, ...(resumeId ? { record_id: resumeId } : {}) },
    { skip: skip || !replayed || kind !== 'professional', refetchOnMountOrArgChange: true },
  );
  const publicDetail = usePublicLessonDetailQuery(
    { course_id: cid, ...(resumeId ? { record_id: resumeId } : {}) },
    { skip: skip || !replayed || kind !== 'public', refetchOnMountOrArgChange: true },
  );
  const query = kind === 'public' ? publicDetail : professional;

  if (support === 'mobile') return <Result status="warning" title={M.useAppOrPc} />;
  if (support === 'other') return <Result status="warning" title={M.useChrome} />;
  if (!validCid) return <Result status="warning" title={M.courseNotFound} />;
  if (query.isError) return <Result status="warning" title="课程加载失败" subTitle="请返回课程列表后重试" />;
  if (!query.data) return <Spin description="课程加载中" />;
  return <Lesson kind={kind} lesson={query.data} />;
}

/**
 * Sends, in order, the reports an earlier load of this lesson left waiting (stored-reports.ts),
 * before the lesson is opened again; true once done (at once when there are none).
 */
function useStoredReportsReplayed(kind: LessonKind, cid: number | null): boolean {
  const [stored] = useState(() => (cid === null ? null : readStoredReports(sessionStorage, kind, cid)));
  const [done, setDone] = useState(stored === null);
  const [reportProfessional] = useReportProgressMutation();
  const [reportPublic] = useReportPublicProgressMutation();
  useEffect(() => {
    if (stored === null) return;
    void (async () => {
      for (const report of stored.reports) {
        const request = reportRequestOf(stored.context, report);
        try {
          if (request.kind === 'public') await reportPublic(request.payload).unwrap();
          else await reportProfessional(request.payload).unwrap();
        } catch {
          // Still no answer, or refused: once the lesson reopens they cannot be judged any more.
          break;
        }
      }
      writeStoredReports(sessionStorage, stored.context, []);
      setDone(true);
    })();
  }, [stored, reportProfessional, reportPublic]);
  return done;
}
