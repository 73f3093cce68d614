// The lint rules must keep biting: each sample under `samples/` names in its first line the rule
// it breaks (or `(nothing)` for a clean one), and is linted here with the repository's own rule
// set, laid over the sample tree as if it were the repository.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { buildLintConfig } from './config.mjs';

const samples = path.join(path.dirname(fileURLToPath(import.meta.url)), 'samples');
const sampleFiles = fs
  .readdirSync(samples, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .sort();

const eslint = new ESLint({
  cwd: samples,
  overrideConfigFile: true,
  overrideConfig: buildLintConfig({ root: samples, projects: ['./tsconfig.json'] }),
});
const results = await eslint.lintFiles(sampleFiles);

for (const file of sampleFiles) {
  const expected = fs.readFileSync(path.join(samples, file), 'utf8').match(/^\/\/ expect: (.+)$/m)?.[1];
  test(`${file}: ${expected}`, () => {
    assert.ok(expected, `${file} names the rule it breaks in an "// expect:" line`);
    const result = results.find((r) => r.filePath === path.join(samples, file));
    const reported = [...new Set(result.messages.map((m) => m.ruleId ?? m.message))].sort();
    assert.deepEqual(reported, expected === '(nothing)' ? [] : [expected]);
  });
}

test('every kind of boundary and promise rule has a sample', () => {
  assert.ok(sampleFiles.length >= 10);
});
