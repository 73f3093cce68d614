import { Alert } from 'antd';
import { Paragraph, Title } from '@yaoshi/ui/typography';
import { COURSE_KIND_NAMES, STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/** /assessment (spec 02 §1): the professional-subject exam is taken in the mini-program. */
export function AssessmentPage() {
  return (
    <article>
      <Title level={3}>{STUDENT_PAGE_NAMES.assessment}</Title>
      <Paragraph>
        {COURSE_KIND_NAMES.professional}考核在微信小程序中进行：请在微信中搜索本协会的小程序，进入「
        {STUDENT_PAGE_NAMES.assessment}」参加考试。
      </Paragraph>
      <Alert type="info" showIcon title="小程序的登录密码与本平台相同，无需另行注册。" />
    </article>
  );
}
