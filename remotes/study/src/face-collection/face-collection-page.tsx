import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { Progress } from '@yaoshi/ui/site-progress';
import { Result } from '@yaoshi/ui/site-result';
import { Card } from '@yaoshi/ui/site-card';
import { Link } from '@yaoshi/ui/router';
import { onUploadProgress } from '@yaoshi/api-client/signed-base-query';
import { MESSAGE_TEXTS } from '@yaoshi/ui/message-texts';
import { showMessage } from '@yaoshi/ui/show-message';
import { readToken } from '@yaoshi/api-client/browser-storage';
import { AVATAR_PATH, useFaceStatusQuery, useUploadAvatarMutation } from './face-api';
import { FaceCapture } from './face-capture';

/** Outside a lesson the photo belongs to no course. */
const NO_COURSE = 0;

/** /faceCollection (spec 02): take a face photo after a 5 s countdown and upload it for review. */
export default function FaceCollectionPage() {
  const [upload, { isLoading, isSuccess, reset }] = useUploadAvatarMutation();
  const [percent, setPercent] = useState(0);
  const [attempt, setAttempt] = useState(0);
  // Only a signed-in learner has a review result to read.
  const faceStatus = useFaceStatusQuery(undefined, { skip: readToken() === null, refetchOnMountOrArgChange: true });
  const rejectReason = faceStatus.data?.reject_reason ?? null;

  useEffect(() => onUploadProgress(AVATAR_PATH, setPercent), []);

  const onCapture = useCallback(
    (avatar: string) => {
      setPercent(0);
      upload({ avatar, course_id: NO_COURSE })
        .unwrap()
        .then(() => showMessage(MESSAGE_TEXTS.uploadSuccess))
        .catch(() => undefined); // a non-200 reply shows its message (error catalogue)
    },
    [upload],
  );

  return (
    <Card title="人脸采集" style={{ maxWidth: 720, margin: '0 auto' }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%', alignItems: 'center' }}>
        {rejectReason !== null && !isSuccess && (
          <Alert
            type="error"
            showIcon
            title={`您的人脸照片未通过审核：${rejectReason}`}
            description="请按提示重新采集。"
            style={{ width: '100%' }}
            data-testid="face-reject-reason"
          />
        )}
        <Alert type="warning" showIcon title={MESSAGE_TEXTS.faceStudyWarning} style={{ width: '100%' }} />
        {isSuccess ? (
          <Result
            status="success"
            title={MESSAGE_TEXTS.uploadSuccess}
            subTitle="照片已提交审核，审核通过后即可登录学习。"
            extra={[
              <Link key="home" to="/">
                返回首页
              </Link>,
              <Button
                key="again"
                onClick={() => {
                  reset();
                  setAttempt((n) => n + 1);
                }}
              >
                重新采集
              </Button>,
            ]}
          />
        ) : (
          <>
            <p style={{ margin: 0 }}>请正对摄像头，点击「开始采集」后保持不动，5 秒后自动拍照并上传。</p>
            <FaceCapture key={attempt} onCapture={onCapture} disabled={isLoading} />
            {isLoading && <Progress percent={percent} style={{ width: 401 }} label="上传进度" />}
          </>
        )}
      </Space>
    </Card>
  );
}
