// The result area: what a run made — a preview of the first page with its words, a
// download per file (and a zip when there are several), what the command printed, or
// the error, with the control it names marked, focused and in view. Each tab keeps its
// own result: switching tabs shows that tab's, never another's.
'use strict';

/* ---------- the result area ---------- */

/** The parts of the result area a tab's result fills. */
const RESULT_PARTS = ['error', 'notes', 'downloads', 'printed', 'preview'];
/** Results of the tabs not shown, by tab: their nodes, as they were. */
const keptResults = {};
/** The object URLs of each tab's result (freed when the tab makes a new one). */
const objectUrls = {};
/** The tab whose result the area shows. */
let shownTab = 'puzzles';
/** What the status line last said for each tab. */
const tabStatus = {};

/** Says `text` on the status line, as `tab`'s (the shown tab's unless a run of another
 *  tab is reporting). */
function setStatus(text, tab = shownTab) {
  tabStatus[tab] = text;
  $('status').textContent = text;
}

/** Takes the shown result out of the area and keeps it for its tab. */
function stashResult() {
  const kept = { parts: {} };
  for (const id of RESULT_PARTS) {
    const part = $(id);
    kept.parts[id] = { nodes: Array.from(part.childNodes), hidden: part.hidden, className: part.className };
    part.replaceChildren();
  }
  keptResults[shownTab] = kept;
}

/** Shows the kept result of `tab` (an empty area if it has none). The status line
 *  keeps saying how a run is going while one is under way. */
function restoreResult(tab) {
  shownTab = tab;
  const kept = keptResults[tab];
  delete keptResults[tab];
  for (const id of RESULT_PARTS) {
    const part = $(id);
    const was = kept && kept.parts[id];
    part.replaceChildren(...(was ? was.nodes : []));
    part.hidden = was ? was.hidden : id === 'printed' || id === 'preview';
    if (was) part.className = was.className;
  }
  if (!worker.busy) $('status').textContent = tabStatus[tab] || '';
}

/** Runs `show` with the result area holding `tab`'s result (a run's outcome goes to
 *  the tab that started it, whichever tab is open when it ends). */
function inResultOf(tab, show) {
  if (tab === shownTab) return show();
  const open = shownTab;
  stashResult();
  restoreResult(tab);
  try {
    return show();
  } finally {
    stashResult();
    restoreResult(open);
  }
}

function clearResult() {
  for (const u of objectUrls[shownTab] || []) URL.revokeObjectURL(u);
  objectUrls[shownTab] = [];
  $('error').textContent = '';
  $('notes').replaceChildren();
  $('downloads').replaceChildren();
  $('printed').hidden = true;
  $('printed').textContent = '';
  $('preview').hidden = true;
  $('preview').replaceChildren();
}

/**
 * The control of `tab`'s form that a message of the command line is about (the first
 * option boardpress says it names, `options`, or else the first flag in its words; or a
 * line of the book's spec), and the message in the form's words.
 */
