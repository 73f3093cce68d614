// expect: (nothing)
export function ExamPage(): string {
  return '练习';
}
