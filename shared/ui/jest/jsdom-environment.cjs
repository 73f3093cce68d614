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
    // `@jest-environment-options {"fullStyles": true}` in a test file's docblock: antd's styles
    // are kept whole for a test that reads them (colours), not only what decides visibility
    // (visibility-css.cjs).
    if (args[0]?.projectConfig?.testEnvironmentOptions?.fullStyles === true) this.global.YAOSHI_FULL_STYLES = true;
    const JsdomFormData = this.global.FormData;
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    // React 19 reads a form with `new FormData(form, submitter)` when its submit handler starts
    // a transition (a router navigation, e.g. a search kept in the address). Node's FormData
    // takes no form: the form's text fields are read with jsdom's, into Node's.
    this.global.FormData = class FormDataOfForm extends globalThis.FormData {
      constructor(form, submitter) {
        super();
        if (form === undefined) return;
        for (const [name, value] of new JsdomFormData(form, submitter ?? null)) {
          if (typeof value === 'string') this.append(name, value);
        }
      }
    };
    if (!this.global.crypto || typeof this.global.crypto.getRandomValues !== 'function') {
      Object.defineProperty(this.global, 'crypto', { value: globalThis.crypto, configurable: true });
    }
  }
}

module.exports = JsdomWithNodeFetch;
