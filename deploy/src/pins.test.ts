import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinFor, versionDir, writePins } from './pins';

function siteWith(versions: Record<string, string[]>): string {
  const site = mkdtempSync(join(tmpdir(), 'yaoshi-site-'));
  for (const [name, list] of Object.entries(versions)) {
    for (const version of list) {
      const dir = versionDir(site, name, version);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'mf-manifest.json'), '{}');
      writeFileSync(
        join(dir, 'release-manifest.json'),
        JSON.stringify({
          remote: name,
          federationName: name.replace(/-/g, '_'),
          section: '订单管理',
          version,
          exposes: ['MyOrder'],
          routes: [{ path: '/myOrder', area: 'student', exposed: 'MyOrder', loginRequired: true }],
          shared: { react: '19.3.1' },
        }),
      );
    }
  }
  return site;
}

test('a pin names the version, the federation name, the manifest URL, the section and the routes', () => {
  const site = siteWith({ 'public-content': ['1.0.0'] });
  assert.deepEqual(pinFor(site, 'public-content', '1.0.0'), {
    version: '1.0.0',
    federationName: 'public_content',
    section: '订单管理',
    entry: '/remotes/public-content/1.0.0/mf-manifest.json',
    routes: [{ path: '/myOrder', area: 'student', exposed: 'MyOrder', loginRequired: true }],
  });
  assert.throws(() => pinFor(site, 'orders', '../../etc'), /not a version/);
});

test('pinning a version that is not on disk is refused and leaves the pins unchanged', () => {
  const site = siteWith({ orders: ['0.1.0'] });
  writePins(site, { orders: pinFor(site, 'orders', '0.1.0') });
  assert.throws(() => writePins(site, { orders: { ...pinFor(site, 'orders', '0.1.0'), version: '9.9.9' } }), /not in/);
  const written = JSON.parse(readFileSync(join(site, 'remotes.json'), 'utf8')) as { orders: { version: string } };
  assert.equal(written.orders.version, '0.1.0');
});
