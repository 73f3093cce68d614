// import-graph.mjs on small trees written for the test: circles of files (type-only imports
// included, which ESLint's import/no-cycle skips) and features of one app importing each other.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkImports } from './import-graph.mjs';

const roots = [];
after(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** A circle as written from its alphabetically first member (where it starts depends on the folder's order). */
function fromFirst(cycle) {
  const open = cycle.at(0) === cycle.at(-1) ? cycle.slice(0, -1) : cycle;
  const start = open.indexOf([...open].sort()[0]);
  return [...open.slice(start), ...open.slice(0, start)];
}

/** A repository of `files` (path → text) in a fresh folder. */
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

test('a circle made only of type imports is reported, with its files in order', () => {
  const root = tree({
    'api/src/seed/seed.ts': "import type { SeedPart } from './seed-part';\nexport type Seed = SeedPart[];\n",
    'api/src/seed/seed-part.ts': "import type { Seed } from './seed';\nexport type SeedPart = (all: Seed) => void;\n",
  });
  const result = checkImports(root);
  assert.equal(result.files, 2);
  assert.equal(result.fileCycles.length, 1);
  assert.equal(result.fileCycles[0].at(0), result.fileCycles[0].at(-1));
  assert.deepEqual(fromFirst(result.fileCycles[0]), ['api/src/seed/seed-part.ts', 'api/src/seed/seed.ts']);
  assert.deepEqual(result.featureCycles, []);
});

test('two features of one app that import each other (round a longer circle too) are reported once', () => {
  const root = tree({
    'api/src/orders/order-transitions.ts':
      "import { closeAttempts } from '../payment/payments';\nexport const x = closeAttempts;\n",
    'api/src/payment/payments.ts':
      "import { refundOf } from '../refunds/refund-requests';\nexport const closeAttempts = refundOf;\n",
    'api/src/refunds/refund-requests.ts':
      "import type { x } from '../orders/order-transitions';\nexport const refundOf = (v?: typeof x) => v;\n",
  });
  const result = checkImports(root);
  assert.equal(result.featureCycles.length, 1, JSON.stringify(result.featureCycles));
  assert.deepEqual(fromFirst(result.featureCycles[0]), [
    'api/src/orders/order-transitions.ts → api/src/payment/payments.ts',
    'api/src/payment/payments.ts → api/src/refunds/refund-requests.ts',
    'api/src/refunds/refund-requests.ts → api/src/orders/order-transitions.ts',
  ]);
  assert.equal(result.fileCycles.length, 1);
});

test('one-way imports, tests reaching across features and the composition root are not circles', () => {
  const root = tree({
    'api/src/app.ts': "import { orderRoutes } from './orders/order-routes';\nexport const app = [orderRoutes];\n",
    'api/src/orders/order-routes.ts': "import { pay } from '../payment/payments';\nexport const orderRoutes = pay;\n",
    'api/src/payment/payments.ts': 'export const pay = 1;\n',
    'api/src/payment/payments.test.ts':
      "import { orderRoutes } from '../orders/order-routes';\nexport const t = orderRoutes;\n",
    'remotes/orders/src/order-list/order-page.tsx':
      "import { label } from '../kit/label';\nexport const page = label;\n",
    'remotes/orders/src/kit/label.ts': "export const label = '订单';\n",
  });
  const result = checkImports(root);
  assert.equal(result.files, 6);
  assert.deepEqual(result.fileCycles, []);
  assert.deepEqual(result.featureCycles, []);
});
