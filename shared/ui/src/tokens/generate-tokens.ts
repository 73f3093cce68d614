// Writes the site's design tokens from SITE_THEME: `npm run tokens -w @yaoshi/ui`.
// tokens.test.ts fails when a written file differs from what this would write now.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderCss, renderIndexHtml, renderTs, siteTokenValues } from './render-tokens';

const here = dirname(fileURLToPath(import.meta.url));
export const CSS_FILE = join(here, 'site-tokens.css');
export const TS_FILE = join(here, '..', 'site-tokens.ts');
export const INDEX_HTML = join(here, '..', '..', '..', '..', 'shell', 'index.html');

const values = siteTokenValues();
writeFileSync(CSS_FILE, renderCss(values));
writeFileSync(TS_FILE, renderTs(values));
writeFileSync(INDEX_HTML, renderIndexHtml(readFileSync(INDEX_HTML, 'utf8'), values));
console.log(`${values.size} tokens written to ${CSS_FILE}, ${TS_FILE} and ${INDEX_HTML}`);
