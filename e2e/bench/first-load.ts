import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../tests/support/environment';
import { withSiteServer } from './site-server';

/**
 * `npm run bench:web`: the JavaScript a first visit to a page downloads, measured in
 * Chromium against the built site (run `npm run build` first). Prints every script with
 * its raw and gzip size and the totals; exits 1 when the gzip total is over the budget.
 *   npm run bench:web -- [path=/] [--budget-kb=300]
 */
const args = process.argv.slice(2);
const path = args.find((a) => a.startsWith('/')) ?? '/';
const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? 300);
const port = Number(process.env.BENCH_PORT ?? 18380);

await withSiteServer(port, async (origin) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length })),
    );
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  const measured = (await Promise.all(scripts)).sort((a, b) => b.gzip - a.gzip);
  await browser.close();

  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
  for (const script of measured) console.log(`${kb(script.gzip)} KB gzip ${kb(script.raw)} KB raw  ${script.url}`);
  const gzip = measured.reduce((sum, s) => sum + s.gzip, 0);
  const raw = measured.reduce((sum, s) => sum + s.raw, 0);
  console.log(
    `\nfirst load of ${path}: ${measured.length} scripts, ${kb(gzip).trim()} KB gzip (${kb(raw).trim()} KB raw); budget ${budgetKb} KB gzip`,
  );
  if (gzip > budgetKb * 1024) {
    console.log('OVER BUDGET');
    process.exitCode = 1;
  }
});
