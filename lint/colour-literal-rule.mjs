// `yaoshi/no-colour-literal`: browser code (shell, remotes, @yaoshi/ui) takes its colours from
// the design tokens (`tokens.colorText` from `@yaoshi/ui/site-tokens`, `var(--ys-color-text)` in
// a stylesheet), generated from antd's theme (shared/ui/src/tokens/site-theme.ts). A colour
// written out in a string or template — `#d9d9d9`, `rgba(0,0,0,.88)`, `hsl(…)` — is a copy
// that a theme change or an antd upgrade would miss. Comments may name colours.

/**
 * `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` — not right after a letter or digit (`订单#1024`, an
 * entity such as `&#123;`) — or a colour function.
 */
export const COLOUR_LITERAL =
  /(?<![\p{L}\p{N}_&])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\p{L}\p{N}_-])|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/iu;

export const noColourLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'Colours come from the design tokens (@yaoshi/ui/site-tokens), not literals.' },
    schema: [],
    messages: {
      literal:
        '"{{ colour }}" is a colour literal: use a design token (tokens.… from @yaoshi/ui/site-tokens, var(--ys-…) in a stylesheet), or add the value to shared/ui/src/tokens/site-theme.ts.',
    },
  },
  create(context) {
    const check = (node, text) => {
      const found = typeof text === 'string' ? COLOUR_LITERAL.exec(text) : null;
      if (found) context.report({ node, messageId: 'literal', data: { colour: found[0] } });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked ?? node.value.raw),
      JSXText: (node) => check(node, node.value),
    };
  },
};

export const yaoshiPlugin = { rules: { 'no-colour-literal': noColourLiteral } };
