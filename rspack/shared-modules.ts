import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Modules whose state must exist once per page: React and its renderer, react-redux's
 * context (the one store), dayjs and its locale, our API client (the transport and the one
 * api slice) and, key by key (uiModuleKeys), our UI package — which also carries the router
 * (`@yaoshi/ui/router`, see importProblem) and antd's context (`@yaoshi/ui/antd-scope`).
 * antd's components are shared one by one too (antdComponentKeys); Redux Toolkit is not
 * shared (see importProblem). A trailing slash is a prefix key: it shares every subpath
 * import (`react/jsx-runtime`, `react-dom/client`, `@yaoshi/api-client/api`), which a
 * package key alone does not cover.
 */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-redux',
  // dayjs's locale and plugins need no key of their own: they register into this one instance.
  'dayjs',
  '@yaoshi/api-client/',
] as const;

/**
 * Singletons a first page need not run: dayjs serves the console (antd's date pickers, its
 * dates; remotes/admin's admin-app sets its locale) and is fetched with it, not with main.js.
 */
const NOT_IN_SHELL_ENTRY = new Set<string>(['dayjs']);

/**
 * Shared modules every first page runs before it can render — SINGLETONS but dayjs, and these
 * parts of `@yaoshi/ui` — the shell builds into its entry chunk (`eager`) rather than one
 * lazily fetched chunk each. Fetched one by one they arrived in four waves (a chunk's own
 * shared imports are found only once it has arrived), which held the first render back by
 * about 250 ms. They are still shared: remotes take them from the shell through the share
 * scope. Not here: what only some pages need (antd, DOMPurify in `@yaoshi/ui/safe-html`,
 * the antd-based `@yaoshi/ui` parts), which stays in chunks of its own.
 */
const UI_IN_SHELL_ENTRY = new Set(
  [
    'router',
    // The design tokens (`var(--ys-…)` references) every drawn part reads.
    'site-tokens',
    'site-slots',
    'section-box',
    'message-texts',
    'show-message',
    'antd-scope',
    'site-button',
    'site-dialog',
    // The document title a page gives itself (public pages), read by the shell's layout.
    'page-title',
  ].map((name) => `@yaoshi/ui/${name}`),
);

function inShellEntry(key: string): boolean {
  if (NOT_IN_SHELL_ENTRY.has(key)) return false;
  return (SINGLETONS as readonly string[]).includes(key) || UI_IN_SHELL_ENTRY.has(key);
}

/**
 * `@yaoshi/ui` is shared one module at a time (`@yaoshi/ui/router`, …), with exact keys
 * rather than the prefix `@yaoshi/ui/`: a prefix key claims every subpath before an exact
 * key is looked at, so its light parts could not go into the shell's entry chunk while the
 * antd-based ones stay out. The keys are the package's source files.
 */
export function uiModuleKeys(): string[] {
  const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'shared', 'ui', 'src');
  return readdirSync(srcDir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => `@yaoshi/ui/${file.replace(/\.tsx?$/, '')}`);
}

/**
 * antd is shared one component at a time, not as one module: sharing `antd` whole ships
 * the entire library (about 440 KB gzip) to every page. Every `import { Card } from 'antd'`
 * is rewritten to `antd/es/card` (see `ANTD_IMPORT`), and each `antd/es/<component>` folder
 * is its own shared singleton. The shell provides all of them from ONE build, so antd's
 * internals (the ConfigProvider context, the cssinjs style cache, rc-* contexts) exist once
 * per page; a page downloads only the components it renders. Remotes never bundle their own
 * copy (`import: false`): a second copy would carry a second context and style cache.
 */
export function antdComponentKeys(appDir: string): string[] {
  const esDir = join(dirname(createRequire(join(appDir, 'package.json')).resolve('antd/package.json')), 'es');
  return readdirSync(esDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(join(esDir, entry.name, 'index.js')),
    )
    .map((entry) => `antd/es/${entry.name}`);
}

/** The host's virtual module that makes it provide every antd component and @yaoshi/ui module (see the host plugins). */
export const PROVISION_MODULE = 'shared-provided.generated.js';

interface SharedConfig {
  singleton: true;
  requiredVersion: false;
  import?: false;
  eager?: true;
}

export function sharedModules(appDir: string, isHost: boolean): Record<string, SharedConfig> {
  // requiredVersion false: every app in this repository is built from the same lockfile,
  // and a version range check on workspace packages (`*`) or prefix keys only adds noise.
  const singleton: SharedConfig = { singleton: true, requiredVersion: false };
  const antd: SharedConfig = isHost ? singleton : { ...singleton, import: false };
  return {
    ...Object.fromEntries(
      [...SINGLETONS, ...uiModuleKeys()].map((key) => [
        key,
        isHost && inShellEntry(key) ? { ...singleton, eager: true as const } : singleton,
      ]),
    ),
    ...Object.fromEntries(antdComponentKeys(appDir).map((key) => [key, antd])),
  };
}
