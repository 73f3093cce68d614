import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@yaoshi/ui/router';
import { Alert, Button, Modal, Space, Spin, Tooltip } from 'antd';
import { Select } from '@yaoshi/ui/site-select';
import { Tabs } from '@yaoshi/ui/site-tabs';
import {
  COURSE_TYPE,
  NEED_ALL,
  SELECTION_MESSAGES,
  TEACHING_MODE,
  crossesProfessionalRequirement,
  formatHours,
  formatYuan,
  priceFenOf,
  professionalHoursOf,
  professionalVerdict,
  sumHourTenths,
} from '@yaoshi/contracts/course-selection-rules';
import type { ValidationResult } from '@yaoshi/contracts/enrolment';
import { showMessage } from '@yaoshi/ui/show-message';
import { CLOSED_TIP, TipDialog, type TipDialogModel } from '@yaoshi/ui/tip-dialog';
import { savePendingOrder } from '../payment/pending-order';
import { CourseTable } from './course-table';
import { FACE_TO_FACE_EMPTY, FACE_TO_FACE_NOTICE, IMPORTANT_NOTICE, PROFESSIONAL_RULES } from './selection-texts';
import {
  awaitingCurrent,
  useAcademicYearsQuery,
  useCourseTypeQuery,
  useLazyValidateSelectionQuery,
  useSignupOnceMutation,
  useWebCoursesQuery,
} from './selection-api';
import {
  ConfirmSelection,
  ImportantNoticeDialog,
  RulesDialog,
  SelectionSummary,
  courseTenths,
  fenOf,
  toTenths,
} from './selection-parts';
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

type View = 'select' | 'confirm';

