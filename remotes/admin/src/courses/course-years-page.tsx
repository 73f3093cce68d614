import { useState } from 'react';
import {
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Result,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { ACTIONS_COLUMN_KEY, COLUMN_WIDTH, ConsoleTable } from '../kit/list-kit';
import dayjs, { type Dayjs } from 'dayjs';
import type { CourseYear, CourseYearInput } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_LIMITS, COURSE_ADMIN_MESSAGES as M } from '@yaoshi/contracts/course-admin-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import {
  STUDY_YEAR_MESSAGES,
  STUDY_YEAR_STATUS_LABELS,
  type StudyYearStatus,
} from '@yaoshi/contracts/study-year-rules';
import {
  useCourseYearCreateMutation,
  useCourseYearOpenMutation,
  useCourseYearsQuery,
  useCourseYearUpdateMutation,
} from './course-admin-api';
import { YearPreviewDrawer } from './year-preview-drawer';

export const YEAR_PAGE_TEXTS = {
  create: '新建年度',
  edit: '编辑',
  createTitle: '新建学习年度',
  editTitle: '编辑学习年度',
  saved: '学习年度已保存',
  loadError: '学习年度加载失败',
  retry: '重试',
  needAll: { 1: '专业科目须修满60学时', 2: '不限学时（按需选课）' },
  noLimit: '不限',
  open: '开放',
  openConfirm: (year: number) =>
    `开放${year}年度？开放后学员自报名开始日期起可以看到该年度，到“成为默认年度”的日期起各页面默认显示该年度。`,
  opened: '学习年度已开放',
  preview: '预览',
  current: '当前年度',
  draftNote: '新建的年度是草稿，学员看不到；填好报名开始日期、学习期间和成为默认年度的日期后点击“开放”。',
} as const;

const STATUS_COLORS: Readonly<Record<StudyYearStatus, string>> = { draft: 'default', scheduled: 'blue', open: 'green' };

interface YearFormValues {
  year: number;
  is_buxue: boolean;
  need_all: 1 | 2;
  course_type_tip: string;
  opens_on: Dayjs | null;
  closes_on: Dayjs | null;
  hour_price: number;
  sort_order: number;
  study_starts_on: Dayjs | null;
  study_ends_on: Dayjs | null;
  default_from: Dayjs | null;
}

const DAY = 'YYYY-MM-DD';

function formValuesOf(year: CourseYear | null, suggested: number): YearFormValues {
  if (!year)
    return {
      year: suggested,
      is_buxue: false,
      need_all: 1,
      course_type_tip: '',
      opens_on: null,
      closes_on: null,
      hour_price: 5,
      sort_order: 0,
      study_starts_on: null,
      study_ends_on: null,
      default_from: null,
    };
  return {
    year: year.year,
    is_buxue: year.is_buxue,
    need_all: year.need_all === 2 ? 2 : 1,
    course_type_tip: year.course_type_tip,
    opens_on: year.opens_on ? dayjs(year.opens_on) : null,
    closes_on: year.closes_on ? dayjs(year.closes_on) : null,
    hour_price: year.hour_price,
    sort_order: year.sort_order,
    study_starts_on: year.study_starts_on ? dayjs(year.study_starts_on) : null,
    study_ends_on: year.study_ends_on ? dayjs(year.study_ends_on) : null,
    default_from: year.default_from ? dayjs(year.default_from) : null,
  };
}

const dayOf = (value: Dayjs | null | undefined) => (value ? value.format(DAY) : null);

export function yearInputOf(values: YearFormValues): CourseYearInput {
  return {
    ...values,
    course_type_tip: values.course_type_tip ?? '',
    opens_on: dayOf(values.opens_on),
    closes_on: dayOf(values.closes_on),
    study_starts_on: dayOf(values.study_starts_on),
    study_ends_on: dayOf(values.study_ends_on),
    default_from: dayOf(values.default_from),
  };
}

/**
 * 学习年度 (课程管理): the study years, their sign-up dates, study period, make-up flag, price and
 * need_all. A new year is a draft until it is opened; any year can be previewed as a learner sees it.
 */
