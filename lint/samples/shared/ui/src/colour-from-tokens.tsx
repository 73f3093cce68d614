// expect: (nothing)
// A comment may name #d9d9d9 or rgba(0,0,0,.88); an anchor such as #faq and 订单#1024 are not colours.
const tokens = { colorText: 'var(--ys-color-text)' } as const;

export function Note({ text }: { text: string }) {
  return (
    <a href="#faq" style={{ color: tokens.colorText, borderColor: 'var(--ys-color-border)' }}>
      {text} 订单#1024
    </a>
  );
}
