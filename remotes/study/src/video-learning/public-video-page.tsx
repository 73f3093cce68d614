import { LessonPage } from './lesson-route';

/** /publicVideoLearning?cid&classState&year (spec 02 §2): a public-course lesson. */
export default function PublicVideoPage() {
  return <LessonPage kind="public" />;
}
