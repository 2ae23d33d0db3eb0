// Byte identity, wide: the page's own worker code (web/dist/boardpress.js, run in Node
// as the browser runs it: the same WebAssembly, the same messages) makes every game's
// every task, boards and rulebooks in every format and paper, and each file is compared
// with what the command-line binary writes for the same command. The browser test
// (browser.mjs) drives the page itself for a sample of these; this one covers the rest.
//
//   bash web/build.sh && node web/tests/same-bytes.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWorker } from './worker.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const cli = process.env.BOARDPRESS_BIN || path.join(root, 'target/release/boardpress');
const worker = startWorker();
const catalog = worker.catalog;

function web(command, files = {}) {
  return worker.run(command, files).outcome;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'boardpress-same-'));
let n = 0;
function native(command, files = {}) {
  const dir = path.join(work, String(++n));
  fs.mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const words = command.split(' ').slice(1);
  const env = { ...process.env };
  delete env.SOURCE_DATE_EPOCH; // the page has no environment: neither has the comparison
  const out = spawnSync(cli, words, { cwd: dir, env });
  if (out.status !== 0) throw new Error(`${command}: the command line failed: ${out.stderr}`);
  const made = {};
  for (const f of fs.readdirSync(path.join(dir, 'output'))) made[f] = fs.readFileSync(path.join(dir, 'output', f));
  return made;
}

// Every task of every game (from the catalog), as PDF; boards and rulebooks in every
// format; the other paper; SVG sheets and JSON Lines.
const commands = [];
for (const g of catalog.games) {
  for (const t of g.tasks) commands.push(`boardpress puzzles ${g.word} --count 6 --seed wide --task ${t.word}`);
  commands.push(`boardpress board ${g.word}`, `boardpress board ${g.word} --paper letter --format svg`);
  for (const f of ['pdf', 'svg', 'html']) commands.push(`boardpress rules ${g.word} --format ${f}`);
  commands.push(`boardpress rules ${g.word} --booklet --paper letter`);
  commands.push(`boardpress puzzles ${g.word} --count 4 --seed wide --format svg --paper letter`);
  commands.push(`boardpress puzzles ${g.word} --count 4 --seed wide --format jsonl`);
}
commands.push(
  'boardpress puzzles el --count 8 --seed wide --size 8 --numbers 8 --difficulty hard',
  'boardpress puzzles el --count 4 --seed wide --players 3',
  'boardpress puzzles six --count 4 --seed wide --round 2',
  'boardpress puzzles kamon --count 12 --seed wide --format svg --diagrams',
  'boardpress board kamon --seed wide --count 6',
  'boardpress board kamon --blank --tokens',
  'boardpress board gosforth --seed wide --count 12 --target 16',
  'boardpress board el --size 12 --numbers 9 --per-page 2',
  'boardpress rules all --booklet',
  'boardpress puzzles el --count 6 --seed wide --lang de --name-line',
  'boardpress puzzles kamon --count 4 --seed wide --task defend --lang fr',
  'boardpress puzzles six --count 4 --seed wide --round 2 --lang fr --format svg',
  'boardpress puzzles gosforth --count 6 --seed wide --lang de',
  'boardpress board kamon --seed wide --tokens --lang fr',
  'boardpress board six --lang de',
  'boardpress rules el --lang de --format html',
  'boardpress rules el --lang fr --size 8 --players 3',
  'boardpress rules gosforth --lang fr --booklet --paper letter',
  'boardpress rules kamon --lang de --format svg',
  'boardpress rules all --lang fr',
);

let bytes = 0;
let files = 0;
let failures = 0;
const started = Date.now();
for (const command of commands) {
  try {
    const outcome = web(command);
    const made = native(command);
    const names = outcome.documents.map((d) => d.name).sort();
    if (names.join(' ') !== Object.keys(made).sort().join(' ')) throw new Error(`files: page ${names} / command line ${Object.keys(made)}`);
    for (const d of outcome.documents) {
      if (Buffer.compare(Buffer.from(d.bytes), made[d.name]) !== 0) throw new Error(`${d.name} differs`);
      bytes += d.bytes.length;
      files += 1;
    }
  } catch (error) {
    failures += 1;
    console.log(`FAIL  ${command}: ${error.message}`);
  }
}
fs.rmSync(work, { recursive: true, force: true });
console.log(`same bytes: ${commands.length - failures} of ${commands.length} commands, ${files} files (${(bytes / 1e6).toFixed(1)} MB) identical to the command line's (${((Date.now() - started) / 1000).toFixed(0)} s)`);
process.exit(failures ? 1 : 0);
