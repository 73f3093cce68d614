import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useDispatch } from 'react-redux';
import { AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';
import type { FaceConsentState } from '@yaoshi/contracts/personal-data';
import { FACE_CONSENT_TITLE, FACE_CONSENT_VERSION, faceConsentParagraphs } from '@yaoshi/contracts/personal-data-rules';
import { Alert } from '@yaoshi/ui/site-alert';
import { SiteButton } from '@yaoshi/ui/site-button';
import { Checkbox } from '@yaoshi/ui/site-checkbox';
import { Progress } from '@yaoshi/ui/site-progress';
import { Spin } from '@yaoshi/ui/site-spin';
import { Tag } from '@yaoshi/ui/site-tag';
import { Paragraph, Title } from '@yaoshi/ui/typography';
import { Result } from '@yaoshi/ui/site-result';
import { Card } from '@yaoshi/ui/site-card';
import { Link } from '@yaoshi/ui/router';
import { onUploadProgress } from '@yaoshi/api-client/signed-base-query';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';
import { MESSAGE_TEXTS } from '@yaoshi/ui/message-texts';
import { showMessage } from '@yaoshi/ui/show-message';
import { readPersistedLogin, readToken } from '@yaoshi/api-client/browser-storage';
import { startSession } from '@yaoshi/api-client/session';
import {
  useFaceConsentQuery,
  useFaceStatusQuery,
  useGiveFaceConsentMutation,
  useUploadAvatarMutation,
} from './face-api';
import { FaceCapture } from './face-capture';

/** Where a photo under review stands, and what the learner can do meanwhile. */
const FACE_PENDING_TAG = '待审核';
const FACE_PENDING_NOTE =
  '照片已提交，待协会审核。审核期间您可以进入学员中心完善个人信息、选课和缴费；审核通过后即可观看课程视频。';

/** antd's vertical Space, middle size: one column, centred, 16 px apart. */
const COLUMN: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 16,
  width: '100%',
};

/** Outside a lesson the photo belongs to no course. */
const NO_COURSE = 0;

/**
 * /faceCollection (spec 02): take a face photo after a 5 s countdown and upload it for review.
 * Face photos are sensitive personal information (PIPL art. 28–29): the page first asks for the
 * learner's separate consent to the versioned rules (the server refuses a photo without it),
 * and always says what is kept and for how long.
 */
