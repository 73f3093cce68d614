import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROUTE_PATH_PATTERN, pathsOverlap } from './release-manifest';

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
