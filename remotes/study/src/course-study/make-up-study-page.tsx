import { StudyList } from './study-list';

/** /myCourseCopy (spec 02 §2): the professional study list of make-up years only. */
export default function MakeUpStudyPage() {
  return <StudyList kind="make-up" />;
}
