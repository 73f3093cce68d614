import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { AdminCourse, AdminCourseDetail, CourseInput } from '@yaoshi/contracts/course-admin';
import {
  COURSE_ADMIN_LIMITS as L,
  COURSE_ADMIN_MESSAGES as M,
  COURSE_KIND_CHOICES,
  type CourseKindChoice,
} from '@yaoshi/contracts/course-admin-rules';
import { PUBLIC_QUIZ_PERCENTS } from '@yaoshi/contracts/study-rules';
import { fileToBase64 } from '@yaoshi/ui/download';
import { showError, showMessage } from '@yaoshi/ui/show-message';
import {
  useAdminCourseDetailQuery,
  useAdminCoursesQuery,
  useCourseCreateMutation,
  useCourseTeacherAvatarMutation,
  useCourseThumbnailMutation,
  useCourseUpdateMutation,
  useCourseYearsQuery,
} from './course-admin-api';
import { formatDuration, LessonPanel } from './lesson-panel';
import { ACTIONS_COLUMN_KEY, COLUMN_WIDTH, ConsoleTable, ellipsisColumn } from '../kit/list-kit';

export const COURSE_PAGE_TEXTS = {
  create: '新建课程',
  edit: '编辑',
  createTitle: '新建课程',
  editTitle: '编辑课程',
  save: '保存课程',
  saved: '课程已保存',
  created: '课程已创建，可以上传封面和课时视频',
  loadError: '课程加载失败',
  retry: '重试',
  noYears: '还没有学习年度，请先在“学习年度”中新建',
  ordered: '已有订单',
  thumbnail: '上传封面',
  thumbnailSaved: '封面已更新',
  teacherAvatar: '上传教师照片',
  teacherAvatarSaved: '教师照片已更新',
  noVideo: '未上传',
  faceToFace: '面授',
} as const;

interface CourseFormValues {
  name: string;
  kind: CourseKindChoice;
  face_to_face: boolean;
  credit: number;
  class_hour: number;
  price: number;
  teacher_name: string;
  teacher_description: string;
  description: string;
  quiz_points: number[];
  sort_order: number;
}

const EMPTY_COURSE: CourseFormValues = {
  name: '',
  kind: 'compulsory',
  face_to_face: false,
  credit: 1,
  class_hour: 1,
  price: 5,
  teacher_name: '',
  teacher_description: '',
  description: '',
  quiz_points: [...PUBLIC_QUIZ_PERCENTS],
  sort_order: 0,
};

function formValuesOf(course: AdminCourse): CourseFormValues {
  return {
    name: course.name,
    kind: course.kind,
    face_to_face: course.face_to_face,
    credit: course.credit,
    class_hour: course.class_hour,
    price: course.price,
    teacher_name: course.teacher_name,
    teacher_description: course.teacher_description,
    description: course.description,
    quiz_points: course.kind === 'public' ? course.quiz_points : [...PUBLIC_QUIZ_PERCENTS],
    sort_order: course.sort_order,
  };
}

/** What the server takes: public courses are free and carry quiz points, the others neither. */
export function courseInputOf(values: CourseFormValues): CourseInput {
  const isPublic = values.kind === 'public';
  return {
    ...values,
    teacher_name: values.teacher_name ?? '',
    teacher_description: values.teacher_description ?? '',
    description: values.description ?? '',
    face_to_face: isPublic ? false : values.face_to_face,
    price: isPublic ? 0 : values.price,
    quiz_points: isPublic ? [...values.quiz_points].sort((a, b) => a - b) : [],
  };
}

const QUIZ_OPTIONS = Array.from({ length: 19 }, (_, i) => ({ value: (i + 1) * 5, label: `${(i + 1) * 5}%` }));