export function CourseYearsPage() {
  const [openYear, { isLoading: opening }] = useCourseYearOpenMutation();
  const [previewing, setPreviewing] = useState<number | null>(null);
  const years = useCourseYearsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState<CourseYear | 'new' | null>(null);
  const [create, { isLoading: creating }] = useCourseYearCreateMutation();
  const [update, { isLoading: updating }] = useCourseYearUpdateMutation();
  const [form] = Form.useForm<YearFormValues>();

  if (years.isError)
    return (
      <Result
        status="error"
        title={YEAR_PAGE_TEXTS.loadError}
        extra={<Button onClick={() => void years.refetch()}>{YEAR_PAGE_TEXTS.retry}</Button>}
      />
    );

  const open = (year: CourseYear | 'new') => {
    const newest = Math.max(dayjs().year(), ...(years.data ?? []).map((row) => row.year + 1));
    form.setFieldsValue(formValuesOf(year === 'new' ? null : year, Math.min(newest, 2100)));
    setEditing(year);
  };

  const submit = async () => {
    let values: YearFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await (editing === 'new' ? create(yearInputOf(values)) : update(yearInputOf(values))).unwrap();
      showMessage(YEAR_PAGE_TEXTS.saved);
      setEditing(null);
    } catch {
      // The error catalogue has shown the server's message; the dialog keeps the input.
    }
  };

  return (
    <>
      <div style={{ marginBottom: 16, display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="primary" onClick={() => open('new')}>
          {YEAR_PAGE_TEXTS.create}
        </Button>
        <Typography.Text type="secondary">{YEAR_PAGE_TEXTS.draftNote}</Typography.Text>
      </div>
      <ConsoleTable<CourseYear>
        label="学习年度"
        rowKey="year"
        query={years}
        rows={years.data ?? []}
        paged={false}
        columns={[
          {
            title: '年度',
            dataIndex: 'year',
            width: 120,
            render: (year: number, row) => (
              <Space size={4} wrap>
                <span>{year}年度</span>
                {row.is_buxue && <Tag color="orange">补学</Tag>}
                {row.is_current && <Tag color="green">{YEAR_PAGE_TEXTS.current}</Tag>}
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (status: StudyYearStatus, row) => (
              <span title={row.opened_at ? `${row.opened_by ?? ''} 于 ${row.opened_at} 开放` : undefined}>
                <Tag color={STATUS_COLORS[status]}>{STUDY_YEAR_STATUS_LABELS[status]}</Tag>
              </span>
            ),
          },
          {
            title: '学时要求',
            dataIndex: 'need_all',
            render: (needAll: number) => YEAR_PAGE_TEXTS.needAll[needAll === 2 ? 2 : 1],
          },
          {
            title: '报名期间',
            key: 'enrolment',
            width: 110,
            render: (_: unknown, row) =>
              row.opens_on === null && row.closes_on === null ? (
                YEAR_PAGE_TEXTS.noLimit
              ) : (
                <>
                  {row.opens_on ?? YEAR_PAGE_TEXTS.noLimit} 至<br />
                  {row.closes_on ?? YEAR_PAGE_TEXTS.noLimit}
                </>
              ),
          },
          {
            title: '学习期间',
            key: 'study',
            width: 120,
            render: (_: unknown, row) =>
              row.study_starts_on && row.study_ends_on ? (
                <>
                  {row.study_starts_on} 至<br />
                  {row.study_ends_on}
                </>
              ) : (
                '—'
              ),
          },
          { title: '默认年度起', dataIndex: 'default_from', width: 110, render: (day: string | null) => day ?? '—' },
          {
            title: '学时单价',
            dataIndex: 'hour_price',
            width: 90,
            render: (price: number) => `${price.toFixed(2)} 元`,
          },
          // 排序 is set in the edit dialog; the list is shown in that order.
          { title: '课程数', dataIndex: 'course_count', width: 80 },
          {
            title: '操作',
            key: ACTIONS_COLUMN_KEY,
            // 编辑 and 预览 on one line; a draft's 开放 may go below them.
            width: COLUMN_WIDTH.twoButtons + 40,
            render: (_: unknown, row) => (
              <Space size={4} wrap>
                <Button size="small" aria-label={`编辑${row.year}年度`} onClick={() => open(row)}>
                  {YEAR_PAGE_TEXTS.edit}
                </Button>
                <Button size="small" aria-label={`预览${row.year}年度`} onClick={() => setPreviewing(row.year)}>
                  {YEAR_PAGE_TEXTS.preview}
                </Button>
                {row.status === 'draft' && (
                  <Popconfirm
                    title={YEAR_PAGE_TEXTS.openConfirm(row.year)}
                    okText="开放"
                    cancelText="取消"
                    overlayStyle={{ maxWidth: 360 }}
                    onConfirm={() =>
                      void openYear(row.year)
                        .unwrap()
                        .then(() => showMessage(YEAR_PAGE_TEXTS.opened))
                        // The error catalogue has shown the server's message.
                        .catch(() => undefined)
                    }
                  >
                    <Button size="small" type="primary" loading={opening} aria-label={`开放${row.year}年度`}>
                      {YEAR_PAGE_TEXTS.open}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? YEAR_PAGE_TEXTS.createTitle : YEAR_PAGE_TEXTS.editTitle}
        okText="保存"
        cancelText="取消"
        confirmLoading={creating || updating}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        forceRender
        width={560}
      >
        <Form<YearFormValues> form={form} layout="vertical" aria-label="学习年度">
          <Form.Item name="year" label="年度" rules={[{ required: true, message: M.yearInvalid }]}>
            <InputNumber min={2000} max={2100} precision={0} disabled={editing !== 'new'} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="is_buxue" label="补学年度" valuePropName="checked" extra="补学年度在“补学教育”中列出">
            <Switch />
          </Form.Item>
          <Form.Item name="need_all" label="学时要求">
            <Radio.Group
              options={[
                { value: 1, label: YEAR_PAGE_TEXTS.needAll[1] },
                { value: 2, label: YEAR_PAGE_TEXTS.needAll[2] },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="course_type_tip"
            label="选课提示"
            rules={[{ max: COURSE_ADMIN_LIMITS.tip, message: M.tipTooLong }]}
          >
            <Input.TextArea rows={2} maxLength={COURSE_ADMIN_LIMITS.tip} />
          </Form.Item>
          <div style={{ display: 'flex', gap: 16 }}>
            <Form.Item name="opens_on" label="报名开始日期" extra="学员从这一天起看到该年度">
              <DatePicker placeholder="不限" />
            </Form.Item>
            <Form.Item
              name="closes_on"
              label="报名截止日期"
              dependencies={['opens_on']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | null) => {
                    const opens = getFieldValue('opens_on') as Dayjs | null;
                    return opens && value && value.isBefore(opens, 'day')
                      ? Promise.reject(new Error(M.datesOrder))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker placeholder="不限" />
            </Form.Item>
          </div>
          <div style={{ display: 'flex', gap: 16 }}>
            <Form.Item
              name="hour_price"
              label="每学时价格（元）"
              extra="新建专业课程时按学时预填价格"
              rules={[{ required: true, message: M.hourPriceInvalid }]}
            >
              <InputNumber min={0} max={10000} precision={2} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="sort_order" label="排序（小的在前）">
              <InputNumber min={0} max={1000} precision={0} style={{ width: 120 }} />
            </Form.Item>
          </div>
          <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
            <Form.Item name="study_starts_on" label="学习开始日期">
              <DatePicker placeholder="开放前填写" />
            </Form.Item>
            <Form.Item
              name="study_ends_on"
              label="学习结束日期"
              dependencies={['study_starts_on']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | null) => {
                    const starts = getFieldValue('study_starts_on') as Dayjs | null;
                    return starts && value && value.isBefore(starts, 'day')
                      ? Promise.reject(new Error(STUDY_YEAR_MESSAGES.studyDatesOrder))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker placeholder="开放前填写" />
            </Form.Item>
            <Form.Item
              name="default_from"
              label="成为默认年度的日期"
              extra="从这一天起，学员和后台各页面默认显示该年度"
            >
              <DatePicker placeholder="开放前填写" />
            </Form.Item>
          </div>
        </Form>
      </Modal>
      <YearPreviewDrawer year={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
