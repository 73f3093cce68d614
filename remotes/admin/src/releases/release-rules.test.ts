import type { RemoteReleaseStatus } from '@yaoshi/contracts/releases-admin';
import {
  availableActions,
  confirmQuestion,
  failureRateText,
  historyActionLabel,
  versionChoices,
} from './release-rules';

const orders: RemoteReleaseStatus = {
  remote: 'orders',
  section: '订单管理',
  federationName: 'orders',
  pinned: '0.2.0',
  canary: null,
  versions: ['0.1.0', '0.2.0', '0.3.0'],
  health: [],
  rollbackTo: '0.1.0',
};

test('a pin or a canary moves to any published version but the pinned one, newest first', () => {
  expect(versionChoices(orders)).toEqual(['0.3.0', '0.1.0']);
});

test('the buttons follow the remote’s state: promote and 结束灰度 only with a canary, 回滚 only to an earlier pin', () => {
  expect(availableActions(orders)).toEqual(['pin', 'rollback', 'canary']);
  expect(availableActions({ ...orders, canary: { version: '0.3.0', percent: 10 } })).toEqual([
    'pin',
    'rollback',
    'canary',
    'promote',
    'canary-end',
  ]);
  // Pinned once, never moved: other versions exist, but there is nothing to roll back to.
  expect(availableActions({ ...orders, rollbackTo: null })).toEqual(['pin', 'canary']);
  expect(availableActions({ ...orders, versions: ['0.2.0'], rollbackTo: null })).toEqual([]);
  expect(availableActions({ ...orders, pinned: null, versions: ['0.1.0'], rollbackTo: null })).toEqual(['pin']);
  expect(confirmQuestion('rollback', orders, {})).toBe('确认将「订单管理」orders从 0.2.0 回滚到 0.1.0？');
});

test('failure rates read as a share of loads', () => {
  expect(failureRateText({ version: '0.3.0', loads: 200, failures: 3, failureRate: 0.015 })).toBe(
    '1.5%（3/200 次加载）',
  );
  expect(failureRateText(undefined)).toBe('暂无加载');
});

test('the confirmation names the remote and both versions', () => {
  expect(confirmQuestion('pin', orders, { version: '0.3.0' })).toBe('确认将「订单管理」orders从 0.2.0 固定到 0.3.0？');
  expect(confirmQuestion('canary', orders, { version: '0.3.0', percent: 10 })).toBe(
    '确认让 10% 的访客使用「订单管理」orders 0.3.0？',
  );
  expect(historyActionLabel('auto-rollback')).toBe('自动回滚');
});
