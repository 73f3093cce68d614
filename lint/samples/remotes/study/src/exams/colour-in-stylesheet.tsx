// expect: yaoshi/no-colour-literal
const STYLES = `
.exam-option { color: #2f73bd; }
`;

export function ExamStyles() {
  return <style>{STYLES}</style>;
}
