import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROUTE_PATH_PATTERN, SHARED_PACKAGES, pathsOverlap, shellManifestSchema } from './release-manifest';

test('a route path is a page or a whole prefix ending in /*', () => {
  for (const path of ['/', '/notice', '/admin/*', '/a-b/c']) assert.ok(ROUTE_PATH_PATTERN.test(path), path);
  for (const path of ['', 'notice', '/*', '//*', '/admin/*/x', '/a b', '/admin*'])
    assert.ok(!ROUTE_PATH_PATTERN.test(path), path);
});

test('two paths overlap when equal or when one prefix covers the other', () => {
  assert.ok(pathsOverlap('/notice', '/notice'));
  assert.ok(pathsOverlap('/admin/*', '/admin'));
  assert.ok(pathsOverlap('/admin/releases', '/admin/*'));
  assert.ok(pathsOverlap('/admin/*', '/admin/x/*'));
  assert.ok(!pathsOverlap('/admin/*', '/administration'));
  assert.ok(!pathsOverlap('/notice', '/noticeArchive'));
});

test('the shared singletons every version is checked for are the eight the shell provides', () => {
  assert.deepEqual(
    [...SHARED_PACKAGES],
    [
      'react',
      'react-dom',
      'react-router-dom',
      'antd',
      '@reduxjs/toolkit',
      'react-redux',
      '@yaoshi/api-client',
      '@yaoshi/contracts',
    ],
  );
});

test('a shell manifest names the shell’s own pages', () => {
  const manifest = { version: '0.1.0', provides: { react: '^19.2.0' }, pages: ['/myInfo'] };
  assert.ok(shellManifestSchema.safeParse(manifest).success);
  assert.ok(!shellManifestSchema.safeParse({ version: '0.1.0', provides: {} }).success);
  assert.ok(!shellManifestSchema.safeParse({ ...manifest, pages: ['myInfo'] }).success);
});