/** /signStudy: professional course selection for a year (spec 02 §2, §4 "Selection flow", §5). */
export default function ProfessionalSelectionPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [modal, modalHolder] = Modal.useModal();
  const years = useAcademicYearsQuery();
  const [year, setYear] = useState<number | null>(() =>
    searchParams.get('year') ? Number(searchParams.get('year')) : null,
  );
  const activeYear = year ?? years.data?.[0]?.year ?? null;
  const courseType = useCourseTypeQuery(activeYear ?? 0, { skip: activeYear === null });
  const webCourses = useWebCoursesQuery(
    { year: activeYear ?? 0, type: TEACHING_MODE.web },
    { skip: activeYear === null },
  );
  const [signupOnce, { isLoading: signingUp }] = useSignupOnceMutation();
  const [validate, { isFetching: validating }] = useLazyValidateSelectionQuery();

  const [view, setView] = useState<View>('select');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [noticeOpen, setNoticeOpen] = useState(true);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [tip, setTip] = useState<TipDialogModel>(CLOSED_TIP);
  const validation = useRef<ValidationResult | null>(null);

  const needAll = courseType.data?.need_all ?? NEED_ALL.required;
  const courses = useMemo(() => webCourses.data?.courses ?? [], [webCourses.data]);
  const compulsory = courses.filter((course) => course.course_type === COURSE_TYPE.compulsory);
  const electives = courses.filter((course) => course.course_type === COURSE_TYPE.elective);
  // With all 60 hours required, every compulsory course not yet bought is part of the selection.
  const locked = useMemo(
    () =>
      new Set(
        needAll === NEED_ALL.required
          ? courses.filter((c) => c.course_type === COURSE_TYPE.compulsory && c.is_buy === 0).map((c) => c.cid)
          : [],
      ),
    [courses, needAll],
  );

  // A new year (or fresh data): start from the compulsory courses and the saved `car`.
  useEffect(() => {
    if (!webCourses.data || courseType.data === undefined) return;
    const selectable = new Set(
      webCourses.data.courses.filter((c) => c.is_buy === 0 && c.face_to_face === 0).map((c) => c.cid),
    );
    const car = webCourses.data.car
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((cid) => selectable.has(cid));
    setSelected(new Set([...locked, ...car]));
  }, [webCourses.data, courseType.data, locked]);

  const chosen = courses.filter((course) => selected.has(course.cid));
  const ownedTenths = sumHourTenths(courses.filter((c) => c.is_buy === 1).map(courseTenths));
  const selectedTenths = sumHourTenths(chosen.map(courseTenths));
  const cids = chosen.map((course) => course.cid).join(',');

  const toggle = (cid: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(cid);
    else next.delete(cid);
    const after = ownedTenths + sumHourTenths(courses.filter((c) => next.has(c.cid)).map(courseTenths));
    setSelected(next);
    if (checked && crossesProfessionalRequirement(needAll, ownedTenths + selectedTenths, after)) {
      void modal.info({
        title: '提示',
        content: SELECTION_MESSAGES.professionalReached(formatHours(after)),
        okText: '知道了',
      });
    }
  };

  const showShortfall = (message: string) => {
    void modal.warning({ title: '学时不足', content: message, okText: '重新选择' });
    setView('select');
  };

  const signUp = async () => {
    if (chosen.length === 0) {
      showMessage(SELECTION_MESSAGES.nothingSelected, { type: 'warning' });
      return;
    }
    const verdict = professionalVerdict(needAll, professionalHoursOf(needAll, ownedTenths, selectedTenths));
    if (verdict.kind === 'short') {
      showShortfall(verdict.message);
      return;
    }
    if (activeYear === null) return;
    const result = await signupOnce({ year: activeYear, cids });
    if ('data' in result) setView('confirm');
  };

  const confirm = async () => {
    if (activeYear === null) return;
    const result = await validate({ year: activeYear, cids, hours: selectedTenths / 10 });
    if (!result.data) return;
    validation.current = result.data;
    const openMsg2 = () => setTip({ show: true, text: result.data!.msg2, params: { checkHours: true } });
    const verdict = professionalVerdict(needAll, {
      requiredTenths: toTenths(result.data.year_class_hour),
      currentTenths: toTenths(result.data.current_class_hour),
      remainTenths: toTenths(result.data.remain_class_hour),
    });
    if (verdict.kind === 'short') showShortfall(verdict.message);
    else if (verdict.kind === 'over') {
      void modal.confirm({
        title: '超出学时',
        content: verdict.message,
        okText: '确认报名',
        cancelText: '继续选课',
        onOk: openMsg2,
        onCancel: () => setView('select'),
      });
    } else openMsg2();
  };

  const goPay = () => {
    const result = validation.current;
    if (!result || activeYear === null) return;
    savePendingOrder({
      year: activeYear,
      cids,
      type: 1,
      price: result.current_money,
      order_id: '',
      courses: chosen.map((c) => ({ cid: c.cid, name: c.name })),
    });
    void navigate('/pay');
  };

  const loading = years.isLoading || awaitingCurrent(webCourses) || awaitingCurrent(courseType);
  const summary = (
    <SelectionSummary
      kind="professional"
      requiredTenths={needAll === NEED_ALL.required ? professionalHoursOf(needAll, 0, 0).requiredTenths : null}
      ownedTenths={ownedTenths}
      chosen={chosen}
      selectedTenths={selectedTenths}
      priceText={formatYuan(priceFenOf(chosen.map(fenOf)))}
    />
  );

  return (
    <section aria-label={STUDENT_PAGE_NAMES.signStudy}>
      {modalHolder}
      <Space style={{ marginBottom: 16 }} wrap>
        {view === 'select' ? (
          <label>
            学习年度：
            <Select
              aria-label="学习年度"
              style={{ width: 160 }}
              value={activeYear ?? undefined}
              loading={years.isLoading}
              onChange={(value: number) => {
                setYear(value);
                setView('select');
              }}
              options={(years.data ?? []).map((y) => ({
                value: y.year,
                label: y.is_buxue ? `${y.year}年度（补学）` : `${y.year}年度`,
              }))}
            />
          </label>
        ) : null}
        <Button onClick={() => setRulesOpen(true)}>选课规则</Button>
      </Space>
      {courseType.currentData?.msg1 ? (
        <Alert type="info" showIcon title={courseType.currentData.msg1} style={{ marginBottom: 16 }} />
      ) : null}

      {loading ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : view === 'select' ? (
        <>
          <Tabs
            items={[
              {
                key: 'web',
                label: '网络授课',
                children: (
                  <>
                    <CourseTable
                      title="必修课"
                      courses={compulsory}
                      selected={selected}
                      locked={locked}
                      onToggle={toggle}
                      trial
                    />
                    <CourseTable
                      title="选修课"
                      courses={electives}
                      selected={selected}
                      locked={locked}
                      onToggle={toggle}
                      trial
                    />
                  </>
                ),
              },
              {
                key: 'face',
                disabled: true,
                label: (
                  <Tooltip title={`面授课程${FACE_TO_FACE_NOTICE}，${FACE_TO_FACE_EMPTY}`}>
                    <span>面授（{FACE_TO_FACE_NOTICE}）</span>
                  </Tooltip>
                ),
                children: <p>{FACE_TO_FACE_EMPTY}</p>,
              },
            ]}
          />
          {summary}
          <Button type="primary" size="large" loading={signingUp} onClick={() => void signUp()}>
            立即报名
          </Button>
        </>
      ) : (
        <ConfirmSelection
          kind="professional"
          year={activeYear}
          chosen={chosen}
          summary={summary}
          confirming={validating}
          onBack={() => setView('select')}
          onConfirm={() => void confirm()}
        />
      )}

      <ImportantNoticeDialog notice={IMPORTANT_NOTICE} open={noticeOpen} onClose={() => setNoticeOpen(false)} />
      <RulesDialog open={rulesOpen} rules={PROFESSIONAL_RULES} onClose={() => setRulesOpen(false)} />
      <TipDialog
        model={tip}
        onCancel={() => setTip(CLOSED_TIP)}
        onConfirm={(event) => {
          setTip(CLOSED_TIP);
          if (event === 'signUp') goPay();
        }}
      />
    </section>
  );
}
