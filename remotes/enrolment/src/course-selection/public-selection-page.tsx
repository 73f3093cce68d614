import { useEffect, useState } from 'react';
import { useNavigate } from '@yaoshi/ui/router';
import { Button, Modal, Space, Spin } from 'antd';
import { Select } from '@yaoshi/ui/site-select';
import {
  REQUIRED_PUBLIC_TENTHS,
  SELECTION_MESSAGES,
  TEACHING_MODE,
  crossesPublicRequirement,
  formatHours,
  publicConfirmProblem,
  publicSignupProblem,
  sumHourTenths,
} from '@yaoshi/contracts/course-selection-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import { CourseTable } from './course-table';
import { PUBLIC_IMPORTANT_NOTICE, PUBLIC_RULES } from './selection-texts';
import { awaitingCurrent, usePublicCoursesQuery, usePublicSignupMutation, usePublicYearsQuery } from './selection-api';
import {
  ConfirmSelection,
  ImportantNoticeDialog,
  RulesDialog,
  SelectionSummary,
  courseTenths,
} from './selection-parts';
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/** spec 02 §5: public sign-up success goes to /publicCourse after 2 seconds. */
export const PUBLIC_SIGNUP_REDIRECT_MS = 2000;

type View = 'select' | 'confirm';

/** /publicSignStudy: public-requirement course selection, one list (spec 02 §2, §5). */
export default function PublicSelectionPage() {
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const years = usePublicYearsQuery();
  const [year, setYear] = useState<number | null>(null);
  const activeYear = year ?? years.data?.[0]?.year ?? null;
  const list = usePublicCoursesQuery({ year: activeYear ?? 0, type: TEACHING_MODE.web }, { skip: activeYear === null });
  const [signup, { isLoading: signingUp }] = usePublicSignupMutation();
  const [view, setView] = useState<View>('select');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [rulesOpen, setRulesOpen] = useState(false);
  const [noticeOpen, setNoticeOpen] = useState(true);

  useEffect(() => {
    setSelected(new Set());
    setView('select');
  }, [activeYear]);

  const courses = list.data ?? [];
  const chosen = courses.filter((course) => selected.has(course.cid));
  const ownedTenths = sumHourTenths(courses.filter((c) => c.is_buy === 1).map(courseTenths));
  const selectedTenths = sumHourTenths(chosen.map(courseTenths));

  const toggle = (cid: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(cid);
    else next.delete(cid);
    setSelected(next);
    const after = ownedTenths + sumHourTenths(courses.filter((c) => next.has(c.cid)).map(courseTenths));
    if (checked && crossesPublicRequirement(ownedTenths + selectedTenths, after)) {
      void modal.info({
        title: '提示',
        content: SELECTION_MESSAGES.publicReached(formatHours(REQUIRED_PUBLIC_TENTHS)),
        okText: '知道了',
      });
    }
  };

  const signUp = () => {
    if (chosen.length === 0) {
      showMessage(SELECTION_MESSAGES.nothingSelected, { type: 'warning' });
      return;
    }
    const problem = publicSignupProblem(ownedTenths, selectedTenths);
    if (problem) {
      void modal.warning({ title: '学时不足', content: problem, okText: '继续选课' });
      return;
    }
    setView('confirm');
  };

  const confirm = async () => {
    const problem = publicConfirmProblem(ownedTenths, selectedTenths);
    if (problem) {
      void modal.warning({ title: '提示', content: problem, okText: '继续选课', onOk: () => setView('select') });
      return;
    }
    if (activeYear === null) return;
    const result = await signup({ year: activeYear, course_ids: chosen.map((course) => course.cid).join(',') });
    if (!('data' in result)) return;
    showMessage(SELECTION_MESSAGES.signupSuccess);
    setTimeout(() => void navigate('/publicCourse'), PUBLIC_SIGNUP_REDIRECT_MS);
  };

  const summary = (
    <SelectionSummary
      kind="public"
      requiredTenths={REQUIRED_PUBLIC_TENTHS}
      ownedTenths={ownedTenths}
      chosen={chosen}
      selectedTenths={selectedTenths}
    />
  );

  return (
    <section aria-label={STUDENT_PAGE_NAMES.publicSignStudy}>
      {modalHolder}
      <ImportantNoticeDialog notice={PUBLIC_IMPORTANT_NOTICE} open={noticeOpen} onClose={() => setNoticeOpen(false)} />
      <Space style={{ marginBottom: 16 }} wrap>
        {view === 'select' ? (
          <label>
            学习年度：
            <Select
              aria-label="学习年度"
              style={{ width: 160 }}
              value={activeYear ?? undefined}
              loading={years.isLoading}
              onChange={(value: number) => setYear(value)}
              options={(years.data ?? []).map((y) => ({ value: y.year, label: `${y.year}年度` }))}
            />
          </label>
        ) : null}
        <Button onClick={() => setRulesOpen(true)}>选课规则</Button>
      </Space>

      {years.isLoading || awaitingCurrent(list) ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : view === 'select' ? (
        <>
          <CourseTable title="公需课课程" courses={courses} selected={selected} onToggle={toggle} showPrice={false} />
          {summary}
          <Button type="primary" size="large" onClick={signUp}>
            立即报名
          </Button>
        </>
      ) : (
        <ConfirmSelection
          kind="public"
          year={activeYear}
          chosen={chosen}
          summary={summary}
          confirming={signingUp}
          onBack={() => setView('select')}
          onConfirm={() => void confirm()}
        />
      )}
      <RulesDialog open={rulesOpen} rules={PUBLIC_RULES} onClose={() => setRulesOpen(false)} />
    </section>
  );
}
