import { Tag } from '@yaoshi/ui/site-tag';
import { WarningAlert } from '@yaoshi/ui/site-alert';
import { SiteButton } from '@yaoshi/ui/site-button';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { TRIAL_LIMIT_SECONDS } from '@yaoshi/contracts/study-rules';
import type { StudyPlace } from './study-place';

/** The lesson's status beside its title: review, trial, studying, or why it is not recording. */
export function LessonStatus({
  review,
  trial,
  place,
  stopped,
}: {
  review: boolean;
  trial: boolean;
  place: StudyPlace;
  stopped: boolean;
}) {
  if (review) return <Tag color="gold">复习模式：不记录学习进度</Tag>;
  if (trial) return <Tag color="orange">试看：最多{TRIAL_LIMIT_SECONDS / 60}分钟</Tag>;
  // A page whose study moved elsewhere, or was stopped, is not studying: it says so.
  if (place !== 'here') return <Tag color="orange">{M.statusElsewhere}</Tag>;
  if (stopped) return <Tag color="orange">{M.statusStopped}</Tag>;
  return <Tag color="blue">学习中</Tag>;
}

/** A finished course left unrated, at the top of its review page: rate it without replaying. */
export function RatePrompt({ onRate }: { onRate: () => void }) {
  return (
    <WarningAlert
      action={
        <SiteButton variant="primary" onClick={onRate}>
          {M.rateAction}
        </SiteButton>
      }
    >
      {M.ratePrompt}
    </WarningAlert>
  );
}
