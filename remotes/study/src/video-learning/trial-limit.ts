import { useEffect, type RefObject } from 'react';
import { useNavigate } from '@yaoshi/ui/router';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { TRIAL_REDIRECT_DELAY_MS } from '@yaoshi/contracts/study-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import type { PlayerHandle } from './lesson-player';
import type { LessonEvent } from './lesson-timing';

/** How often the trial's viewing time is added up. */
const TRIAL_TICK_MS = 1000;

/**
 * spec 02 §4: a trial stops at 360 s of viewing, then /signStudy after 2 s. The clock ticks
 * into the lesson's timing (lesson-timing.ts, `trial-tick`), which adds up the viewing time
 * and says when the limit is reached (`trialEnded`); this hook then says so and leaves.
 */
export function useTrialLimit(
  trial: boolean,
  trialEnded: boolean,
  playerRef: RefObject<PlayerHandle | null>,
  dispatch: (event: LessonEvent) => unknown,
): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!trial) return undefined;
    const tick = () => {
      const player = playerRef.current;
      dispatch({
        type: 'trial-tick',
        now: Date.now(),
        at: player?.currentTime() ?? 0,
        paused: !player || player.paused(),
      });
    };
    tick();
    const timer = setInterval(tick, TRIAL_TICK_MS);
    return () => clearInterval(timer);
  }, [trial, playerRef, dispatch]);
  useEffect(() => {
    if (!trialEnded) return undefined;
    showMessage(M.trialEnded, { type: 'warning' });
    const timer = setTimeout(() => void navigate('/signStudy'), TRIAL_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trialEnded, navigate]);
}
