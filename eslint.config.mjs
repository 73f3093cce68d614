import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLintConfig } from './lint/config.mjs';

export default buildLintConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  projects: [
    './api/tsconfig.json',
    './deploy/tsconfig.json',
    './e2e/tsconfig.json',
    './shell/tsconfig.json',
    './remotes/*/tsconfig.json',
    './shared/*/tsconfig.json',
    './shared/contracts/tsconfig.test.json',
  ],
});
