// The web page in a real browser: headless Chromium (Debian's) driven by Playwright.
// The page is loaded from file:// and from a static server on 127.0.0.1, with every
// other host unresolvable; boards, puzzle sheets of every game, rulebooks, a book and
// a checked file are made through the controls, downloaded, and compared byte for byte
// with what the command-line binary makes for the same command. Also: the command shown
// is the one the footer prints, a long run shows progress and can be cancelled, bad
// input gives one readable message and the page keeps working, no console errors, no
// request leaves the page's folder, axe-core finds no serious accessibility problem.
// Screenshots (desktop and phone width) go to target/web-test/ to be looked at.
// Timings are printed ("timing: …"), never asserted.
//
//   bash web/build.sh && (cd web && npm ci) && node web/tests/browser.mjs
import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'web/dist');
const cli = process.env.BOARDPRESS_BIN || path.join(root, 'target/release/boardpress');
const shots = path.join(root, 'target/web-test');
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'boardpress-web-'));
fs.mkdirSync(shots, { recursive: true });

for (const [what, p] of [['web/dist (bash web/build.sh)', path.join(dist, 'boardpress.js')], ['the release binary', cli]]) {
  if (!fs.existsSync(p)) {
    console.error(`browser test: ${what} is missing: ${p}`);
    process.exit(2);
  }
}

/* ---------- the command line, for comparison ---------- */

let cliRuns = 0;
/** Runs the binary on `words` in a fresh folder holding `files`; returns the files it
 *  wrote into output/ (name -> bytes) and what it printed. */
function cliMake(words, files = {}) {
  const dir = path.join(work, `cli-${++cliRuns}`);
  fs.mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const env = { ...process.env };
  delete env.SOURCE_DATE_EPOCH; // the page has no environment: neither has the comparison
  const out = spawnSync(cli, words, { cwd: dir, encoding: 'buffer', env });
  const made = {};
  const outDir = path.join(dir, 'output');
  if (fs.existsSync(outDir)) for (const f of fs.readdirSync(outDir)) made[f] = fs.readFileSync(path.join(outDir, f));
  // A book's cover goes where --cover says.
  const cover = words.indexOf('--cover');
  if (cover >= 0) made[words[cover + 1]] = fs.readFileSync(path.join(dir, words[cover + 1]));
  return { made, stdout: out.stdout.toString(), stderr: out.stderr.toString(), status: out.status };
}

/** The text of a PDF (poppler's pdftotext), lines joined by spaces. */
function pdfText(bytes) {
  const file = path.join(work, `text-${++cliRuns}.pdf`);
  fs.writeFileSync(file, bytes);
  const out = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error('pdftotext failed: ' + out.stderr);
  return out.stdout.replace(/\s+/g, ' ');
}

/** Splits a command line the way the page and a shell do (the commands used here hold
 *  only plain words and single-quoted ones). */
function words(command) {
  const list = [];
  const re = /'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(command))) list.push(m[1] !== undefined ? m[1] : m[2]);
  return list[0] === 'boardpress' ? list.slice(1) : list;
}

/* ---------- checks ---------- */

const results = [];
let current = 'loading';
const timings = [];
async function check(name, fn) {
  const started = Date.now();
  current = name;
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok    ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push({ name, ok: false, error });
    console.log(`FAIL  ${name}: ${error && error.stack ? error.stack : error}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

function assertEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function sameBytes(a, b) {
  return a && b && a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
}

/* ---------- the page ---------- */

const consoleProblems = [];
const strayRequests = [];

async function openPage(browser, url, allowedPrefix, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ acceptDownloads: true, viewport });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') {
      const at = m.location();
      consoleProblems.push(`${url}: console ${m.type()} (${at.url}:${at.lineNumber}) during "${current}": ${m.text()}`);
    }
  });
  page.on('pageerror', (e) => consoleProblems.push(`${url}: page error: ${e.message}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!(u.startsWith(allowedPrefix) || u.startsWith('blob:') || u.startsWith('data:'))) strayRequests.push(u);
  });
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 30000 });
  const ready = Date.now() - started;
  timings.push(`page ready from ${url.split(':')[0]}: ${ready} ms (the page's own count from script start: ${await page.getAttribute('body', 'data-ready')} ms)`);
  await page.waitForFunction(() => document.querySelector('#command').value.startsWith('boardpress '));
  return { context, page };
}

/** Waits until the command box has settled (the worker's canonical form) and returns it. */
async function settledCommand(page) {
  let last = null;
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const now = await page.inputValue('#command');
    if (now === last && now.startsWith('boardpress ')) return now;
    last = now;
  }
  return last;
}

