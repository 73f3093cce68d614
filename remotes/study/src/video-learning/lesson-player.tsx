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
  /** Moves the playback to `seconds` (back to the verified point after a takeover). */
  seek(seconds: number): void;
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
  /** The video started or resumed playing. */
  onPlay?: () => void;
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
    const player = createPlayer(container, propsRef);
    return () => player.dispose();
  }, []);

  return <div ref={containerRef} data-testid="lesson-player" style={{ width: '100%', maxWidth: 960 }} />;
}

/**
 * An HLS lesson's source is given to the player once the learner shows she means to watch:
 * the pointer over the player, focus inside it, or any request to play (the big button, a
 * click on the picture, the keyboard, the page resuming after a dialog). That is when VHS,
 * its HLS engine (about 125 KB gzip, see video-source.ts), is downloaded, so the page and
 * the player's poster and controls show without waiting for it; a play request made before
 * it arrives is kept by video.js and carried out when the source loads. Should VHS fail to
 * download, the source is given anyway, and the player plays it if the browser can or shows
 * its own error.
 */
function attachOnIntent(player: Player, container: HTMLElement, source: { src: string; type: string }): void {
  let attaching: Promise<void> | null = null;
  const attach = () => {
    attaching ??= loadHlsEngine()
      .catch(() => undefined)
      .then(() => {
        if (!player.isDisposed()) player.src(source);
      });
  };
  container.addEventListener('pointerenter', attach, { once: true });
  container.addEventListener('focusin', attach, { once: true });
  const play = player.play.bind(player);
  player.play = () => {
    attach();
    return play();
  };
}

/** Creates the player in `container` and wires the lesson's rules to it. */
function createPlayer(container: HTMLDivElement, propsRef: { readonly current: LessonPlayerProps }): Player {
  const element = document.createElement('video-js');
  element.classList.add('vjs-big-play-centered');
  element.setAttribute('aria-label', '课程视频');
  container.appendChild(element);
  const { src, poster, startAt } = propsRef.current;
  const source = { src, type: videoSourceTypeOf(src) };
  const deferred = needsHlsEngine(source.type);
  const player: Player = videojs(element, {
    controls: true,
    preload: 'auto',
    fluid: true,
    poster,
    language: PLAYER_LANGUAGE,
    sources: deferred ? [] : [source],
    controlBar: { pictureInPictureToggle: false, playbackRateMenuButton: false },
  });
  if (deferred) attachOnIntent(player, container, source);
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
  player.on('play', () => propsRef.current.onPlay?.());
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
    seek: (seconds) => void player.currentTime(seconds),
  });
  return player;
}
