// expect: import/no-cycle
import { lessonTitle } from './lesson-titles';

export const progressText = (percent: number): string => `${lessonTitle(1)} ${percent}%`;
