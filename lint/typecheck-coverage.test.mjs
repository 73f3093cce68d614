// The root `npm run typecheck` checks the browser workspaces in one program
// (tsconfig.check-web.json) and the API with deploy in another (tsconfig.check-node.json):
// each program reads React's, antd's and Node's types once instead of once per workspace.
// A workspace with a `typecheck` script must be checked by one of them or named in the
// root script, so a new workspace is never left out.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/** Workspace folders, from the root package.json's globs (only `dir/*` and plain names are used). */
function workspaces() {
  return readJson('package.json').workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter(
            (entry) =>
              entry.isDirectory() && fs.existsSync(path.join(root, pattern.slice(0, -2), entry.name, 'package.json')),
          )
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
}

test('every workspace with a typecheck script is type-checked by the root typecheck', () => {
  const script = readJson('package.json').scripts.typecheck;
  const named = [...script.matchAll(/-w (\S+)/g)].map((match) => match[1]);
  const programs = [...script.matchAll(/tsc -p ([^\s;'&]+)/g)].map((match) => readJson(match[1]).include);
  assert.ok(programs.length > 0, 'the root typecheck names no tsc program');
  // `remotes/*/src` covers every folder of remotes/; `api/src` covers api.
  const covers = (entry, folder) => entry === `${folder}/src` || entry === `${path.posix.dirname(folder)}/*/src`;
  const inProgram = (folder) => programs.some((include) => include.some((entry) => covers(entry, folder)));
  const missing = workspaces().filter((folder) => {
    const pkg = readJson(`${folder}/package.json`);
    if (!pkg.scripts?.typecheck) return false;
    return !named.includes(pkg.name) && !inProgram(folder);
  });
  assert.deepEqual(missing, []);
});
