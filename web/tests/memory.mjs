// Memory in the web page (issue 47): a long document costs the browser what it costs the
// command line. The page's worker code (web/dist/boardpress.js) runs in Node as the
// browser runs it, one fresh WebAssembly instance per document. After the run the
// instance's memory — which only grows, so it is the run's peak — and the copies
// handed to the page (JavaScript's, to download: the documents, and a zip of them when
// there are several) must together stay within the command line's bound, 60 MB + 2 ×
// the documents' size.
//
//   bash web/build.sh && node web/tests/memory.mjs
import fs from 'node:fs';
import path from 'node:path';
import { startWorker } from './worker.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const MB = 1e6;

/** The document a command makes in a fresh worker, and the worker's memory after it. */
function measure(command, files = {}) {
  const done = startWorker().run(command, files);
  if (typeof done.memory !== 'number' || done.memory <= 0) throw new Error(`${command}: no memory figure`);
  const file = done.outcome.documents.reduce((sum, d) => sum + d.bytes.length, 0);
  // The zip's own bytes: the parts that are not a document stored in it.
  const zip = done.outcome.zip ? done.outcome.zip.parts.reduce((sum, p) => sum + (typeof p === 'number' ? 0 : p.length), 0) : 0;
  return { memory: done.memory, file, zip };
}

// The book bench's spec: about 300 pages of all four games.
const benchBook = fs.readFileSync(path.join(root, 'benches/book.toml'), 'utf8');
const cases = [
  ['boardpress puzzles el --count 2000 --seed memory', {}],
  ['boardpress puzzles kamon --count 1000 --seed memory', {}],
  ['boardpress puzzles kamon --count 1000 --seed memory --key key.pdf', {}],
  ['boardpress puzzles six --count 600 --seed memory --format svg', {}],
  ['boardpress book bench.toml', { 'bench.toml': benchBook }],
];
let failed = 0;
const small = measure('boardpress puzzles el --count 12 --seed memory');
console.log(`a 12-puzzle sheet: ${(small.memory / MB).toFixed(1)} MB of WebAssembly memory, ${(small.file / 1e3).toFixed(1)} KB`);
for (const [command, files] of cases) {
  const { memory, file, zip } = measure(command, files);
  const held = memory + file + zip;
  const bound = 60 * MB + 2 * file;
  const ok = held <= bound;
  if (!ok) failed++;
  const zipped = zip ? ` + ${(zip / MB).toFixed(2)} MB zipped` : '';
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${command}: ${(memory / MB).toFixed(1)} MB of WebAssembly memory + ` +
      `${(file / MB).toFixed(2)} MB handed to the page${zipped} = ${(held / MB).toFixed(1)} MB (at most ${(bound / MB).toFixed(1)} MB)`,
  );
}
if (failed) {
  console.error(`memory: ${failed} of ${cases.length} documents held more than 60 MB + 2 × their size`);
  process.exit(1);
}
