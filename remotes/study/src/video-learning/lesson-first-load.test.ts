import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The lesson page shows the lesson without antd's components (issue 22: the video page's
 * first load is ≤ 350 KB with video.js). Its dialogs bring antd when they are fetched
 * (lesson-dialogs.tsx); nothing the page imports statically may bring it back.
 */
const STATIC_IMPORT = /^\s*import\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm;

/** The site's own UI parts are followed too: one of them could bring antd. */
const SITE_UI = join(__dirname, '../../../../shared/ui/src');

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@yaoshi/ui/')
    ? join(SITE_UI, specifier.slice('@yaoshi/ui/'.length))
    : join(dirname(from), specifier);
  return ['.tsx', '.ts'].map((extension) => base + extension).find((file) => existsSync(file)) ?? null;
}

/** Every module of this remote the file reaches by static imports, with what each imports from packages. */
function staticGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const specifiers = [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((match) => match[1]!);
    const followed = (specifier: string) => specifier.startsWith('.') || specifier.startsWith('@yaoshi/ui/');
    graph.set(
      file,
      specifiers.filter((specifier) => !followed(specifier)),
    );
    for (const specifier of specifiers.filter(followed)) {
      const local = resolveLocal(file, specifier);
      if (local) pending.push(local);
    }
  }
  return graph;
}

test('the lesson page and the player import nothing of antd until a dialog opens', () => {
  const graph = staticGraph(join(__dirname, 'lesson-route.tsx'));
  expect(graph.size).toBeGreaterThan(5);
  const antd = [...graph].filter(([, packages]) => packages.some((name) => /^antd(\/|$)|^@ant-design\//.test(name)));
  expect(antd.map(([file]) => relative(__dirname, file))).toEqual([]);
  expect(graph.has(join(SITE_UI, 'site-card.tsx'))).toBe(true);
});

test('the dialogs it opens are fetched, not imported with it', () => {
  const graph = staticGraph(join(__dirname, 'lesson-route.tsx'));
  for (const dialog of ['face-check-dialog.tsx', 'quiz-dialog.tsx', '../course-rating/evaluation-dialog.tsx'])
    expect(graph.has(join(__dirname, dialog))).toBe(false);
});
