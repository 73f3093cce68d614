import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { Configuration as DevServerConfiguration } from '@rspack/dev-server';
import {
  RELEASE_MANIFEST_FILE,
  SHARED_PACKAGES,
  SHELL_MANIFEST_FILE,
  type ReleaseManifest,
  type RouteEntry,
  type ShellManifest,
} from './shared/contracts/src/release-manifest';

/**
 * One function builds the rspack configuration of every federated app, so the shell and
 * the four remotes agree on the things that must agree: the share scope, the singleton
 * list, the file-name scheme and where each build lands.
 */

export type FederatedKind = 'host' | 'remote';

/** Dev-server ports, one per app; `npm run dev` starts all five, the API on 8070. */
export const DEV_PORTS = {
  shell: 8080,
  'public-content': 8081,
  enrolment: 8082,
  study: 8083,
  orders: 8084,
  admin: 8085,
} as const;

export interface FederatedAppOptions {
  /** Federation name: a JS identifier (`shell`, `public_content`, `enrolment`, …). */
  name: string;
  kind: FederatedKind;
  /** The app's folder (where its package.json, src/ and index.html live). */
  dir: string;
  /** Remotes only: `'./Home': './src/home/home-page.tsx'`. */
  exposes?: Record<string, string>;
  devPort: number;
  /** Runtime plugin files bundled into this app's federation runtime. */
  runtimePlugins?: string[];
  /** Compile-time constants (`process.env.X` → JSON), used by the host for API settings. */
  define?: Record<string, string>;
  /** Extra dev-server settings (the host adds its proxy and the dev pins). */
  devServer?: DevServerConfiguration;
  /**
   * Remotes only: the remote's route manifest (`src/routes.ts`) and the Chinese name of its
   * section, written with the exposes and the shared versions into `release-manifest.json`.
   */
  release?: { key: string; section: string; routes: RouteEntry[] };
  /** The host only: the paths of the pages it renders itself, written into `shell-manifest.json`. */
  shellPages?: readonly string[];
  /**
   * The staff console only: its forms use the contracts' zod schemas. Every other app refuses
   * zod (see importProblem).
   */
  allowZod?: boolean;
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

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
 * Shared modules every first page runs before it can render — all of SINGLETONS, and these
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
    'site-slots',
    'section-box',
    'message-texts',
    'show-message',
    'antd-scope',
    'site-button',
    'site-dialog',
  ].map((name) => `@yaoshi/ui/${name}`),
);

function inShellEntry(key: string): boolean {
  return (SINGLETONS as readonly string[]).includes(key) || UI_IN_SHELL_ENTRY.has(key);
}

/**
 * Imports the build refuses, because each would bundle a second copy of something the page
 * must have once:
 * - react-router is shared through a facade that re-exports only what the site uses
 *   (`shared/ui/src/router.ts`), so the shell's build can leave the rest of the library
 *   out; any other import of it would carry a second router with its own contexts.
 * - Redux Toolkit (with redux, immer, reselect) is not shared at all: the shell and
 *   `@yaoshi/api-client` build the one store and api slice with it, and remotes reach them
 *   through react-redux and `api.injectEndpoints`. Unshared, it is tree-shaken (−9 KB gzip
 *   on every first load); a remote importing it would bring its own copy.
 * - zod, in every app but the staff console: the learner's pages take the contracts' types
 *   with `import type` and their numbers and texts from the zod-free `*-rules.ts` and
 *   `*-messages.ts` files. One value imported from an endpoint file (`archive-reviews.ts`
 *   for a message text) put zod, 24 KB gzip, on 我的课程, 选课 and the video page.
 */
const ROUTER_FACADE = join('shared', 'ui', 'src', 'router.ts');
const ROUTER_PACKAGE = /^react-router(-dom)?(\/|$)/;
const REDUX_PACKAGE = /^(@reduxjs\/toolkit|redux|immer|reselect)(\/|$)/;
const ZOD_PACKAGE = /^zod(\/|$)/;
const IN_NODE_MODULES = /[\\/]node_modules[\\/]/;

