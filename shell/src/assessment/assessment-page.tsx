import { Alert, Typography } from 'antd';

/** /assessment (spec 02 §1): the professional-subject exam is taken in the mini-program. */
export function AssessmentPage() {
  return (
    <article>
      <Typography.Title level={3}>药师考核</Typography.Title>
      <Typography.Paragraph>
        专业科目考核在微信小程序中进行：请在微信中搜索本协会的小程序，进入「药师考核」参加考试。
      </Typography.Paragraph>
      <Alert type="info" showIcon title="小程序的登录密码与本平台相同，无需另行注册。" />
    </article>
  );
}
