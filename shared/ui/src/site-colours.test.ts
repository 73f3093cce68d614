import { contrastRatio } from './test-support/colour-contrast';
import { BRAND_BLUE, SUCCESS_TEXT_GREEN, ERROR_RED, ERROR_TEXT_RED, MUTED_TEXT } from './section-box';

test('contrast is WCAG 2’s: 21:1 for black on white, 1:1 for a colour on itself, either way round', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('rgb(255, 255, 255)', 'rgb(0, 0, 0)')).toBeCloseTo(21, 5);
  expect(contrastRatio(BRAND_BLUE, BRAND_BLUE)).toBe(1);
  expect(() => contrastRatio('var(--ant-color-error)', '#ffffff')).toThrow(/not a colour/);
});

test.each([
  ['the site blue (links)', BRAND_BLUE],
  ['muted text', MUTED_TEXT],
  ['a problem’s text', ERROR_TEXT_RED],
  ['green text (a correct answer, a finished bar, a green tag)', SUCCESS_TEXT_GREEN],
])('%s is small text with 4.5:1 on white', (_, colour) => {
  expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
});

test('an invalid input’s border has the 3:1 a control’s border needs on white', () => {
  expect(contrastRatio(ERROR_RED, '#ffffff')).toBeGreaterThanOrEqual(3);
});
