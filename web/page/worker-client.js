// The page's side of the Web Worker that runs boardpress (boardpress.js, made by
// web/build.sh): compiling the WebAssembly once, starting a worker (and a fresh one
// after Cancel), and asking it to run a command line or make its command.
// The page's scripts load in order (index.html): worker-client.js, dom.js, forms.js,
// results.js, app.js; each adds its functions to the page's one global scope, so the
// page works opened from a folder (file://), where a browser loads no modules.
'use strict';

/* ---------- the worker ---------- */

const worker = {
  module: null, // the compiled WebAssembly, kept to start a fresh worker after Cancel
  instance: null,
  busy: false,
  nextId: 1,
  waiting: new Map(), // id -> {resolve, reject, progress}
  started: 0, // workers started so far
};

/**
 * A worker whose WebAssembly memory a run grew past this is replaced once the run is
 * done: that memory never shrinks, and a fresh worker starts at about 3 MB, where a
 * 12-puzzle sheet leaves it.
 */
const RENEW_ABOVE_BYTES = 32e6;

/**
 * Decodes the WebAssembly from boardpress.js (gzipped, in base64: 2.2 MB where the
 * plain WebAssembly in base64 was 5.6 MB), unzips it and compiles it once.
 */
async function compileWasm() {
  const text = BOARDPRESS_WASM_GZIP;
  let gzipped;
  if (typeof Uint8Array.fromBase64 === 'function') {
    gzipped = Uint8Array.fromBase64(text);
  } else {
    const binary = atob(text);
    gzipped = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) gzipped[i] = binary.charCodeAt(i);
  }
  // Compiled as it is unzipped.
  const wasm = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip'));
  return WebAssembly.compileStreaming(new Response(wasm, { headers: { 'Content-Type': 'application/wasm' } }));
}

/** Starts a worker from the function in boardpress.js; resolves with the catalog. */
function startWorker() {
  const source = '(' + boardpressWorker.toString() + ')();';
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const w = new Worker(url);
  URL.revokeObjectURL(url);
  worker.instance = w;
  worker.busy = false;
  worker.started += 1;
  return new Promise((resolve, reject) => {
    w.onmessage = (event) => {
      const m = event.data;
      if (m.type === 'ready') {
        resolve(m);
        return;
      }
      const waiter = worker.waiting.get(m.id);
      if (m.type === 'failed' && m.id === null) {
        reject(new Error(m.message));
        return;
      }
      if (!waiter) return;
      if (m.type === 'progress') {
        waiter.progress(m);
        return;
      }
      worker.waiting.delete(m.id);
      if (m.type === 'command' || m.type === 'done') waiter.resolve(m);
      else waiter.reject(m);
      if (m.broken) restartWorker();
    };
    w.onerror = (event) => {
      event.preventDefault();
      const message = 'internal error (a bug in boardpress): ' + (event.message || 'the worker stopped');
      for (const [, waiter] of worker.waiting) waiter.reject({ message, exitStatus: 101 });
      worker.waiting.clear();
      reject(new Error(message));
      restartWorker();
    };
    w.postMessage({ type: 'init', module: worker.module });
  });
}

/** Ends the worker (and whatever it was doing) and starts a new one. */
function restartWorker() {
  if (worker.instance) worker.instance.terminate();
  worker.waiting.clear();
  worker.ready = startWorker();
  return worker.ready;
}

/**
 * After a run that left the worker holding `memory` bytes: a fresh worker in its place if
 * that is more than RENEW_ABOVE_BYTES and nothing else waits on it (the page asks nothing
 * while it runs, and the worker answers in order, so nothing is dropped).
 */
function renewWorkerIfLarge(memory) {
  if (memory > RENEW_ABOVE_BYTES && worker.waiting.size === 0) restartWorker();
}

/** Sends a message and waits for its answer. */
function ask(type, request, progress) {
  const id = worker.nextId++;
  return new Promise((resolve, reject) => {
    worker.waiting.set(id, { resolve, reject, progress: progress || (() => {}) });
    worker.instance.postMessage({ type, id, request });
  });
}
