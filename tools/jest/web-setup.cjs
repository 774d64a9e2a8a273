// jsdom lacks what react-router 7 and auth0-spa-js expect from a browser.
const { TextEncoder, TextDecoder } = require('node:util');
const { webcrypto } = require('node:crypto');
globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });
if (typeof window !== 'undefined') window.scrollTo = () => {};
