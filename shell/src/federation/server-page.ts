/**
 * The server's HTML of a public page that was not rendered for hydration (a public-content
 * version published before `renderForHydration`; a hydratable page is hydrated instead,
 * hydration.ts) stays on screen until the browser's page for that route has drawn with its
 * data, and is then replaced in one frame.
 *
 * Replacing at once, as createRoot alone does, threw the text away for a blank "加载中…" and
 * drew it again once the remote and its data arrived (a second largest paint, the text
 * jumping twice). Here the browser builds the whole site in an element not yet in the
 * document (so nothing reads its text twice: not a screen reader, not find-in-page, not a
 * test), and swaps it in when ready: the server's nodes are replaced by it in one task, so
 * nothing on screen moves (a layout shift is an element moving between frames; these are new
 * elements), and the text never disappears. What needs the document (a modal dialog, a
 * measurement) waits until it is in it (site-dialog.tsx, floating-advertisement.tsx).
 */

import { carryOver, typedFields } from './carry-over';

declare global {
  interface Window {
    /** A button of the server's page pressed before main.js ran (public/site-takeover.js). */
    __yaoshiPressed?: HTMLButtonElement | undefined;
  }
}

/** Where the browser's site renders, and how it takes the server's place. */
export interface ServerPageHandover {
  /** The element React renders into: `#root` itself when the server sent no page markup, else one put into `#root` at the swap. */
  target: HTMLElement;
  /** Whether there is server markup to hand over. */
  fromServer: boolean;
  /** Replaces the server's markup with the browser's site (once; later calls do nothing). */
  reveal(): void;
}

/** A button's place among the buttons with the same words: how its browser-drawn twin is found. */
function buttonKey(button: HTMLButtonElement, within: ParentNode): { text: string; index: number } {
  const text = button.textContent?.trim() ?? '';
  const same = Array.from(within.querySelectorAll('button')).filter((b) => (b.textContent?.trim() ?? '') === text);
  return { text, index: same.indexOf(button) };
}

function twinOf(key: { text: string; index: number }, within: ParentNode): HTMLButtonElement | undefined {
  return Array.from(within.querySelectorAll('button')).filter((b) => (b.textContent?.trim() ?? '') === key.text)[
    key.index
  ];
}

/** How long a press waits for its button to be drawn (one whose data was still coming at the swap). */
export const PRESS_WAIT_MS = 3_000;

/** Presses the browser's twin of a pressed button: now, or once drawn (e.g. the 服务热线 tab after the settings). */
function pressWhenDrawn(key: { text: string; index: number }, target: HTMLElement): void {
  const now = twinOf(key, target);
  if (now) return now.click();
  const watcher = new MutationObserver(() => {
    const twin = twinOf(key, target);
    if (!twin) return;
    stop();
    twin.click();
  });
  const timer = setTimeout(() => stop(), PRESS_WAIT_MS);
  const stop = () => {
    clearTimeout(timer);
    watcher.disconnect();
  };
  watcher.observe(target, { childList: true, subtree: true });
}

/**
 * Links and the /verify form work in the server's HTML as they are (a page load). A button
 * needs the browser's script: pressed before the swap, the swap happens at once (when `ready`
 * says the browser's page has rendered, else as soon as it has) and the press is passed to the
 * same button of the browser's page, so no press is lost.
 */
export function serverPageHandover(container: HTMLElement): ServerPageHandover & {
  /** Called once the browser's page has rendered: a press waiting for it is replayed then. */
  pageReady(): void;
} {
  if (!container.firstElementChild)
    return { target: container, fromServer: false, reveal: () => undefined, pageReady: () => undefined };
  const target = container.ownerDocument.createElement('div');
  // Says, once swapped in, that the page is the browser's (tests and support tell the two apart by it).
  target.setAttribute('data-browser-site', '');
  let revealed = false;
  let ready = false;
  // A press before this script ran (site-takeover.js kept it): the same as one after.
  const early = container.ownerDocument.defaultView?.__yaoshiPressed;
  let pressed: { text: string; index: number } | undefined =
    early && container.contains(early) ? buttonKey(early, container) : undefined;
  const reveal = () => {
    if (revealed) return;
    revealed = true;
    container.removeEventListener('click', onClick, true);
    // Text typed into the server's fields meanwhile goes into the browser's (carry-over.ts).
    const typed = typedFields(container, container.ownerDocument.activeElement);
    container.replaceChildren(target);
    carryOver(typed, target);
    const key = pressed;
    pressed = undefined;
    if (key) pressWhenDrawn(key, target);
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.type === 'submit') return;
    event.preventDefault();
    pressed = buttonKey(button, container);
    if (ready) reveal();
  };
  container.addEventListener('click', onClick, true);
  return {
    target,
    fromServer: true,
    reveal,
    pageReady() {
      ready = true;
      if (pressed) reveal();
    },
  };
}

/** The little of the site's store this needs: RTK Query's request states under `api`. */
export interface QueryStateSource {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

/** Whether any of the api slice's queries is still waiting for its answer. */
export function anyQueryPending(state: unknown): boolean {
  const queries = (state as { api?: { queries?: Record<string, { status?: string } | undefined> } }).api?.queries;
  return Object.values(queries ?? {}).some((query) => query?.status === 'pending');
}

/** A page drawn later than this shows as it is (its own loading states): the server's HTML is not kept forever. */
export const SERVER_PAGE_MAX_KEEP_MS = 4_000;

/**
 * Reveals the browser's site once `pageShown` (the route's page has rendered) and no query is
 * pending, in the next animation frame (after React has drawn the answers), or after `maxMs`.
 */
export function revealWhenReady(
  handover: Pick<ServerPageHandover, 'reveal'> & { pageReady?: () => void },
  pageShown: Promise<void>,
  store: QueryStateSource,
  options: { maxMs?: number; nextFrame?: (run: () => void) => void } = {},
): void {
  const nextFrame = options.nextFrame ?? ((run) => requestAnimationFrame(run));
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    nextFrame(() => handover.reveal());
  };
  const timer = setTimeout(finish, options.maxMs ?? SERVER_PAGE_MAX_KEEP_MS);
  void pageShown.then(() => {
    handover.pageReady?.();
    if (!anyQueryPending(store.getState())) return finish();
    const unsubscribe = store.subscribe(() => {
      if (anyQueryPending(store.getState())) return;
      unsubscribe();
      finish();
    });
  });
}

let announce: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  announce = resolve;
});

/** Resolves when the first page has rendered (its code in, not suspended). */
export function firstPageShown(): Promise<void> {
  return shown;
}

/** Said by a page once rendered (RemotePage, the shell's pages); only the first call counts. */
export function announcePageShown(): void {
  announce();
}
