import { Link } from '@yaoshi/ui/router';
import { DataTable, type DataTableColumn } from '@yaoshi/ui/data-table';
import { Tag } from '@yaoshi/ui/site-tag';
import type { SelectionCourse } from '@yaoshi/contracts/enrolment';
import { TRIAL_LINK_TEXT } from './selection-texts';

export interface CourseTableProps {
  title: string;
  courses: SelectionCourse[];
  /** Omit for a read-only list (the confirm view). */
  selected?: ReadonlySet<number>;
  /** Courses that are selected and cannot be unticked (compulsory when all 60 hours are required). */
  locked?: ReadonlySet<number>;
  onToggle?: (cid: number, checked: boolean) => void;
  /** Professional courses offer a trial watch (spec 02 §4 "Trial viewing"). */
  trial?: boolean;
  /** Public courses are free (credit-rules.ts): no price column. */
  showPrice?: boolean;
}

const PRICE_COLUMN: DataTableColumn<SelectionCourse> = {
  title: '价格(元)',
  dataIndex: 'price',
  width: 90,
  render: (price: number) => price.toFixed(2),
};

const TRIAL_COLUMN: DataTableColumn<SelectionCourse> = {
  title: '操作',
  key: 'trial',
  width: 70,
  render: (_, course) =>
    course.is_buy === 1 ? null : <Link to={`/videoLearning?tryIt=1&cid=${course.cid}`}>{TRIAL_LINK_TEXT}</Link>,
};

/** One list of courses: thumbnail, name, teacher, credit, hours (one decimal), price (professional only), trial link. */
export function CourseTable({
  title,
  courses,
  selected,
  locked,
  onToggle,
  trial = false,
  showPrice = true,
}: CourseTableProps) {
  return (
    <section aria-label={title} style={{ marginBottom: 24 }}>
      <h3 style={{ margin: '8px 0' }}>{title}</h3>
      <DataTable<SelectionCourse>
        rowKey="cid"
        size="small"
        pagination={false}
        dataSource={courses}
        locale={{ emptyText: '暂无课程' }}
        rowSelection={
          selected && onToggle
            ? {
                selectedRowKeys: courses
                  .filter((course) => selected.has(course.cid) || course.is_buy === 1)
                  .map((course) => course.cid),
                onSelect: (course, checked) => onToggle(course.cid, checked),
                getCheckboxProps: (course) => ({
                  disabled: course.is_buy === 1 || course.face_to_face === 1 || (locked?.has(course.cid) ?? false),
                  'aria-label': `选择 ${course.name}`,
                }),
              }
            : undefined
        }
        columns={[
          {
            title: '课程',
            dataIndex: 'name',
            render: (_name: string, course) => (
              <span style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                {course.thumb ? (
                  <img
                    src={course.thumb}
                    alt=""
                    width={64}
                    height={40}
                    style={{ objectFit: 'cover', borderRadius: 4 }}
                  />
                ) : null}
                <span>{course.name}</span>
                {course.is_buy === 1 ? <Tag color="green">已购买</Tag> : null}
              </span>
            ),
          },
          { title: '授课教师', dataIndex: 'teacher', width: 100 },
          { title: '学分', dataIndex: 'credit', width: 70, render: (credit: number) => credit.toFixed(1) },
          { title: '学时', dataIndex: 'class_hour', width: 70, render: (hours: number) => hours.toFixed(1) },
          ...(showPrice ? [PRICE_COLUMN] : []),
          ...(trial ? [TRIAL_COLUMN] : []),
        ]}
      />
    </section>
  );
}
