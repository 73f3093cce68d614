import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS } from '../tests/support/environment';
import { withSiteServer } from './site-server';

/**
 * `npm run bench:lighthouse`: Lighthouse (desktop preset) in Debian's Chromium against the
 * built site, for `/` and `/newsList?newsId=1` (or the paths given). Prints the performance
 * and accessibility scores and the audits that cost points; exits 1 below the minimum.
 *   npm run bench:lighthouse -- [/path …] [--min=90]
 */
const args = process.argv.slice(2);
const paths = args.filter((a) => a.startsWith('/'));
const minimum = Number(args.find((a) => a.startsWith('--min='))?.split('=')[1] ?? 90);
const port = Number(process.env.BENCH_PORT ?? 18381);
const CATEGORIES = ['performance', 'accessibility'] as const;

await withSiteServer(port, async (origin) => {
  const profile = mkdtempSync(join(tmpdir(), 'yaoshi-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    userDataDir: profile,
  });
  let failed = false;
  try {
    for (const path of paths.length > 0 ? paths : ['/', '/newsList?newsId=1']) {
      const result = await lighthouse(`${origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, desktopConfig);
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const { lhr } = result;
      const scores = CATEGORIES.map((name) => [name, Math.round((lhr.categories[name]?.score ?? 0) * 100)] as const);
      console.log(`${path}: ${scores.map(([name, score]) => `${name} ${score}`).join(', ')}`);
      for (const name of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
        const audit = lhr.audits[name];
        if (audit) console.log(`  ${audit.title}: ${audit.displayValue ?? ''}`);
      }
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            console.log(`  - ${category}: ${audit.title} (${audit.displayValue ?? audit.score})`);
            // Which elements, for the accessibility audits.
            const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
            for (const item of items.slice(0, 4)) if (item.node?.snippet) console.log(`      ${item.node.snippet.slice(0, 160)}`);
          }
        }
      }
      if (scores.some(([, score]) => score < minimum)) failed = true;
    }
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
  if (failed) {
    console.log(`BELOW ${minimum}`);
    process.exitCode = 1;
  }
});
