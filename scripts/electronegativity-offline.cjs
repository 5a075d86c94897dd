// Preloaded into electronegativity (scripts/electronegativity.mjs): the scan is offline by design. Its two network
// calls (fresh translations, Electron's release list for the "security fixes available" check) go through got@11,
// whose retry path crashes the process on Node 24 when the request fails ("The `onCancel` handler was attached after
// the promise settled", sindresorhus/got#1489). Here every got call fails at once, which both callers handle.
const Module = require('node:module');
const offline = () => Promise.reject(new Error('offline scan: no network'));
const got = Object.assign(offline, { head: offline, get: offline, extend: () => got });
got.default = got;
const load = Module._load;
Module._load = function (request, parent, isMain) {
  return request === 'got' ? got : load.call(this, request, parent, isMain);
};