type ExternalsCallback = (error?: Error) => void;

export function importProblem(
  request: string | undefined,
  issuer: string | undefined,
  kind: FederatedKind,
  appDir: string,
  allowZod = false,
): string | null {
  if (!request || !issuer || IN_NODE_MODULES.test(issuer)) return null;
  if (!allowZod && ZOD_PACKAGE.test(request)) {
    return `${issuer} imports "${request}": browser code takes the contracts' types with \`import type\` and their values from a file without zod (a *-rules.ts or *-messages.ts; see rspack.config.base.ts)`;
  }
  if (ROUTER_PACKAGE.test(request) && !issuer.endsWith(ROUTER_FACADE)) {
    return `${issuer} imports "${request}": import from '@yaoshi/ui/router' instead (one shared router, see rspack.config.base.ts)`;
  }
  // A remote's own code only: its fallback copies of @yaoshi/api-client use Redux Toolkit, and are never loaded.
  if (kind === 'remote' && REDUX_PACKAGE.test(request) && issuer.startsWith(join(appDir, 'src'))) {
    return `${issuer} imports "${request}": a remote uses the shell's store through react-redux and adds endpoints with api.injectEndpoints from '@yaoshi/api-client/api' (see rspack.config.base.ts)`;
  }
  return null;
}

function rejectImports(kind: FederatedKind, appDir: string, allowZod: boolean) {
  return (
    { request, contextInfo }: { request?: string; contextInfo?: { issuer?: string } },
    callback: ExternalsCallback,
  ): void => {
    const problem = importProblem(request, contextInfo?.issuer, kind, appDir, allowZod);
    callback(problem ? new Error(problem) : undefined);
  };
}

/**
 * `@yaoshi/ui` is shared one module at a time (`@yaoshi/ui/router`, …), with exact keys
 * rather than the prefix `@yaoshi/ui/`: a prefix key claims every subpath before an exact
 * key is looked at, so its light parts could not go into the shell's entry chunk while the
 * antd-based ones stay out. The keys are the package's source files.
 */
export function uiModuleKeys(): string[] {
  const srcDir = join(dirname(fileURLToPath(import.meta.url)), 'shared', 'ui', 'src');
  return readdirSync(srcDir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => `@yaoshi/ui/${file.replace(/\.tsx?$/, '')}`);
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
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

/** Matches a module under one of `folders` of a package in node_modules (`antd/es/tabs/…`). */
function packageFolders(pkg: string, folders: readonly string[]): RegExp {
  const escaped = pkg.replace(/[/\\]/g, '[\\\\/]');
  return new RegExp(`[\\\\/]node_modules[\\\\/]${escaped}[\\\\/](${folders.join('|')})[\\\\/]`);
}

/** Matches the given files (without `.js`; regular expressions allowed) of a package in node_modules. */
function packageFiles(pkg: string, files: readonly string[]): RegExp {
  const escaped = pkg.replace(/[/\\]/g, '[\\\\/]');
  return new RegExp(`[\\\\/]node_modules[\\\\/]${escaped}[\\\\/](${files.join('|')})\\.js$`);
}

function anyOf(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => pattern.source).join('|'));
}

/** The icons the student frame and every learner page show (antd-learner). */
const LEARNER_ICONS =
  '((Close|Left|Right|Ellipsis|Check|Bars|Loading)Outlined|(CheckCircle|CloseCircle|ExclamationCircle|InfoCircle)Filled)';

