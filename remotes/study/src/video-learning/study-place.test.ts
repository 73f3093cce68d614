import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { isElsewhereRefusal, positionAfterMove, studyPlaceAfter } from './study-place';

describe('where study is recorded', () => {
  test('a refusal stops the page; 在此继续学习 moves study here once the server agrees', () => {
    expect(studyPlaceAfter('here', 'refused-elsewhere')).toBe('elsewhere');
    expect(studyPlaceAfter('elsewhere', 'continue-here')).toBe('moving');
    expect(studyPlaceAfter('moving', 'moved')).toBe('here');
    expect(studyPlaceAfter('moving', 'move-failed')).toBe('elsewhere');
  });

  test('a refusal of a report sent before the move does not undo it; stray events change nothing', () => {
    expect(studyPlaceAfter('moving', 'refused-elsewhere')).toBe('moving');
    expect(studyPlaceAfter('here', 'continue-here')).toBe('here');
    expect(studyPlaceAfter('here', 'moved')).toBe('here');
    expect(studyPlaceAfter('elsewhere', 'moved')).toBe('elsewhere');
    expect(studyPlaceAfter('here', 'move-failed')).toBe('here');
  });

  test('only the second-session refusal means another place is playing', () => {
    expect(isElsewhereRefusal({ kind: 'server', code: 409, message: M.reportSecondSession })).toBe(true);
    expect(isElsewhereRefusal({ kind: 'server', code: 409, message: M.reportTooFast })).toBe(false);
    expect(isElsewhereRefusal({ kind: 'server', code: 403, message: M.notEnrolled })).toBe(false);
    expect(isElsewhereRefusal({ kind: 'transport', message: 'Network Error', timedOut: false })).toBe(false);
    expect(isElsewhereRefusal(undefined)).toBe(false);
  });

  test('after the move the player goes back to the verified point if it ran past it, else stays', () => {
    expect(positionAfterMove(58.4, 50)).toBe(50);
    expect(positionAfterMove(50.6, 50)).toBeNull();
    expect(positionAfterMove(30, 50)).toBeNull();
  });
});
