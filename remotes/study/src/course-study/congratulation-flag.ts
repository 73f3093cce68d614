/**
 * spec 02 §4 "Completion": the congratulation popup is shown once when every course is at
 * 100 %; a flag in localStorage remembers it (per list and year, so next year's is shown too).
 */
export function congratulationKey(kind: 'professional' | 'public', year: number): string {
  return `allCoursesDone:${kind}:${year}`;
}

export function congratulationShown(kind: 'professional' | 'public', year: number): boolean {
  return localStorage.getItem(congratulationKey(kind, year)) === '1';
}

export function rememberCongratulation(kind: 'professional' | 'public', year: number): void {
  localStorage.setItem(congratulationKey(kind, year), '1');
}