/**
 * Where the shell's antd code lands. Provided one component per shared module, rspack's
 * default chunking gave every component its own chunk, plus a chunk for each combination of
 * components sharing ≥ 20 KB of code, and copied what they share below that into each of
 * them (`_util/reactNode.js` in 24 chunks): 我的课程 fetched 43 antd chunks, 230 KB gzip, for
 * 169 KB of distinct code. The shared modules stay one per component (a page asks for what
 * it renders); the code under them goes where it is needed together, one chunk per group,
 * found by listing the modules each learner page loaded (bench:web on a build with named
 * module ids):
 *
 * - `antd-core` (55 KB gzip): what every page with antd runs — ConfigProvider and the zh_CN
 *   locale (cssinjs with stylis, the theme, rc-util, motion, the icon base, antd's `_util`,
 *   the pickers', pager's and confirm dialogs' texts) and rc-form's contexts, which Modal,
 *   Input and Select read (not rc-form itself: see sideEffectFreeRule);
 * - `antd-learner` (41 KB): what most learner pages render — Button, Tag, Space, Spin,
 *   Skeleton, Empty, Tooltip and Popover, with rc-trigger and the common icons;
 * - `antd-select`, `antd-input`, `antd-modal`: one component family each, with the rc-*
 *   package under it, fetched by the pages that render it;
 * - `antd-menu`, `antd-tabs`, `antd-table`: the staff console's (learner pages draw their
 *   tables, tabs, cards and menu with @yaoshi/ui; docs/architecture.md).
 *
 * A group is fetched whole by any page needing one of its modules, so a small file imported
 * from elsewhere goes with its importer (Modal's locale, which ConfigProvider imports, is in
 * antd-core; without that every antd page fetched antd-modal).
 * The rest (Form, Image, DatePicker, Progress, Alert, …) keeps rspack's default chunking,
 * fetched only by the pages that render it. With no default chunking at all the learner
 * pages took 559–650 KB (each component copying what it shares). None of it reaches the
 * home page, which renders no antd.
 */
