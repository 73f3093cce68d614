import { STUDY_MESSAGES } from '@yaoshi/contracts/study-messages';

/**
 * Where the learner's study is recorded, as the lesson page sees it (docs/study.md,
 * "One study session at a time"). The server records one playback session of a learner at
 * a time: a page refused because another page or device is playing stops, says so, and
 * offers 在此继续学习, which moves study here.
 *
 * - `here`: this page records (reports go out while the video plays);
 * - `elsewhere`: refused, another place is playing: the video is held paused, nothing is reported;
 * - `moving`: 在此继续学习 was pressed and the server has not answered yet.
 */
export type StudyPlace = 'here' | 'elsewhere' | 'moving';

export type StudyPlaceEvent =
  /** A report was refused because another place is playing. */
  | 'refused-elsewhere'
  /** The learner pressed 在此继续学习. */
  | 'continue-here'
  /** The server moved study here. */
  | 'moved'
  /** The move was refused or got no answer. */
  | 'move-failed';

export function studyPlaceAfter(place: StudyPlace, event: StudyPlaceEvent): StudyPlace {
  switch (event) {
    case 'refused-elsewhere':
      // A report refused while the move is on its way was sent before it: the move decides.
      return place === 'moving' ? 'moving' : 'elsewhere';
    case 'continue-here':
      return place === 'elsewhere' ? 'moving' : place;
    case 'moved':
      return place === 'moving' ? 'here' : place;
    case 'move-failed':
      return place === 'moving' ? 'elsewhere' : place;
  }
}

/** Whether a refused report means "another page or device of the learner is playing" (409). */
export function isElsewhereRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as { code?: unknown; message?: unknown };
  return failure.code === 409 && failure.message === STUDY_MESSAGES.reportSecondSession;
}

/**
 * Where the player continues once study moved here: the server continues the session from
 * the verified point, so a player that went on past it while refused goes back to it (that
 * time was the other place's); one behind it plays on from where it is (seconds already
 * verified are simply not reported again). Null: stay.
 */
export function positionAfterMove(current: number, verified: number): number | null {
  return current > verified + 1 ? verified : null;
}
