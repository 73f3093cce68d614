import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Space, Spin, Statistic } from 'antd';
import { Tag } from '@yaoshi/ui/site-tag';
import { Progress } from '@yaoshi/ui/site-progress';
import { Modal } from '@yaoshi/ui/lazy-modal';
import { Card } from '@yaoshi/ui/site-card';
import { Tabs } from '@yaoshi/ui/site-tabs';
import { Link, useNavigate } from '@yaoshi/ui/router';
import type { StudyCourse, StudySummaryResponse } from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';
import {
  STUDY_ACTION_LABELS,
  formatOneDecimal,
  publicCourseGateOf,
  studyActionOf,
  studySummaryOf,
} from '@yaoshi/contracts/study-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import { useMyCoursesQuery, usePublicMyCoursesQuery } from './study-list-api';
import { congratulationShown, rememberCongratulation } from './congratulation-flag';
import { CertificateDownload } from '../certificates/certificate-download';
import { useRateCourse } from '../course-rating/use-rate-course';
import { tokens } from '@yaoshi/ui/site-tokens';

const EvaluationDialog = lazy(() =>
  import('../course-rating/evaluation-dialog').then((module) => ({ default: module.EvaluationDialog })),
);

export type StudyListKind = 'professional' | 'make-up' | 'public';

const WEB_TAB = 1 as const;
const FACE_TO_FACE_TAB = 2 as const;

/** Where a course of the list is studied (spec 02 §2 /videoLearning, /publicVideoLearning). */
export function lessonPathOf(kind: StudyListKind, course: StudyCourse, year: number): string {
  const page = kind === 'public' ? '/publicVideoLearning' : '/videoLearning';
  return `${page}?cid=${course.cid}&classState=${course.learn_progress}&year=${year}`;
}

