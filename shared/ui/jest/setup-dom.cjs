// See visibility-css.cjs: antd's run-time styles, reduced to what a test observes, unless the
// test file asks for them whole (jsdom-environment.cjs). Mocked before anything below loads antd.
jest.mock('@rc-component/util/lib/Dom/dynamicCSS', () => {
  const actual = jest.requireActual('@rc-component/util/lib/Dom/dynamicCSS');
  const { visibilityCss } = jest.requireActual('./visibility-css.cjs');
  return {
    ...actual,
    updateCSS: (css, key, option) =>
      actual.updateCSS(globalThis.YAOSHI_FULL_STYLES ? css : visibilityCss(css), key, option),
  };
});

require('@testing-library/jest-dom');

// antd's responsive hooks call matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom throws "Not implemented" for getComputedStyle(el, '::before'); antd asks for it.
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => realGetComputedStyle(element);

// antd's static message renders from its own queue; in tests it offers a hook to run
// those renders inside React's act(), which keeps the "not wrapped in act" noise away.
const { act } = require('@testing-library/react');
require('antd/lib/message').actWrapper(act);

// In the site, antd's context (locale, theme, the static message's holder) is loaded before
// anything renders antd: pages are wrapped in it and showMessage waits for it. Tests render
// components on their own and close messages in afterEach, so load it first here; a
// message holder made before it would not get it. (jest's first require of antd also
// takes longer than a findBy waits.)
const { loadSiteAntd } = require('../src/antd-scope.tsx');
beforeAll(() => loadSiteAntd());

// antd's tabs and carousel measure themselves with ResizeObserver, which jsdom lacks.
if (!window.ResizeObserver) {
  window.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom has no MessageChannel; some antd components (Segmented's motion) schedule with it.
// A timer-based stand-in: node:worker_threads' ports would keep jest from exiting.
if (typeof window.MessageChannel === 'undefined') {
  class Port {
    constructor() {
      this.onmessage = null;
      this.other = null;
    }
    postMessage(data) {
      const target = this.other;
      setTimeout(() => target && target.onmessage && target.onmessage({ data }), 0);
    }
    start() {}
    close() {}
    addEventListener() {}
    removeEventListener() {}
  }
  class MessageChannel {
    constructor() {
      this.port1 = new Port();
      this.port2 = new Port();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  window.MessageChannel = MessageChannel;
  global.MessageChannel = MessageChannel;
}

// jsdom has <dialog> without showModal()/close(): open and close it by its attribute, and
// fire `close` as browsers do.
if (window.HTMLDialogElement && !window.HTMLDialogElement.prototype.showModal) {
  window.HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute('open', '');
  };
  window.HTMLDialogElement.prototype.show = function show() {
    this.setAttribute('open', '');
  };
  window.HTMLDialogElement.prototype.close = function close() {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new window.Event('close'));
  };
}

// findBy* and waitFor wait up to 10 s (default 1 s): on CI's busy two-core machine a page
// test's first render with antd, or a role query over a whole table, has taken longer. A
// passing test is no slower; only a failing one waits the full time.
require('@testing-library/react').configure({ asyncUtilTimeout: 10_000 });
