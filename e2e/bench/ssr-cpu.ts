import { readFileSync } from 'node:fs';
import { withSiteServer } from './site-server';

/**
 * `npm run bench:ssr -w e2e`: the server's CPU per public page view while 50 visitors at once
 * open public pages (the home page, a news list, articles, /verify) of the built site, each
 * server-rendered by the pinned public-content version. The server's own CPU (user + system,
 * from /proc/<pid>/stat) is read every WINDOW_MS and divided by the views completed in that
 * window; the 95th percentile of those windows is the figure (target ≤ 3 ms, issue 38). The
 * load generator runs on the same machine but its CPU is not counted.
 *   BENCH_PORT (default 18391), BENCH_SECONDS (default 15), BENCH_PAGES (default the public pages)
 */
const port = Number(process.env.BENCH_PORT ?? 18391);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENT_VISITORS = 50;
const WINDOW_MS = 500;
const WARM_UP_MS = 3_000;
export const SSR_CPU_TARGET_MS = 3;
/** Linux counts process CPU in clock ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

await withSiteServer(port, async (origin, pid) => {
  if (pid === undefined) throw new Error('no server process');
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const articles = [...sitemap.matchAll(/<loc>[^<]*(\/associationNewsDetail\?postid=\d+)<\/loc>/g)]
    .map((match) => match[1] ?? '')
    .slice(0, 20);
  // BENCH_PAGES=/a,/b measures other addresses (e.g. a static file, for the server's baseline).
  const pages = process.env.BENCH_PAGES?.split(',') ?? ['/', '/newsList?newsId=1', '/verify', ...articles];
  let completed = 0;
  let failed = 0;
  let rendered = 0;
  /** The server's own rendering work per view, from its `Server-Timing: ssr;dur=` header. */
  const ssrMs: number[] = [];
  let measuring = false;
  let running = true;
  const visitor = async (offset: number) => {
    for (let i = offset; running; i++) {
      const path = pages[i % pages.length] ?? '/';
      try {
        const response = await fetch(`${origin}${path}`, {
          headers: { 'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip' },
        });
        const html = await response.text();
        const timing = /ssr;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
        if (measuring && timing) ssrMs.push(Number(timing));
        if (response.status !== 200) failed++;
        else if (/<div id="root"><div[^>]*><header>.*<main/s.test(html)) rendered++; // the page inside the shell frame
        completed++;
      } catch {
        failed++;
      }
    }
  };
  const visitors = Array.from({ length: CONCURRENT_VISITORS }, (_, i) => visitor(i));
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  const windows: number[] = [];
  measuring = true;
  const startViews = completed;
  const startCpu = cpuMsOf(pid);
  const started = Date.now();
  let lastCpu = startCpu;
  let lastViews = completed;
  while (Date.now() - started < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const cpu = cpuMsOf(pid);
    const views = completed;
    if (views > lastViews) windows.push((cpu - lastCpu) / (views - lastViews));
    lastCpu = cpu;
    lastViews = views;
  }
  const elapsedS = (Date.now() - started) / 1000;
  const totalViews = completed - startViews;
  const totalCpu = cpuMsOf(pid) - startCpu;
  running = false;
  await Promise.all(visitors);
  const sorted = [...windows].sort((a, b) => a - b);
  const renderSorted = [...ssrMs].sort((a, b) => a - b);
  const renderP95 = Math.round(percentile(renderSorted, 95) * 1000) / 1000;
  const p95 = Math.round(percentile(sorted, 95) * 100) / 100;
  const mean = Math.round((totalCpu / Math.max(1, totalViews)) * 100) / 100;
  console.log(
    `${totalViews} public page views in ${elapsedS.toFixed(1)} s (${Math.round(totalViews / elapsedS)}/s), ${failed} failed, ${rendered} server-rendered bodies`,
  );
  console.log(
    `server CPU per view: mean ${mean} ms, p95 of ${WINDOW_MS} ms windows ${p95} ms (target ≤ ${SSR_CPU_TARGET_MS} ms)`,
  );
  if (!(p95 <= SSR_CPU_TARGET_MS) || failed > 0) process.exitCode = 1;
  console.log(
    JSON.stringify({
      bench: 'ssr-cpu',
      concurrentVisitors: CONCURRENT_VISITORS,
      pages: pages.length,
      viewsPerSecond: Math.round(totalViews / elapsedS),
      failed,
      renderedBodies: rendered,
      cpuMsPerView: { mean, p95 },
      ssrMsPerView: { p95: renderP95, views: ssrMs.length },
      targetMs: SSR_CPU_TARGET_MS,
    }),
  );
});
