import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLintConfig } from './lint/config.mjs';

export default buildLintConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  // A file is linted in the first program that holds it. The two combined programs of the
  // root typecheck come first: each reads React's, antd's and Node's types once for the
  // browser workspaces (or the API and deploy) instead of once per workspace.
  projects: [
    './tsconfig.check-web.json',
    './tsconfig.check-node.json',
    './e2e/tsconfig.json',
    './shared/*/tsconfig.json',
    './shared/contracts/tsconfig.test.json',
  ],
});
