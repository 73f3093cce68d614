// No `import('./bootstrap')` boundary: the federation runtime starts asynchronously
// (experiments.asyncStartup, rspack.config.base.ts) and settles the shared modules before
// this entry runs, so the app's own code is in the entry chunk: one download fewer.
import './bootstrap';
