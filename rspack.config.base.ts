import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { Configuration as DevServerConfiguration } from '@rspack/dev-server';
import {
  RELEASE_MANIFEST_FILE,
  SHELL_MANIFEST_FILE,
  type ReleaseManifest,
  type RouteEntry,
  type ShellManifest,
} from './shared/contracts/src/release-manifest';
import { antdCacheGroups } from './rspack/chunks';
import { rejectImports, type FederatedKind } from './rspack/import-rules';
import { DropFederationStatsPlugin, EmitJsonPlugin } from './rspack/plugins';
import { PROVISION_MODULE, antdComponentKeys, sharedModules, uiModuleKeys } from './rspack/shared-modules';
import { providedRanges, readPackage, remoteOutputDir, sharedVersions } from './rspack/versions';

/**
 * One function builds the rspack configuration of every federated app, so the shell and
 * the four remotes agree on the things that must agree: the share scope, the singleton
 * list, the file-name scheme and where each build lands. Its parts, by concern, are in
 * rspack/: what is shared and how (shared-modules.ts), which imports the build refuses
 * (import-rules.ts), where antd's code lands (chunks.ts), versions and output folders
 * (versions.ts) and the build's own plugins (plugins.ts).
 */

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

/** `import { Card, Row } from 'antd'` → `import Card from 'antd/es/card'; import Row from 'antd/es/row'`. */
const ANTD_IMPORT = [{ libraryName: 'antd', customName: 'antd/es/{{ kebabCase member }}' }];

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
      // Static files served as they are from the site root: early-pins.js (see index.html) and
      // the site's icons at the fixed addresses browsers ask for (/favicon.ico and the ones
      // index.html names).
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