const ANTD_CHUNK_GROUPS = {
  'antd-core': anyOf(
    packageFolders('antd/es', ['_util', 'config-provider', 'theme', 'style', 'locale', 'version']),
    // zh_CN brings the pickers' and the pager's texts; the form context comes with rc-form.
    packageFiles('antd/es', [
      'date-picker/locale/.*',
      'time-picker/locale/.*',
      'calendar/locale/.*',
      'form/context',
      'form/validateMessagesContext',
      'form/hooks/useVariants',
      // ConfigProvider's locale sets the confirm dialogs' texts: without it, every antd page fetched antd-modal.
      'modal/locale',
    ]),
    // ConfigProvider renders the tooltips' shared popup, with the part of rc-trigger it draws
    // with: outside antd-core, every antd page fetched antd-learner for it.
    packageFolders('antd/es/tooltip', ['UniqueProvider']),
    packageFolders('@rc-component/trigger/es', ['Popup', 'UniqueProvider', 'hooks']),
    packageFiles('@rc-component/trigger/es', ['context', 'util']),
    packageFolders('@ant-design', ['cssinjs', 'cssinjs-utils', 'colors', 'fast-color']),
    packageFolders('@ant-design/icons/es', ['components', 'utils']),
    // The icon base's helpers are files beside those folders; outside a group, cssUtils alone
    // was copied into 48 chunks (10 of them on 我的课程).
    packageFiles('@ant-design/icons/es', ['cssUtils', 'colorUtils', 'refUtils', 'utils']),
    packageFolders('@rc-component', ['util', 'motion', 'context', 'portal', 'resize-observer']),
    packageFiles('@rc-component/form/es', ['FormContext', 'FieldContext', 'ListContext']),
    packageFiles('@rc-component', ['pagination/es/locale/.*', 'picker/es/locale/.*']),
    packageFolders('@babel', ['runtime']),
    packageFolders('@emotion', ['hash', 'unitless']),
    /[\\/]node_modules[\\/](clsx|stylis|react-is|is-mobile|throttle-debounce|(compute-)?scroll-into-view(-if-needed)?)[\\/]/,
  ),
  'antd-learner': anyOf(
    packageFolders('antd/es', [
      'button',
      'tooltip',
      'tag',
      'skeleton',
      'spin',
      'space',
      'popover',
      'empty',
      'grid',
      'collapse',
    ]),
    // Pieces of components a learner page does not render, which the ones above import.
    packageFiles('antd/es', [
      'color-picker/components/ColorPresets',
      'color-picker/color',
      'color-picker/util',
      'drawer/useFocusable',
      'watermark/context',
      'table/TableMeasureRowContext',
    ]),
    packageFolders('@rc-component', ['trigger', 'tooltip', 'dropdown', 'color-picker', 'collapse']),
    packageFiles('@ant-design/icons/es', ['renderUtils', `icons/${LEARNER_ICONS}`]),
    // Each icon's drawing is a module of another package; left out, it was copied into every
    // chunk that shows the icon (CloseOutlined into 27).
    packageFiles('@ant-design/icons-svg/es', [`asn/${LEARNER_ICONS}`]),
  ),
  // Modal (and its confirm dialogs): the pages that ask something; not the student frame.
  // Its locale file is in antd-core (ConfigProvider imports it).
  'antd-modal': anyOf(packageFolders('antd/es', ['modal']), packageFolders('@rc-component', ['dialog'])),
  // Menu and Layout: the staff console's frame; the student frame is drawn without them.
  'antd-menu': packageFolders('antd/es', ['menu', 'layout']),
  // Input and TextArea: Typography (its editable text), Select's search, forms and the exam
  // pages import them; outside a group their code was copied into 11 chunks.
  'antd-input': anyOf(packageFolders('antd/es', ['input']), packageFolders('@rc-component', ['input'])),
  // Tabs: Card imports them, so 我的课程 (Card and Tabs) fetched their code twice.
  // Select with its virtual list and rc-overflow (a multiple select's tags): the year and
  // region pickers of learner pages, which have no antd Table or Tabs (see @yaoshi/ui).
  'antd-select': anyOf(
    packageFolders('antd/es', ['select']),
    packageFolders('@rc-component', ['select', 'virtual-list', 'overflow']),
  ),
  // rc-menu too: Tabs' overflow list (OperationNode) is a menu. The staff console's.
  'antd-tabs': anyOf(packageFolders('antd/es', ['tabs']), packageFolders('@rc-component', ['tabs', 'menu'])),
  // Table with Pagination, Tree (its filter) and Dropdown: the staff console's lists.
  'antd-table': anyOf(
    packageFolders('antd/es', ['table', 'pagination', 'tree', 'dropdown']),
    packageFolders('@rc-component', ['table', 'pagination', 'tree']),
  ),
} as const;

function antdCacheGroups() {
  const groups = Object.entries(ANTD_CHUNK_GROUPS);
  return Object.fromEntries(
    groups.map(([name, test], index) => [
      name,
      // Earlier groups first: a module both would take goes to the more widely needed one.
      { test, name, chunks: 'async' as const, enforce: true, priority: 40 - index * 10 },
    ]),
  );
}

/** `import { Card, Row } from 'antd'` → `import Card from 'antd/es/card'; import Row from 'antd/es/row'`. */
const ANTD_IMPORT = [{ libraryName: 'antd', customName: 'antd/es/{{ kebabCase member }}' }];

/** The host's virtual module that makes it provide every antd component and @yaoshi/ui module (see the host plugins). */
const PROVISION_MODULE = 'shared-provided.generated.js';

interface SharedConfig {
  singleton: true;
  requiredVersion: false;
  import?: false;
  eager?: true;
}

function sharedModules(appDir: string, isHost: boolean): Record<string, SharedConfig> {
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

const typescriptRule: RuleSetRule = {
  test: /\.[cm]?[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    transformImport: ANTD_IMPORT,
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    env: { targets: 'chrome >= 100, edge >= 100, firefox >= 100, safari >= 15' },
  },
  type: 'javascript/auto',
};

/**
 * The rc-* packages and antd's style packages import nothing for its side effects, but do
 * not say so in their package.json: rspack then keeps every module an index file re-exports.
 * Declared here, antd's form context (which imports `FormProvider` from rc-form's index)
 * no longer brings rc-form's Form, Field, List and validator to every antd page.
 */
const sideEffectFreeRule: RuleSetRule = {
  test: /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color))[\\/]/,
  sideEffects: false,
};

