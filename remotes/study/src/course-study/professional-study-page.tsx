import { StudyList } from './study-list';

/** /myCourse (spec 02 §2): the professional study list. */
export default function ProfessionalStudyPage() {
  return <StudyList kind="professional" />;
}
