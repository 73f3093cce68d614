import { useEffect, useRef } from 'react';
import videojs from 'video.js';
import videoJsCss from 'video.js/dist/video-js.min.css';
import { furthestPlayedFrom } from './report-queue';
import { loadHlsEngine, needsHlsEngine, videoSourceTypeOf } from './video-source';
import { PLAYER_LANGUAGE, isPlayerErrorMessage, playerErrorMessage, registerPlayerLanguage } from './video-zh-cn';

type Player = ReturnType<typeof videojs>;

// Every control, tooltip and error text in Chinese (issue 16 item 8).
registerPlayerLanguage();

/** A seek this far past the allowed point is pulled back; less is the player's own jitter. */
const SEEK_SLACK_SECONDS = 1;

const STYLE_ID = 'videojs-stylesheet';

function ensureStylesheet(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = videoJsCss;
  document.head.appendChild(style);
}

/** What the lesson page can do with the player. */
export interface PlayerHandle {
  currentTime(): number;
  duration(): number;
  paused(): boolean;
  /** The furthest point the video played continuously from `from` (its own `played` ranges). */
  playedUntil(from: number): number;
  pause(): void;
  play(): void;
}

export interface LessonPlayerProps {
  src: string;
  poster: string;
  /** Where playback starts (the verified learn_time). */
  startAt: number;
  /** The furthest point a learner may seek to, or null when seeking is free (review). */
  seekLimit: () => number | null;
  onSeekBlocked: () => void;
  onReady: (handle: PlayerHandle) => void;
  onTimeUpdate: (seconds: number) => void;
  onEnded: () => void;
}

/**
 * video.js 8 (spec 02 §2): the lesson video, with no playback-rate control and with seeking
 * ahead of `seekLimit` pulled back. The element is created outside React's tree, as video.js
 * replaces it, and disposed on unmount.
 */
export function LessonPlayer(props: LessonPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  useEffect(() => {
    ensureStylesheet();
    const container = containerRef.current;
    if (!container) return undefined;
    let player: Player | null = null;
    let unmounted = false;
    const start = () => {
      if (!unmounted) player = createPlayer(container, propsRef);
    };
    // An HLS lesson needs VHS, loaded on demand (see rspack.config.ts). Should it fail to load,
    // the player starts anyway and shows its own error for a source it cannot play.
    const type = videoSourceTypeOf(propsRef.current.src);
    if (needsHlsEngine(type)) void loadHlsEngine().then(start, start);
    else start();
    return () => {
      unmounted = true;
      player?.dispose();
    };
  }, []);

  return <div ref={containerRef} data-testid="lesson-player" style={{ width: '100%', maxWidth: 960 }} />;
}

/** Creates the player in `container` and wires the lesson's rules to it. */
function createPlayer(container: HTMLDivElement, propsRef: { readonly current: LessonPlayerProps }): Player {
  const element = document.createElement('video-js');
  element.classList.add('vjs-big-play-centered');
  element.setAttribute('aria-label', '课程视频');
  container.appendChild(element);
  const { src, poster, startAt } = propsRef.current;
  const player: Player = videojs(element, {
    controls: true,
    preload: 'auto',
    fluid: true,
    poster,
    language: PLAYER_LANGUAGE,
    sources: [{ src, type: videoSourceTypeOf(src) }],
    controlBar: { pictureInPictureToggle: false, playbackRateMenuButton: false },
  });
  // Every error in the learner's words (VHS's own are English, with an address). Setting
  // the text raises 'error' once more, which then finds it already one of ours.
  let failure: string | null = null;
  player.on('error', () => {
    const error = player.error();
    if (!error) return;
    if (isPlayerErrorMessage(error.message)) failure = error.message;
    else player.error(playerErrorMessage(error.code));
  });
  // The HLS engine can report a failed playlist before the element's own loadstart, which
  // video.js answers by clearing the error: the learner would be left before a black box.
  // This page's source never changes, so a failure stays shown.
  player.on('loadstart', () => {
    if (failure !== null && !player.error()) player.error(failure);
  });
  let lastTime = startAt;
  let restoring = true;
  player.one('loadedmetadata', () => {
    if (startAt > 0) player.currentTime(startAt);
    restoring = false;
  });
  player.on('seeking', () => {
    if (restoring) return;
    const limit = propsRef.current.seekLimit();
    const now = player.currentTime() ?? 0;
    if (limit !== null && now > limit + SEEK_SLACK_SECONDS) {
      player.currentTime(limit);
      propsRef.current.onSeekBlocked();
    }
  });
  player.on('timeupdate', () => {
    const now = player.currentTime() ?? 0;
    lastTime = now;
    propsRef.current.onTimeUpdate(now);
  });
  player.on('ended', () => propsRef.current.onEnded());
  propsRef.current.onReady({
    currentTime: () => player.currentTime() ?? lastTime,
    duration: () => player.duration() ?? 0,
    paused: () => player.paused(),
    playedUntil: (from) => {
      const played = player.played() as TimeRanges;
      const ranges: [number, number][] = [];
      for (let i = 0; i < played.length; i += 1) ranges.push([played.start(i), played.end(i)]);
      return furthestPlayedFrom(ranges, from, SEEK_SLACK_SECONDS);
    },
    pause: () => player.pause(),
    play: () => void player.play()?.catch(() => undefined),
  });
  return player;
}
