// The form's own checks, in the form's words ("How many puzzles: 1 to 10,000"), and the
// form's memory. A control whose value the command line would refuse gets a message
// under it, tied to it by aria-describedby; the message changes as the user types
// without interrupting a screen reader (it is not a live region), and Make reports the
// first one aloud and takes the user to its control. What the user typed, and the book
// spec, are kept in this browser (localStorage) and come back after a reload.
'use strict';

/* ---------- checks ---------- */

/** What is wrong with a control's value, in the form's words, or null. */
function fieldProblem(control) {
  if (control.disabled || control.closest('[hidden]')) return null;
  const label = control.dataset.label || control.id;
  if (control.type === 'number') {
    const min = Number(control.min);
    const max = Number(control.max);
    const range = `${numberText(min)} to ${numberText(max)}`;
    const value = control.value.trim();
    if (control.validity && control.validity.badInput) return `${label}: a whole number from ${range}`;
    if (value === '') return control.dataset.required ? `${label}: the box is empty; give a whole number from ${range}` : null;
    if (!/^\d+$/.test(value)) return `${label}: a whole number from ${range} (not ${value})`;
    if (Number(value) < min || Number(value) > max) return `${label}: ${range} (not ${numberText(value)})`;
    return null;
  }
  const most = Number(control.dataset.most || 0);
  const length = Array.from(control.value.trim()).length;
  if (most && length > most) return `${label}: at most ${numberText(most)} characters (this has ${numberText(length)})`;
  return null;
}

/** Shows (or, with no message, takes away) the message under a control. */
function setFieldProblem(control, message) {
  const id = control.id + '-problem';
  let note = document.getElementById(id);
  if (!message) {
    if (note) note.remove();
    control.removeAttribute('aria-invalid');
    describedBy(control, id, false);
    return;
  }
  if (!note) {
    note = element('p', { class: 'field-problem', id });
    const row = control.closest('.field') || control.parentElement;
    const help = row.querySelector(':scope > .help');
    row.insertBefore(note, help);
  }
  note.textContent = message;
  control.setAttribute('aria-invalid', 'true');
  describedBy(control, id, true);
  const details = control.closest('details');
  if (details) details.open = true;
}

/** Every control of a form (file choosers and the command box aside). */
function formControls(form) {
  return Array.from(form.querySelectorAll('input[id], select[id], textarea[id]')).filter((c) => c.type !== 'file');
}

/** Checks every control of a form and marks each one in the wrong; the first problem
 *  and its control, or null. */
function checkForm(form) {
  let first = null;
  for (const control of formControls(form)) {
    const problem = fieldProblem(control);
    setFieldProblem(control, problem);
    if (problem && !first) first = { message: problem, control };
  }
  return first;
}

/** Clears every message under a form's controls. */
function clearFieldProblems(form) {
  for (const control of formControls(form)) setFieldProblem(control, null);
}

/**
 * As the user types: a control that shows a message has it updated at once (so that
 * a message never outlives its cause); a new problem is shown when the user leaves
 * the control or commits the value (`change`), not at every key.
 */
function watchFields(form) {
  form.addEventListener('input', (e) => {
    const c = e.target;
    if (c.getAttribute && c.getAttribute('aria-invalid') === 'true') setFieldProblem(c, fieldProblem(c));
  });
  form.addEventListener('change', (e) => {
    const c = e.target;
    if (c.id && c.type !== 'file') setFieldProblem(c, fieldProblem(c));
  });
}

/* ---------- memory ---------- */

const STORE_KEY = 'boardpress.page.1';
let saveTimer = null;

/** The browser's storage, or null where the page may not use it. */
function storage() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

/** Keeps every form's values, the language and the open tab (soon after a change). */
function saveForms() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveFormsNow, 250);
}

function saveFormsNow() {
  clearTimeout(saveTimer);
  const store = storage();
  if (!store || !catalog) return;
  const values = {};
  for (const f of Object.values(forms)) {
    for (const c of formControls(f.form)) values[c.id] = c.type === 'checkbox' ? c.checked : c.value;
  }
  const state = { lang: $('lang').value, tab: activeTab(), values };
  try {
    store.setItem(STORE_KEY, JSON.stringify(state));
  } catch (_) {
    // Full or forbidden: the page works on without its memory.
  }
}

/** Puts back what `saveForms` kept: values in page order, each select and box
 *  announcing its change, so that what depends on it (a game's tasks) follows. */
function restoreForms() {
  const store = storage();
  let state = null;
  try {
    state = store && JSON.parse(store.getItem(STORE_KEY) || 'null');
  } catch (_) {
    state = null;
  }
  if (!state || typeof state.values !== 'object') return false;
  if (['en', 'de', 'fr'].includes(state.lang)) $('lang').value = state.lang;
  for (const f of Object.values(forms)) {
    for (const c of formControls(f.form)) {
      if (!(c.id in state.values)) continue;
      const value = state.values[c.id];
      if (c.type === 'checkbox') {
        if (c.checked !== !!value && !c.disabled) {
          c.checked = !!value;
          c.dispatchEvent(new Event('change', { bubbles: true }));
        }
      } else if (c.tagName === 'SELECT') {
        if (c.value !== value && Array.from(c.options).some((o) => o.value === value)) {
          c.value = value;
          c.dispatchEvent(new Event('change', { bubbles: true }));
        }
      } else if (typeof value === 'string' && c.value !== value) {
        c.value = value;
        c.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  }
  const tab = state.tab && document.getElementById('tab-' + state.tab);
  if (tab) selectTab(tab, false);
  return true;
}

/** Forgets what was kept of one form (Reset). */
function forgetForm(form) {
  const store = storage();
  if (!store) return;
  try {
    const state = JSON.parse(store.getItem(STORE_KEY) || 'null');
    if (!state || !state.values) return;
    for (const c of formControls(form)) delete state.values[c.id];
    store.setItem(STORE_KEY, JSON.stringify(state));
  } catch (_) {
    // Nothing kept, or nothing to keep it in.
  }
}
