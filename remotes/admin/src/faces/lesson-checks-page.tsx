import { useState } from 'react';
import { Button, Card, Empty, Image, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { FACE_REJECT_REASON_MAX_LENGTH, type LessonChecks } from '@yaoshi/contracts/face-review';
import { useFaceLessonChecksQuery, useFaceLessonFailMutation } from '../admin-api';
import { ReasonDialog, decided } from '../kit/reason-dialog';

type Lesson = LessonChecks['lessons'][number];

const STATE_TAG: Readonly<Record<Lesson['photos'][number]['state'], { text: string; color: string }>> = {
  pending: { text: '未复核', color: 'default' },
  approved: { text: '通过', color: 'green' },
  rejected: { text: '不通过', color: 'red' },
};

/**
 * 课程人脸核验 (审核, issue 18): a learner's lesson face-check photos, per lesson, beside the
 * approved photo. "判定不通过" withdraws the lesson's credit until the learner studies it
 * again; a person decides (no automatic matching), and the decision is audited.
 */
export function LessonChecksPage() {
  const [idNumber, setIdNumber] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const query = useFaceLessonChecksQuery(
    { id_number: searched ?? '' },
    { skip: searched === null, refetchOnMountOrArgChange: true },
  );
  const [failing, setFailing] = useState<Lesson | null>(null);

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="学员身份证号"
          placeholder="输入学员身份证号"
          enterButton="查询"
          value={idNumber}
          style={{ width: 360 }}
          onChange={(event) => setIdNumber(event.target.value)}
          onSearch={(value) => setSearched(value.trim() || null)}
        />
      </Space>
      <Typography.Paragraph type="secondary">照片链接几分钟后失效，请勿下载或转发。</Typography.Paragraph>
      {searched === null ? (
        <Empty description="输入学员身份证号查看其课程人脸核验照片" />
      ) : query.isFetching && !query.data ? (
        <Spin />
      ) : query.isError ? (
        <Result
          status="warning"
          title="未找到该学员或加载失败"
          extra={<Button onClick={() => void query.refetch()}>重试</Button>}
        />
      ) : query.data ? (
        <LearnerChecks data={query.data} onFail={setFailing} />
      ) : null}
      {query.data && <FailDialog learnerId={query.data.learner_id} lesson={failing} onClose={() => setFailing(null)} />}
    </>
  );
}

function LearnerChecks({ data, onFail }: { data: LessonChecks; onFail: (lesson: Lesson) => void }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {data.name}（{data.id_number}）
      </Typography.Title>
      {data.lessons.length === 0 ? (
        <Empty description="该学员还没有课程人脸核验照片" />
      ) : (
        data.lessons.map((lesson) => (
          <Card
            key={lesson.course_id}
            size="small"
            aria-label={`课程 ${lesson.course_name}`}
            title={`${lesson.year}年度 · ${lesson.course_name}`}
            extra={
              <Space>
                <span>进度 {lesson.progress}%</span>
                <Button size="small" danger onClick={() => onFail(lesson)}>
                  判定不通过
                </Button>
              </Space>
            }
          >
            <Space align="start" size="middle" wrap>
              <figure style={{ margin: 0 }}>
                {data.approved_url ? (
                  <Image
                    src={data.approved_url}
                    width={140}
                    alt={`${data.name} 已通过照片`}
                    referrerPolicy="no-referrer"
                  />
                ) : (
                  <Empty description="无已通过照片" image={Empty.PRESENTED_IMAGE_SIMPLE} />
                )}
                <figcaption>已通过照片</figcaption>
              </figure>
              {lesson.photos.map((photo) => (
                <figure key={photo.photo_id} style={{ margin: 0 }}>
                  <Image
                    src={photo.url}
                    width={140}
                    alt={`${lesson.course_name} 核验照片 ${photo.taken_at}`}
                    referrerPolicy="no-referrer"
                  />
                  <figcaption>
                    <div>{photo.taken_at}</div>
                    <Space size={4}>
                      {photo.percent !== null && <span>第{photo.percent}%处</span>}
                      <Tag color={STATE_TAG[photo.state].color}>{STATE_TAG[photo.state].text}</Tag>
                    </Space>
                    {photo.reject_reason && <Typography.Text type="secondary">{photo.reject_reason}</Typography.Text>}
                  </figcaption>
                </figure>
              ))}
            </Space>
          </Card>
        ))
      )}
    </Space>
  );
}

function FailDialog({ learnerId, lesson, onClose }: { learnerId: number; lesson: Lesson | null; onClose: () => void }) {
  const [fail, { isLoading }] = useFaceLessonFailMutation();
  return (
    <ReasonDialog
      open={lesson !== null}
      title={lesson ? `判定“${lesson.course_name}”人脸核验不通过` : ''}
      hint="该课程的学习进度将清零，学员须重新学习该课程才能获得学时。此操作会记入审计日志。"
      okText="判定不通过"
      label="不通过原因"
      placeholder="如：核验照片与本人不符"
      maxLength={FACE_REJECT_REASON_MAX_LENGTH}
      loading={isLoading}
      onSubmit={(reason) =>
        decided(
          fail({ learner_id: learnerId, course_id: lesson!.course_id, reason }).unwrap(),
          `已判定“${lesson!.course_name}”人脸核验不通过，该课程学时已撤销，需重新学习`,
        )
      }
      onClose={onClose}
    />
  );
}
