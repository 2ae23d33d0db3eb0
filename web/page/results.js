// The result area: what a run made — a preview of the first page with its words, a
// download per file (and a zip when there are several), what the command printed, or
// the error with the control it names marked.
'use strict';

/* ---------- the result area ---------- */

let objectUrls = [];

function clearResult() {
  for (const u of objectUrls) URL.revokeObjectURL(u);
  objectUrls = [];
  $('error').textContent = '';
  $('notes').replaceChildren();
  $('downloads').replaceChildren();
  $('printed').hidden = true;
  $('printed').textContent = '';
  $('preview').hidden = true;
  $('preview').replaceChildren();
  for (const c of document.querySelectorAll('[aria-invalid=true]')) c.removeAttribute('aria-invalid');
}

/** Shows a message; marks the control the message names (a flag such as --count). */
function showError(message, flag) {
  $('error').textContent = message;
  const named = flag || (/'?(--[a-z-]+)/.exec(message) || [])[1];
  if (!named) return;
  const panel = $('panel-' + activeTab());
  const control = Array.from(panel.querySelectorAll('[data-flag]')).find((c) => c.dataset.flag === named && !c.closest('[hidden]'));
  if (!control) return;
  control.setAttribute('aria-invalid', 'true');
  const details = control.closest('details');
  if (details) details.open = true;
}

function url(bytes, mime) {
  const u = URL.createObjectURL(new Blob([bytes], { type: mime }));
  objectUrls.push(u);
  return u;
}

function downloadLink(doc, label) {
  return element('a', { class: 'download', href: url(doc.bytes, doc.mime), download: doc.name, text: label || `Download ${doc.name} (${sizeText(doc.bytes.length)})` });
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
  if (outcome.zip) list.append(downloadLink(outcome.zip, `Download all ${docs.length} files as ${outcome.zip.name} (${sizeText(outcome.zip.bytes.length)})`));
  if (docs.length > 0 && docs.length <= 3) {
    for (const d of docs) list.append(downloadLink(d));
  } else if (docs.length > 3) {
    const details = element('details', {}, element('summary', { text: `Or one file at a time (${docs.length})` }));
    for (const d of docs) details.append(downloadLink(d));
    list.append(details);
  }
  const preview = $('preview');
  const first = docs[0];
  if (outcome.preview || (first && first.mime === 'image/svg+xml')) {
    const svg = outcome.preview ? new Blob([outcome.preview], { type: 'image/svg+xml' }) : new Blob([first.bytes], { type: first.mime });
    const u = URL.createObjectURL(svg);
    objectUrls.push(u);
    // The picture's text is the page's title; everything on it, in words, follows for
    // whoever cannot see it (the same words as the documents' figures).
    const words = outcome.previewWords;
    const alt = words && words.title ? `The first page: ${words.title}` : 'The first page';
    preview.append(element('img', { src: u, alt }), element('figcaption', { text: 'The first page' }));
    if (words && words.text) {
      preview.append(element('details', { class: 'page-words' }, element('summary', { text: 'The first page in words' }), element('p', { text: words.text })));
    }
    preview.hidden = false;
  } else if (first && first.mime === 'text/html') {
    preview.append(element('iframe', { src: url(first.bytes, first.mime), title: 'Preview of the rulebook page', sandbox: '' }));
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
    $('status').textContent = failed ? `Done in ${took}: problems found, listed below.` : `Done in ${took}.`;
    return;
  }
  const what = docs.length === 1 ? docs[0].name : `${docs.length} files`;
  $('status').textContent = `Done: ${what} in ${took}.`;
}
