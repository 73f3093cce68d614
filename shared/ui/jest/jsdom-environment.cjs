// jsdom without the web platform pieces Node already has: the data router builds fetch
// `Request`s with an AbortSignal, so those must come from one realm (Node's).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'structuredClone',
];

class JsdomWithNodeFetch extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    if (!this.global.crypto || typeof this.global.crypto.getRandomValues !== 'function') {
      Object.defineProperty(this.global, 'crypto', { value: globalThis.crypto, configurable: true });
    }
  }
}

module.exports = JsdomWithNodeFetch;
