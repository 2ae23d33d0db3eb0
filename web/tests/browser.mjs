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
import zlib from 'node:zlib';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '../..');
// BOARDPRESS_DIST: another build of the page to test (an older one, to see a check fail).
const dist = path.resolve(process.env.BOARDPRESS_DIST || path.join(root, 'web/dist'));
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

/** Starts a search that takes minutes (10,000 expert Kamon win-in-two puzzles). */
async function startLongSearch(page, seed) {
  await page.click('#tab-puzzles');
  await page.selectOption('#puzzles-game', 'kamon');
  await page.selectOption('#puzzles-task', 'win-in-two');
  await page.selectOption('#puzzles-difficulty', 'expert');
  await page.fill('#puzzles-count', '10000');
  await page.fill('#puzzles-seed', seed);
  await settledCommand(page);
  await page.click('#puzzles-form button[type=submit]');
}

/** Downloads every document offered by clicking its link: `{files, zip}`, the zip (when
 * there are several files) apart. */
async function downloads(page) {
  const got = {};
  let zip = null;
  for (const d of await page.$$('#downloads details')) await d.evaluate((e) => (e.open = true));
  const links = await page.$$('#downloads a.download');
  for (const link of links) {
    const name = await link.getAttribute('download');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = path.join(work, `download-${++cliRuns}`);
    await download.saveAs(file);
    if (name.endsWith('.zip') && links.length > 1) zip = fs.readFileSync(file);
    else got[download.suggestedFilename()] = fs.readFileSync(file);
  }
  return { files: got, zip };
}

