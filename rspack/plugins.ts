import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { rspack, type Compiler } from '@rspack/core';

/**
 * Removes Module Federation's `mf-stats.json` from a remote's output. Nothing reads it at run
 * time (the shell loads `mf-manifest.json`), and it lists modules in a different order from
 * one build to the next: with it, two builds of the same source differ, and the release
 * registry, which keeps a published version immutable, would refuse an unchanged rebuild.
 */
export class DropFederationStatsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('DropFederationStatsPlugin', (compilation) => {
      const outputPath = compilation.outputOptions.path;
      if (outputPath) rmSync(join(outputPath, 'mf-stats.json'), { force: true });
    });
  }
}

/** Writes one JSON file into the build output. */
export class EmitJsonPlugin {
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