function namedControl(message, tab, options = []) {
  const panel = $('panel-' + tab);
  const line = new RegExp('^' + escapeRegExp(($('book-name') || {}).value || 'book.toml') + ':(\\d+): (.*)$').exec(message);
  if (tab === 'book' && line) return { control: $('book-spec'), line: Number(line[1]), words: `Spec, line ${line[1]}: ${line[2]}` };
  const flag = options.length ? '--' + options[0] : (/'?(--[a-z-]+)/.exec(message) || [])[1];
  if (!flag) return null;
  const control = shownControl(panel, flag);
  if (!control) return null;
  const label = control.dataset.label || flag;
  // clap's "invalid value '0' for '--count': between 1 and 10,000 (…)".
  const invalid = /^invalid value '(.*)' for '--[a-z-]+(?: <[A-Z_]+>)?': (.*)$/.exec(message);
  const words = invalid ? `${label}: ${invalid[2]} (not ${invalid[1]})` : inFormWords(message, panel);
  return { control, words };
}

/** A message with every option the form shows called by its label ("use Difficulty
 *  medium, or Task best-move"): the page's user never typed a flag. An option the
 *  form does not show keeps its flag. */
function inFormWords(message, panel) {
  return message.replace(/'?(--[a-z-]+)(?: <[A-Z_]+>)?'?/g, (whole, flag) => {
    const control = shownControl(panel, flag);
    return control ? control.dataset.label || flag : whole;
  });
}

/** The control of `panel` that stands for `flag` and is not hidden, if any. */
function shownControl(panel, flag) {
  return Array.from(panel.querySelectorAll('[data-flag]')).find((c) => c.dataset.flag === flag && !c.closest('[hidden]'));
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Shows a message (the alert a screen reader speaks). A message about the form
 * (`fromForm`) names the control it is about in the form's words: that control is
 * marked, tied to the message, opened if folded, focused and scrolled into view.
 * Otherwise the message itself takes the focus, so that nothing is lost.
 */
function showError(message, control, fromForm = true, options = []) {
  let words = message;
  let line = null;
  if (!control && fromForm) {
    const named = namedControl(message, activeTab(), options);
    if (named) ({ control, words, line } = named);
  }
  $('error').textContent = words;
  if (control) {
    setFieldProblem(control, words);
    if (line) selectLine(control, line);
    else control.focus({ preventScroll: true });
    control.scrollIntoView({ block: 'center' });
  } else {
    $('error').focus({ preventScroll: true });
    $('error').scrollIntoView({ block: 'nearest' });
  }
}

function url(blob) {
  const u = URL.createObjectURL(blob);
  (objectUrls[shownTab] = objectUrls[shownTab] || []).push(u);
  return u;
}

function downloadLink(name, blob, label) {
  return element('a', { class: 'download', href: url(blob), download: name, text: label || `Download ${name} (${sizeText(blob.size)})` });
}

function showOutcome(outcome, seconds) {
  const docs = outcome.documents;
  if (outcome.command) $('command').value = outcome.command;
  for (const n of outcome.notes) $('notes').append(element('li', { text: n }));
  if (outcome.printed) {
    $('printed').textContent = outcome.printed;
    $('printed').hidden = false;
  }
  const list = $('downloads');
  const blobs = docs.map((d) => new Blob([d.bytes], { type: d.mime }));
  if (outcome.zip) {
    // The zip's parts are its own bytes or a document stored in it (a PDF), which the
    // zip takes from that document's blob rather than holding a second copy.
    const zip = new Blob(outcome.zip.parts.map((part) => (typeof part === 'number' ? blobs[part] : part)), { type: outcome.zip.mime });
    list.append(downloadLink(outcome.zip.name, zip, `Download all ${docs.length} files as ${outcome.zip.name} (${sizeText(zip.size)})`));
  }
  if (docs.length > 0 && docs.length <= 3) {
    docs.forEach((d, i) => list.append(downloadLink(d.name, blobs[i])));
  } else if (docs.length > 3) {
    const details = element('details', {}, element('summary', { text: `Or one file at a time (${docs.length})` }));
    docs.forEach((d, i) => details.append(downloadLink(d.name, blobs[i])));
    list.append(details);
  }
  const preview = $('preview');
  const first = docs[0];
  if (outcome.preview || (first && first.mime === 'image/svg+xml')) {
    const u = url(outcome.preview ? new Blob([outcome.preview], { type: 'image/svg+xml' }) : blobs[0]);
    // The picture's text is the page's title; everything on it, in words, follows for
    // whoever cannot see it (the same words as the documents' figures). Both are in
    // the document's language, and say so, for a screen reader to speak them right.
    const words = outcome.previewWords;
    const lang = outcome.lang || 'en';
    const alt = words && words.title ? words.title : 'The first page';
    preview.append(element('img', { src: u, alt, lang: words && words.title ? lang : 'en' }), element('figcaption', { text: 'The first page' }));
    if (words && words.text) {
      preview.append(element('details', { class: 'page-words' }, element('summary', { text: 'The first page in words' }), element('p', { lang, text: words.text })));
    }
    preview.hidden = false;
  } else if (first && first.mime === 'text/html') {
    preview.append(element('iframe', { src: url(blobs[0]), title: 'Preview of the rulebook page', sandbox: '' }));
    preview.hidden = false;
  } else if (first && first.mime === 'application/jsonl') {
    const lines = new TextDecoder().decode(first.bytes).split('\n').filter((l) => l);
    preview.append(element('pre', { class: 'records', tabindex: 0, text: lines.slice(0, 3).join('\n') + (lines.length > 3 ? `\n… ${lines.length} records in all` : '') }), element('figcaption', { text: 'The first records' }));
    preview.hidden = false;
  }
  const took = seconds < 1 ? `${Math.max(1, Math.round(seconds * 1000))} ms` : `${seconds.toFixed(1)} s`;
  if (docs.length === 0) {
    // verify (or solve, or --help): what it printed is the result.
    const failed = /^boardpress: error: /m.test(outcome.printed);
    $('printed').classList.toggle('failed', failed);
    setStatus(failed ? `Done in ${took}: problems found, listed below.` : `Done in ${took}.`);
    return;
  }
  const what = docs.length === 1 ? docs[0].name : `${docs.length} files`;
  setStatus(`Done: ${what} in ${took}.`);
}
