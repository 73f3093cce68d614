import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * /faceCollection renders without antd (its route is `withoutAntd`, remotes/study/src/routes.ts):
 * the shell gives it no antd context, so an antd component here would show in English and the
 * default theme, and would bring antd's 110 KB back into the page's first load.
 */
test('no file of the face photo page imports antd', () => {
  const files = readdirSync(__dirname).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  expect(files).toContain('face-collection-page.tsx');
  const importsAntd = files.filter((name) =>
    /from\s+['"]antd(\/|['"])|import\(\s*['"]antd(\/|['"])/.test(readFileSync(join(__dirname, name), 'utf8')),
  );
  expect(importsAntd).toEqual([]);
});
