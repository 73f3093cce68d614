// The colour-literal rule on its own: what counts as a colour and what does not.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { noColourLiteral } from './colour-literal-rule.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const literal = (colour) => [{ messageId: 'literal', data: { colour } }];

tester.run('no-colour-literal', noColourLiteral, {
  valid: [
    'const style = { color: tokens.colorText, border: `1px solid ${tokens.colorBorder}` };',
    "const css = '.a { color: var(--ys-color-text); }';",
    '// a comment may name #d9d9d9 and rgba(0,0,0,.88)\nconst a = 1;',
    "const href = '#faq';",
    "const text = '订单#1024';",
    "const entity = '&#123;';",
    "const id = 'section-#abc-x';",
    'const el = <a href="#top">第1章</a>;',
  ],
  invalid: [
    { code: "const c = '#fff';", errors: literal('#fff') },
    { code: "const c = '#D9D9D9';", errors: literal('#D9D9D9') },
    { code: "const c = '#1f5fa880';", errors: literal('#1f5fa880') },
    { code: "const b = '1px solid #e8e8e8';", errors: literal('#e8e8e8') },
    { code: "const c = 'rgba(0,0,0,.88)';", errors: literal('rgba(') },
    { code: "const c = 'hsl(210 50% 40%)';", errors: literal('hsl(') },
    { code: 'const css = `.tab:hover { color: #2f73bd; }`;', errors: literal('#2f73bd') },
    { code: 'const el = <circle fill="#faad14" />;', errors: literal('#faad14') },
  ],
});
