import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The public pages render without antd: the shell gives them no antd context (their routes
 * are `withoutAntd` in shell/src/app/site-routes.tsx), so an antd component here would show
 * in English and the default theme, and would bring antd's engine back into the first load.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

test('no page of this remote imports antd', () => {
  const importsAntd = sourceFiles(__dirname).filter((file) =>
    /from\s+['"]antd(\/|['"])|import\(\s*['"]antd(\/|['"])/.test(readFileSync(file, 'utf8')),
  );
  expect(importsAntd.map((file) => relative(__dirname, file))).toEqual([]);
});
