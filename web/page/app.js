// The page: forms built from boardpress's own catalog (games, tasks, options), each
// turned into the command line a terminal would run; boardpress runs it in a Web Worker
// (boardpress.js, made by web/build.sh) and hands back the documents to download.
// This script loads last: the command box, Run and Cancel, and starting the page.
'use strict';

/* ---------- commands ---------- */

/** The command line of the active form, as a string a terminal takes. */
function formCommand() {
  const f = forms[activeTab()];
  return 'boardpress ' + f.words().map(shellQuote).join(' ');
}

/** Every file the page holds (the checked file, the book spec), by name. */
function formFiles() {
  const all = Object.assign({}, files);
  for (const f of Object.values(forms)) if (f.files) Object.assign(all, f.files());
  return all;
}

let commandTimer = null;
let commandAsked = 0;

/**
 * Puts the active form's command in the box at once, as the form gives it, and a
 * moment later (when the typing pauses) in the form its documents will print it.
 */
function showCommand() {
  clearTimeout(commandTimer);
  if (!catalog) return;
  let command;
  try {
    command = formCommand();
  } catch (problem) {
    $('command').value = '';
    showCommandProblem(problem.message);
    return;
  }
  $('command').value = command;
  commandTimer = setTimeout(async () => {
    if (worker.busy) return;
    const asked = ++commandAsked;
    try {
      const answer = await ask('command', { command });
      if (asked !== commandAsked) return;
      if (answer.message) {
        $('command').value = command;
        showCommandProblem(answer.message);
      } else {
        $('command').value = answer.command;
        showCommandProblem('');
      }
    } catch (_) {
      // The worker was restarted; the next change asks again.
    }
  }, 120);
}

/**
 * What the command line would say of the command as it stands, under the command box:
 * quietly (not an alert: the user is still typing), and gone as soon as it is no longer
 * true. Make says it aloud if it is still true then.
 */
function showCommandProblem(message) {
  const note = $('command-problem');
  note.textContent = message ? `As it stands: ${message}` : '';
  describedBy($('command'), 'command-problem', !!message);
}

/**
 * Drops a pending or unanswered update of the command box: the box now holds what is
 * being run (or what the user is typing), which a late update must not overwrite, nor
 * clear the message its run shows.
 */
function stopCommandUpdate() {
  clearTimeout(commandTimer);
  commandAsked += 1;
}

/** How often a run's progress is said (the bar moves at every report). */
const SAY_PROGRESS_EVERY_MS = 1000;

/** Marks the Make and Run buttons busy, or not. They stay focusable (a disabled
 *  button would drop the focus to the page); a click while busy does nothing. */
function setBusy(busy) {
  worker.busy = busy;
  for (const b of document.querySelectorAll('button[type=submit], #run-command')) {
    if (busy) b.setAttribute('aria-disabled', 'true');
    else b.removeAttribute('aria-disabled');
  }
}

/** Runs a command line with the files the page holds; `fromForm`: the command is the
 *  form's (its messages then speak of the form's controls). */
async function run(command, files, fromForm = false) {
  if (worker.busy) return;
  stopCommandUpdate();
  showCommandProblem('');
  // The box shows what runs, even if the form was changed a moment ago.
  $('command').value = command;
  const tab = activeTab();
  clearResult();
  clearFieldProblems(forms[tab].form);
  setBusy(true);
  $('working').hidden = false;
  const bar = $('progress');
  bar.removeAttribute('value');
  setStatus('Working…', tab);
  // On a narrow screen the result is below the form: bring it into view.
  if (window.matchMedia('(max-width: 60rem)').matches) $('result-heading').scrollIntoView({ block: 'start' });
  const started = performance.now();
  let said = started;
  try {
    await worker.ready;
    const answer = await ask('run', { command, files }, (p) => {
      bar.max = p.wanted;
      bar.value = p.found;
      const now = performance.now();
      if (now - said >= SAY_PROGRESS_EVERY_MS) {
        said = now;
        setStatus(`Searching: ${numberText(p.found)} of ${numberText(p.wanted)} puzzles found (${numberText(p.attempts)} positions tried)…`, tab);
      }
    });
    renewWorkerIfLarge(answer.memory);
    inResultOf(tab, () => showOutcome(answer.outcome, (performance.now() - started) / 1000));
    if (activeTab() === tab) {
      const first = document.querySelector('#downloads a.download') || (!$('printed').hidden && $('printed'));
      if (first) first.focus({ preventScroll: true });
    }
  } catch (failure) {
    inResultOf(tab, () => {
      if (failure && failure.cancelled) {
        setStatus('Cancelled: nothing was made.');
      } else {
        setStatus('Nothing was made.');
        const message = (failure && failure.message) || String(failure);
        if (activeTab() === tab) showError(message, null, fromForm, (failure && failure.options) || []);
        else $('error').textContent = message;
      }
    });
  } finally {
    setBusy(false);
    $('working').hidden = true;
  }
}

function cancel() {
  const waiting = Array.from(worker.waiting.values());
  restartWorker();
  for (const w of waiting) w.reject({ cancelled: true });
}

async function copyCommand() {
  const text = $('command').value;
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    $('command').select();
    document.execCommand('copy');
  }
  setStatus('Command copied.');
}

/* ---------- start ---------- */

async function start() {
  setUpTabs();
  const started = performance.now();
  try {
    worker.module = await compileWasm();
    worker.ready = startWorker();
    const ready = await worker.ready;
    catalog = ready.catalog;
    $('version').textContent = `boardpress ${ready.version}, running in this browser.`;
  } catch (error) {
    setStatus('boardpress could not start in this browser.');
    showError(String(error && error.message ? error.message : error));
    return;
  }
  buildPuzzlesForm();
  buildBoardForm();
  buildRulesForm();
  buildBookForm();
  buildCheckForm();
  restoreForms();
  $('lang').addEventListener('change', () => {
    setBookLang($('lang').value);
    saveForms();
    showCommand();
  });
  window.addEventListener('pagehide', saveFormsNow);
  for (const [, f] of Object.entries(forms)) {
    watchFields(f.form);
    f.form.addEventListener('input', showCommand);
    f.form.addEventListener('change', showCommand);
    f.form.addEventListener('input', saveForms);
    // An edit makes the last attempt's message stale: it goes (quietly; the field's own
    // message, if any, says what is still wrong).
    f.form.addEventListener('input', () => {
      if (!worker.busy && $('error').textContent !== '') $('error').textContent = '';
    });
    f.form.addEventListener('change', saveForms);
    f.form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (worker.busy) return;
      // The form's own checks first, in its words; then the command line's.
      const problem = checkForm(f.form);
      let command;
      try {
        if (problem) throw problem;
        command = formCommand();
      } catch (thrown) {
        clearResult();
        showCommandProblem('');
        setStatus('Nothing was made: a choice needs changing.');
        showError(thrown.message, thrown.control || null, true);
        return;
      }
      run(command, formFiles(), true);
    });
  }
  $('copy').addEventListener('click', copyCommand);
  $('run-command').addEventListener('click', () => run($('command').value, formFiles()));
  $('command').addEventListener('input', stopCommandUpdate);
  $('command').addEventListener('keydown', (e) => {
    // One line: Enter runs it (Shift+Enter too; a command has no line breaks).
    if (e.key === 'Enter') {
      e.preventDefault();
      run($('command').value, formFiles());
    }
  });
  $('cancel').addEventListener('click', cancel);
  showCommand();
  const ms = Math.round(performance.now() - started);
  document.body.dataset.ready = String(ms);
  setStatus(`Ready (started in ${ms} ms). Choose what to make.`);
}

start();