/** The drawer's form: a new course, or an existing one with its frozen fields read-only. */
function CourseEditor({
  year,
  hourPrice,
  courseId,
  onCreated,
}: {
  year: number;
  hourPrice: number;
  courseId: number | null;
  onCreated: (id: number) => void;
}) {
  const detail = useAdminCourseDetailQuery(courseId ?? 0, { skip: courseId === null, refetchOnMountOrArgChange: true });
  const [create, { isLoading: creating }] = useCourseCreateMutation();
  const [update, { isLoading: updating }] = useCourseUpdateMutation();
  const [thumbnail, thumbnailState] = useCourseThumbnailMutation();
  const [teacherAvatar, teacherAvatarState] = useCourseTeacherAvatarMutation();
  const [form] = Form.useForm<CourseFormValues>();
  const kind = Form.useWatch('kind', form);
  const course: AdminCourseDetail | undefined = courseId === null ? undefined : detail.data;
  const frozen = new Set(course?.frozen_fields ?? []);

  useEffect(() => {
    if (courseId === null) form.setFieldsValue({ ...EMPTY_COURSE, price: hourPrice });
    else if (detail.data) form.setFieldsValue(formValuesOf(detail.data));
  }, [courseId, detail.data, form, hourPrice]);

  if (courseId !== null && !course)
    return detail.isError ? <Result status="error" title={COURSE_PAGE_TEXTS.loadError} /> : null;

  const submit = async () => {
    let values: CourseFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      if (courseId === null) {
        const created = await create({ ...courseInputOf(values), year }).unwrap();
        showMessage(COURSE_PAGE_TEXTS.created);
        onCreated(created.course_id);
      } else {
        await update({ ...courseInputOf(values), course_id: courseId }).unwrap();
        showMessage(COURSE_PAGE_TEXTS.saved);
      }
    } catch {
      // The error catalogue has shown the server's message; the form keeps the input.
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {course && course.order_count > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${course.frozen_reason}（已有 ${course.order_count} 个订单）`}
          data-testid="frozen-reason"
        />
      )}
      <Form<CourseFormValues> form={form} layout="vertical" aria-label="课程信息" initialValues={EMPTY_COURSE}>
        <Form.Item
          name="name"
          label="课程名称"
          rules={[
            { required: true, whitespace: true, message: M.nameRequired },
            { max: L.name, message: M.nameTooLong },
          ]}
        >
          <Input maxLength={L.name} />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="kind" label="课程类型">
            <Radio.Group
              optionType="button"
              options={(Object.keys(COURSE_KIND_CHOICES) as CourseKindChoice[]).map((key) => ({
                value: key,
                label: COURSE_KIND_CHOICES[key].label,
              }))}
            />
          </Form.Item>
          {kind !== 'public' && (
            <Form.Item name="face_to_face" label="面授课程" valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Space>
        <Space wrap size="large" align="start">
          <Form.Item name="credit" label="学分" rules={[{ required: true, message: M.creditInvalid }]}>
            <InputNumber min={0} max={100} step={0.5} precision={1} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="class_hour"
            label="学时"
            rules={[{ required: true, message: M.hoursInvalid }]}
            extra={frozen.has('class_hour') ? '已有订单，不能修改' : undefined}
          >
            <InputNumber
              min={0.1}
              max={100}
              step={0.5}
              precision={1}
              disabled={frozen.has('class_hour')}
              style={{ width: 120 }}
            />
          </Form.Item>
          {kind !== 'public' ? (
            <Form.Item
              name="price"
              label="价格（元）"
              rules={[{ required: true, message: M.priceInvalid }]}
              extra={frozen.has('price') ? '已有订单，不能修改' : undefined}
            >
              <InputNumber min={0} max={10000} precision={2} disabled={frozen.has('price')} style={{ width: 140 }} />
            </Form.Item>
          ) : (
            <Form.Item label="价格">
              <Typography.Text>公需课免费</Typography.Text>
            </Form.Item>
          )}
          <Form.Item name="sort_order" label="排序">
            <InputNumber min={0} max={10000} precision={0} style={{ width: 100 }} />
          </Form.Item>
        </Space>
        {kind === 'public' && (
          <Form.Item name="quiz_points" label="答题点（视频进度百分比）" extra="学员观看到这些进度时弹出随堂测验">
            <Select mode="multiple" options={QUIZ_OPTIONS} aria-label="答题点" />
          </Form.Item>
        )}
        <Form.Item name="teacher_name" label="授课教师" rules={[{ max: L.teacher, message: M.teacherTooLong }]}>
          <Input maxLength={L.teacher} style={{ maxWidth: 280 }} />
        </Form.Item>
        <Form.Item name="teacher_description" label="教师简介" rules={[{ max: L.text, message: M.textTooLong }]}>
          <Input.TextArea rows={2} maxLength={L.text} />
        </Form.Item>
        <Form.Item name="description" label="课程简介" rules={[{ max: L.text, message: M.textTooLong }]}>
          <Input.TextArea rows={3} maxLength={L.text} />
        </Form.Item>
        <Button type="primary" onClick={() => void submit()} loading={creating || updating}>
          {COURSE_PAGE_TEXTS.save}
        </Button>
      </Form>
      {course && (
        <>
          <CourseImageCard
            title="封面"
            alt="课程封面"
            url={course.thumb_url}
            empty="暂无封面"
            size={{ width: 160, height: 90 }}
            button={COURSE_PAGE_TEXTS.thumbnail}
            saved={COURSE_PAGE_TEXTS.thumbnailSaved}
            loading={thumbnailState.isLoading}
            upload={(image_base64) => thumbnail({ course_id: course.course_id, image_base64 }).unwrap()}
          />
          <CourseImageCard
            title="授课教师照片"
            alt="授课教师照片"
            url={course.teacher_avatar_url}
            empty="暂无照片"
            size={{ width: 80, height: 80 }}
            button={COURSE_PAGE_TEXTS.teacherAvatar}
            saved={COURSE_PAGE_TEXTS.teacherAvatarSaved}
            loading={teacherAvatarState.isLoading}
            upload={(image_base64) => teacherAvatar({ course_id: course.course_id, image_base64 }).unwrap()}
          />
          <Card size="small" title="课时视频">
            <LessonPanel course={course} />
          </Card>
        </>
      )}
    </Space>
  );
}

/** One of a course's pictures: what it is now, and a button to upload another (checked for size here, for kind by the server). */
function CourseImageCard({
  title,
  alt,
  url,
  empty,
  size,
  button,
  saved,
  loading,
  upload,
}: {
  title: string;
  alt: string;
  url: string;
  empty: string;
  size: { width: number; height: number };
  button: string;
  saved: string;
  loading: boolean;
  upload: (imageBase64: string) => Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > L.imageBytes) return showError(M.imageTooLarge);
    try {
      await upload(await fileToBase64(file));
      showMessage(saved);
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <Card size="small" title={title}>
      <Space align="center" wrap>
        {url ? (
          <img src={url} alt={alt} style={{ ...size, objectFit: 'cover' }} />
        ) : (
          <Typography.Text type="secondary">{empty}</Typography.Text>
        )}
        <Button loading={loading} onClick={() => input.current?.click()}>
          {button}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-label={button}
          hidden
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Typography.Text type="secondary">PNG、JPEG 或 WebP，不超过 2 MB</Typography.Text>
      </Space>
    </Card>
  );
}

/** 课程管理 (issue 20): a year's courses, each editable in a drawer with its thumbnail and lesson. */
export function CoursesPage() {
  const years = useCourseYearsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [year, setYear] = useState<number | null>(null);
  // The server marks the current year (the one rule every page's default follows).
  const selectedYear = year ?? (years.data?.find((row) => row.is_current) ?? years.data?.[0])?.year ?? null;
  const courses = useAdminCoursesQuery(selectedYear ?? 0, {
    skip: selectedYear === null,
    refetchOnMountOrArgChange: true,
  });
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  if (years.isError || courses.isError)
    return (
      <Result
        status="error"
        title={COURSE_PAGE_TEXTS.loadError}
        extra={
          <Button onClick={() => void (years.isError ? years.refetch() : courses.refetch())}>
            {COURSE_PAGE_TEXTS.retry}
          </Button>
        }
      />
    );
  if (years.data && years.data.length === 0) return <Empty description={COURSE_PAGE_TEXTS.noYears} />;
  const hourPrice = years.data?.find((row) => row.year === selectedYear)?.hour_price ?? 5;

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>学习年度</span>
        <Select
          aria-label="学习年度"
          style={{ width: 160 }}
          value={selectedYear}
          loading={years.isLoading}
          options={(years.data ?? []).map((row) => ({
            value: row.year,
            label: `${row.year}年度${row.is_buxue ? '（补学）' : ''}${row.status === 'draft' ? '（草稿）' : ''}`,
          }))}
          onChange={(value: number) => setYear(value)}
        />
        <Button type="primary" disabled={selectedYear === null} onClick={() => setEditing('new')}>
          {COURSE_PAGE_TEXTS.create}
        </Button>
      </Space>
      <ConsoleTable<AdminCourse>
        label="课程列表"
        rowKey="course_id"
        query={courses}
        rows={courses.data ?? []}
        paged={false}
        columns={[
          { title: '课程名称', dataIndex: 'name', ...ellipsisColumn() },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 110,
            render: (kind: CourseKindChoice, row) => (
              <>
                {COURSE_KIND_CHOICES[kind].label} {row.face_to_face && <Tag>{COURSE_PAGE_TEXTS.faceToFace}</Tag>}
              </>
            ),
          },
          { title: '学分', dataIndex: 'credit', width: 70, render: (n: number) => n.toFixed(1) },
          { title: '学时', dataIndex: 'class_hour', width: 70, render: (n: number) => n.toFixed(1) },
          {
            title: '价格',
            dataIndex: 'price',
            width: COLUMN_WIDTH.amount,
            render: (n: number) => `${n.toFixed(2)} 元`,
          },
          { title: '授课教师', dataIndex: 'teacher_name', ...ellipsisColumn(90) },
          {
            title: '课时视频',
            key: 'lesson',
            render: (_: unknown, row) =>
              row.duration
                ? `第 ${row.lesson_version} 版 · ${formatDuration(row.duration)}`
                : COURSE_PAGE_TEXTS.noVideo,
          },
          {
            title: '订单',
            dataIndex: 'order_count',
            width: 100,
            render: (n: number) => (n > 0 ? <Tag color="gold">{`${COURSE_PAGE_TEXTS.ordered} ${n}`}</Tag> : 0),
          },
          {
            title: '操作',
            key: ACTIONS_COLUMN_KEY,
            width: COLUMN_WIDTH.oneLink,
            render: (_: unknown, row) => (
              <Button size="small" aria-label={`编辑${row.name}`} onClick={() => setEditing(row.course_id)}>
                {COURSE_PAGE_TEXTS.edit}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={editing !== null && selectedYear !== null}
        title={editing === 'new' ? COURSE_PAGE_TEXTS.createTitle : COURSE_PAGE_TEXTS.editTitle}
        size={760}
        onClose={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null && selectedYear !== null && (
          <CourseEditor
            key={editing}
            year={selectedYear}
            hourPrice={hourPrice}
            courseId={editing === 'new' ? null : editing}
            onCreated={(id) => setEditing(id)}
          />
        )}
      </Drawer>
    </>
  );
}