/** The folder a remote's build lands in: `dist/<version>/`, copied verbatim by the deploy step. */
export function remoteOutputDir(dir: string): string {
  return join(dir, 'dist', readPackage(dir).version);
}

/** The exact version of a package as this app resolves it (workspace packages included). */
function installedVersion(appDir: string, name: string): string | undefined {
  // Node's lookup, by folder: a package whose `exports` leaves out package.json (ours) is found too.
  for (let dir = appDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return readPackage(candidate).version;
    if (dirname(dir) === dir) return undefined;
  }
}

/** What a remote built against: the exact version of each shared package it resolved. */
export function sharedVersions(appDir: string): Record<string, string> {
  return Object.fromEntries(
    SHARED_PACKAGES.flatMap((name) => {
      const version = installedVersion(appDir, name);
      return version ? [[name, version]] : [];
    }),
  );
}

/**
 * What the shell provides: for each shared package, the range a remote's build must fall
 * in — the shell's dependency range for registry packages, `^<version>` for workspace
 * packages (whose dependency range is `*`).
 */
export function providedRanges(appDir: string): Record<string, string> {
  const pkg = readPackage(appDir);
  return Object.fromEntries(
    SHARED_PACKAGES.flatMap((name) => {
      const declared = pkg.dependencies?.[name];
      const installed = installedVersion(appDir, name);
      if (!installed) return [];
      return [[name, declared && declared !== '*' ? declared : `^${installed}`]];
    }),
  );
}

/**
 * Removes Module Federation's `mf-stats.json` from a remote's output. Nothing reads it at run
 * time (the shell loads `mf-manifest.json`), and it lists modules in a different order from
 * one build to the next: with it, two builds of the same source differ, and the release
 * registry, which keeps a published version immutable, would refuse an unchanged rebuild.
 */
class DropFederationStatsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('DropFederationStatsPlugin', (compilation) => {
      const outputPath = compilation.outputOptions.path;
      if (outputPath) rmSync(join(outputPath, 'mf-stats.json'), { force: true });
    });
  }
}

/** Writes one JSON file into the build output. */
class EmitJsonPlugin {
  constructor(
    private readonly file: string,
    private readonly content: () => unknown,
  ) {}
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('EmitJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitJsonPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            this.file,
            new rspack.sources.RawSource(`${JSON.stringify(this.content(), null, 2)}\n`),
          );
        },
      );
    });
  }
}