/** Clicks a Make button and waits for the result: 'done' or 'error'. */
async function make(page, button) {
  await page.click(button);
  await page.waitForFunction(() => {
    const s = document.querySelector('#status').textContent;
    return s.startsWith('Done') || s.startsWith('Nothing was made') || s.startsWith('Cancelled');
  }, null, { timeout: 120000 });
  return (await page.textContent('#status')).startsWith('Done') ? 'done' : 'error';
}

/** Downloads every document offered (not the zip), by clicking its link. */
async function downloads(page) {
  const got = {};
  for (const d of await page.$$('#downloads details')) await d.evaluate((e) => (e.open = true));
  const links = await page.$$('#downloads a.download');
  for (const link of links) {
    const name = await link.getAttribute('download');
    if (name.endsWith('.zip') && links.length > 1) continue;
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = path.join(work, `download-${++cliRuns}`);
    await download.saveAs(file);
    got[download.suggestedFilename()] = fs.readFileSync(file);
  }
  return got;
}

async function openOptions(page, panel) {
  for (const d of await page.$$(`#panel-${panel} details.options:not([hidden])`)) await d.evaluate((e) => (e.open = true));
}

/** Makes through the form in `panel`, downloads, compares with the command line. */
async function compareWithCli(page, panel, label, files = {}) {
  const shown = await settledCommand(page);
  const result = await make(page, `#${panel}-form button[type=submit]`);
  assertEqual(result, 'done', `${label}: ${await page.textContent('#error')}`);
  const after = await page.inputValue('#command');
  assertEqual(after, shown, `${label}: the command shown before making and the one made`);
  const web = await downloads(page);
  const native = cliMake(words(after), files);
  assertEqual(native.status, 0, `${label}: the command line failed: ${native.stderr}`);
  const names = Object.keys(web).sort();
  assertEqual(names.join(' '), Object.keys(native.made).sort().join(' '), `${label}: the files made`);
  for (const n of names) assert(sameBytes(web[n], native.made[n]), `${label}: ${n} differs from the command line's`);
  for (const n of names.filter((n) => n.endsWith('.pdf'))) {
    const text = pdfText(web[n]);
    // A book prints the command that makes it; its cover is made by the same command
    // with --cover, which the page shows.
    const printed = after.replace(/ --cover \S+$/, '');
    // The footer's words are the document's language; the command stays as typed.
    // A book's language is the spec's lang key.
    const specLang = Object.values(files).map((f) => (f.match(/^lang = "(\w+)"$/m) || [])[1]).find(Boolean);
    const lang = (printed.match(/ --lang (\w+)/) || [])[1] || specLang || 'en';
    const recreate = { en: 'recreate with:', de: 'neu erzeugen mit:', fr: 'pour refaire ce fichier :' }[lang];
    if (!n.endsWith('-cover.pdf')) assert(text.includes(`${recreate} ${printed}`), `${label}: ${n} does not print "${recreate} ${printed}"`);
  }
  byteIdentity.push(`${label}: ${names.length} file(s) [${names.join(', ')}], ${names.reduce((s, n) => s + web[n].length, 0)} bytes, identical`);
  return { web, command: after };
}

const byteIdentity = [];

