// The rules a machine checks so that reviewers need not remember them (docs/architecture.md,
// "Where things go"). `eslint.config.mjs` applies them to the repository; `lint-rules.test.mjs`
// applies them to a small tree of deliberately wrong samples to prove that they still bite.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { yaoshiPlugin as colourPlugin } from './colour-literal-rule.mjs';
import { apiPathsPlugin } from './api-paths.mjs';

/** The project's own rules under one plugin name (ESLint refuses two objects for one name). */
const yaoshiPlugin = { rules: { ...colourPlugin.rules, ...apiPathsPlugin.rules } };

/**
 * @param {{ root: string, projects: string[] }} layout the repository (or sample tree) root and
 *   the tsconfig files, relative to it, that together cover every TypeScript file
 */
export function buildLintConfig({ root, projects }) {
  const foldersOf = (dir) =>
    fs.existsSync(path.join(root, dir))
      ? fs
          .readdirSync(path.join(root, dir), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist')
          .map((entry) => entry.name)
      : [];

  const remotes = foldersOf('remotes');

  /** The arrows between deployable parts: everything points down to `shared/`, nothing back up or sideways. */
  const partZones = [
    // No remote imports another remote, nor the shell; the shell imports no remote.
    ...remotes.map((name) => ({
      target: `./remotes/${name}`,
      from: './remotes',
      except: [`./${name}`],
      message: 'A remote never imports another remote: share it through a package in shared/.',
    })),
    {
      target: './remotes',
      from: './shell',
      message: 'A remote never imports the shell: share it through a package in shared/.',
    },
    {
      target: './shell',
      from: './remotes',
      message: 'The shell never imports a remote: remotes are loaded at run time by Module Federation.',
    },
    // The API never imports browser code.
    {
      target: './api',
      from: ['./shell', './remotes', './shared/ui', './shared/api-client', './e2e'],
      message: 'The API never imports browser code.',
    },
    // Shared packages are the ground floor: they import no app.
    {
      target: './shared',
      from: ['./shell', './remotes', './api', './deploy', './e2e'],
      message: 'A shared package never imports an app: the arrows point down to shared/.',
    },
    // deploy → api is the only arrow between apps; nothing imports deploy or the browser tests.
    {
      target: ['./api', './shell', './remotes'],
      from: './deploy',
      message: 'Nothing imports deploy/: it sits on top.',
    },
    {
      target: ['./api', './shell', './remotes', './deploy'],
      from: './e2e',
      message: 'Nothing imports the browser tests.',
    },
  ];

  /**
   * Inside an app, each folder of `src/` is a feature. Another feature may use what it offers
   * (endpoints, rules, components, services) but never its internals: its pages, its route
   * registrations, its tests and test-only helpers. The app's composition root (`app.ts`,
   * `exposes.ts`, the shell's `app/`) is where features meet; no feature imports it.
   */
  const appRoots = ['shell/src', 'api/src', ...remotes.map((name) => `remotes/${name}/src`)];
  const internalsOf = (appRoot, feature) => [
    `${appRoot}/${feature}/**/*-page.tsx`,
    `${appRoot}/${feature}/**/*-routes.ts`,
    `${appRoot}/${feature}/**/*.test.ts`,
    `${appRoot}/${feature}/**/*.test.tsx`,
  ];
  // Folders that are not features: the shell's composition root, test support, and the API's
  // platform that every feature stands on (database, signed envelope, authentication).
  const notFeatures = ['app', 'testing', 'test-support', 'db', 'envelope', 'auth'];
  const featureZones = appRoots.flatMap((appRoot) => {
    const features = foldersOf(appRoot).filter((name) => !notFeatures.includes(name));
    return features.flatMap((feature) => {
      const others = features.filter((other) => other !== feature);
      return [
        ...(others.length > 0
          ? [
              {
                target: `./${appRoot}/${feature}/**/!(*.test).{ts,tsx}`,
                from: others.flatMap((other) => internalsOf(appRoot, other)),
                message: `A feature never imports another feature's pages, routes or tests (${appRoot}/${feature}).`,
              },
            ]
          : []),
        {
          target: `./${appRoot}/${feature}/**/!(*.test).{ts,tsx}`,
          from: [`${appRoot}/@(app|server|main|exposes).ts`, `${appRoot}/@(bootstrap).tsx`, `${appRoot}/app/**`],
          message: `A feature never imports the app's composition root (${appRoot}).`,
        },
      ];
    });
  });

  /**
   * The order lifecycle has one owner: `orders/` keeps the state machine and the transitions;
   * payment, refunds and invoices call into it, never the other way round.
   */
  const orderLifecycleZones = [
    {
      target: './api/src/orders/**/!(*.test).ts',
      from: ['./api/src/payment/**', './api/src/refunds/**', './api/src/invoices/**'],
      message:
        'orders/ owns the order lifecycle: payment, refunds and invoices call into it, never the other way round.',
    },
  ];

  return tseslint.config(
    {
      ignores: [
        '**/node_modules/**',
        '**/dist/**',
        '**/.data/**',
        '**/coverage/**',
        'e2e/test-results/**',
        'e2e/playwright-report/**',
        'api/migrations/**',
        'api/media/**',
        // Deliberately wrong samples; `lint-rules.test.mjs` lints them on purpose.
        'lint/samples/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: {
        parserOptions: {
          project: projects,
          tsconfigRootDir: root,
        },
        globals: { ...globals.node },
      },
      plugins: { import: importPlugin },
      settings: {
        'import/resolver': {
          typescript: {
            project: projects.map((project) => path.join(root, project)),
          },
        },
        'import/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      },
      rules: {
        'import/no-restricted-paths': [
          'error',
          { basePath: root, zones: [...partZones, ...featureZones, ...orderLifecycleZones] },
        ],
        '@typescript-eslint/no-floating-promises': [
          'error',
          {
            // node:test's test() and describe() return promises that the runner itself awaits.
            allowForKnownSafeCalls: [
              { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] },
            ],
          },
        ],
        '@typescript-eslint/no-misused-promises': 'error',
        '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
        '@typescript-eslint/no-explicit-any': 'error',
        '@typescript-eslint/only-throw-error': 'error',
        // Chinese text indents paragraphs with the ideographic space (U+3000); code may not.
        'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
        // An async function without await is how Fastify handlers and RTK Query callbacks are
        // written to fit their interfaces; flagging each one teaches nothing.
        '@typescript-eslint/require-await': 'off',
        '@typescript-eslint/no-unused-vars': [
          'error',
          {
            argsIgnorePattern: '^_',
            varsIgnorePattern: '^_',
            ignoreRestSiblings: true,
          },
        ],
      },
    },
    {
      // Every `/v1/` path is written once, in @yaoshi/contracts (api-paths.mjs); tests may write
      // the paths they observe on the wire.
      files: ['**/*.{ts,tsx}'],
      ignores: ['shared/contracts/**', '**/*.test.{ts,tsx}', '**/testing/**', '**/test-support/**', 'e2e/**'],
      plugins: { yaoshi: yaoshiPlugin },
      rules: { 'yaoshi/no-literal-api-path': 'error' },
    },
    {
      // One-way imports inside the API, with no circles (type-only imports included).
      files: ['api/src/**/*.ts'],
      rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
    },
    {
      files: [
        'shell/**/*.{ts,tsx}',
        'remotes/**/*.{ts,tsx}',
        'shared/ui/**/*.{ts,tsx}',
        'shared/api-client/**/*.{ts,tsx}',
      ],
      languageOptions: { globals: { ...globals.browser } },
      plugins: { 'react-hooks': reactHooks },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'error',
      },
    },
    {
      // Colours come from the design tokens (lint/colour-literal-rule.mjs). Not checked: the
      // token module itself and its generated file, and tests and their helpers, which
      // compare what a browser computes with the values.
      files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'shared/ui/**/*.{ts,tsx}'],
      ignores: [
        'shared/ui/src/tokens/**',
        'shared/ui/src/site-tokens.ts',
        '**/*.test.{ts,tsx}',
        '**/test-support/**',
        '**/testing/**',
      ],
      plugins: { yaoshi: yaoshiPlugin },
      rules: { 'yaoshi/no-colour-literal': 'error' },
    },
    {
      files: ['**/*.{js,mjs,cjs}'],
      extends: [tseslint.configs.disableTypeChecked],
      languageOptions: { globals: { ...globals.node } },
    },
    {
      // Scripts the browser loads as they are (shell/public/early-pins.js).
      files: ['shell/public/**/*.js'],
      languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
    },
    {
      files: ['**/jest/*.cjs', '**/jest.config.cjs'],
      languageOptions: { globals: { ...globals.browser, ...globals.jest } },
    },
    {
      files: ['**/*.cjs'],
      languageOptions: { sourceType: 'commonjs' },
      rules: { '@typescript-eslint/no-require-imports': 'off' },
    },
  );
}
