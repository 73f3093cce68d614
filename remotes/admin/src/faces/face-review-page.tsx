import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Image, Pagination, Result, Space, Spin, Tag, Typography } from 'antd';
import { FACE_REJECT_REASON_MAX_LENGTH, type FaceQueueRow } from '@yaoshi/contracts/face-review';
import { showMessage } from '@yaoshi/ui/show-message';
import { useFaceApproveMutation, useFaceQueueQuery, useFaceRejectMutation } from '../admin-api';
import { ReasonDialog, decided } from '../kit/reason-dialog';

const QUEUE_PAGE_SIZE = 10;
/** Reasons reviewers give most; the learner reads the one chosen, in Chinese, at the next login. */
const COMMON_REASONS = [
  '照片模糊，请在光线充足处重新采集',
  '未正对摄像头，请正脸重新采集',
  '照片中不是本人或有多人，请本人重新采集',
  '面部有遮挡（口罩、帽子、墨镜），请摘下后重新采集',
];

/** 人脸审核: face collection photos waiting for review, oldest first, each beside the learner and the photo approved before. */
export function FaceReviewPage() {
  const [page, setPage] = useState(1);
  const query = useFaceQueueQuery({ page, size: QUEUE_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const [rejecting, setRejecting] = useState<FaceQueueRow | null>(null);

  if (query.isError && !query.isFetching) {
    return (
      <Result status="error" title="加载失败" extra={<Button onClick={() => void query.refetch()}>重试</Button>} />
    );
  }
  if (query.isLoading || !query.data) return <Spin />;
  const { list, total } = query.data;
  return (
    <>
      <Typography.Paragraph type="secondary">
        待审核 {total} 张。照片链接几分钟后失效，请勿下载或转发。
      </Typography.Paragraph>
      {list.length === 0 ? (
        <Empty description="没有待审核的人脸照片" />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          {list.map((row) => (
            <FaceCard key={row.photo_id} row={row} onReject={() => setRejecting(row)} />
          ))}
        </Space>
      )}
      {total > QUEUE_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16 }}
          current={page}
          pageSize={QUEUE_PAGE_SIZE}
          total={total}
          onChange={setPage}
        />
      )}
      <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function FaceCard({ row, onReject }: { row: FaceQueueRow; onReject: () => void }) {
  const [approve, { isLoading }] = useFaceApproveMutation();
  return (
    <Card
      size="small"
      aria-label={`人脸照片 ${row.name}`}
      title={
        <Space>
          {row.name}
          {row.previous_url ? <Tag color="blue">更换照片</Tag> : <Tag>首次采集</Tag>}
        </Space>
      }
    >
      <Space align="start" size="large" wrap>
        <figure style={{ margin: 0 }}>
          <Image src={row.photo_url} width={200} alt={`${row.name} 待审核照片`} referrerPolicy="no-referrer" />
          <figcaption>待审核照片</figcaption>
        </figure>
        {row.previous_url && (
          <figure style={{ margin: 0 }}>
            <Image src={row.previous_url} width={200} alt={`${row.name} 已通过照片`} referrerPolicy="no-referrer" />
            <figcaption>此前通过的照片</figcaption>
          </figure>
        )}
        <Descriptions column={1} size="small" style={{ minWidth: 320 }}>
          <Descriptions.Item label="身份证号">{row.id_number}</Descriptions.Item>
          <Descriptions.Item label="手机号">{row.phone}</Descriptions.Item>
          <Descriptions.Item label="工作单位">{row.company || '—'}</Descriptions.Item>
          <Descriptions.Item label="地区">{row.region || '—'}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{row.submitted_at}</Descriptions.Item>
        </Descriptions>
        <Space orientation="vertical">
          <Button
            type="primary"
            loading={isLoading}
            onClick={() =>
              void approve({ photo_id: row.photo_id })
                .unwrap()
                .then(() => showMessage(`已通过 ${row.name} 的照片`))
                .catch(() => undefined)
            }
          >
            通过
          </Button>
          <Button danger onClick={onReject}>
            驳回
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

function RejectDialog({ row, onClose }: { row: FaceQueueRow | null; onClose: () => void }) {
  const [reject, { isLoading }] = useFaceRejectMutation();
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? `驳回 ${row.name} 的照片` : ''}
      hint="学员下次登录时会看到此原因，并须重新采集。"
      suggestions={COMMON_REASONS}
      maxLength={FACE_REJECT_REASON_MAX_LENGTH}
      loading={isLoading}
      onSubmit={(reason) => decided(reject({ photo_id: row!.photo_id, reason }).unwrap(), `已驳回 ${row!.name} 的照片`)}
      onClose={onClose}
    />
  );
}
