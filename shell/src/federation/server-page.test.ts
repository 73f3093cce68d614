/** @jest-environment jsdom */
import { anyQueryPending, revealWhenReady, serverPageHandover } from './server-page';

function rootWithServerPage(): HTMLElement {
  document.body.innerHTML = '<div id="root"><main><h1>关于开展继续教育的通知</h1></main></div>';
  return document.getElementById('root')!;
}

function fakeStore(pending: boolean) {
  let state = { api: { queries: { a: { status: pending ? 'pending' : 'fulfilled' } } } };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer() {
      state = { api: { queries: { a: { status: 'fulfilled' } } } };
      for (const listener of [...listeners]) listener();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the server's page stays until the browser's is ready, then is replaced at once", () => {
  test("the browser's site is built out of the document while the server's markup stays shown", () => {
    const root = rootWithServerPage();
    const handover = serverPageHandover(root);
    expect(handover.fromServer).toBe(true);
    expect(handover.target.isConnected).toBe(false);
    expect(root.querySelector('h1')?.textContent).toBe('关于开展继续教育的通知');
  });

  test("revealing removes the server's markup and shows the site, once", () => {
    const root = rootWithServerPage();
    const handover = serverPageHandover(root);
    handover.target.innerHTML = '<header>站点</header>';
    handover.reveal();
    handover.reveal();
    expect(Array.from(root.children)).toEqual([handover.target]);
    expect(root.querySelector('h1')).toBeNull();
    expect(root.textContent).toBe('站点');
  });

  test("a button pressed before the swap: once the browser's page has rendered, the swap happens and the press reaches its twin", () => {
    document.body.innerHTML = '<div id="root"><main><button type="button">进入学员中心</button></main></div>';
    const root = document.getElementById('root')!;
    const handover = serverPageHandover(root);
    const twin = document.createElement('button');
    twin.textContent = '进入学员中心';
    const pressedTwin = jest.fn();
    twin.addEventListener('click', pressedTwin);
    handover.target.append(twin);
    root.querySelector('main button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(root.querySelector('main')).not.toBeNull();
    expect(pressedTwin).not.toHaveBeenCalled();
    handover.pageReady();
    expect(root.querySelector('main')).toBeNull();
    expect(pressedTwin).toHaveBeenCalledTimes(1);
  });

  test('without server markup the site renders into #root as before', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    expect(serverPageHandover(root)).toMatchObject({ target: root, fromServer: false });
  });

  test('revealed when the page has rendered and its queries have answered, not before', async () => {
    const store = fakeStore(true);
    const reveal = jest.fn();
    let shown!: () => void;
    revealWhenReady({ reveal }, new Promise((resolve) => (shown = resolve)), store, { nextFrame: (run) => run() });
    await flush();
    expect(reveal).not.toHaveBeenCalled();
    shown();
    await flush();
    expect(reveal).not.toHaveBeenCalled();
    store.answer();
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  test('a page that never gets ready is shown as it is after the longest wait', async () => {
    jest.useFakeTimers();
    const reveal = jest.fn();
    revealWhenReady({ reveal }, new Promise(() => undefined), fakeStore(true), {
      maxMs: 4000,
      nextFrame: (run) => run(),
    });
    jest.advanceTimersByTime(3999);
    expect(reveal).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reveal).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });

  test('a query waiting for its answer is pending; answered or failed ones are not', () => {
    expect(anyQueryPending({ api: { queries: { a: { status: 'fulfilled' }, b: { status: 'pending' } } } })).toBe(true);
    expect(anyQueryPending({ api: { queries: { a: { status: 'rejected' } } } })).toBe(false);
    expect(anyQueryPending({})).toBe(false);
  });
});

describe('before the takeover: presses and text are not lost', () => {
  afterEach(() => {
    window.__yaoshiPressed = undefined;
  });

  test("a press kept by site-takeover.js before main.js ran goes to the browser's button at the swap", () => {
    document.body.innerHTML = '<div id="root"><main><button type="button">服务热线</button></main></div>';
    const root = document.getElementById('root')!;
    window.__yaoshiPressed = root.querySelector('button')!;
    const handover = serverPageHandover(root);
    const twin = document.createElement('button');
    twin.textContent = '服务热线';
    const pressed = jest.fn();
    twin.addEventListener('click', pressed);
    handover.target.append(twin);
    handover.pageReady();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(root.firstElementChild).toBe(handover.target);
  });

  test("text typed into the server's box is in the browser's box after the swap", () => {
    document.body.innerHTML = '<div id="root"><form><input name="no" value=""></form></div>';
    const root = document.getElementById('root')!;
    const handover = serverPageHandover(root);
    const box = root.querySelector('input')!;
    box.focus();
    box.value = 'XS2026';
    const twin = document.createElement('input');
    twin.name = 'no';
    handover.target.append(twin);
    handover.reveal();
    expect(twin.value).toBe('XS2026');
    expect(document.activeElement).toBe(twin);
  });
});

test('a press whose button the browser draws a moment after the swap (data still coming) reaches it then', async () => {
  document.body.innerHTML = '<div id="root"><main><button type="button">服务热线</button></main></div>';
  const root = document.getElementById('root')!;
  const handover = serverPageHandover(root);
  root.querySelector('button')!.click();
  handover.pageReady();
  expect(root.firstElementChild).toBe(handover.target);
  const twin = document.createElement('button');
  twin.textContent = '服务热线';
  const pressed = jest.fn();
  twin.addEventListener('click', pressed);
  handover.target.append(twin);
  await flush();
  expect(pressed).toHaveBeenCalledTimes(1);
});
