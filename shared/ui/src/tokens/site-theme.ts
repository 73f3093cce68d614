/**
 * The one place the site's look is written down. Everything else reads the CSS custom
 * properties generated from it (`npm run tokens -w @yaoshi/ui`, see generate-tokens.ts):
 * `tokens.colorPrimary` and the like in inline styles, `var(--ys-color-primary)` in the
 * hoisted stylesheets. A colour literal anywhere else in browser code fails the lint rule
 * `yaoshi/no-colour-literal` (lint/colour-literal-rule.mjs).
 *
 * Contrast (WCAG 2, checked by tokens.test.ts): text 4.5:1 on white, a control's border 3:1.
 */

/** The site's blue: links 6.4:1 on white (antd's #1677ff is 4.1:1). */
const BRAND_BLUE = '#1f5fa8';
/** Secondary text 7:1 on white (antd's 45 % black is 4.0:1, under 4.5:1). */
const MUTED_TEXT = '#595959';
/** A problem's text, and red text on buttons: antd's red-7, 5.6:1 (antd's #ff4d4f is 3.3:1). */
const ERROR_TEXT_RED = '#cf1322';

/**
 * antd's theme for the site (ConfigProvider in antd-scope.tsx). The generated CSS
 * properties come from antd's `theme.getDesignToken(SITE_THEME)`, so antd's components and
 * the site's own drawn ones share every value.
 */
export const SITE_THEME = {
  // antd's secondary text (a Statistic's title) is 45 % black: 4.0:1 on white, under 4.5:1.
  // Links (and link buttons, such as 我的订单's actions) in the site's blue.
  token: { colorPrimary: BRAND_BLUE, colorTextDescription: MUTED_TEXT, colorLink: BRAND_BLUE },
  components: {
    // A danger link button (取消订单) and a form field's problem in antd's red-7: #ff4d4f
    // text is 3.3:1 on white. (Inputs keep #ff4d4f borders: a border needs 3:1.)
    Button: { colorError: ERROR_TEXT_RED },
    Form: { colorError: ERROR_TEXT_RED },
    // antd draws breadcrumb links in 45 % black: 4.0:1 on white, under the 4.5:1 that text needs.
    Breadcrumb: { linkColor: MUTED_TEXT, itemColor: MUTED_TEXT, separatorColor: MUTED_TEXT },
  },
} as const;

/**
 * The antd design tokens the site's own parts use, each becoming `--ys-<kebab-name>`
 * (`colorPrimary` → `--ys-color-primary`). Palette entries (`gold9`) are antd's preset
 * colours, as its Tag and Alert use them.
 */
export const ANTD_TOKENS = [
  'colorPrimary',
  'colorPrimaryHover',
  'colorPrimaryBg',
  'colorPrimaryBgHover',
  'colorPrimaryTextActive',
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextDisabled',
  'colorTextPlaceholder',
  'colorTextLightSolid',
  'colorBgContainer',
  'colorBgContainerDisabled',
  'colorBgLayout',
  'colorBgMask',
  'colorBorder',
  'colorBorderSecondary',
  'colorSplit',
  'colorFillAlter',
  'colorFillContent',
  'colorFillContentHover',
  'colorFillSecondary',
  'colorFillTertiary',
  'colorError',
  'colorErrorBg',
  'colorErrorBorder',
  'colorErrorOutline',
  'colorSuccess',
  'colorSuccessBg',
  'colorSuccessBorder',
  'colorWarning',
  'colorWarningBg',
  'colorWarningBorder',
  'colorInfo',
  'colorInfoBg',
  'colorInfoBorder',
  'controlOutline',
  'boxShadow',
  'lineHeight',
  'fontSize',
  'borderRadius',
  'borderRadiusLG',
  'blue7',
  'gold7',
  'gold9',
  'green8',
  'green9',
  'orange1',
  'orange3',
  'orange8',
  'purple1',
  'purple3',
  'purple7',
  'red1',
  'red3',
  'red7',
  'red8',
  'red9',
  'volcano7',
  'yellow10',
] as const;

/**
 * The site's own values, which antd's design token has no name for. A value may name an
 * antd token (`{ token: 'colorPrimary', alpha: 0.2 }`: its colour at that opacity), so it
 * follows a theme change.
 */
export const SITE_OWN_TOKENS = {
  /** Red text: a problem, a price, a danger action (antd's red-7, 5.6:1 on white). */
  colorTextError: { token: 'red7' },
  /** Green text: a correct answer, a finished bar's 100 %, a green tag (antd's green-8, 5.6:1). */
  colorTextSuccess: { token: 'green8' },
  /** The boxes' rule on the public pages and the article pages. */
  colorBorderBox: '#e8e8e8',
  /** A pale blue ground: the student menu's current item, the home page's slides. */
  colorBgPrimarySoft: '#e6f0fa',
  /** A fainter blue ground: the study list's summary, the home page's quick links. */
  colorBgPrimaryFaint: '#f3f8ff',
  /** A neutral grey ground: the footer, a summary box, the console's login page. */
  colorBgMuted: '#f5f7fa',
  /** The end of the home page's blue banner gradient (from colorPrimary). */
  colorPrimaryGradientEnd: '#1d5a9c',
  /** A dark veil over a picture or the blue header (the current menu item, a close button). */
  colorBgVeil: 'rgba(0,0,0,0.25)',
  colorBgVeilStrong: 'rgba(0,0,0,0.55)',
  /** White at half opacity: a loading overlay, an inactive slide dot. */
  colorBgWhiteHalf: 'rgba(255,255,255,0.5)',
  /** Behind a camera picture. */
  colorBgMedia: '#000',
  /** A spinner's track in the site's blue. */
  colorPrimaryTrack: { token: 'colorPrimary', alpha: 0.2 },
  /** A floating panel's shadow (the side panel, the floating advertisement). */
  boxShadowFloat: '0 4px 12px rgba(0,0,0,0.15)',
  /** A table's fixed column: the shadow where rows scroll under it. */
  boxShadowFixedColumn: 'inset -10px 0 8px -8px rgba(5,5,5,0.06)',
} as const;