export function createFederatedConfig(options: FederatedAppOptions) {
  return (_env: Record<string, unknown>, argv: { mode?: string } = {}): Configuration => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    const isHost = options.kind === 'host';

    const devServer: DevServerConfiguration = {
      port: options.devPort,
      hot: true,
      ...(isHost
        ? { historyApiFallback: true }
        : {
            // The host page on another port loads this server's manifest, entry and chunks.
            headers: {
              'Access-Control-Allow-Origin': '*',
              'Access-Control-Allow-Methods': 'GET, OPTIONS',
              'Access-Control-Allow-Headers': '*',
            },
          }),
      ...options.devServer,
    };

    const plugins: NonNullable<Configuration['plugins']> = [
      new ModuleFederationPlugin({
        name: options.name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: options.exposes ?? {} }),
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        shared: sharedModules(options.dir, isHost),
        runtimePlugins: options.runtimePlugins ?? [],
        // The federation runtime (~30 KB gzip) ships once, in the shell; each remote entry
        // uses the shell's copy instead of carrying its own. A remote therefore only runs
        // inside a host that provides it, which is the only way ours are used.
        experiments: {
          ...(isHost ? { provideExternalRuntime: true, asyncStartup: true } : { externalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        ...options.define,
      }),
    ];
    if (isHost) {
      const shellManifest = (): ShellManifest => ({
        version: readPackage(options.dir).version,
        provides: providedRanges(options.dir),
        pages: [...(options.shellPages ?? [])],
      });
      plugins.push(new EmitJsonPlugin(SHELL_MANIFEST_FILE, shellManifest));
    } else if (options.release) {
      const { key, section, routes } = options.release;
      const releaseManifest = (): ReleaseManifest => ({
        remote: key,
        federationName: options.name,
        section,
        version: readPackage(options.dir).version,
        exposes: Object.keys(options.exposes ?? {}).map((name) => name.replace(/^\.\//, '')),
        routes,
        shared: sharedVersions(options.dir),
      });
      plugins.push(new EmitJsonPlugin(RELEASE_MANIFEST_FILE, releaseManifest));
    }
    if (!isHost) plugins.push(new DropFederationStatsPlugin());
    if (isHost) {
      // The shell provides every antd component and every @yaoshi/ui module, not only those
      // its own code imports (rspack provides a shared module only where it is imported): a
      // virtual module names each one in an import() that never runs, so each becomes a
      // shared module of the shell — in its entry chunk when inShellEntry says so, else in a
      // chunk of its own fetched on first use.
      const provideAll = [...antdComponentKeys(options.dir), ...uiModuleKeys()]
        .map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(key)}),`)
        .join('\n');
      plugins.push(
        new rspack.experiments.VirtualModulesPlugin({
          [PROVISION_MODULE]: `// Generated by rspack.config.base.ts: see antdComponentKeys and uiModuleKeys.\nexport const SHARED_MODULES = {\n${provideAll}\n};\n`,
        }),
      );
      // Static files served as they are from the site root (early-pins.js: see index.html).
      if (existsSync(join(options.dir, 'public'))) {
        plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: join(options.dir, 'public'), to: '.' }] }));
      }
      plugins.push(
        new rspack.HtmlRspackPlugin({
          template: join(options.dir, 'index.html'),
          // Content-hashed scripts; index.html itself is served no-cache.
          inject: 'body',
          minify: production,
        }),
      );
      // The site's icons at the fixed addresses browsers ask for (/favicon.ico and the ones
      // index.html names), copied as they are from the host's public/ folder.
      if (existsSync(join(options.dir, 'public'))) {
        plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: join(options.dir, 'public'), to: '.' }] }));
      }
    }

    const hashed = production ? '.[contenthash:8]' : '';
    return {
      name: options.name,
      context: options.dir,
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'cheap-module-source-map',
      // A remote has no page of its own: its entry is the federation container.
      entry: isHost ? { main: ['./src/index.ts', `./${PROVISION_MODULE}`] } : {},
      target: 'web',
      output: {
        path: isHost ? join(options.dir, 'dist') : remoteOutputDir(options.dir),
        // The shell always lives at the site root; a remote's folder is relocatable
        // (`/remotes/<name>/<version>/` in production, `http://localhost:<port>/` in dev).
        publicPath: isHost ? '/' : 'auto',
        filename: `[name]${hashed}.js`,
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        uniqueName: options.name,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      },
      externals: [rejectImports(options.kind, options.dir, options.allowZod ?? false)],
      module: { rules: [typescriptRule, sideEffectFreeRule] },
      plugins,
      optimization: {
        ...(isHost
          ? { splitChunks: { cacheGroups: { default: false, defaultVendors: false, ...antdCacheGroups() } } }
          : {}),
        minimize: production,
        minimizer: [new rspack.SwcJsMinimizerRspackPlugin(), new rspack.LightningCssMinimizerRspackPlugin()],
      },
      performance: { hints: false },
      devServer,
      infrastructureLogging: { level: 'warn' },
      stats: production ? 'normal' : 'errors-warnings',
    };
  };
}
