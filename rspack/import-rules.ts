import { join } from 'node:path';

/** A federated app is the host (the shell) or one of its remotes. */
export type FederatedKind = 'host' | 'remote';

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
    return `${issuer} imports "${request}": browser code takes the contracts' types with \`import type\` and their values from a file without zod (a *-rules.ts or *-messages.ts; see rspack/import-rules.ts)`;
  }
  if (ROUTER_PACKAGE.test(request) && !issuer.endsWith(ROUTER_FACADE)) {
    return `${issuer} imports "${request}": import from '@yaoshi/ui/router' instead (one shared router, see rspack/import-rules.ts)`;
  }
  // A remote's own code only: its fallback copies of @yaoshi/api-client use Redux Toolkit, and are never loaded.
  if (kind === 'remote' && REDUX_PACKAGE.test(request) && issuer.startsWith(join(appDir, 'src'))) {
    return `${issuer} imports "${request}": a remote uses the shell's store through react-redux and adds endpoints with api.injectEndpoints from '@yaoshi/api-client/api' (see rspack/import-rules.ts)`;
  }
  return null;
}

export function rejectImports(kind: FederatedKind, appDir: string, allowZod: boolean) {
  return (
    { request, contextInfo }: { request?: string; contextInfo?: { issuer?: string } },
    callback: ExternalsCallback,
  ): void => {
    const problem = importProblem(request, contextInfo?.issuer, kind, appDir, allowZod);
    callback(problem ? new Error(problem) : undefined);
  };
}
