import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMOTE_FALLBACK_MARK } from './fallback-marker';
import { RemoteUnavailable } from './remote-unavailable';
import { RemotePage } from './remote-page';
import type { PageModule, RemoteRegistry } from './remote-registry';
import { RemoteRegistryContext } from './remote-registry-context';

const OrdersPage: ComponentType = () => <h1>订单列表</h1>;

/** A registry whose loads answer from a queue; prepareRetry calls are counted. */
function registryAnswering(...answers: (PageModule | Error)[]) {
  const retries: string[] = [];
  let loads = 0;
  const registry: RemoteRegistry = {
    ensurePins: async () => {
      throw new Error('not used');
    },
    load: async () => {
      const answer = answers[Math.min(loads, answers.length - 1)];
      loads += 1;
      if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
      return answer;
    },
    loaded: () => undefined,
    prepareRetry: async (remote) => void retries.push(remote),
    reportRenderError: () => {},
  };
  return { registry, retries, loadCount: () => loads };
}

function renderRemotePage(registry: RemoteRegistry) {
  return render(
    <RemoteRegistryContext.Provider value={registry}>
      <p>页头仍在</p>
      <RemotePage remote="orders" section="订单管理" exposed="MyOrder" />
    </RemoteRegistryContext.Provider>,
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

test('a remote that cannot load shows the section message; 重试 loads it again', async () => {
  const { registry, retries, loadCount } = registryAnswering(new Error('ScriptNetworkError'), { default: OrdersPage });
  renderRemotePage(registry);
  expect(await screen.findByText('「订单管理」模块暂时无法加载，请检查网络后重试')).toBeInTheDocument();
  expect(screen.getByText('页头仍在')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
  expect(await screen.findByRole('heading', { name: '订单列表' })).toBeInTheDocument();
  expect(screen.queryByText(/模块暂时无法加载/)).not.toBeInTheDocument();
  expect(retries).toEqual(['orders']);
  expect(loadCount()).toBe(2);
});

test('the fallback module from the runtime plugin shows the same message and retries the same way', async () => {
  const fallback = { default: RemoteUnavailable, [REMOTE_FALLBACK_MARK]: true } as PageModule;
  const { registry, retries } = registryAnswering(fallback, fallback, { default: OrdersPage });
  renderRemotePage(registry);
  expect(await screen.findByText('「订单管理」模块暂时无法加载，请检查网络后重试')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
  // Still down: the message stays, the button works again.
  expect(await screen.findByText(/模块暂时无法加载/)).toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: /重\s*试/ }));
  expect(await screen.findByRole('heading', { name: '订单列表' })).toBeInTheDocument();
  expect(retries).toEqual(['orders', 'orders']);
});

test('a remote page that throws while rendering is contained the same way', async () => {
  let broken = true;
  const Flaky: ComponentType = () => {
    if (broken) throw new Error('remote bug');
    return <h1>订单列表</h1>;
  };
  const { registry } = registryAnswering({ default: Flaky });
  renderRemotePage(registry);
  expect(await screen.findByText('「订单管理」模块暂时无法加载，请检查网络后重试')).toBeInTheDocument();
  broken = false;
  await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
  expect(await screen.findByRole('heading', { name: '订单列表' })).toBeInTheDocument();
});

test('a module already delivered renders in the first render, without suspending: a server page hydrates under it', async () => {
  const { registry } = registryAnswering({ default: OrdersPage });
  const loaded = { ...registry, loaded: () => ({ default: OrdersPage }) };
  const container = document.createElement('div');
  // The server's markup of this tree: RemotePage's Suspense boundary round the page.
  container.innerHTML = '<p>页头仍在</p><!--$--><h1>订单列表</h1><!--/$-->';
  document.body.append(container);
  const heading = container.querySelector('h1');
  const errors: unknown[] = [];
  const { hydrateRoot } = await import('react-dom/client');
  const { act } = await import('react');
  await act(async () => {
    hydrateRoot(
      container,
      <RemoteRegistryContext.Provider value={loaded}>
        <p>页头仍在</p>
        <RemotePage remote="orders" section="订单管理" exposed="MyOrder" />
      </RemoteRegistryContext.Provider>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  expect(errors).toEqual([]);
  // The server's heading is the page's own now: adopted, not drawn again.
  expect(container.querySelector('h1')).toBe(heading);
  container.remove();
});
