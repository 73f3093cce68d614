import { LessonPage } from './lesson-route';

/** /videoLearning?cid&classState&year[&tryIt=1] (spec 02 §2): a professional lesson. */
export default function ProfessionalVideoPage() {
  return <LessonPage kind="professional" />;
}
