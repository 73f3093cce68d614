import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SiteSettings } from '@yaoshi/contracts/content';
import { hoistStyles, pageHtml } from './page-head';
import { frameMarkup } from './site-frame';

const SHELL = '<!doctype html><html><head><title></title></head><body><div id="root"></div></body></html>';
const BUTTON_STYLE = '<style data-precedence="default" data-href="yaoshi-site-button">.site-button{}</style>';
const PAGER_STYLE = '<style data-precedence="default" data-href="yaoshi-list-pager">.list-pager{}</style>';

test("the styles React hoists leave #root for the head, once each (the takeover replaces #root's markup)", () => {
  const body = `${BUTTON_STYLE}<main><p>正文</p>${PAGER_STYLE}${BUTTON_STYLE}<nav></nav></main>`;
  assert.deepEqual(hoistStyles(body), {
    styles: BUTTON_STYLE + PAGER_STYLE,
    body: '<main><p>正文</p><nav></nav></main>',
  });
  const html = pageHtml(SHELL, '<title>页</title>', body);
  const head = html.slice(0, html.indexOf('</head>'));
  const root = html.slice(html.indexOf('<div id="root">'));
  assert.ok(head.includes(BUTTON_STYLE) && head.includes(PAGER_STYLE), head);
  assert.doesNotMatch(root, /<style/);
  assert.match(root, /^<div id="root"><main><p>正文<\/p><nav><\/nav><\/main><\/div>/);
  // Without markup the shell is left as it is.
  assert.equal(pageHtml(SHELL, '<title>页</title>'), SHELL.replace('<title></title>', '<title>页</title>'));
});

test("the server's footer keeps the ideographic spaces the browser's shows (postcode | 联系我们, name | ICP)", () => {
  const site = {
    site_name: '某省药师协会',
    site_owner: '某省药师协会',
    site_address: '某市某路1号',
    site_code: '210029',
    site_icp: '苏ICP备1号',
    site_footer_lines: [],
    site_wechat_qrcode: '',
  } as unknown as SiteSettings;
  const { after } = frameMarkup({ site, categories: [], links: [], year: 2026 }, '/', '');
  const text = after.replace(/<!-- -->/g, '');
  assert.match(text, /邮编：210029\u3000<a /);
  assert.match(text, /某省药师协会\u3000<a /);
});

test("React's preload of the page's first image leaves #root for the head: hydration finds no node the browser lacks", () => {
  const preload = '<link rel="preload" as="image" href="/media/slides/a.svg" fetchPriority="high"/>';
  const body = `${preload}<main><img src="/media/slides/a.svg"/></main>`;
  const html = pageHtml(SHELL, '<title>页</title>', body, '<script type="application/json" id="x">{}</script>');
  assert.ok(html.slice(0, html.indexOf('</head>')).includes(preload));
  assert.match(
    html,
    /<div id="root"><main><img src="\/media\/slides\/a.svg"\/><\/main><\/div><script type="application\/json" id="x">\{\}<\/script>/,
  );
});

test("a staging site's frame says so above the header, as the browser's banner does", () => {
  const site = { site_name: '某省药师协会', site_staging: true, site_footer_lines: [] } as unknown as SiteSettings;
  const { before } = frameMarkup({ site, categories: [], links: [], year: 2026 }, '/', '', 'main');
  assert.match(before, /<div role="note"[^>]*>[^<]*测试/);
  assert.match(before, /<main style="[^"]*padding:16px 16px 0/);
  const { before: plain } = frameMarkup(
    { site: { ...site, site_staging: undefined }, categories: [], links: [], year: 2026 },
    '/',
    '',
  );
  assert.doesNotMatch(plain, /role="note"/);
});
