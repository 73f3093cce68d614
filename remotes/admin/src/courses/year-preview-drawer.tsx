import { Alert, Drawer, Empty, Result, Spin, Table, Tag } from 'antd';
import type { SelectionCourse } from '@yaoshi/contracts/enrolment';
import { STUDY_YEAR_STATUS_LABELS } from '@yaoshi/contracts/study-year-rules';
import { COURSE_KIND_NAMES } from '@yaoshi/contracts/site-names';
import { useCourseYearPreviewQuery } from './course-admin-api';

const columns = [
  { title: '课程名称', dataIndex: 'name', key: 'name' },
  { title: '授课教师', dataIndex: 'teacher', key: 'teacher', width: 110 },
  { title: '学时', dataIndex: 'class_hour', key: 'class_hour', width: 70 },
  { title: '学分', dataIndex: 'credit', key: 'credit', width: 70 },
  {
    title: '价格',
    dataIndex: 'price',
    key: 'price',
    width: 100,
    render: (price: number) => `${price.toFixed(2)} 元`,
  },
  {
    title: '授课方式',
    dataIndex: 'face_to_face',
    key: 'face_to_face',
    width: 90,
    render: (faceToFace: number) => (faceToFace ? '面授' : '网络授课'),
  },
];

function CourseList({ title, courses }: { title: string; courses: SelectionCourse[] }) {
  return (
    <section aria-label={title} style={{ marginBottom: 24 }}>
      <h3 style={{ margin: '0 0 8px' }}>
        {title}（{courses.length} 门）
      </h3>
      <Table<SelectionCourse>
        size="small"
        rowKey="cid"
        columns={columns}
        dataSource={courses}
        pagination={false}
        locale={{ emptyText: <Empty description="暂无课程" /> }}
      />
    </section>
  );
}

/**
 * A year as a learner choosing courses would see it — the selection tip and the catalogue of
 * both course kinds — for a draft before it is opened as well as for an open year.
 */
export function YearPreviewDrawer({ year, onClose }: { year: number | null; onClose: () => void }) {
  const preview = useCourseYearPreviewQuery(year ?? 0, { skip: year === null, refetchOnMountOrArgChange: true });
  const data = preview.currentData;
  return (
    <Drawer
      open={year !== null}
      onClose={onClose}
      size={880}
      title={year === null ? '' : `预览${year}年度（学员视角）`}
    >
      {preview.isError ? (
        <Result status="error" title="预览加载失败" />
      ) : !data ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : (
        <>
          <p>
            <Tag color={data.status === 'open' ? 'green' : data.status === 'draft' ? 'default' : 'blue'}>
              {STUDY_YEAR_STATUS_LABELS[data.status]}
            </Tag>
            {data.status === 'open'
              ? '学员现在可以看到该年度。'
              : '学员现在还看不到该年度；以下是开放后学员选课时看到的内容。'}
          </p>
          {data.msg1 ? <Alert type="info" showIcon title={data.msg1} style={{ marginBottom: 16 }} /> : null}
          <CourseList
            title={`${COURSE_KIND_NAMES.professional}（必修）`}
            courses={data.professional.filter((course) => course.course_type === 1)}
          />
          <CourseList
            title={`${COURSE_KIND_NAMES.professional}（选修）`}
            courses={data.professional.filter((course) => course.course_type === 2)}
          />
          <CourseList title={COURSE_KIND_NAMES.public} courses={data.public} />
        </>
      )}
    </Drawer>
  );
}