/** CRC-32 (ISO-HDLC, as zip uses it), written here apart from the page's. */
function crc32(bytes) {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** The files in a zip, read by its central directory and local headers (stored or
 * deflated entries; Node's zlib inflates), each checked against its CRC: `[[name, bytes]]`. */
function unzip(zip) {
  const end = zip.length - 22;
  assertEqual(zip.readUInt32LE(end), 0x06054b50, 'a zip ends with its end-of-directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = [];
  for (let i = 0; i < count; i++) {
    assertEqual(zip.readUInt32LE(at), 0x02014b50, `zip entry ${i}: a central directory header`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    assertEqual(zip.readUInt32LE(local), 0x04034b50, `${name}: a local header`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + packed);
    const bytes = method === 0 ? data : zlib.inflateRawSync(data);
    assert(method === 0 || method === 8, `${name}: method ${method}`);
    assertEqual(bytes.length, size, `${name}: its size`);
    assertEqual(crc32(bytes), crc, `${name}: its CRC`);
    files.push([name, bytes]);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
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
  const { files: web, zip } = await downloads(page);
  if (zip) {
    // The zip holds each file as downloaded alone, in order.
    const unzipped = unzip(zip);
    assertEqual(unzipped.map(([n]) => n).join(' '), Object.keys(web).join(' '), `${label}: the zip's files`);
    for (const [n, bytes] of unzipped) assert(sameBytes(bytes, web[n]), `${label}: ${n} in the zip differs from its own download`);
    zipsRead.push(`${label}: ${unzipped.length} files, ${zip.length} bytes`);
  }
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
const zipsRead = [];

/* ---------- issue 48: the page as good as the print, at a phone's width and a laptop's ---------- */

/** Whether an element lies wholly on the screen as it is scrolled now. */
async function onScreen(page, selector) {
  return page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
}

/** The page's width as laid out (wider than the screen means sideways scrolling). */
async function pageWidth(page) {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
}

/** Counts the changes of an element's text from now on: `read()` gives the count. */
async function countChanges(page, selector) {
  const name = `changes${++cliRuns}`;
  await page.evaluate(([sel, key]) => {
    window[key] = 0;
    new MutationObserver((list) => (window[key] += list.length)).observe(document.querySelector(sel), { childList: true, characterData: true, subtree: true });
  }, [selector, name]);
  return { read: () => page.evaluate((key) => window[key], name) };
}

/** The id of the focused element. */
function focused(page) {
  return page.evaluate(() => document.activeElement && document.activeElement.id);
}

/** Checks that a message is tied to its control: the control is marked, focused, on the
 *  screen, and one of the texts its aria-describedby names is the message. */
async function ledTo(page, control, message, what) {
  assertEqual(await page.textContent('#error'), message, `${what}: the message`);
  assertEqual(await page.getAttribute(control, 'aria-invalid'), 'true', `${what}: the control is marked`);
  assertEqual(await focused(page), control.slice(1), `${what}: the focus is on the control`);
  assert(await onScreen(page, control), `${what}: the control is on the screen`);
  const described = await page.$eval(control, (c) => (c.getAttribute('aria-describedby') || '').split(/\s+/).map((id) => (document.getElementById(id) || {}).textContent));
  assert(described.includes(message), `${what}: aria-describedby does not name the message (${JSON.stringify(described)})`);
}

async function craftChecks(browser, url, prefix, viewport, label) {
  const { context, page } = await openPage(browser, url, prefix, viewport);
  const w = viewport.width;
  const shot = (name) => page.screenshot({ path: path.join(shots, `${w}-${name}.png`) });
  const submit = (tab) => `#${tab}-form button[type=submit]`;

  await check(`${label}: the main action is on the first screen of every tab, and stays in view`, async () => {
    for (const tab of ['puzzles', 'board', 'rules', 'book', 'check']) {
      await page.click(`#tab-${tab}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert(await onScreen(page, submit(tab)), `${tab}: the Make button is not on the first screen`);
      // Half-way down the form, it is still there.
      await page.evaluate((t) => {
        const form = document.getElementById(`${t}-form`);
        window.scrollTo(0, form.getBoundingClientRect().top + window.scrollY + form.offsetHeight / 2 - window.innerHeight / 2);
      }, tab);
      if (await page.$eval(`#${tab}-form`, (f) => f.getBoundingClientRect().bottom > window.innerHeight)) {
        assert(await onScreen(page, submit(tab)), `${tab}: the Make button scrolled away with the form`);
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('#tab-puzzles');
    await shot('puzzles-start');
  });

  await check(`${label}: a long seed: nothing wider than the screen, a short file name, the whole seed printed`, async () => {
    const seed = 'club-night-' + 'z'.repeat(119);
    await page.click('#tab-puzzles');
    await page.fill('#puzzles-count', '2');
    await page.fill('#puzzles-seed', seed);
    const { web, command } = await compareWithCli(page, 'puzzles', `${label}: a 130-character seed`);
    assert(command.includes(`--seed ${seed}`), 'the whole seed is in the command');
    const name = Object.keys(web)[0];
    assert(name.length <= 'el-win-in-one-'.length + 48 + '.pdf'.length, `the file name is capped: ${name}`);
    assert(pdfText(web[name]).includes(seed), 'the whole seed is printed');
    assert((await pageWidth(page)) <= w, `the page is ${await pageWidth(page)} px wide on a ${w} px screen`);
    for (const sel of ['#status', '#downloads a.download']) {
      const right = await page.$eval(sel, (e) => e.getBoundingClientRect().right);
      assert(right <= w, `${sel} runs off the screen (right edge at ${right} px)`);
    }
    await page.$eval('#result-heading', (e) => e.scrollIntoView());
    await shot('puzzles-long-seed');
    await page.fill('#puzzles-seed', '1');
    await page.fill('#puzzles-count', '12');
  });

  await check(`${label}: no stale state: status, messages, the command box, each tab's own result`, async () => {
    // A check with no file: the last run's "Done" does not stay above the message.
    await page.click('#tab-check');
    assertEqual(await make(page, submit('check')), 'error', 'no file chosen');
    const status = await page.textContent('#status');
    assert(!status.startsWith('Done'), `the status still reads "${status}"`);
    assertEqual(await page.textContent('#error'), 'JSON Lines file: choose one first (or drop it on the box)', 'no file chosen');
    assertEqual(await page.$$eval('#downloads a', (a) => a.length), 0, 'no download left from before');
    await shot('check-error');
    // A wrong count, then the box emptied: the message follows the box.
    await page.click('#tab-puzzles');
    await page.fill('#puzzles-count', '0');
    assertEqual(await make(page, submit('puzzles')), 'error', 'count 0');
    assert((await page.inputValue('#command')).includes('--count 0'), `the command box shows "${await page.inputValue('#command')}" for a count of 0`);
    await page.fill('#puzzles-count', '');
    assert(!(await page.textContent('#error')).includes('0)'), `the message about 0 stays: ${await page.textContent('#error')}`);
    assertEqual(await page.textContent('#puzzles-count-problem'), 'How many puzzles: the box is empty; give a whole number from 1 to 10,000', 'the message under the box');
    // Make at once after an edit: the box shows the command that runs.
    await page.fill('#puzzles-count', '3');
    await page.click(submit('puzzles'));
    const shown = await page.inputValue('#command');
    assert(shown.includes('--count 3'), `the command box shows "${shown}" while the run makes 3 puzzles`);
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Done'), null, { timeout: 60000 });
    assert((await page.inputValue('#command')).includes('--count 3'), 'the command after the run');
    // Each tab its own result.
    await page.click('#tab-rules');
    assertEqual(await page.$$eval('#downloads a', (a) => a.length), 0, 'the Rulebooks tab shows the sheet\'s result');
    assertEqual(await make(page, submit('rules')), 'done', 'a rulebook');
    await page.click('#tab-board');
    assertEqual(await page.$$eval('#downloads a', (a) => a.length), 0, 'the Boards tab shows the rulebook\'s result');
    assert(await page.isHidden('#preview'), 'the Boards tab shows the rulebook\'s preview');
    assert(!(await page.textContent('#status')).includes('-rules'), `the Boards tab's status: ${await page.textContent('#status')}`);
    assert((await page.inputValue('#command')).startsWith('boardpress board '), `the Boards tab shows the command "${await page.inputValue('#command')}"`);
    await page.click('#tab-rules');
    assert((await page.getAttribute('#downloads a.download', 'download')).endsWith('-rules.pdf'), 'the Rulebooks tab keeps its result');
    assert((await page.textContent('#status')).includes('-rules.pdf'), `the Rulebooks tab's status: ${await page.textContent('#status')}`);
    await page.click('#tab-puzzles');
    assert((await page.getAttribute('#downloads a.download', 'download')).startsWith('el-win-in-one'), 'the Puzzles tab keeps its result');
    // A run that ends while another tab is open: its result and status go to its tab.
    await page.fill('#puzzles-count', '300');
    await page.click(submit('puzzles'));
    await page.click('#tab-board');
    await page.waitForFunction(() => document.querySelector('#working').hidden, null, { timeout: 60000 });
    const ended = await page.textContent('#status');
    assert(!/^(Working|Searching)/.test(ended), `the status after the run reads "${ended}"`);
    await page.click('#tab-puzzles');
    assert((await page.textContent('#status')).startsWith('Done: el-win-in-one'), `the Puzzles tab's status: ${await page.textContent('#status')}`);
    assertEqual(await page.$$eval('#downloads a.download', (a) => a.length), 1, 'the run\'s download on its tab');
    await page.click('#tab-board');
    const board = await page.textContent('#status');
    assert(!/^(Working|Searching|Done: el-)/.test(board), `the Boards tab's status reads "${board}"`);
    assertEqual(await page.$$eval('#downloads a', (a) => a.length), 0, 'the Boards tab shows the sheet\'s result');
    await page.click('#tab-puzzles');
    await page.fill('#puzzles-count', '12');
  });

  await check(`${label}: errors lead to their field, in the form's words, with real ranges`, async () => {
    await page.click('#tab-puzzles');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.fill('#puzzles-count', '0');
    await make(page, submit('puzzles'));
    await ledTo(page, '#puzzles-count', 'How many puzzles: 1 to 10,000 (not 0)', 'count 0');
    await page.fill('#puzzles-count', '-3');
    await make(page, submit('puzzles'));
    await ledTo(page, '#puzzles-count', 'How many puzzles: a whole number from 1 to 10,000 (not -3)', 'count -3');
    await page.fill('#puzzles-count', '12');
    // A 300-character title (set as a script would; typing stops at the limit).
    assertEqual(await page.getAttribute('#puzzles-title', 'maxlength'), '100', 'the title\'s maxlength');
    await page.$eval('#puzzles-title', (e) => (e.value = 'T'.repeat(300)));
    await page.evaluate(() => window.scrollTo(0, 0));
    await make(page, submit('puzzles'));
    await ledTo(page, '#puzzles-title', 'Title: at most 100 characters (this has 300)', 'a 300-character title');
    await shot('puzzles-error');
    await page.fill('#puzzles-title', '');
    // EL's size: 3 to 11 for puzzles, to 26 for a blank board.
    assertEqual(await page.getAttribute('#puzzles-el-size', 'max'), '11', 'EL size for puzzles');
    assertEqual(await page.getAttribute('#puzzles-el-size', 'min'), '3', 'EL size for puzzles');
    assertEqual(await page.getAttribute('#board-el-size', 'max'), '26', 'EL size for boards');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.$eval('#puzzles-el-size', (e) => (e.value = '99'));
    await make(page, submit('puzzles'));
    await ledTo(page, '#puzzles-el-size', 'Size: 3 to 11 (not 99)', 'EL size 99');
    await page.fill('#puzzles-el-size', '6');
    await page.$eval('#puzzles-el-size', (e) => e.dispatchEvent(new Event('change', { bubbles: true })));
    assertEqual(await page.getAttribute('#puzzles-el-size', 'aria-invalid'), null, 'the mark goes with the cause');
    // A message of the command line about the form (a combination the form cannot
    // check alone) names its control too.
    await page.fill('#puzzles-el-numbers', '8');
    await page.fill('#puzzles-el-length', '6');
    await make(page, submit('puzzles'));
    assert((await page.textContent('#error')).includes('Consecutive'), `the message names the control in the form's words: ${await page.textContent('#error')}`);
    assertEqual(await focused(page), 'puzzles-el-consecutive', 'the focus is on the control the message names');
    await page.fill('#puzzles-el-numbers', '6');
    await page.fill('#puzzles-el-length', '');
    // Advice naming two options calls both by their labels: no flag on the page.
    await page.selectOption('#puzzles-game', 'gosforth');
    await page.selectOption('#puzzles-task', 'win-in-one');
    await page.selectOption('#puzzles-difficulty', 'hard');
    assertEqual(await make(page, submit('puzzles')), 'error', 'gosforth win-in-one, hard');
    const advice = await page.textContent('#error');
    assert(advice.endsWith('(use Difficulty medium, or Task best-move for hard and expert puzzles)'), `both options in the form's words: ${advice}`);
    assertEqual(await focused(page), 'puzzles-difficulty', 'the focus is on the first option the message names');
    await shot('puzzles-advice');
    await page.selectOption('#puzzles-difficulty', '');
    await page.selectOption('#puzzles-game', 'el');
  });

  await check(`${label}: the live region speaks at most about once a second; typing fires no alert`, async () => {
    await page.click('#tab-puzzles');
    const alerts = await countChanges(page, '#error');
    await page.click('#puzzles-count');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0', { delay: 30 });
    await page.keyboard.press('Backspace');
    await page.keyboard.type('99999', { delay: 30 });
    await page.keyboard.press('Tab');
    await page.click('#puzzles-title');
    await page.keyboard.type('Friday', { delay: 20 });
    await page.waitForTimeout(600);
    assertEqual(await alerts.read(), 0, 'changes of the alert while typing');
    assertEqual(await page.$$eval('[role=alert], [aria-live=assertive]', (e) => e.length), 1, 'one alert on the page');
    await page.fill('#puzzles-title', '');
    await startLongSearch(page, '1');
    const spoken = await countChanges(page, '#status');
    await page.waitForTimeout(5000);
    const changes = await spoken.read();
    assert(changes <= 7, `the status changed ${changes} times in 5 s`);
    assert(await page.$eval('#progress', (p) => p.value > 0), 'the bar moves');
    await page.click('#cancel');
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Cancelled'));
    await page.selectOption('#puzzles-game', 'el');
    await page.selectOption('#puzzles-difficulty', '');
    await page.fill('#puzzles-count', '12');
  });

  await check(`${label}: the preview's words in the document's language; a booklet's marks in its own`, async () => {
    await page.click('#tab-puzzles');
    await page.selectOption('#lang', 'de');
    await page.fill('#puzzles-count', '2');
    assertEqual(await make(page, submit('puzzles')), 'done', 'a German sheet');
    assertEqual(await page.getAttribute('#preview img', 'lang'), 'de', 'the German preview\'s alternative text');
    assertEqual(await page.getAttribute('#preview .page-words p', 'lang'), 'de', 'the German page in words');
    assert((await page.getAttribute('#preview img', 'alt')).includes('Gewinn'), `alt: ${await page.getAttribute('#preview img', 'alt')}`);
    await page.click('#tab-rules');
    await page.selectOption('#rules-game', 'el');
    await page.setChecked('#rules-booklet', true);
    for (const [lang, mark] of [['de', 'Bogen 1, Vorderseite · hier falten'], ['fr', 'feuille 1, recto · plier ici']]) {
      await page.selectOption('#lang', lang);
      const { web } = await compareWithCli(page, 'rules', `${label}: a ${lang} booklet`);
      const text = pdfText(Object.values(web)[0]);
      assert(text.includes(mark), `the ${lang} booklet's marks: no "${mark}"`);
      assert(!text.includes('fold here'), `the ${lang} booklet has English marks`);
    }
    await shot('rules');
    await page.setChecked('#rules-booklet', false);
    await page.selectOption('#lang', 'en');
    await page.click('#tab-puzzles');
    await page.fill('#puzzles-count', '12');
  });

  await check(`${label}: the book spec and the form survive a reload; the spec downloads; its lines are numbered`, async () => {
    await page.click('#tab-board');
    await page.selectOption('#board-game', 'kamon');
    await page.fill('#board-seed', 'kept');
    assertEqual(await make(page, submit('board')), 'done', 'a Kamon board');
    await shot('board');
    await page.click('#tab-puzzles');
    await page.fill('#puzzles-count', '7');
    await page.fill('#puzzles-seed', 'kept seed');
    await page.click('#tab-book');
    const edited = (await page.inputValue('#book-spec')) + '\n# kept after a reload\n';
    await page.fill('#book-spec', edited);
    await page.waitForTimeout(400);
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assertEqual(await page.getAttribute('#tab-book', 'aria-selected'), 'true', 'the open tab');
    assertEqual(await page.inputValue('#book-spec'), edited, 'the edited spec');
    assertEqual(await page.inputValue('#puzzles-count'), '7', 'the count');
    assertEqual(await page.inputValue('#puzzles-seed'), 'kept seed', 'the seed');
    assertEqual(await page.inputValue('#board-game'), 'kamon', 'the board\'s game');
    assertEqual(await page.inputValue('#board-seed'), 'kept', 'the board\'s seed');
    // Download spec: the very text.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Download spec')]);
    const file = path.join(work, `spec-${++cliRuns}.toml`);
    await download.saveAs(file);
    assertEqual(fs.readFileSync(file, 'utf8'), edited, 'the downloaded spec');
    assertEqual(download.suggestedFilename(), 'book.toml', 'the spec\'s file name');
    // Numbered lines, and an error that names one takes the user to it.
    const lines = edited.split('\n');
    const gutter = (await page.textContent('.editor .gutter')).trim().split('\n').map((l) => l.trim());
    assertEqual(gutter[lines.length - 1], String(lines.length), 'the last line\'s number');
    const at = lines.findIndex((l) => l.startsWith('count')) + 1;
    assert(at > 0, 'the sample has a count line');
    const broken = lines.map((l, i) => (i === at - 1 ? 'count = 0' : l)).join('\n');
    await page.fill('#book-spec', broken);
    await page.evaluate(() => window.scrollTo(0, 0));
    assertEqual(await make(page, submit('book')), 'error', 'a spec with count = 0');
    const message = await page.textContent('#error');
    assert(message.startsWith(`Spec, line ${at}: `), `the message names the line: ${message}`);
    assertEqual(await focused(page), 'book-spec', 'the focus is on the spec');
    const selected = await page.$eval('#book-spec', (t) => t.value.slice(0, t.selectionStart).split('\n').length);
    assertEqual(selected, at, 'the line selected');
    await shot('book-error');
    // Reset: the form as it first was, and nothing kept.
    await page.click('#book-form .actions button.small');
    assert(!(await page.inputValue('#book-spec')).includes('# kept after a reload'), 'Reset brings back the sample');
    assertEqual(await make(page, submit('book')), 'done', 'the sample book');
    await shot('book');
    await page.evaluate(() => localStorage.clear());
  });

  await context.close();
}

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
    assertEqual(alt, 'EL — win in one', 'the preview\'s alternative text');
    assertEqual(await page.getAttribute('#preview img', 'lang'), 'en', 'the preview\'s language');
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
    assertEqual(await page.textContent('#error'), 'How many puzzles: the box is empty; give a whole number from 1 to 10,000', 'empty count');
    assertEqual(await page.getAttribute('#puzzles-count', 'aria-invalid'), 'true', 'the empty box is marked');
    // An absurd count: said in the form's words, before anything runs.
    await page.fill('#puzzles-count', '99999');
    assertEqual(await make(page, '#puzzles-form button[type=submit]'), 'error', 'absurd count');
    assertEqual(await page.textContent('#error'), 'How many puzzles: 1 to 10,000 (not 99,999)', 'absurd count');
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
    await startLongSearch(page, 'long');
    await page.waitForFunction(() => document.querySelector('#progress').value >= 3, null, { timeout: 120000 });
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Searching'), null, { timeout: 120000 });
    const status = await page.textContent('#status');
    assert(/^Searching: [\d,]+ of 10,000 puzzles found/.test(status), `progress shown: ${status}`);
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

  await check('a run that leaves the worker large gets a fresh worker; the page goes on', async () => {
    const workers = () => page.evaluate(() => worker.started);
    const before = await workers();
    assertEqual(await make(page, '#puzzles-form button[type=submit]'), 'done', 'a small sheet');
    assertEqual(await workers(), before, 'a small sheet keeps its worker');
    // 600 SIX puzzles as SVG pages grow the WebAssembly memory past 32 MB (about 36 MB).
    await page.fill('#command', 'boardpress puzzles six --count 600 --seed renew --format svg');
    await page.click('#run-command');
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Done'), null, { timeout: 120000 });
    assertEqual(await workers(), before + 1, 'a fresh worker after the large run');
    // What the large run made is still offered: its zip downloads whole (read back, CRCs
    // checked).
    const link = await page.$('#downloads a.download');
    assertEqual(await link.getAttribute('download'), 'six-win-renew.zip', 'the zip is offered first');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = path.join(work, 'renew.zip');
    await download.saveAs(file);
    for (const d of await page.$$('#downloads details')) await d.evaluate((e) => (e.open = true));
    const pages = (await page.$$('#downloads a.download')).length - 1;
    assert(pages >= 300, `${pages} pages`);
    assertEqual(unzip(fs.readFileSync(file)).length, pages, 'the zip holds every page');
    // The fresh worker answers: the command box follows the form, and a sheet is made.
    await page.fill('#puzzles-count', '4');
    await page.waitForFunction(() => document.querySelector('#command').value.includes('--count 4'));
    assertEqual(await make(page, '#puzzles-form button[type=submit]'), 'done', 'a sheet on the fresh worker');
    assertEqual(await workers(), before + 1, 'and it keeps that worker');
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

  await craftChecks(browser, fileUrl, 'file://' + dist, { width: 1280, height: 800 }, 'laptop, 1280 px');

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
  await craftChecks(browser, origin + '/index.html', origin, { width: 390, height: 844 }, 'phone, 390 px');
  server.close();

  await check("rulebook HTML at a phone's width: long words and long table cells wrap, nothing wider than the screen", async () => {
    const template =
      '# Long words\n\nA word: ' + 'Donaudampfschifffahrtsgesellschaftskapitän'.repeat(4) + ' ends here.\n\n' +
      '| Name | Value |\n|---|---|\n| ' + 'x'.repeat(120) + ' | 1 |\n';
    const files = [
      ['long', cliMake(['rules', '--template', 'long.md', '--format', 'html'], { 'long.md': template })],
      ['kamon', cliMake(['rules', 'kamon', '--format', 'html'])],
    ];
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const [name, made] of files) {
      assertEqual(made.status, 0, `${name}: ${made.stderr}`);
      const file = path.join(work, `${name}-rules.html`);
      fs.writeFileSync(file, Object.values(made.made)[0]);
      await page.goto('file://' + file);
      await page.screenshot({ path: path.join(shots, `phone-rules-${name}.png`) });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 390, `${name}: the rulebook is ${width} px wide on a 390 px screen`);
    }
    await context.close();
  });

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
console.log('zips downloaded and read back (each file as its own download):');
for (const line of zipsRead) console.log('  ' + line);
console.log('timings (this machine, headless Chromium):');
for (const line of timings) console.log('  timing: ' + line);
console.log(`screenshots: ${path.relative(root, shots)}/`);
const failed = results.filter((r) => !r.ok);
console.log(`\nbrowser test: ${results.length - failed.length} of ${results.length} checks passed`);
process.exit(failed.length ? 1 : 0);
