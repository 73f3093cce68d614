import { useEffect, useState } from 'react';
import { Button, Space } from 'antd';
import { Tag } from '@yaoshi/ui/site-tag';
import { Select } from '@yaoshi/ui/site-select';
import { Card } from '@yaoshi/ui/site-card';
import { Tabs } from '@yaoshi/ui/site-tabs';
import { DataTable, type DataTableColumn } from '@yaoshi/ui/data-table';
import { useNavigate, useSearchParams } from '@yaoshi/ui/router';
import type { ExamListRow } from '@yaoshi/contracts/exams';
import {
  EXAM_LIST_PAGE_SIZE,
  EXAM_MESSAGES,
  EXAM_TYPE,
  EXAM_TYPE_TEXT,
  EXAM_TYPE_VALUES,
  IS_POST,
  type ExamType,
} from '@yaoshi/contracts/exam-rules';
import { EMPTY_LIST_TEXT } from '@yaoshi/ui/message-texts';
import { showError } from '@yaoshi/ui/show-message';
import { PAGE_TITLES } from '../page-titles';
import { useExamListsQuery } from './exam-api';
import { continueExamRoute, reviewExamRoute, startExamRoute } from './exam-routes';

const yearFromQuery = (text: string | null) => (text !== null && /^\d{4}$/.test(text) ? Number(text) : undefined);

/**
 * /examList (spec 02 §2): the learner's practice papers of a year and type, with start
 * (year and type; or a course of the year, from that course's question bank, issue 20),
 * continue (pid) and review (pid and look). The year comes from `?year=`
 * when a study list links here, else the newest year that has questions.
 */
export default function ExamListPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [type, setType] = useState<ExamType>(EXAM_TYPE.professional);
  const [year, setYear] = useState<number | undefined>(() => yearFromQuery(params.get('year')));
  const [page, setPage] = useState(1);
  const { data, isFetching } = useExamListsQuery({ year, type, page }, { refetchOnMountOrArgChange: true });
  const years = data?.years ?? [];
  const newestYear = years[0];

  useEffect(() => {
    if (year === undefined && newestYear !== undefined) setYear(newestYear);
  }, [year, newestYear]);

  const start = (cid?: number) => {
    if (year === undefined) {
      showError(EXAM_MESSAGES.noYearChosen);
      return;
    }
    void navigate(startExamRoute(year, type, cid));
  };
  const courses = data?.courses ?? [];

  const columns: DataTableColumn<ExamListRow>[] = [
    { title: '试卷编号', dataIndex: 'pid' },
    { title: '年度', dataIndex: 'year' },
    { title: '练习范围', key: 'course', render: (_, row) => row.course_name ?? '年度综合练习' },
    { title: '开始时间', dataIndex: 'create_time' },
    { title: '题量', dataIndex: 'num' },
    {
      title: '状态',
      dataIndex: 'is_post',
      render: (isPost: ExamListRow['is_post']) =>
        isPost === IS_POST.submitted ? <Tag color="green">已提交</Tag> : <Tag color="blue">未提交</Tag>,
    },
    {
      title: '成绩',
      key: 'score',
      render: (_, row) => (row.right === null ? '—' : `答对 ${row.right} / ${row.num}`),
    },
    {
      title: '操作',
      key: 'action',
      render: (_, row) =>
        row.is_post === IS_POST.submitted ? (
          <Button type="link" onClick={() => void navigate(reviewExamRoute(row.pid))}>
            查看
          </Button>
        ) : (
          <Button type="link" onClick={() => void navigate(continueExamRoute(row.pid))}>
            继续练习
          </Button>
        ),
    },
  ];

  return (
    <Card title={PAGE_TITLES['./ExamList']}>
      <Tabs
        activeKey={String(type)}
        onChange={(key) => {
          setType(Number(key) as ExamType);
          setPage(1);
        }}
        items={EXAM_TYPE_VALUES.map((value) => ({ key: String(value), label: EXAM_TYPE_TEXT[value] }))}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <span>年度：</span>
        <Select
          aria-label="年度"
          style={{ width: 140 }}
          placeholder="请选择年度"
          value={year}
          onChange={(value: number) => {
            setYear(value);
            setPage(1);
          }}
          options={years.map((value) => ({ value, label: `${value}年度` }))}
        />
        <Button type="primary" onClick={() => start()}>
          开始练习
        </Button>
      </Space>
      {courses.length > 0 && (
        <Space style={{ marginBottom: 16 }} wrap aria-label="课程练习">
          <span>课程练习：</span>
          {courses.map((course) => (
            <Button key={course.cid} onClick={() => start(course.cid)}>
              {course.name}
            </Button>
          ))}
        </Space>
      )}
      <DataTable<ExamListRow>
        rowKey="pid"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        locale={{ emptyText: EMPTY_LIST_TEXT }}
        pagination={{
          current: page,
          pageSize: EXAM_LIST_PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
    </Card>
  );
}
