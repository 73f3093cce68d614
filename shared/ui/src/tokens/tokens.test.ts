import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio } from '../test-support/colour-contrast';
import { tokens, type SiteToken } from '../site-tokens';
import { propertyName, renderCss, renderIndexHtml, renderTs, siteTokenValues } from './render-tokens';

const values = siteTokenValues();
const read = (...parts: string[]) => readFileSync(join(__dirname, ...parts), 'utf8');
/** A token's colour. */
const colour = (name: string) => {
  const value = values.get(name);
  if (value === undefined) throw new Error(`no token ${name}`);
  return value;
};
const WHITE = '#ffffff';

test.each([
  ['tokens/site-tokens.css', () => read('site-tokens.css'), () => renderCss(values)],
  ['src/site-tokens.ts', () => read('..', 'site-tokens.ts'), () => renderTs(values)],
  [
    'the shell’s index.html',
    () => read('..', '..', '..', '..', 'shell', 'index.html'),
    () => renderIndexHtml(read('..', '..', '..', '..', 'shell', 'index.html'), values),
  ],
])('%s is what SITE_THEME gives now (else: npm run tokens -w @yaoshi/ui)', (_, written, fresh) => {
  expect(written()).toBe(fresh());
});

test('the properties are named after antd’s tokens and carry antd’s values for SITE_THEME', () => {
  expect(values.get('colorPrimary')).toBe('#1f5fa8');
  expect(values.get('colorBorder')).toBe('#d9d9d9');
  expect(values.get('colorText')).toBe('rgba(0, 0, 0, 0.88)');
  expect(values.get('lineHeight')).toBe('1.5714285714285714');
  expect(values.get('colorPrimaryTrack')).toBe('rgba(31, 95, 168, 0.2)');
  expect(tokens.colorPrimary).toBe('var(--ys-color-primary)');
  expect(tokens.gold9).toBe('var(--ys-gold-9)');
  // Every name the typed object offers is a property the stylesheet defines, by the same rule.
  for (const name of values.keys()) {
    expect(renderCss(values)).toContain(`  ${propertyName(name)}:`);
    expect(tokens[name as SiteToken]).toBe(`var(${propertyName(name)})`);
  }
  expect(renderCss(values)).toContain('  --ys-gold-9: #874d00;\n');
});

test.each([
  ['the site blue (links)', 'colorPrimary', WHITE],
  ['a hovered link', 'colorPrimaryHover', WHITE],
  ['white text on a hovered primary button', 'colorTextLightSolid', 'colorPrimaryHover'],
  ['muted text', 'colorTextDescription', WHITE],
  ['a problem’s text', 'colorTextError', WHITE],
  ['green text (a correct answer, a finished bar, a green tag)', 'colorTextSuccess', WHITE],
  ['a locked question’s chosen option', 'colorPrimaryTextActive', 'colorInfoBg'],
  ['a blue tag', 'blue7', 'colorInfoBg'],
  ['a gold tag, a warning', 'gold9', 'colorWarningBg'],
  ['an orange tag, the staging banner', 'orange8', 'orange1'],
  ['a red tag', 'red8', 'red1'],
  ['a purple tag', 'purple7', 'purple1'],
  ['a certificate found genuine', 'green9', 'colorSuccessBg'],
  ['a certificate revoked', 'red9', 'red1'],
  ['a certificate not found', 'yellow10', 'colorWarningBg'],
  ['the student menu’s current item', 'colorPrimary', 'colorBgPrimarySoft'],
])('%s is small text with 4.5:1 on its ground', (_, text, ground) => {
  expect(contrastRatio(colour(text), ground.startsWith('#') ? ground : colour(ground))).toBeGreaterThanOrEqual(4.5);
});

test('an invalid input’s border has the 3:1 a control’s border needs on white', () => {
  expect(contrastRatio(colour('colorError'), WHITE)).toBeGreaterThanOrEqual(3);
});

test('contrast is WCAG 2’s: 21:1 for black on white, 1:1 for a colour on itself, either way round', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('rgb(255, 255, 255)', 'rgb(0, 0, 0)')).toBeCloseTo(21, 5);
  expect(contrastRatio(colour('colorPrimary'), colour('colorPrimary'))).toBe(1);
  expect(contrastRatio('var(--ys-color-text-light-solid)', '#000')).toBeCloseTo(21, 5);
  expect(() => contrastRatio('var(--ant-color-error)', '#ffffff')).toThrow(/not a colour/);
});
