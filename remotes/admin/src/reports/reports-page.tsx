import { Suspense, lazy, useState } from 'react';
import { Button, Card, Col, Empty, Row, Select, Space, Spin, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CompletedLearner, ReportGroup } from '@yaoshi/contracts/reports';
import { ARCHIVE_REVIEW_WORKING_DAYS } from '@yaoshi/contracts/study-rules';
import {
  COLUMN_WIDTH,
  ConsoleTable,
  EMPTY_TEXT,
  LoadFailed,
  PersonCell,
  useListState,
  useSearchAgain,
} from '../kit/list-kit';
import { useCompletedLearnersQuery, useYearReportQuery } from './reports-api';
import { EXPORT_TEXTS, ReportExportsTable, useReportExports } from './report-exports';

/** The chart library comes with this page only, in a chunk of its own. */
const CompletionChart = lazy(() => import('./completion-chart'));

const ARCHIVE_REVIEW_NOTE = `完成本年度全部要求学时（专业课与公需课）的学员，由协会在${ARCHIVE_REVIEW_WORKING_DAYS}个工作日内完成审核归档；审核截止为完成日期后第${ARCHIVE_REVIEW_WORKING_DAYS}个工作日。`;

const oneDecimal = (value: number) => value.toFixed(1);

function groupColumns(nameTitle: string): ColumnsType<ReportGroup> {
  return [
    { title: nameTitle, dataIndex: 'name', key: 'name', ellipsis: { showTitle: true } },
    { title: '报名人数', dataIndex: 'enrolled', key: 'enrolled', width: 110, align: 'right' },
    { title: '完成人数', dataIndex: 'completed', key: 'completed', width: 110, align: 'right' },
    {
      title: '完成学时',
      key: 'hours',
      width: 110,
      align: 'right',
      render: (_: unknown, row) => oneDecimal(row.hours_completed),
    },
    {
      title: '完成率',
      key: 'rate',
      width: 110,
      align: 'right',
      render: (_: unknown, row) => `${oneDecimal(row.completion_rate)}%`,
    },
  ];
}

const COMPLETED_COLUMNS: ColumnsType<CompletedLearner> = [
  {
    title: '学员',
    key: 'learner',
    width: COLUMN_WIDTH.person,
    render: (_: unknown, row) => <PersonCell name={row.name} idNumber={row.id_number} />,
  },
  { title: '工作单位', dataIndex: 'unit', key: 'unit', ellipsis: { showTitle: true } },
  { title: '地区', dataIndex: 'region', key: 'region', width: 120, ellipsis: { showTitle: true } },
  {
    title: '专业课学时',
    key: 'professional',
    width: 100,
    align: 'right',
    render: (_: unknown, row) => oneDecimal(row.professional_hours),
  },
  {
    title: '公需课学时',
    key: 'public',
    width: 100,
    align: 'right',
    render: (_: unknown, row) => oneDecimal(row.public_hours),
  },
  {
    title: '合计学时',
    key: 'total',
    width: 90,
    align: 'right',
    render: (_: unknown, row) => oneDecimal(row.hours_completed),
  },
  { title: '完成日期', dataIndex: 'completed_on', key: 'completed_on', width: 100 },
  { title: '审核截止', dataIndex: 'review_due_on', key: 'review_due_on', width: 100 },
];

/**
 * 统计报表 (issue 20): per study year, learners enrolled, hours completed and completion
 * rate, in all, by unit and by region, completion by region as a chart, and the learners who
 * completed, for the archive review; each exports to .xlsx (audited, made by a job, listed
 * under 导出记录 and saved when ready).
 */
export function ReportsPage() {
  const [chosenYear, setChosenYear] = useState<number | undefined>(undefined);
  const report = useYearReportQuery(chosenYear === undefined ? {} : { year: chosenYear }, {
    refetchOnMountOrArgChange: true,
  });
  const year = chosenYear ?? report.data?.year;
  const list = useListState();
  const completed = useCompletedLearnersQuery(
    { year: year ?? 0, page: list.page, size: list.size },
    { skip: year === undefined, refetchOnMountOrArgChange: true },
  );
  useSearchAgain(list, completed);
  const exports = useReportExports();

  if (report.isError && !report.isFetching && !report.data) {
    return <LoadFailed onRetry={() => void report.refetch()} />;
  }
  const data = report.data;
  if (!data) {
    return (
      <div style={{ padding: 80, textAlign: 'center' }}>
        <Spin size="large" tip="加载中…">
          <div style={{ height: 40 }} />
        </Spin>
      </div>
    );
  }
  const summary = data.summary;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>年度：</Typography.Text>
        <Select<number>
          aria-label="年度"
          value={data.year}
          style={{ width: 120 }}
          options={data.years.map((value) => ({ value, label: `${value}年度` }))}
          onChange={(value) => {
            setChosenYear(value);
            list.setPage(1, list.size);
          }}
        />
        <Button loading={exports.busy('summary')} onClick={() => void exports.request(data.year, 'summary')}>
          导出统计表
        </Button>
        <Button loading={exports.busy('completed')} onClick={() => void exports.request(data.year, 'completed')}>
          导出完成名单
        </Button>
      </Space>
      <Spin spinning={report.isFetching}>
        <Row gutter={16} style={{ marginBottom: 16 }} aria-label="年度汇总" role="group">
          <Col span={6}>
            <Card size="small">
              <Statistic title="报名人数" value={summary.enrolled} />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic title="完成人数" value={summary.completed} />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic title="完成学时" value={oneDecimal(summary.hours_completed)} />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <Statistic title="完成率" value={oneDecimal(summary.completion_rate)} suffix="%" />
            </Card>
          </Col>
        </Row>
        <Card size="small" title="各地区完成率" style={{ marginBottom: 16 }}>
          {data.by_region.length === 0 ? (
            <Empty description={EMPTY_TEXT} />
          ) : (
            <Suspense fallback={<Spin tip="图表加载中…">{<div style={{ height: 280 }} />}</Spin>}>
              <CompletionChart groups={data.by_region} />
            </Suspense>
          )}
        </Card>
        <Typography.Title level={5}>按单位</Typography.Title>
        <ConsoleTable<ReportGroup>
          label="按单位统计"
          rowKey="name"
          columns={groupColumns('工作单位')}
          query={report}
          rows={data.by_unit}
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          按地区
        </Typography.Title>
        <ConsoleTable<ReportGroup>
          label="按地区统计"
          rowKey="name"
          columns={groupColumns('地区')}
          query={report}
          rows={data.by_region}
        />
      </Spin>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        完成学习人员名单
      </Typography.Title>
      <Typography.Paragraph type="secondary">{ARCHIVE_REVIEW_NOTE}</Typography.Paragraph>
      <ConsoleTable<CompletedLearner>
        label="完成学习人员名单"
        rowKey="learner_id"
        columns={COMPLETED_COLUMNS}
        query={completed}
        rows={completed.data?.list ?? []}
        total={completed.data?.total ?? 0}
        list={list}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {EXPORT_TEXTS.title}
      </Typography.Title>
      <ReportExportsTable
        exports={exports.exportsQuery}
        onDownload={(exportId) => void exports.download(exportId)}
        downloading={exports.downloading}
      />
    </>
  );
}
