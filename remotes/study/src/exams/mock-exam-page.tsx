import { Alert, Button } from 'antd';
import { Tag } from '@yaoshi/ui/site-tag';
import { Card } from '@yaoshi/ui/site-card';
import { DataTable, type DataTableColumn } from '@yaoshi/ui/data-table';
import { COURSE_KIND_NAMES } from '@yaoshi/contracts/site-names';
import { useNavigate } from '@yaoshi/ui/router';
import { PAGE_TITLES } from '../page-titles';
import { EXAM_LIST_ROUTE } from './exam-routes';

interface MockExamRow {
  key: string;
  name: string;
  time: string;
  questions: number;
  duration: string;
  score: string;
}

/** spec 02 §2: a static sample, no real data. */
export const MOCK_EXAM_ROWS: readonly MockExamRow[] = [
  {
    key: '1',
    name: `执业药师继续教育模拟考试（${COURSE_KIND_NAMES.professional}）`,
    time: '2025-06-10 09:30',
    questions: 20,
    duration: '30分钟',
    score: '85分',
  },
  {
    key: '2',
    name: `执业药师继续教育模拟考试（${COURSE_KIND_NAMES.public}）`,
    time: '2025-06-12 14:00',
    questions: 10,
    duration: '15分钟',
    score: '90分',
  },
];

/** /mockExam: the sample table with 再考一次, which leads to the real practice papers. */
export default function MockExamPage() {
  const navigate = useNavigate();
  const columns: DataTableColumn<MockExamRow>[] = [
    { title: '考试名称', dataIndex: 'name' },
    { title: '考试时间', dataIndex: 'time' },
    { title: '题量', dataIndex: 'questions' },
    { title: '时长', dataIndex: 'duration' },
    { title: '成绩', dataIndex: 'score', render: (score: string) => <Tag color="green">{score}</Tag> },
    {
      title: '操作',
      key: 'action',
      render: () => (
        <Button type="link" onClick={() => void navigate(EXAM_LIST_ROUTE)}>
          再考一次
        </Button>
      ),
    },
  ];
  return (
    <Card title={PAGE_TITLES['./MockExam']}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="以下为模拟考试示例，不计入学时与学分；点击「再考一次」进入课后练习。"
      />
      <DataTable<MockExamRow> rowKey="key" columns={columns} dataSource={MOCK_EXAM_ROWS} pagination={false} />
    </Card>
  );
}
