import { Alert, Button, Progress, Space, Typography } from 'antd';
import type { Transcode } from '@yaoshi/contracts/course-admin';
import { transcodeInProgress } from '@yaoshi/contracts/course-admin-rules';

export const TRANSCODE_TEXTS = {
  label: '转码',
  retry: '重新转码',
  retried: '已重新加入转码队列',
  none: '尚未转码（学员播放上传的原视频）',
  pending: '转码完成前，学员播放上传的原视频。',
  failedHint: '转码失败时学员继续播放上传的原视频。ffmpeg 的原因：',
} as const;

/** How often the console asks about a transcode in the queue or under way. */
export const TRANSCODE_POLL_MS = 2000;

/** Whether any of these transcodes is still in the queue or under way (the page polls then). */
export function anyTranscodeInProgress(transcodes: readonly (Transcode | null)[]): boolean {
  return transcodes.some((transcode) => transcode !== null && transcodeInProgress(transcode.status));
}

/**
 * A lesson video's transcode into HLS (issue 21): its status, a progress bar while it is in the
 * queue or under way, ffmpeg's reason when it failed, and 重新转码.
 */
export function TranscodeStatus({
  transcode,
  onRetry,
  retrying = false,
  compact = false,
}: {
  transcode: Transcode | null;
  onRetry: (transcodeId: number) => void;
  retrying?: boolean;
  /** In a table cell: no hints. */
  compact?: boolean;
}) {
  if (!transcode) return <Typography.Text type="secondary">{TRANSCODE_TEXTS.none}</Typography.Text>;
  const failed = transcode.status === 'failed';
  return (
    <Space
      orientation="vertical"
      style={{ width: '100%' }}
      size={4}
      data-testid={`transcode-${transcode.transcode_id}`}
    >
      <Space wrap>
        <Typography.Text strong={failed} type={failed ? 'danger' : undefined}>
          {transcode.status_text}
        </Typography.Text>
        {transcode.duration !== null && transcode.status === 'done' && (
          <Typography.Text type="secondary">转码后时长 {transcode.duration} 秒</Typography.Text>
        )}
        {failed && (
          <Button size="small" loading={retrying} onClick={() => onRetry(transcode.transcode_id)}>
            {TRANSCODE_TEXTS.retry}
          </Button>
        )}
      </Space>
      <Progress
        percent={transcode.percent}
        size="small"
        aria-label={`${TRANSCODE_TEXTS.label}进度`}
        status={failed ? 'exception' : transcode.status === 'done' ? 'success' : 'active'}
      />
      {!compact && transcodeInProgress(transcode.status) && (
        <Typography.Text type="secondary">{TRANSCODE_TEXTS.pending}</Typography.Text>
      )}
      {failed && (
        <Alert
          type="error"
          showIcon
          title={compact ? undefined : TRANSCODE_TEXTS.failedHint}
          description={<pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 12 }}>{transcode.reason}</pre>}
        />
      )}
    </Space>
  );
}
