import { Skeleton } from 'antd';
import { Paragraph, Title } from '@yaoshi/ui/typography';
import { SafeHtml } from '@yaoshi/ui/safe-html';
import { COURSE_KIND_NAMES, STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';
import { useStudentsNoteQuery } from './students-note-api';

export const STUDENTS_NOTE_HEADINGS = {
  process: `${COURSE_KIND_NAMES.professional}学习考核流程及介绍`,
  notice: STUDENT_PAGE_NAMES.studentsNote,
} as const;

/** /studentsNote (spec 01 §2): banner, the process heading and excerpt, then the notice. Failures leave it empty (§8). */
export function StudentsNotePage() {
  const { data, isLoading } = useStudentsNoteQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Skeleton active />;
  return (
    <article>
      {data?.thumb && <img src={data.thumb} alt="学员须知横幅" style={{ display: 'block', width: '100%' }} />}
      <Title level={3}>{STUDENTS_NOTE_HEADINGS.process}</Title>
      <Paragraph>{data?.excerpt}</Paragraph>
      <Title level={3}>{STUDENTS_NOTE_HEADINGS.notice}</Title>
      <SafeHtml html={data?.content ?? ''} label="学员须知内容" />
    </article>
  );
}
