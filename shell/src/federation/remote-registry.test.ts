import type { ComponentType } from 'react';
import { REMOTE_FALLBACK_MARK } from './fallback-marker';
import { TEST_PINS } from '../testing/test-pins';
import type { RemotePins } from './pins';
import { createRemoteRegistry, type FederationRuntime } from './remote-registry';

const pins: RemotePins = {
  ...TEST_PINS,
  orders: { ...TEST_PINS.orders!, version: '0.3.1', entry: '/remotes/orders/0.3.1/mf-manifest.json' },
};

const Page: ComponentType = () => null;

/** Records what the registry asks of the federation runtime; modules answer per id. */
function runtimeAnswering(answer: (id: string) => unknown) {
  const registrations: { remotes: { name: string; entry: string }[]; force: boolean }[] = [];
  const loads: string[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, options) => void registrations.push({ remotes, force: options?.force ?? false }),
    loadRemote: async <T>(id: string) => {
      loads.push(id);
      return answer(id) as T;
    },
  };
  return { runtime, registrations, loads };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

test('registers every pinned remote once, then loads modules by federation name', async () => {
  const { runtime, registrations, loads } = runtimeAnswering(() => ({ default: Page }));
  const fetchPins = jest.fn(async () => pins);
  const registry = createRemoteRegistry({ fetchPins, runtime });
  await expect(registry.load('orders', 'MyOrder')).resolves.toEqual({ default: Page });
  await registry.load('study', 'MyCourse');
  expect(fetchPins).toHaveBeenCalledTimes(1);
  expect(registrations).toEqual([
    { remotes: Object.values(pins).map((p) => ({ name: p.federationName, entry: p.entry })), force: false },
  ]);
  expect(loads).toEqual(['orders/MyOrder', 'study/MyCourse']);
});

test('after remotes.json fails, the next load fetches it again', async () => {
  const { runtime } = runtimeAnswering(() => ({ default: Page }));
  const fetchPins = jest
    .fn<Promise<RemotePins>, []>()
    .mockRejectedValueOnce(new Error('HTTP 500'))
    .mockResolvedValue(pins);
  const registry = createRemoteRegistry({ fetchPins, runtime });
  await expect(registry.load('orders', 'MyOrder')).rejects.toThrow('HTTP 500');
  await registry.prepareRetry('orders');
  await expect(registry.load('orders', 'MyOrder')).resolves.toEqual({ default: Page });
  expect(fetchPins).toHaveBeenCalledTimes(2);
});

test('retrying a remote that never loaded re-registers it with force; one that loaded is left alone', async () => {
  const { runtime, registrations } = runtimeAnswering((id) =>
    id.startsWith('orders/') ? { default: Page, [REMOTE_FALLBACK_MARK]: true } : { default: Page },
  );
  const registry = createRemoteRegistry({ fetchPins: async () => pins, runtime });
  await registry.load('orders', 'MyOrder'); // the fallback module: orders is down
  await registry.load('study', 'MyCourse');
  await registry.prepareRetry('orders');
  await registry.prepareRetry('study');
  expect(registrations.slice(1)).toEqual([
    { remotes: [{ name: 'orders', entry: '/remotes/orders/0.3.1/mf-manifest.json' }], force: true },
  ]);
});

test('a module without a default export is an error, not a blank page', async () => {
  const { runtime } = runtimeAnswering(() => ({ named: Page }));
  const registry = createRemoteRegistry({ fetchPins: async () => pins, runtime });
  await expect(registry.load('study', 'Exam')).rejects.toThrow('study/Exam has no default export');
});

test('each version’s first real load and each failed attempt (until a retry) are counted for the release registry', async () => {
  const outcomes: string[] = [];
  const { runtime } = runtimeAnswering((id) =>
    id.startsWith('orders/') ? { default: Page, [REMOTE_FALLBACK_MARK]: true } : { default: Page },
  );
  const registry = createRemoteRegistry({
    fetchPins: async () => pins,
    runtime,
    onOutcome: (remote, version, kind) => outcomes.push(`${remote} ${version} ${kind}`),
  });
  await registry.load('study', 'MyCourse');
  await registry.load('study', 'Exam');
  await registry.load('orders', 'MyOrder');
  await registry.load('orders', 'MyOrder'); // the route's own load after the first page's early one
  registry.reportRenderError('study');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(outcomes).toEqual(['study 0.1.0 load', 'orders 0.3.1 load-error', 'study 0.1.0 render-error']);
  await registry.prepareRetry('orders');
  await registry.load('orders', 'MyOrder');
  expect(outcomes.slice(3)).toEqual(['orders 0.3.1 load-error']);
});

test('a delivered module is at hand at once (loaded), a fallback or a module not yet loaded is not', async () => {
  const { runtime } = runtimeAnswering((id) =>
    id.startsWith('orders/') ? { default: Page, [REMOTE_FALLBACK_MARK]: true } : { default: Page },
  );
  const registry = createRemoteRegistry({ fetchPins: async () => pins, runtime });
  expect(registry.loaded('study', 'MyCourse')).toBeUndefined();
  await registry.load('study', 'MyCourse');
  expect(registry.loaded('study', 'MyCourse')).toEqual({ default: Page });
  expect(registry.loaded('study', 'Exam')).toBeUndefined();
  await registry.load('orders', 'MyOrder');
  expect(registry.loaded('orders', 'MyOrder')).toBeUndefined();
});
