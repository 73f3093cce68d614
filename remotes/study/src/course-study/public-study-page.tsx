import { StudyList } from './study-list';

/** /publicCourse (spec 02 §2): the public-course study list. */
export default function PublicStudyPage() {
  return <StudyList kind="public" />;
}
