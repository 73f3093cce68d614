import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Result, Switch, Tag } from 'antd';
import { ACTIONS_COLUMN_KEY, COLUMN_WIDTH, DataTable } from '../kit/list-kit';
import dayjs, { type Dayjs } from 'dayjs';
import type { CourseYear, CourseYearInput } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_LIMITS, COURSE_ADMIN_MESSAGES as M } from '@yaoshi/contracts/course-admin-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import { useCourseYearCreateMutation, useCourseYearsQuery, useCourseYearUpdateMutation } from './course-admin-api';

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
} as const;

interface YearFormValues {
  year: number;
  is_buxue: boolean;
  need_all: 1 | 2;
  course_type_tip: string;
  opens_on: Dayjs | null;
  closes_on: Dayjs | null;
  hour_price: number;
  sort_order: number;
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
  };
}

export function yearInputOf(values: YearFormValues): CourseYearInput {
  return {
    ...values,
    course_type_tip: values.course_type_tip ?? '',
    opens_on: values.opens_on ? values.opens_on.format(DAY) : null,
    closes_on: values.closes_on ? values.closes_on.format(DAY) : null,
  };
}

/** 学习年度 (课程管理, issue 20): the study years, their sign-up dates, make-up flag, price and need_all. */
export function CourseYearsPage() {
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
      <div style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => open('new')}>
          {YEAR_PAGE_TEXTS.create}
        </Button>
      </div>
      <DataTable<CourseYear>
        label="学习年度"
        rowKey="year"
        query={years}
        rows={years.data ?? []}
        paged={false}
        columns={[
          {
            title: '年度',
            dataIndex: 'year',
            render: (year: number, row) => (
              <>
                {year}年度 {row.is_buxue && <Tag color="orange">补学</Tag>}
              </>
            ),
          },
          {
            title: '学时要求',
            dataIndex: 'need_all',
            render: (needAll: number) => YEAR_PAGE_TEXTS.needAll[needAll === 2 ? 2 : 1],
          },
          { title: '报名开放', dataIndex: 'opens_on', render: (day: string | null) => day ?? YEAR_PAGE_TEXTS.noLimit },
          { title: '报名截止', dataIndex: 'closes_on', render: (day: string | null) => day ?? YEAR_PAGE_TEXTS.noLimit },
          { title: '每学时价格', dataIndex: 'hour_price', render: (price: number) => `${price.toFixed(2)} 元` },
          { title: '课程数', dataIndex: 'course_count' },
          { title: '排序', dataIndex: 'sort_order' },
          {
            title: '操作',
            key: ACTIONS_COLUMN_KEY,
            width: COLUMN_WIDTH.oneLink,
            render: (_: unknown, row) => (
              <Button size="small" aria-label={`编辑${row.year}年度`} onClick={() => open(row)}>
                {YEAR_PAGE_TEXTS.edit}
              </Button>
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
            <Form.Item name="opens_on" label="报名开放日期">
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
        </Form>
      </Modal>
    </>
  );
}
