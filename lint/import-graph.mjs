// The import graph, type-only imports included: no file imports itself round a circle, and inside
// an app no two features import each other (the arrows between features run one way).
// ESLint's import/no-cycle skips `import type`, and a circle of types still ties two features
// together, so this check reads every relative import itself.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP = new Set(['node_modules', 'dist', '.data', 'coverage', 'test-results', 'playwright-report', 'samples']);

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every file's relative imports (value and type, static and dynamic), resolved to files. */
export function importGraph(root, folders) {
  const graph = new Map();
  for (const folder of folders) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const file of sourceFiles(dir)) {
      const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = info.importedFiles.map((f) => resolveRelative(file, f.fileName)).filter(Boolean);
      graph.set(file, [...new Set(targets)]);
    }
  }
  return graph;
}

/** Circles of files, each reported once, as root-relative paths. */
export function fileCycles(graph, root) {
  const cycles = [];
  const state = new Map(); // 1 = on the current path, 2 = done
  const stack = [];
  const seen = new Set();
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) {
        const cycle = stack.slice(stack.indexOf(next)).map((f) => path.relative(root, f));
        const key = [...cycle].sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, cycle[0]]);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/**
 * Pairs of features of one app that import each other, directly or round a longer circle.
 * A feature is a folder directly under an app's `src/`; files directly in `src/` are the app's
 * composition root and take part in no feature; tests and test support are left out.
 */
export function featureCycles(graph, root, appRoots) {
  const featureOf = (file) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    // Tests and their helpers reach across features on purpose; they are not the architecture.
    if (/\.test\.tsx?$/.test(rel) || /\/(testing|test-support)\//.test(rel)) return undefined;
    const appRoot = appRoots.find((r) => rel.startsWith(`${r}/`));
    if (!appRoot) return undefined;
    const rest = rel.slice(appRoot.length + 1).split('/');
    return rest.length > 1 ? `${appRoot}/${rest[0]}` : undefined;
  };
  const edges = new Map();
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, [file, target]);
    }
  }
  const featureGraph = new Map([...edges].map(([from, tos]) => [from, [...tos.keys()]]));
  return fileCycles(featureGraph, '').map((cycle) =>
    cycle.slice(0, -1).map((feature, i) => {
      const [file, target] = edges.get(feature).get(cycle[i + 1]);
      return `${path.relative(root, file)} → ${path.relative(root, target)}`;
    }),
  );
}

export function checkImports(root) {
  const remotes = fs.existsSync(path.join(root, 'remotes'))
    ? fs.readdirSync(path.join(root, 'remotes')).filter((n) => fs.statSync(path.join(root, 'remotes', n)).isDirectory())
    : [];
  const appRoots = ['api/src', 'shell/src', ...remotes.map((r) => `remotes/${r}/src`)];
  const graph = importGraph(root, ['api', 'shell', 'remotes', 'shared', 'deploy', 'e2e']);
  return {
    files: graph.size,
    fileCycles: fileCycles(graph, root),
    featureCycles: featureCycles(graph, root, appRoots),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? '.');
  const result = checkImports(root);
  for (const cycle of result.fileCycles) console.error(`import circle: ${cycle.join(' → ')}`);
  for (const cycle of result.featureCycles) console.error(`features import each other: ${cycle.join('; ')}`);
  const problems = result.fileCycles.length + result.featureCycles.length;
  console.log(
    `import graph: ${result.files} files, ${problems === 0 ? 'one-way, no circles' : `${problems} problem(s)`}`,
  );
  process.exit(problems === 0 ? 0 : 1);
}