/** /myCourse, /myCourseCopy and /publicCourse: the summary banner, year tabs and the courses. */
export function StudyList({ kind }: { kind: StudyListKind }) {
  const navigate = useNavigate();
  const [year, setYear] = useState<number | undefined>(undefined);
  const [tab, setTab] = useState<1 | 2>(WEB_TAB);
  const professional = useMyCoursesQuery(
    { ...(year === undefined ? {} : { year }), type: tab },
    { skip: kind === 'public', refetchOnMountOrArgChange: true },
  );
  const publicList = usePublicMyCoursesQuery(year === undefined ? {} : { year }, {
    skip: kind !== 'public',
    refetchOnMountOrArgChange: true,
  });
  const query = kind === 'public' ? publicList : professional;
  const data: StudySummaryResponse | undefined = query.data;

  const years = useMemo(() => (data?.years ?? []).filter((y) => kind !== 'make-up' || y.is_buxue === 1), [data, kind]);

  // /myCourseCopy keeps only make-up years: move to the first one when the default is not.
  useEffect(() => {
    if (kind === 'make-up' && data && data.is_buxue !== 1 && years[0]) setYear(years[0].year);
  }, [kind, data, years]);

  const summary = useMemo(() => studySummaryOf(data?.courses ?? []), [data]);
  const listKind = kind === 'public' ? 'public' : 'professional';
  const [congratulating, setCongratulating] = useState(false);
  useEffect(() => {
    if (data && tab === WEB_TAB && summary.allComplete && !congratulationShown(listKind, data.year)) {
      rememberCongratulation(listKind, data.year);
      setCongratulating(true);
    }
  }, [data, summary.allComplete, listKind, tab]);

  const showingWrongYearKind = kind === 'make-up' && data !== undefined && data.is_buxue !== 1;
  // A finished course left unrated is rated from its row (评价), without replaying it.
  const [rating, setRating] = useState<StudyCourse | null>(null);
  const { rate, submitting } = useRateCourse(kind);

  const open = (course: StudyCourse, index: number) => {
    if (!data) return;
    if (data.avatar_status !== AVATAR_STATUS.approved) {
      showMessage(M.avatarUnderReview, { type: 'warning' });
      return;
    }
    if (kind === 'public') {
      const gate = publicCourseGateOf(data.courses, index);
      if (gate !== 'open') {
        showMessage(gate === 'previous-unfinished' ? M.previousUnfinished : M.previousUnrated, { type: 'warning' });
        return;
      }
    }
    void navigate(lessonPathOf(kind, course, data.year));
  };

  const yearTabs = years.map((y) => ({ key: String(y.year), label: `${y.year}年度` }));

  return (
    <Card title={kind === 'public' ? '公需课学习' : kind === 'make-up' ? '补学教育' : '专业课学习'}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {yearTabs.length > 0 && (
          <Tabs
            activeKey={data ? String(data.year) : undefined}
            items={yearTabs}
            onChange={(key) => setYear(Number(key))}
            aria-label="学习年度"
          />
        )}
        {kind !== 'public' && (
          <Tabs
            activeKey={String(tab)}
            onChange={(key) => setTab(key === String(FACE_TO_FACE_TAB) ? FACE_TO_FACE_TAB : WEB_TAB)}
            items={[
              { key: String(WEB_TAB), label: '网络授课' },
              { key: String(FACE_TO_FACE_TAB), label: '面授', disabled: true },
            ]}
          />
        )}
        {query.isError && <Alert type="error" showIcon title="课程加载失败，请刷新重试" />}
        {(query.isLoading || query.isFetching || showingWrongYearKind) && !query.isError ? (
          <Spin description="加载中" />
        ) : data ? (
          <>
            <section
              aria-label="学习概况"
              style={{
                display: 'flex',
                gap: 48,
                flexWrap: 'wrap',
                padding: 16,
                background: tokens.colorBgPrimaryFaint,
              }}
            >
              <Statistic title="总进度" value={summary.totalPro} suffix="%" />
              <Statistic title="已获学时" value={summary.studyHours} />
              <Statistic title="已获学分" value={summary.studyCredit} />
              <Statistic title="已完成课程" value={`${data.complete} / ${data.total}`} />
              <Statistic title="应修学时" value={formatOneDecimal(data.year_class_hour)} />
            </section>
            {kind !== 'public' && tab === WEB_TAB && (
              <CertificateDownload year={data.year} enabled={summary.allComplete} />
            )}
            {data.avatar_status !== AVATAR_STATUS.approved && (
              <Alert type="warning" showIcon title={`${M.avatarUnderReview}，审核通过后方可学习`} />
            )}
            {data.courses.length === 0 ? (
              <Empty description={M.noCourses}>
                <Link to={kind === 'public' ? '/publicSignStudy' : '/signStudy'}>去选课</Link>
              </Empty>
            ) : (
              <ul aria-label="课程列表" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}>
                {data.courses.map((course, index) => (
                  <CourseRow
                    key={course.cid}
                    course={course}
                    approved={data.avatar_status === AVATAR_STATUS.approved}
                    onOpen={() => open(course, index)}
                    onRate={() => setRating(course)}
                  />
                ))}
              </ul>
            )}
          </>
        ) : null}
      </Space>
      <Modal
        open={congratulating}
        title="恭喜"
        onCancel={() => setCongratulating(false)}
        footer={[
          <Button key="mock" onClick={() => void navigate('/mockExam')}>
            模拟考试
          </Button>,
          <Button key="ok" type="primary" onClick={() => setCongratulating(false)}>
            确定
          </Button>,
        ]}
      >
        {M.allCoursesComplete}
      </Modal>
      {rating && (
        <Suspense fallback={null}>
          <EvaluationDialog
            courseName={rating.name}
            submitting={submitting}
            onCancel={() => setRating(null)}
            onSubmit={(grade, comment) => {
              void rate(rating.cid, grade, comment).then((saved) => {
                if (saved) setRating(null);
              });
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

function CourseRow({
  course,
  approved,
  onOpen,
  onRate,
}: {
  course: StudyCourse;
  approved: boolean;
  onOpen: () => void;
  onRate: () => void;
}) {
  const action = studyActionOf(course.learn_progress);
  const unrated = course.learn_progress >= 100 && !course.is_grade;
  return (
    <li
      aria-label={course.name}
      style={{
        display: 'flex',
        gap: 16,
        alignItems: 'center',
        padding: 12,
        border: `1px solid ${tokens.colorBorderSecondary}`,
        borderRadius: 8,
      }}
    >
      {course.thumb ? (
        <img
          src={course.thumb}
          width={120}
          height={68}
          alt=""
          style={{ display: 'block', flexShrink: 0, objectFit: 'cover' }}
        />
      ) : null}
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 600 }}>
          {course.name} {course.course_type === 1 ? <Tag color="blue">必修</Tag> : <Tag color="green">选修</Tag>}
          {course.learn_progress >= 100 && (course.is_grade ? <Tag color="gold">已评价</Tag> : <Tag>未评价</Tag>)}
        </div>
        <div style={{ color: tokens.colorTextDescription }}>
          学时 {formatOneDecimal(course.class_hour)} · 学分 {formatOneDecimal(course.credit)}
        </div>
        <Progress percent={course.learn_progress} size="small" label={`${course.name} 学习进度`} />
      </div>
      {unrated && approved && (
        <Button type="primary" onClick={onRate} aria-label={`评价 ${course.name}`}>
          {M.rateAction}
        </Button>
      )}
      <Button type={action === 'review' ? 'default' : 'primary'} onClick={onOpen} disabled={!approved}>
        {approved ? STUDY_ACTION_LABELS[action] : M.avatarUnderReview}
      </Button>
    </li>
  );
}
