import { join } from 'node:path';
import type { Configuration } from '@rspack/core';
import { remoteOutputDir } from './versions';

/** Where a version's server bundle lives inside its folder (published with it, one version). */
export const SERVER_BUNDLE_FILE = 'server/render.cjs';

/**
 * The Node-side build of a remote's public pages: one CommonJS file, written into the same
 * `dist/<version>/` folder as the browser build (so publishing, pinning, canaries and rollback
 * move both together), and loaded by the server from the pinned version's folder
 * (deploy/src/public-pages/server-render.ts). Not federated: it bundles React, react-dom/server
 * and the pages' shared parts itself, so it depends on nothing the shell provides at run time.
 * Runs after the browser build (`dependencies`), whose `output.clean` would otherwise remove it.
 */
export function serverBundleConfig(options: { name: string; dir: string; entry: string }): Configuration {
  const production = process.env.NODE_ENV !== 'development';
  return {
    name: `${options.name}_server`,
    dependencies: [options.name],
    context: options.dir,
    mode: production ? 'production' : 'development',
    devtool: false,
    target: 'node20',
    entry: { render: options.entry },
    output: {
      path: join(remoteOutputDir(options.dir), 'server'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: false,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      alias: { dompurify$: join(import.meta.dirname, 'server-dompurify.ts') },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
            env: { targets: 'node 20' },
          },
        },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}
