// The page's worker code (web/dist/boardpress.js, made by web/build.sh) run in Node as
// the browser runs it: the same WebAssembly, the same messages. Shared by the tests
// that need no browser (same-bytes.mjs, memory.mjs).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
const code = fs.readFileSync(path.join(root, 'web/dist/boardpress.js'), 'utf8');

/** A worker of its own, started as worker-client.js starts it (with `self` for the
 *  worker's global): `run(command, files)` makes what the page makes, as the 'done'
 *  message gives it (`outcome`, `memory`), or throws the page's message. */
export function startWorker() {
  const answers = [];
  const context = vm.createContext({ TextDecoder, TextEncoder, WebAssembly, URL, Date, console });
  context.self = context;
  context.postMessage = (m) => answers.push(m);
  vm.runInContext(code, context);
  vm.runInContext('boardpressWorker()', context);
  const module = new WebAssembly.Module(zlib.gunzipSync(Buffer.from(context.BOARDPRESS_WASM_GZIP, 'base64')));
  context.onmessage({ data: { type: 'init', module } });
  const ready = answers.shift();
  if (ready.type !== 'ready') throw new Error('the worker did not start: ' + JSON.stringify(ready));
  const run = (command, files = {}) => {
    context.onmessage({ data: { type: 'run', id: 1, request: { command, files } } });
    const done = answers.filter((m) => m.type !== 'progress').pop();
    answers.length = 0;
    if (done.type !== 'done') throw new Error(`${command}: ${done.message}`);
    return done;
  };
  return { catalog: ready.catalog, run };
}
