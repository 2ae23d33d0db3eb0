// The Web Worker: boardpress runs here, so the page never freezes. web/build.sh puts
// this after wasm-bindgen's glue (which defines `wasm_bindgen`) inside one function that
// app.js starts from a Blob. Messages in:
//   {type: 'init', module}                  a compiled WebAssembly.Module
//   {type: 'command', id, request}          the command a request would run
//   {type: 'run', id, request}              make it: request = {command, files}
// Messages out: 'ready' (version, catalog), 'command', 'progress', 'done' (with the
// WebAssembly memory's size after the run, `memory`), 'failed'.
// A run is cancelled by terminating the worker; app.js then starts a new one.

/** Posts progress at most ten times a second, and always when a puzzle is found. */
function progressReporter(id) {
  let last = 0;
  let lastFound = -1;
  return (found, wanted, attempts) => {
    const now = Date.now();
    if (found !== lastFound || now - last >= 100) {
      last = now;
      lastFound = found;
      self.postMessage({ type: 'progress', id, found, wanted, attempts });
    }
    return true;
  };
}

/** The error a call threw, as {message, exitStatus, options} (the options the message
 *  names, first the one it is about); a panic (a bug) says so. */
function failure(error) {
  if (error && typeof error.message === 'string' && typeof error.exitStatus === 'number') {
    return { message: error.message, exitStatus: error.exitStatus, options: Array.from(error.options || []) };
  }
  let panic = null;
  try {
    panic = wasm_bindgen.lastPanic();
  } catch (_) {
    // The instance is gone; the error itself is all there is.
  }
  return { message: 'internal error (a bug in boardpress): ' + (panic || String(error)), exitStatus: 101, broken: true };
}

self.onmessage = (event) => {
  const m = event.data;
  if (m.type === 'init') {
    try {
      wasm_bindgen.initSync({ module: m.module });
      self.postMessage({ type: 'ready', version: wasm_bindgen.version(), catalog: JSON.parse(wasm_bindgen.catalog()) });
    } catch (error) {
      self.postMessage({ type: 'failed', id: null, ...failure(error), broken: true });
    }
  } else if (m.type === 'command') {
    try {
      self.postMessage({ type: 'command', id: m.id, command: wasm_bindgen.command(JSON.stringify(m.request)) });
    } catch (error) {
      self.postMessage({ type: 'command', id: m.id, ...failure(error) });
    }
  } else if (m.type === 'run') {
    try {
      const outcome = wasm_bindgen.run(JSON.stringify(m.request), progressReporter(m.id));
      const transfer = outcome.documents.map((d) => d.bytes.buffer);
      // The zip's own parts; the others are documents, already in the list.
      if (outcome.zip) for (const part of outcome.zip.parts) if (typeof part !== 'number') transfer.push(part.buffer);
      self.postMessage({ type: 'done', id: m.id, outcome, memory: wasm_bindgen.memoryBytes() }, transfer);
    } catch (error) {
      self.postMessage({ type: 'failed', id: m.id, ...failure(error) });
    }
  }
};
