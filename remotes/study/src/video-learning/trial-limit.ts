import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from '@yaoshi/ui/router';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { TRIAL_LIMIT_SECONDS, TRIAL_REDIRECT_DELAY_MS } from '@yaoshi/contracts/study-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import type { PlayerHandle } from './lesson-player';

/** How often the trial's viewing time is added up. */
const TRIAL_TICK_MS = 1000;

/**
 * spec 02 §4: a trial stops at 360 s of viewing, then /signStudy after 2 s. Viewing time is
 * measured on the clock between ticks while playing, so a throttled background tab (fewer
 * ticks) counts the same time. True once the trial has ended.
 */
export function useTrialLimit(trial: boolean, playerRef: RefObject<PlayerHandle | null>): boolean {
  const navigate = useNavigate();
  const trialSecondsRef = useRef(0);
  const [trialEnded, setTrialEnded] = useState(false);
  useEffect(() => {
    if (!trial) return undefined;
    let lastTick = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const player = playerRef.current;
      if (player && !player.paused()) trialSecondsRef.current += (now - lastTick) / 1000;
      lastTick = now;
      if (!player || trialEnded) return;
      if (trialSecondsRef.current >= TRIAL_LIMIT_SECONDS || player.currentTime() >= TRIAL_LIMIT_SECONDS) {
        player.pause();
        setTrialEnded(true);
      }
    }, TRIAL_TICK_MS);
    return () => clearInterval(timer);
  }, [trial, trialEnded, playerRef]);
  useEffect(() => {
    if (!trialEnded) return undefined;
    showMessage(M.trialEnded, { type: 'warning' });
    const timer = setTimeout(() => void navigate('/signStudy'), TRIAL_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trialEnded, navigate]);
  return trialEnded;
}