async function run() {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
      // No host resolves but the local server's: the page must need none.
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    ],
  });

  // From a folder: file://.
  const fileUrl = 'file://' + path.join(dist, 'index.html');
  const { page } = await openPage(browser, fileUrl, 'file://' + dist);
  await page.screenshot({ path: path.join(shots, 'desktop-start.png') });

  await check('tabs work with the keyboard', async () => {
    await page.focus('#tab-puzzles');
    await page.keyboard.press('ArrowRight');
    assertEqual(await page.getAttribute('#tab-board', 'aria-selected'), 'true', 'ArrowRight selects Boards');
    assert(await page.isVisible('#board-form'), 'the Boards panel shows');
    await page.keyboard.press('End');
    assertEqual(await page.getAttribute('#tab-check', 'aria-selected'), 'true', 'End selects the last tab');
    await page.keyboard.press('Home');
    assertEqual(await page.getAttribute('#tab-puzzles', 'aria-selected'), 'true', 'Home selects the first tab');
  });

  await check('a 12-puzzle EL sheet: same bytes as the command line, command = footer', async () => {
    await page.click('#tab-puzzles');
    await settledCommand(page);
    const started = Date.now();
    await page.click('#puzzles-form button[type=submit]');
    const link = await page.waitForSelector('#downloads a.download', { timeout: 60000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = path.join(work, 'el-12.pdf');
    await download.saveAs(file);
    timings.push(`12-puzzle EL sheet, from the click on Make to the PDF downloaded: ${Date.now() - started} ms`);
    const command = await page.inputValue('#command');
    assertEqual(command, 'boardpress puzzles el --count 12 --seed 1', 'the command shown');
    const native = cliMake(words(command));
    assert(sameBytes(fs.readFileSync(file), native.made['el-win-in-one-1.pdf']), 'the EL sheet differs from the command line\'s');
    assert(pdfText(fs.readFileSync(file)).includes(`recreate with: ${command}`), 'the footer prints the command shown');
    assert(await page.isVisible('#preview img'), 'a preview of the first page');
    // The preview says what it is, and the page in words follows it (what a screen
    // reader hears of the diagrams: each puzzle, every written cell).
    const alt = await page.getAttribute('#preview img', 'alt');
    assertEqual(alt, 'The first page: EL — win in one', 'the preview\'s alternative text');
    const inWords = await page.textContent('#preview .page-words p');
    assert(/^1\. .* to play and win/.test(inWords) && /Row 6: /.test(inWords) && /: (red|blue) [1-6]/.test(inWords),
      `the first page in words: ${inWords.slice(0, 200)}`);
    byteIdentity.push('puzzles el (PDF, 12 puzzles): identical');
    await page.screenshot({ path: path.join(shots, 'desktop-el-sheet.png') });
  });

  await check('a puzzle sheet of each game through the controls', async () => {
    const cases = [
      { game: 'kamon', task: 'win-in-two', difficulty: 'hard', count: '6', seed: 'club night', lang: 'fr' },
      { game: 'six', task: 'defend', count: '6', seed: 'six-1', paper: 'letter', title: 'Klasse 3B - Freitag', nameLine: true, lang: 'de' },
      { game: 'gosforth', count: '6', seed: 'g', options: { target: '10' } },
      { game: 'el', task: 'win-in-two', count: '4', seed: 'v', options: { size: '7', numbers: '7' }, format: 'svg' },
      { game: 'el', count: '5', seed: 'records', format: 'jsonl' },
    ];
    for (const c of cases) {
      await page.selectOption('#puzzles-game', c.game);
      if (c.task) await page.selectOption('#puzzles-task', c.task);
      await page.selectOption('#puzzles-difficulty', c.difficulty || '');
      await page.fill('#puzzles-count', c.count);
      await page.fill('#puzzles-seed', c.seed);
      await page.selectOption('#puzzles-paper', c.paper || 'a4');
      await page.selectOption('#puzzles-format', c.format || 'pdf');
      await page.fill('#puzzles-title', c.title || '');
      await page.setChecked('#puzzles-name-line', !!c.nameLine);
      await page.selectOption('#lang', c.lang || 'en');
      await openOptions(page, 'puzzles');
      for (const [name, value] of Object.entries(c.options || {})) await page.fill(`#puzzles-${c.game}-${name}`, value);
      await compareWithCli(page, 'puzzles', `puzzles ${c.game} ${c.task || ''} ${c.format || 'pdf'}`.replace(/\s+/g, ' '));
      for (const [name] of Object.entries(c.options || {})) {
        await page.fill(`#puzzles-${c.game}-${name}`, await page.getAttribute(`#puzzles-${c.game}-${name}`, 'data-default'));
      }
      if (c.game === 'six') await page.screenshot({ path: path.join(shots, 'desktop-six-sheet.png') });
    }
    await page.selectOption('#lang', 'en');
    await page.selectOption('#puzzles-format', 'pdf');
    await page.selectOption('#puzzles-paper', 'a4');
    await page.fill('#puzzles-title', '');
    await page.setChecked('#puzzles-name-line', false);
  });

  await check('boards through the controls', async () => {
    await page.click('#tab-board');
    const cases = [
      { game: 'kamon', seed: 'club', count: '2', lang: 'de' },
      { game: 'el', perPage: '2', paper: 'letter', options: { size: '8', numbers: '8' } },
      { game: 'six', options: { tokens: true }, format: 'svg' },
      { game: 'gosforth', seed: 'practice', count: '6', options: { target: '10' }, lang: 'fr' },
    ];
    for (const c of cases) {
      await page.selectOption('#board-game', c.game);
      if (c.seed !== undefined) await page.fill('#board-seed', c.seed);
      if (c.count !== undefined) await page.fill('#board-count', c.count);
      if (c.perPage !== undefined) await page.fill('#board-per-page', c.perPage);
      await page.selectOption('#board-paper', c.paper || 'a4');
      await page.selectOption('#board-format', c.format || 'pdf');
      await page.selectOption('#lang', c.lang || 'en');
      await openOptions(page, 'board');
      for (const [name, value] of Object.entries(c.options || {})) {
        if (value === true) await page.check(`#board-${c.game}-${name}`);
        else await page.fill(`#board-${c.game}-${name}`, value);
      }
      await compareWithCli(page, 'board', `board ${c.game} ${c.format || 'pdf'}`);
      if (c.game === 'kamon') await page.screenshot({ path: path.join(shots, 'desktop-kamon-board.png') });
    }
    await page.selectOption('#lang', 'en');
  });

  await check('rulebooks through the controls (PDF, booklet, HTML, all)', async () => {
    await page.click('#tab-rules');
    const cases = [
      { game: 'gosforth', booklet: true, paper: 'letter' },
      { game: 'kamon', format: 'html' },
      { game: 'el', options: { players: '3' } },
      { game: 'el', lang: 'fr' },
      { game: 'all', lang: 'de' },
      { game: 'all' },
    ];
    for (const c of cases) {
      await page.selectOption('#lang', c.lang || 'en');
      await page.selectOption('#rules-game', c.game);
      await page.setChecked('#rules-booklet', !!c.booklet);
      await page.selectOption('#rules-paper', c.paper || 'a4');
      await page.selectOption('#rules-format', c.format || 'pdf');
      await openOptions(page, 'rules');
      for (const [name, value] of Object.entries(c.options || {})) await page.fill(`#rules-${c.game}-${name}`, value);
      await compareWithCli(page, 'rules', `rules ${c.game} ${c.format || 'pdf'}${c.booklet ? ' booklet' : ''}`);
      for (const [name] of Object.entries(c.options || {})) {
        await page.fill(`#rules-${c.game}-${name}`, await page.getAttribute(`#rules-${c.game}-${name}`, 'data-default'));
      }
    }
  });

  await check('the sample puzzle book and its cover', async () => {
    await page.click('#tab-book');
    await page.check('#book-cover');
    const spec = await page.inputValue('#book-spec');
    await compareWithCli(page, 'book', 'book (sample spec) with cover', { 'book.toml': spec });
    await page.screenshot({ path: path.join(shots, 'desktop-book.png') });
    // The language switch writes the book's language into its spec, where it stays.
    await page.selectOption('#lang', 'de');
    const german = await page.inputValue('#book-spec');
    if (!/^lang = "de"$/m.test(german)) throw new Error(`the switch did not set lang in the spec:\n${german}`);
    await compareWithCli(page, 'book', 'book (sample spec, German) with cover', { 'book.toml': german });
    await page.screenshot({ path: path.join(shots, 'desktop-book-de.png') });
    await page.selectOption('#lang', 'en');
    if (!/^lang = "en"$/m.test(await page.inputValue('#book-spec'))) throw new Error('the switch did not set lang back to en');
  });

  // A JSON Lines file made by the command line, checked and typeset in the page.
  const mined = cliMake(['puzzles', 'six', '--task', 'win-in-two', '--count', '5', '--seed', 'file', '--format', 'jsonl', '-q']);
  const minedName = 'six-win-in-two-file.jsonl';
  const minedText = mined.made[minedName].toString();

  await check('a JSON Lines file: verified and typeset in the page as on the command line', async () => {
    await page.click('#tab-check');
    const file = path.join(work, minedName);
    fs.writeFileSync(file, minedText);
    await page.setInputFiles('#check-file', file);
    await page.waitForFunction(() => document.querySelector('#check-chosen').textContent.includes('5 lines'));
    await page.selectOption('#check-action', 'verify');
    assertEqual(await make(page, '#check-form button[type=submit]'), 'done', 'verify');
    const printed = await page.textContent('#printed');
    const native = cliMake(['verify', minedName], { [minedName]: minedText });
    assertEqual(printed, native.stdout, 'the verdict printed');
    await page.selectOption('#check-action', 'render');
    await page.selectOption('#check-paper', 'letter');
    await compareWithCli(page, 'check', 'render (a mined JSONL file)', { [minedName]: minedText });
    // A record whose answer is wrong: the verdict names its line, as the binary's does.
    const lines = minedText.split('\n');
    const record = JSON.parse(lines[1]);
    record.solutions = JSON.parse(lines[0]).solutions; // another puzzle's answer
    lines[1] = JSON.stringify(record);
    const wrongName = 'wrong.jsonl';
    fs.writeFileSync(path.join(work, wrongName), lines.join('\n'));
    await page.setInputFiles('#check-file', path.join(work, wrongName));
    await page.waitForFunction(() => document.querySelector('#check-chosen').textContent.startsWith('wrong.jsonl'));
    await page.selectOption('#check-action', 'verify');
    assertEqual(await make(page, '#check-form button[type=submit]'), 'done', 'verify a wrong record');
    const verdict = cliMake(['verify', wrongName], { [wrongName]: lines.join('\n') });
    assertEqual(await page.textContent('#printed'), verdict.stdout + verdict.stderr, 'the verdict of a file with a wrong record');
    assert((await page.textContent('#printed')).startsWith('wrong.jsonl:2: '), 'names the line');
    assert((await page.textContent('#status')).includes('problems found'), 'the status says so');
  });

  await check('bad input: one readable message each, and the page keeps working', async () => {
    // An empty count.
    await page.click('#tab-puzzles');
    await page.selectOption('#puzzles-game', 'el');
    await page.fill('#puzzles-count', '');
    await page.click('#puzzles-form button[type=submit]');
    assertEqual(await page.textContent('#error'), 'How many puzzles: the box is empty; give a whole number from 1 to 10000', 'empty count');
    assertEqual(await page.getAttribute('#puzzles-count', 'aria-invalid'), 'true', 'the empty box is marked');
    // An absurd count.
    await page.fill('#puzzles-count', '99999');
    assertEqual(await make(page, '#puzzles-form button[type=submit]'), 'error', 'absurd count');
    assertEqual(await page.textContent('#error'), "invalid value '99999' for '--count': between 1 and 10,000 (for more, run in parts with --first)", 'absurd count');
    assertEqual(await page.getAttribute('#puzzles-count', 'aria-invalid'), 'true', 'the count box is marked');
    await page.fill('#puzzles-count', '12');
    // An unknown option, typed into the command line.
    await page.fill('#command', 'boardpress board el --colour red');
    await page.click('#run-command');
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Nothing was made'));
    const unknown = await page.textContent('#error');
    assert(unknown.startsWith("unexpected argument '--colour' found"), `unknown option: ${unknown}`);
    assert(!unknown.includes('\n'), 'one line');
    // A command with an open quote.
    await page.fill('#command', "boardpress board el --title 'Friday");
    await page.press('#command', 'Enter');
    await page.waitForFunction(() => document.querySelector('#error').textContent.startsWith('in the command'));
    assertEqual(await page.textContent('#error'), "in the command: the quote ' at column 29 is not closed", 'open quote');
    // A form change just before a typed command runs: its late update of the command box
    // must neither overwrite what was typed nor clear the message.
    await page.fill('#puzzles-count', '11');
    const typed = "boardpress board el --title 'Saturday";
    await page.fill('#command', typed);
    await page.press('#command', 'Enter');
    await page.waitForTimeout(400);
    assertEqual(await page.textContent('#error'), "in the command: the quote ' at column 29 is not closed", 'the message stays');
    assertEqual(await page.inputValue('#command'), typed, 'the typed command stays');
    await page.fill('#puzzles-count', '12');
    // A malformed line in a JSON Lines file.
    await page.click('#tab-check');
    const lines = minedText.split('\n');
    lines[2] = lines[2].slice(0, 40);
    const bad = path.join(work, 'broken.jsonl');
    fs.writeFileSync(bad, lines.join('\n'));
    await page.setInputFiles('#check-file', bad);
    await page.waitForFunction(() => document.querySelector('#check-chosen').textContent.startsWith('broken.jsonl'));
    await page.selectOption('#check-action', 'verify');
    assertEqual(await make(page, '#check-form button[type=submit]'), 'error', 'malformed line');
    const malformed = await page.textContent('#error');
    const native = cliMake(['verify', 'broken.jsonl'], { 'broken.jsonl': lines.join('\n') });
    assertEqual(`boardpress: error: ${malformed}\n`, native.stderr, 'the message is the command line\'s');
    assert(malformed.startsWith('broken.jsonl:3: '), `names the line: ${malformed}`);
    // Still working: a board.
    await page.click('#tab-board');
    await page.selectOption('#board-game', 'el');
    await page.fill('#board-per-page', '1');
    await page.selectOption('#board-paper', 'a4');
    await page.selectOption('#board-format', 'pdf');
    assertEqual(await make(page, '#board-form button[type=submit]'), 'done', 'a board after the errors');
    assertEqual(await page.textContent('#error'), '', 'no message left over');
  });

  await check('a long run shows progress and can be cancelled', async () => {
    await page.click('#tab-puzzles');
    await page.selectOption('#puzzles-game', 'kamon');
    await page.selectOption('#puzzles-task', 'win-in-two');
    await page.selectOption('#puzzles-difficulty', 'expert');
    await page.fill('#puzzles-count', '10000');
    await page.fill('#puzzles-seed', 'long');
    await settledCommand(page);
    await page.click('#puzzles-form button[type=submit]');
    await page.waitForFunction(() => document.querySelector('#progress').value >= 3, null, { timeout: 120000 });
    const status = await page.textContent('#status');
    assert(/^Searching: \d+ of 10000 puzzles found/.test(status), `progress shown: ${status}`);
    // The page answers while the worker works.
    await page.click('#tab-rules');
    assert(await page.isVisible('#rules-form'), 'the page is not frozen');
    await page.click('#tab-puzzles');
    await page.screenshot({ path: path.join(shots, 'desktop-progress.png') });
    await page.click('#cancel');
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Cancelled'));
    assert(!(await page.isVisible('#working')), 'the progress bar goes away');
    await page.fill('#puzzles-count', '3');
    await page.selectOption('#puzzles-difficulty', '');
    assertEqual(await make(page, '#puzzles-form button[type=submit]'), 'done', 'a sheet after Cancel');
  });

  await check('accessibility (axe-core): no serious or critical violations on any tab', async () => {
    await page.evaluate(axeSource + '\n;undefined');
    for (const tab of ['puzzles', 'board', 'rules', 'book', 'check']) {
      await page.click(`#tab-${tab}`);
      await openOptions(page, tab);
      const found = await page.evaluate(async () => {
        const r = await axe.run(document, { resultTypes: ['violations'], preload: false });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
      });
      const serious = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert(serious.length === 0, `${tab}: ${JSON.stringify(serious)}`);
      if (found.length) console.log(`      axe, ${tab} tab, minor: ${JSON.stringify(found)}`);
    }
  });

  // Served over HTTP on 127.0.0.1, at a phone's width.
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.join(dist, name);
    if (!file.startsWith(dist) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = { html: 'text/html', css: 'text/css', js: 'text/javascript' }[name.split('.').pop()] || 'application/octet-stream';
    res.writeHead(200, { 'content-type': type + '; charset=utf-8' }).end(fs.readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const phone = await openPage(browser, origin + '/index.html', origin, { width: 390, height: 844 });

  await check('served over HTTP at a phone\'s width: a SIX sheet, same bytes', async () => {
    const p = phone.page;
    await p.screenshot({ path: path.join(shots, 'phone-start.png') });
    await p.selectOption('#puzzles-game', 'six');
    await p.fill('#puzzles-count', '4');
    await p.fill('#puzzles-seed', 'phone');
    await compareWithCli(p, 'puzzles', 'puzzles six over http (phone width)');
    await p.screenshot({ path: path.join(shots, 'phone-result.png') });
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= 390, `nothing wider than the phone's screen (${width} px)`);
    await p.evaluate(axeSource + '\n;undefined');
    const found = await p.evaluate(async () => (await axe.run(document, { resultTypes: ['violations'], preload: false })).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id));
    assert(found.length === 0, `axe at phone width: ${found}`);
  });
  server.close();

  await check('no console errors, no request outside the page\'s own files', async () => {
    assert(consoleProblems.length === 0, consoleProblems.join('\n'));
    assert(strayRequests.length === 0, 'requests: ' + strayRequests.join(', '));
  });

  await browser.close();
}

try {
  await run();
} catch (error) {
  results.push({ name: 'the run itself', ok: false, error });
  console.log('FAIL  the run itself:', error);
}
fs.rmSync(work, { recursive: true, force: true });
console.log('\nbyte identity with the command line:');
for (const line of byteIdentity) console.log('  ' + line);
console.log('timings (this machine, headless Chromium):');
for (const line of timings) console.log('  timing: ' + line);
console.log(`screenshots: ${path.relative(root, shots)}/`);
const failed = results.filter((r) => !r.ok);
console.log(`\nbrowser test: ${results.length - failed.length} of ${results.length} checks passed`);
process.exit(failed.length ? 1 : 0);
