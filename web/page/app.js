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

/** Puts the active form's command in the box, in the form its documents will print it. */
function showCommand() {
  clearTimeout(commandTimer);
  commandTimer = setTimeout(async () => {
    if (!catalog) return;
    let command;
    try {
      command = formCommand();
    } catch (problem) {
      $('command').value = '';
      return;
    }
    $('command').value = command;
    if (worker.busy) return;
    const asked = ++commandAsked;
    try {
      const answer = await ask('command', { command });
      if (asked !== commandAsked) return;
      if (answer.message) {
        $('command').value = command;
        $('command').setAttribute('aria-describedby', 'error');
        showError(answer.message);
      } else {
        $('command').value = answer.command;
        if (!worker.busy) $('error').textContent = '';
        for (const c of document.querySelectorAll('[aria-invalid=true]')) c.removeAttribute('aria-invalid');
      }
    } catch (_) {
      // The worker was restarted; the next change asks again.
    }
  }, 120);
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

/** Runs a command line with the files the page holds. */
async function run(command, files) {
  if (worker.busy) return;
  stopCommandUpdate();
  clearResult();
  worker.busy = true;
  for (const b of document.querySelectorAll('button[type=submit], #run-command')) b.disabled = true;
  $('working').hidden = false;
  const bar = $('progress');
  bar.removeAttribute('value');
  $('status').textContent = 'Working…';
  // On a narrow screen the result is below the form: bring it into view.
  if (window.matchMedia('(max-width: 60rem)').matches) $('result-heading').scrollIntoView({ block: 'start' });
  const started = performance.now();
  try {
    await worker.ready;
    const answer = await ask('run', { command, files }, (p) => {
      bar.max = p.wanted;
      bar.value = p.found;
      $('status').textContent = `Searching: ${p.found} of ${p.wanted} puzzles found (${p.attempts.toLocaleString('en')} positions tried)…`;
    });
    showOutcome(answer.outcome, (performance.now() - started) / 1000);
    const first = document.querySelector('#downloads a.download') || (!$('printed').hidden && $('printed'));
    if (first) first.focus({ preventScroll: true });
  } catch (failure) {
    if (failure && failure.cancelled) {
      $('status').textContent = 'Cancelled: nothing was made.';
    } else {
      $('status').textContent = 'Nothing was made.';
      showError((failure && failure.message) || String(failure));
    }
  } finally {
    worker.busy = false;
    $('working').hidden = true;
    for (const b of document.querySelectorAll('button[type=submit], #run-command')) b.disabled = false;
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
  $('status').textContent = 'Command copied.';
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
    $('status').textContent = 'boardpress could not start in this browser.';
    showError(String(error && error.message ? error.message : error));
    return;
  }
  buildPuzzlesForm();
  buildBoardForm();
  buildRulesForm();
  buildBookForm();
  buildCheckForm();
  $('lang').addEventListener('change', () => {
    setBookLang($('lang').value);
    showCommand();
  });
  for (const [, f] of Object.entries(forms)) {
    f.form.addEventListener('input', showCommand);
    f.form.addEventListener('change', showCommand);
    f.form.addEventListener('submit', (e) => {
      e.preventDefault();
      let command;
      try {
        command = formCommand();
      } catch (problem) {
        clearResult();
        showError(problem.message, problem.flag);
        return;
      }
      run(command, formFiles());
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
  $('status').textContent = `Ready (started in ${ms} ms). Choose what to make.`;
}

start();
