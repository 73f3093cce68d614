import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinFor, readPins, versionDir, writePins } from './pins';

function siteWith(versions: Record<string, string[]>): string {
  const site = mkdtempSync(join(tmpdir(), 'yaoshi-site-'));
  for (const [name, list] of Object.entries(versions)) {
    for (const version of list) {
      const dir = versionDir(site, name as 'orders', version);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'mf-manifest.json'), '{}');
    }
  }
  return site;
}

test('a pin names the version, the federation name and the manifest URL', () => {
  assert.deepEqual(pinFor('public-content', '1.0.0'), {
    version: '1.0.0',
    federationName: 'public_content',
    entry: '/remotes/public-content/1.0.0/mf-manifest.json',
  });
  assert.throws(() => pinFor('orders', '../../etc'), /not a version/);
});

test('pins round-trip, and a pin can move back to an older version still on disk', () => {
  const site = siteWith({ orders: ['0.1.0', '0.2.0'] });
  writePins(site, { orders: pinFor('orders', '0.2.0') });
  assert.equal(readPins(site).orders?.version, '0.2.0');
  writePins(site, { orders: pinFor('orders', '0.1.0') });
  assert.equal(readPins(site).orders?.version, '0.1.0');
  assert.equal(
    (JSON.parse(readFileSync(join(site, 'remotes.json'), 'utf8')) as { orders: { entry: string } }).orders.entry,
    '/remotes/orders/0.1.0/mf-manifest.json',
  );
});

test('pinning a version that is not on disk is refused and leaves the pins unchanged', () => {
  const site = siteWith({ orders: ['0.1.0'] });
  writePins(site, { orders: pinFor('orders', '0.1.0') });
  assert.throws(() => writePins(site, { orders: pinFor('orders', '9.9.9') }), /not in/);
  assert.equal(readPins(site).orders?.version, '0.1.0');
});

test('a pins file naming an unknown remote is refused', () => {
  const site = siteWith({});
  writeFileSync(join(site, 'remotes.json'), JSON.stringify({ mystery: { version: '1.0.0' } }));
  assert.throws(() => readPins(site), /unknown remote mystery/);
});
