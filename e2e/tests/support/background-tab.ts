import type { Page } from '@playwright/test';

/**
 * What Chrome does to a tab in the background, for a page in headless Chromium, where a page
 * is never hidden: a second page brought to the front, a minimised window
 * (`Browser.setWindowBounds`) and `Page.setWebLifecycleState('frozen')` all left
 * `document.visibilityState` 'visible' and a 1-second interval ticking every second
 * (measured with Chromium 156). So the page's own timers are throttled here, as Chrome's
 * intensive throttling does after some minutes in the background: while hidden,
 * `document.visibilityState` is 'hidden' (with a `visibilitychange` event), animation frames
 * wait until the tab is shown again, and a timer that falls due runs only at the next
 * wake-up, `wakeUpMs` apart; a repeating timer runs once per wake-up however often it fell
 * due. Media keeps playing, as it does in a background tab. Call before the page loads.
 */
export async function emulateBackgroundTab(page: Page, wakeUpMs: number): Promise<void> {
  await page.addInitScript((wakeUp: number) => {
    /** The page's timer functions (the DOM's, not Node's, whose types the test compiler also knows). */
    interface Timers {
      setTimeout(handler: Handler, ms?: number, ...args: unknown[]): number;
      setInterval(handler: Handler, ms?: number, ...args: unknown[]): number;
      clearTimeout(id?: number): void;
      clearInterval(id?: number): void;
    }
    type Handler = (...args: unknown[]) => void;
    const timers = window as unknown as Timers;
    const realSetTimeout = timers.setTimeout.bind(window);
    const realClearTimeout = timers.clearTimeout.bind(window);
    const realSetInterval = timers.setInterval.bind(window);
    const realClearInterval = timers.clearInterval.bind(window);
    const realRequestFrame = window.requestAnimationFrame.bind(window);
    const realCancelFrame = window.cancelAnimationFrame.bind(window);
    let hidden = false;
    let wakeUps: number | undefined;
    /** Timers due while hidden, by id: a repeating one is kept once. */
    const due = new Map<number, () => void>();
    const frames = new Map<number, FrameRequestCallback>();
    let nextFrame = 1_000_000_000;
    const runDue = () => {
      const callbacks = [...due.values()];
      due.clear();
      for (const callback of callbacks) {
        try {
          callback();
        } catch (error) {
          realSetTimeout(() => {
            throw error;
          }, 0);
        }
      }
    };
    const wrap =
      (real: Timers['setTimeout']) =>
      (handler: Handler, ms?: number, ...args: unknown[]): number => {
        if (typeof handler !== 'function') return real(handler, ms, ...args); // a string of code
        const id: number = real(() => {
          if (hidden) due.set(id, () => handler(...args));
          else handler(...args);
        }, ms);
        return id;
      };
    timers.setTimeout = wrap(realSetTimeout);
    timers.setInterval = wrap(realSetInterval);
    timers.clearTimeout = (id?: number) => {
      if (id !== undefined) due.delete(id);
      realClearTimeout(id);
    };
    timers.clearInterval = (id?: number) => {
      if (id !== undefined) due.delete(id);
      realClearInterval(id);
    };
    window.requestAnimationFrame = (callback: FrameRequestCallback) => {
      if (!hidden) return realRequestFrame(callback);
      nextFrame += 1;
      frames.set(nextFrame, callback);
      return nextFrame;
    };
    window.cancelAnimationFrame = (id: number) => {
      if (!frames.delete(id)) realCancelFrame(id);
    };
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
    (window as unknown as { backgroundTab: { hide(): void; show(): void } }).backgroundTab = {
      hide() {
        hidden = true;
        document.dispatchEvent(new Event('visibilitychange'));
        wakeUps = realSetInterval(runDue, wakeUp);
      },
      show() {
        hidden = false;
        realClearInterval(wakeUps);
        document.dispatchEvent(new Event('visibilitychange'));
        runDue();
        const waiting = [...frames.values()];
        frames.clear();
        for (const callback of waiting) realRequestFrame(callback);
      },
    };
  }, wakeUpMs);
}

/** Sends the tab to the background (see `emulateBackgroundTab`). */
export async function hideTab(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { backgroundTab: { hide(): void } }).backgroundTab.hide());
}

/** Brings the tab back to the front: timers run at once, then on time again. */
export async function showTab(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { backgroundTab: { show(): void } }).backgroundTab.show());
}