export default function FaceCollectionPage() {
  const [upload, { isLoading, isSuccess, reset }] = useUploadAvatarMutation();
  const [percent, setPercent] = useState(0);
  const [attempt, setAttempt] = useState(0);
  // Only a signed-in learner has a review result and a consent to read.
  const signedOut = readToken() === null;
  const faceStatus = useFaceStatusQuery(undefined, { skip: signedOut, refetchOnMountOrArgChange: true });
  const consent = useFaceConsentQuery(undefined, { skip: signedOut, refetchOnMountOrArgChange: true });
  const rejectReason = faceStatus.data?.reject_reason ?? null;
  const needsConsent = consent.data !== undefined && !consent.data.consented;

  useEffect(() => onUploadProgress(accountRoutes.avatar, setPercent), []);

  const dispatch = useDispatch();
  const onCapture = useCallback(
    (avatar: string) => {
      setPercent(0);
      upload({ avatar, course_id: NO_COURSE })
        .unwrap()
        .then((answer) => {
          showMessage(MESSAGE_TEXTS.uploadSuccess);
          // A photo on file (waiting for review) completes a sign-in that was waiting for it:
          // the student area opens, and its pages say what waits for the review.
          const token = readToken();
          if (token !== null && !readPersistedLogin()) startSession(dispatch, token, answer.face_init);
        })
        .catch(() => undefined); // a non-200 reply shows its message (error catalogue)
    },
    [upload, dispatch],
  );
  const underReview = faceStatus.data?.avatar_status === AVATAR_STATUS.underReview;

  return (
    <Card title="人脸采集" style={{ maxWidth: 720, margin: '0 auto' }}>
      <div style={COLUMN}>
        {rejectReason !== null && !isSuccess && (
          <Alert
            type="error"
            title={`您的人脸照片未通过审核：${rejectReason}`}
            description="请按提示重新采集。"
            style={{ width: '100%' }}
            data-testid="face-reject-reason"
          />
        )}
        {underReview && !isSuccess && (
          <Alert
            type="info"
            style={{ width: '100%' }}
            data-testid="face-under-review"
            title={<>您的人脸照片{FACE_PENDING_TAG}</>}
            description={
              <>
                {FACE_PENDING_NOTE} <Link to="/studentsNote">进入学员中心</Link>
              </>
            }
          />
        )}
        <Alert type="warning" title={MESSAGE_TEXTS.faceStudyWarning} style={{ width: '100%' }} />
        {consent.isLoading ? (
          <Spin description="加载中" />
        ) : needsConsent ? (
          <ConsentStep retentionDays={consent.data?.retention_days ?? 0} />
        ) : isSuccess ? (
          <Result
            status="success"
            title={
              <>
                {MESSAGE_TEXTS.uploadSuccess} <Tag color="orange">{FACE_PENDING_TAG}</Tag>
              </>
            }
            subTitle={FACE_PENDING_NOTE}
            extra={[
              <Link key="area" to="/studentsNote">
                进入学员中心
              </Link>,
              <SiteButton
                key="again"
                onClick={() => {
                  reset();
                  setAttempt((n) => n + 1);
                }}
              >
                重新采集
              </SiteButton>,
            ]}
          />
        ) : (
          <>
            <p style={{ margin: 0 }}>请正对摄像头，点击「开始采集」后保持不动，5 秒后自动拍照并上传。</p>
            <FaceCapture key={attempt} onCapture={onCapture} disabled={isLoading} />
            {isLoading && <Progress percent={percent} style={{ width: 401 }} label="上传进度" />}
          </>
        )}
        {consent.data && <KeptNotice consent={consent.data} />}
      </div>
    </Card>
  );
}

/** The rules, in full, and a separate agreement before the first photo. */
function ConsentStep({ retentionDays }: { retentionDays: number }) {
  const [agreed, setAgreed] = useState(false);
  const [give, { isLoading }] = useGiveFaceConsentMutation();
  return (
    <section aria-label={FACE_CONSENT_TITLE} style={{ width: '100%' }}>
      <Title level={5} style={{ textAlign: 'center' }}>
        《{FACE_CONSENT_TITLE}》
      </Title>
      {faceConsentParagraphs(retentionDays).map((text) => (
        <Paragraph key={text.slice(0, 12)}>{text}</Paragraph>
      ))}
      <div style={{ ...COLUMN, gap: 8 }}>
        <Checkbox checked={agreed} onChange={setAgreed}>
          我已阅读并同意《{FACE_CONSENT_TITLE}》，同意平台处理我的人脸照片
        </Checkbox>
        <SiteButton
          variant="primary"
          disabled={!agreed}
          loading={isLoading}
          onClick={() =>
            void give({ version: FACE_CONSENT_VERSION })
              .unwrap()
              .catch(() => undefined)
          }
        >
          同意并开始采集
        </SiteButton>
      </div>
    </section>
  );
}

/** What is kept and for how long, and the learner's consent (Beijing time). */
function KeptNotice({ consent }: { consent: FaceConsentState }) {
  return (
    <Alert
      type="info"
      style={{ width: '100%' }}
      data-testid="face-retention"
      title="我们保存什么、保存多久"
      description={
        <>
          <div>人脸采集照片：审核通过后作为学习时人脸核验的比对依据，在您的账号存续期间保存，注销账号时删除。</div>
          <div>学习中的人脸核验照片：保存至所属学习年度结束后{consent.retention_days}天，期满自动删除。</div>
          <div>
            照片仅协会审核人员可以查看；您可以在<Link to="/myInfo?tab=data">我的信息</Link>
            中下载本平台保存的您的个人信息，或申请注销账号。
          </div>
          {consent.consented_at && (
            <div>
              您已于 {consent.consented_at} 同意《{FACE_CONSENT_TITLE}》（版本 {consent.consented_version}）。
            </div>
          )}
        </>
      }
    />
  );
}
