// expect: yaoshi/no-colour-literal
export function Note({ text }: { text: string }) {
  return <p style={{ color: '#8c8c8c', border: `1px solid rgba(0,0,0,.06)` }}>{text}</p>;
}
