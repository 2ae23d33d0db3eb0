// Small helpers for building the page: elements, form fields, quoting a word as a
// shell would, sizes in words.
'use strict';

/* ---------- small helpers ---------- */

const $ = (id) => document.getElementById(id);

function element(tag, attributes, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'text') e.textContent = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

/** A word as a POSIX shell would need it: the same rule as boardpress's own. */
function shellQuote(word) {
  if (word !== '' && /^[A-Za-z0-9\-_.,:/@+=%]+$/.test(word)) return word;
  return "'" + word.replace(/'/g, "'\\''") + "'";
}

function sizeText(bytes) {
  if (bytes < 1000) return bytes + ' bytes';
  if (bytes < 1e6) return (bytes / 1000).toFixed(0) + ' KB';
  return (bytes / 1e6).toFixed(1) + ' MB';
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A labelled control in a row; `help` goes under it, tied by aria-describedby. The
 *  label is also what the form's messages call the control (`data-label`). */
function field(id, labelText, control, help) {
  control.id = id;
  if (!control.dataset.label) control.dataset.label = labelText;
  const row = element('div', { class: 'field' });
  const label = element('label', { for: id, text: labelText });
  if (control.type === 'checkbox') {
    row.classList.add('check');
    row.append(control, label);
  } else {
    row.append(label, control);
  }
  if (help) {
    const helpId = id + '-help';
    control.setAttribute('aria-describedby', helpId);
    row.append(element('p', { class: 'help', id: helpId, text: help }));
  }
  return row;
}

function select(choices, value) {
  const s = element('select');
  for (const [v, text] of choices) s.append(element('option', { value: v, text, selected: v === value }));
  return s;
}

function numberInput(min, max, value, placeholder) {
  return element('input', { type: 'number', inputmode: 'numeric', min, max, step: 1, value, placeholder });
}

/** A one-line text box; `most`: its longest value in characters (what the command
 *  line accepts). */
function textInput(value, placeholder, most) {
  return element('input', { type: 'text', value, placeholder, autocomplete: 'off', spellcheck: 'false', maxlength: most, 'data-most': most });
}

/** Adds or removes one id in a control's aria-describedby. */
function describedBy(control, id, on) {
  const ids = (control.getAttribute('aria-describedby') || '').split(/\s+/).filter((x) => x && x !== id);
  if (on) ids.unshift(id);
  if (ids.length) control.setAttribute('aria-describedby', ids.join(' '));
  else control.removeAttribute('aria-describedby');
}

/** A number as the page writes it: 10,000. */
function numberText(n) {
  return Number(n).toLocaleString('en');
}

function checkbox(checked) {
  return element('input', { type: 'checkbox', checked });
}

function fieldset(legend, ...rows) {
  return element('fieldset', {}, element('legend', { text: legend }), ...rows);
}
