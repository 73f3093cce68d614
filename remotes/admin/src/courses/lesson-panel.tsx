import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Progress, Select, Space, Table, Typography } from 'antd';
import type { AdminCourseDetail, LessonVersion } from '@yaoshi/contracts/course-admin';

import { showError, showMessage } from '@yaoshi/ui/show-message';
import { useAdminCourseDetailQuery, useLessonSaveMutation, useTranscodeRetryMutation } from './course-admin-api';
import { startLessonUpload, type RunningUpload } from './lesson-upload';
import { TRANSCODE_POLL_MS, TRANSCODE_TEXTS, TranscodeStatus, anyTranscodeInProgress } from './transcode-status';

export const LESSON_TEXTS = {
  title: '课时视频',
  none: '尚未上传视频',
  choose: '选择视频文件',
  uploading: '正在上传',
  reading: '上传完成，正在读取视频时长…',
  uploaded: '视频已上传，新版本课时已生效',
  savePoints: '保存核验点',
  pointsSaved: '人脸核验点已保存',
  resumeHint: '支持数 GB 的 MP4 或 WebM 文件；上传中断或刷新页面后，重新选择同一文件即从断点继续。',
  versionsNote:
    '替换视频会生成新版本：已开始学习旧版本的学员继续学完旧版本，学习进度和已完成的学时不变；尚未开始的学员学习新版本。',
  faceToFace: '面授课程没有课时视频。',
} as const;

/** 90 → '01:30', 3725 → '1:02:05'. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

const POINT_OPTIONS = Array.from({ length: 19 }, (_, i) => ({ value: (i + 1) * 5, label: `${(i + 1) * 5}%` }));

/** The course's lesson: its current video and face-check points, a resumable upload, and the versions. */
export function LessonPanel({ course }: { course: AdminCourseDetail }) {
  const [points, setPoints] = useState<number[]>(course.face_points);
  const [percent, setPercent] = useState<number | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'reading'>('idle');
  const [error, setError] = useState<string | null>(null);
  const running = useRef<RunningUpload | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [save, { isLoading: saving }] = useLessonSaveMutation();
  const [retryTranscode, { isLoading: retrying }] = useTranscodeRetryMutation();
  // While a transcode is queued or running, the course's detail is asked again every 2 s (one
  // cache entry with the drawer's own query, which re-renders with each answer).
  const transcoding = anyTranscodeInProgress([course.transcode, ...course.lessons.map((lesson) => lesson.transcode)]);
  useAdminCourseDetailQuery(course.course_id, { skip: !transcoding, pollingInterval: TRANSCODE_POLL_MS });

  useEffect(() => setPoints(course.face_points), [course.course_id, course.face_points]);
  useEffect(() => () => running.current?.abort(), []);

  if (course.face_to_face)
    return <Typography.Paragraph type="secondary">{LESSON_TEXTS.faceToFace}</Typography.Paragraph>;

  const choose = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setPercent(0);
    setPhase('uploading');
    running.current = startLessonUpload(file, {
      onProgress: setPercent,
      onSuccess: (uploadId) => {
        setPercent(100);
        setPhase('reading');
        save({ course_id: course.course_id, upload_id: uploadId, face_points: points })
          .unwrap()
          .then(() => showMessage(LESSON_TEXTS.uploaded))
          .catch(() => undefined) // the error catalogue has shown the server's message
          .finally(() => setPhase('idle'));
      },
      onError: (text) => {
        setPhase('idle');
        setError(text);
        showError(text);
      },
    });
  };

  const retry = async (transcodeId: number) => {
    try {
      await retryTranscode(transcodeId).unwrap();
      showMessage(TRANSCODE_TEXTS.retried);
    } catch {
      // shown by the error catalogue
    }
  };

  const savePoints = async () => {
    try {
      await save({ course_id: course.course_id, face_points: points }).unwrap();
      showMessage(LESSON_TEXTS.pointsSaved);
    } catch {
      // shown by the error catalogue
    }
  };

  return (
    <section aria-label={LESSON_TEXTS.title}>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="当前版本">
          {course.video_url ? `第 ${course.lesson_version} 版` : LESSON_TEXTS.none}
        </Descriptions.Item>
        <Descriptions.Item label="视频时长">
          <span data-testid="lesson-duration">{course.duration ? formatDuration(course.duration) : '—'}</span>
        </Descriptions.Item>
        {course.video_url && (
          <Descriptions.Item label="视频">
            <a href={course.video_url} target="_blank" rel="noreferrer">
              查看视频
            </a>
          </Descriptions.Item>
        )}
        {course.video_url && (
          <Descriptions.Item label="转码（HLS）">
            <TranscodeStatus transcode={course.transcode} onRetry={(id) => void retry(id)} retrying={retrying} />
          </Descriptions.Item>
        )}
      </Descriptions>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap align="center">
          <span>人脸核验点</span>
          <Select
            mode="multiple"
            aria-label="人脸核验点"
            style={{ minWidth: 260 }}
            value={points}
            options={POINT_OPTIONS}
            placeholder="不设核验点"
            onChange={(value: number[]) => setPoints([...value].sort((a, b) => a - b))}
          />
          <Button onClick={() => void savePoints()} loading={saving && phase === 'idle'} disabled={!course.video_url}>
            {LESSON_TEXTS.savePoints}
          </Button>
        </Space>
        <div>
          <Button disabled={phase !== 'idle'} onClick={() => fileInput.current?.click()}>
            {LESSON_TEXTS.choose}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="video/mp4,video/webm,.mp4,.webm"
            aria-label={LESSON_TEXTS.choose}
            disabled={phase !== 'idle'}
            hidden
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {LESSON_TEXTS.resumeHint}
          </Typography.Paragraph>
        </div>
        {percent !== null && (
          <Progress
            percent={percent}
            aria-label="上传进度"
            status={error ? 'exception' : percent === 100 ? 'success' : 'active'}
          />
        )}
        {phase === 'reading' && <Typography.Text>{LESSON_TEXTS.reading}</Typography.Text>}
        {error && <Alert type="error" showIcon title={error} />}
        <Alert type="info" showIcon title={LESSON_TEXTS.versionsNote} />
        {course.lessons.length > 0 && (
          <Table<LessonVersion>
            size="small"
            rowKey="lesson_id"
            pagination={false}
            dataSource={course.lessons}
            columns={[
              { title: '版本', dataIndex: 'version', render: (v: number) => `第 ${v} 版` },
              { title: '时长', dataIndex: 'duration', render: (s: number) => formatDuration(s) },
              {
                title: '核验点',
                dataIndex: 'face_points',
                render: (p: number[]) => p.map((x) => `${x}%`).join('、') || '—',
              },
              { title: '原文件', dataIndex: 'original_name', render: (name: string) => name || '—' },
              { title: '学习中学员', dataIndex: 'learners' },
              {
                title: '转码',
                key: 'transcode',
                render: (_: unknown, row) => (
                  <TranscodeStatus
                    compact
                    transcode={row.transcode}
                    onRetry={(id) => void retry(id)}
                    retrying={retrying}
                  />
                ),
              },
              { title: '上传', key: 'who', render: (_: unknown, row) => `${row.created_by || '—'} ${row.created_at}` },
            ]}
          />
        )}
      </Space>
    </section>
  );
}
