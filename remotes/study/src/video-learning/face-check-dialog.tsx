import { useCallback, useEffect, useState } from 'react';
import { Alert, Modal, Space } from 'antd';
import { Text } from '@yaoshi/ui/typography';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { FACE_CHECK_TIMEOUT_SECONDS } from '@yaoshi/contracts/study-rules';
import { MESSAGE_TEXTS } from '@yaoshi/ui/message-texts';
import { FaceCapture } from '../face-collection/face-capture';

/**
 * The in-lesson face check (spec 02 §4): the camera takes a photo after the usual countdown
 * and `upload` sends it; not uploaded within 60 s, the page reloads (`onTimeout`), and the
 * lesson resumes from the verified point.
 */
export function FaceCheckDialog({
  percent,
  upload,
  onTimeout,
}: {
  percent: number;
  upload: (jpegDataUrl: string) => Promise<boolean>;
  onTimeout: () => void;
}) {
  const [remaining, setRemaining] = useState(FACE_CHECK_TIMEOUT_SECONDS);
  const [uploading, setUploading] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (remaining <= 0) {
      onTimeout();
      return undefined;
    }
    const timer = setTimeout(() => setRemaining((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining, onTimeout]);

  const onCapture = useCallback(
    (photo: string) => {
      setUploading(true);
      void upload(photo).then((ok) => {
        setUploading(false);
        // A refused upload (its message already shown) tries again with a new photo.
        if (!ok) setAttempt((n) => n + 1);
      });
    },
    [upload],
  );

  return (
    <Modal
      open
      title={M.faceCheckTitle}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      width={480}
    >
      <Space orientation="vertical" style={{ width: '100%', alignItems: 'center' }}>
        <Text>{M.faceCheckHint}</Text>
        <Alert type="warning" showIcon title={MESSAGE_TEXTS.faceStudyWarning} />
        <Text type="secondary" role="timer" aria-label="人脸验证剩余时间">
          学习进度 {percent}% · 剩余 {remaining} 秒
        </Text>
        <FaceCapture key={attempt} autoStart onCapture={onCapture} disabled={uploading} startLabel="重新拍照" />
      </Space>
    </Modal>
  );
}
