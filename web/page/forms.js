// The forms, built from boardpress's own catalog (games, tasks, options): each turns
// its controls into the words of the command line a terminal would run. And the tabs
// that switch between them.
'use strict';

/* ---------- the forms ---------- */

let catalog = null;
/** Files the commands may name: the checked file and the book spec, by name. */
const files = {};
const forms = {}; // panel -> {form, words(): [..words], files(): {...}}

const PAPERS = [['a4', 'A4'], ['letter', 'US Letter']];

/** The words of a flag with a value, or nothing when the value is empty. */
function option(flag, value) {
  return value === '' || value === null || value === undefined ? [] : [flag, String(value)];
}

/** `[flag, value]`, or nothing when the value is the command's default (left unsaid). */
function unlessDefault(flag, value, fallback) {
  return value !== fallback ? [flag, value] : [];
}

/** The game options of `use` (puzzles, board, rules) of each game, one block per game. */
function gameOptionBlocks(prefix, use, games) {
  const blocks = {};
  for (const game of games) {
    const rows = [];
    for (const o of game.options.filter((o) => o.uses.includes(use))) {
      const id = `${prefix}-${game.word}-${o.name}`;
      let control;
      // A number's real range for this command: EL plays boards up to 11 cells a
      // side and prints blank ones up to 26.
      const max = use === 'board' ? o.max : (o.playedMax ?? o.max);
      if (o.kind === 'flag') control = checkbox(false);
      else if (o.kind === 'number') control = numberInput(o.min, max, o.default ?? '', o.default === null ? 'none' : '');
      else control = select(o.choices.map(([w, h]) => [w, `${w}: ${h}`]), o.choices[0][0]);
      control.dataset.flag = '--' + o.name;
      control.dataset.kind = o.kind;
      if (o.kind !== 'flag') control.dataset.default = o.kind === 'number' ? String(o.default ?? '') : o.choices[0][0];
      rows.push(field(id, capitalised(o.name.replace(/-/g, ' ')), control, o.help));
    }
    if (rows.length) {
      const names = game.options.filter((o) => o.uses.includes(use)).map((o) => o.name.replace(/-/g, ' '));
      const summary = `${game.title} options: ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}`;
      blocks[game.word] = element('details', { class: 'options' }, element('summary', { text: summary }), fieldset(`${game.title} options`, ...rows));
    }
  }
  return blocks;
}

/** The words of the options shown in a block (values equal to the default left out). */
function gameOptionWords(block) {
  if (!block) return [];
  const words = [];
  for (const c of block.querySelectorAll('[data-flag]')) {
    if (c.dataset.kind === 'flag') {
      if (c.checked) words.push(c.dataset.flag);
    } else if (c.value.trim() !== '' && c.value.trim() !== c.dataset.default) {
      words.push(c.dataset.flag, c.value.trim());
    }
  }
  return words;
}

/** The longest title, subtitle and author, and the longest seed, in characters (what
 *  the command line accepts). */
const LINE_MOST = 100;
const SEED_MOST = 150;

/** A control's command-line flag, for messages that name it. */
function flagged(control, flag) {
  control.dataset.flag = flag;
  return control;
}

function headerFields(prefix) {
  return fieldset(
    'Worksheet heading',
    field(`${prefix}-title`, 'Title', flagged(textInput('', 'e.g. Class 3B - Friday puzzles', LINE_MOST), '--title'), `Printed at the top of every page; up to ${LINE_MOST} characters.`),
    field(`${prefix}-subtitle`, 'Subtitle', flagged(textInput('', 'optional', LINE_MOST), '--subtitle')),
    field(`${prefix}-name-line`, 'Name and date line', checkbox(false), 'A "Name ____ Date ____" line on the pupils\' pages.'),
    field(`${prefix}-author`, 'Author', flagged(textInput('', 'optional', LINE_MOST), '--author'), 'Written into the PDF as its author; not printed.'),
  );
}

/** `--lang de` when the page's language switch is not on English. */
function langWords() {
  return unlessDefault('--lang', $('lang').value, 'en');
}

function headerWords(prefix) {
  return [
    ...option('--title', $(`${prefix}-title`).value.trim()),
    ...option('--subtitle', $(`${prefix}-subtitle`).value.trim()),
    ...($(`${prefix}-name-line`).checked ? ['--name-line'] : []),
    ...option('--author', $(`${prefix}-author`).value.trim()),
  ];
}

/** A number box for a command's whole-number option, in the range the command line
 *  takes (the catalog's `ranges`, from boardpress's table of options). */
function ranged(key, value) {
  const r = catalog.ranges[key];
  return numberInput(r.min, r.max, value);
}

/** That range in words: "1 to 10,000". */
function rangeWords(key) {
  const r = catalog.ranges[key];
  return `${r.min} to ${r.max.toLocaleString('en')}`;
}

function gameChoices(extra) {
  return catalog.games.map((g) => [g.word, `${g.title}`]).concat(extra || []);
}

/**
 * The form's action bar: Make, and Reset. It stays in view at the foot of the screen
 * while any of the form is (CSS: sticky), so the main action is never a long scroll
 * away. Reset puts the form back as it first was (`rebuild` makes it again).
 */
function submitButton(text, rebuild) {
  const reset = element('button', { type: 'button', class: 'small', text: 'Reset' });
  reset.setAttribute('aria-label', `Reset: put every choice of this form back as it first was`);
  reset.addEventListener('click', () => {
    const form = reset.closest('form');
    forgetForm(form);
    rebuild();
    saveForms();
    showCommand();
    form.querySelector('button[type=submit]').focus();
  });
  return element('div', { class: 'actions' }, element('button', { type: 'submit', class: 'primary', text }), reset);
}

/** Shows the block of the chosen game (or every block for `all`). */
function showBlocks(blocks, word) {
  for (const [w, b] of Object.entries(blocks)) b.hidden = !(word === 'all' || w === word);
}

function randomSeed() {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const values = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(values, (v) => letters[v % letters.length]).join('');
}

function buildPuzzlesForm() {
  const form = $('puzzles-form');
  form.replaceChildren();
  const game = select(gameChoices(), 'el');
  const task = element('select');
  const taskHelp = element('p', { class: 'help', id: 'puzzles-task-help' });
  const blocks = gameOptionBlocks('puzzles', 'puzzles', catalog.games);
  const seed = flagged(textInput('1', '', SEED_MOST), '--seed');
  const newSeed = element('button', { type: 'button', class: 'small', text: 'New seed' });
  newSeed.addEventListener('click', () => {
    seed.value = randomSeed();
    seed.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const anyWins = checkbox(false);
  const fillTasks = () => {
    const g = catalog.games.find((x) => x.word === game.value);
    task.replaceChildren(...g.tasks.map((t, i) => element('option', { value: t.word, text: t.word, selected: i === 0 })));
    showBlocks(blocks, game.value);
  };
  const describeTask = () => {
    const g = catalog.games.find((x) => x.word === game.value);
    const t = g.tasks.find((x) => x.word === task.value);
    taskHelp.textContent = t ? t.help : '';
    anyWins.disabled = !(t && t.severalAllowed);
    if (anyWins.disabled) anyWins.checked = false;
    $('puzzles-per-page').placeholder = t && t.perPage ? `${t.perPage} (the task's)` : '';
  };
  game.addEventListener('change', () => {
    fillTasks();
    describeTask();
  });
  task.addEventListener('change', describeTask);
  const taskRow = field('puzzles-task', 'Task', task);
  task.setAttribute('aria-describedby', 'puzzles-task-help');
  taskRow.append(taskHelp);
  const seedRow = field('puzzles-seed', 'Seed', seed, 'Any text: the same seed always gives the same puzzles.');
  seedRow.insertBefore(newSeed, seedRow.querySelector('.help'));
  form.append(
    fieldset(
      'Puzzles',
      field('puzzles-game', 'Game', game),
      taskRow,
      field('puzzles-difficulty', 'Difficulty', select([['', 'any grade']].concat(catalog.grades.map((g) => [g, g])), '')),
      field('puzzles-count', 'How many puzzles', ranged('puzzles-count', 12), `${rangeWords('puzzles-count')}.`),
      seedRow,
      field('puzzles-any-wins', 'Allow several winning moves (all listed in the key)', anyWins),
    ),
    ...Object.values(blocks),
    fieldset(
      'Printing',
      field('puzzles-paper', 'Paper', select(PAPERS, 'a4')),
      field('puzzles-per-page', 'Puzzles per page', ranged('puzzles-per-page', '')),
      field('puzzles-format', 'File', select([['pdf', 'PDF'], ['svg', 'SVG, one file per page'], ['jsonl', 'JSON Lines records']], 'pdf')),
    ),
    headerFields('puzzles'),
    submitButton('Make puzzle sheet', buildPuzzlesForm),
  );
  $('puzzles-count').dataset.required = 'yes';
  // The flag each control stands for, so that a message naming the flag leads to it.
  const flags = {
    'puzzles-game': 'game', 'puzzles-task': '--task', 'puzzles-difficulty': '--difficulty',
    'puzzles-count': '--count', 'puzzles-seed': '--seed', 'puzzles-paper': '--paper',
    'puzzles-per-page': '--per-page', 'puzzles-format': '--format',
  };
  for (const [id, flag] of Object.entries(flags)) $(id).dataset.flag = flag;
  fillTasks();
  describeTask();
  forms.puzzles = {
    form,
    words() {
      const g = catalog.games.find((x) => x.word === game.value);
      const count = $('puzzles-count').value.trim();
      return [
        'puzzles', game.value,
        ...(task.value !== g.tasks[0].word ? ['--task', task.value] : []),
        '--count', count,
        '--seed', seed.value,
        ...option('--difficulty', $('puzzles-difficulty').value),
        ...(anyWins.checked ? ['--any-wins'] : []),
        ...gameOptionWords(blocks[game.value]),
        ...unlessDefault('--paper', $('puzzles-paper').value, 'a4'),
        ...option('--per-page', $('puzzles-per-page').value.trim()),
        ...unlessDefault('--format', $('puzzles-format').value, 'pdf'),
        ...headerWords('puzzles'),
        ...langWords(),
      ];
    },
  };
}

function buildBoardForm() {
  const form = $('board-form');
  form.replaceChildren();
  const game = select(gameChoices(), 'el');
  const blocks = gameOptionBlocks('board', 'board', catalog.games);
  const seedRow = field('board-seed', 'Seed', flagged(textInput('', 'blank board', SEED_MOST), '--seed'), 'Any text: a seeded board (Kamon) or practice positions (Gosforth).');
  const countRow = field('board-count', 'How many', ranged('board-count', ''), `Seeded boards or practice positions, ${rangeWords('board-count')}.`);
  const perPageRow = field('board-per-page', 'Boards per page', ranged('board-per-page', 1));
  const features = () => catalog.games.find((x) => x.word === game.value).board;
  const adapt = () => {
    showBlocks(blocks, game.value);
    seedRow.hidden = !features().seed;
    countRow.hidden = !features().count;
    perPageRow.hidden = !features().perPage;
  };
  game.addEventListener('change', adapt);
  form.append(
    fieldset('Board', field('board-game', 'Game', game), seedRow, countRow),
    ...Object.values(blocks),
    fieldset(
      'Printing',
      field('board-paper', 'Paper', select(PAPERS, 'a4')),
      perPageRow,
      field('board-format', 'File', select([['pdf', 'PDF'], ['svg', 'SVG, one file per page']], 'pdf')),
    ),
    headerFields('board'),
    submitButton('Make boards', buildBoardForm),
  );
  $('board-count').dataset.flag = '--count';
  $('board-per-page').dataset.flag = '--per-page';
  adapt();
  forms.board = {
    form,
    words() {
      const f = features();
      const perPage = $('board-per-page').value.trim();
      return [
        'board', game.value,
        ...gameOptionWords(blocks[game.value]),
        ...(f.seed ? option('--seed', $('board-seed').value.trim()) : []),
        ...(f.count ? option('--count', $('board-count').value.trim()) : []),
        ...(f.perPage && perPage !== '1' ? option('--per-page', perPage) : []),
        ...unlessDefault('--paper', $('board-paper').value, 'a4'),
        ...unlessDefault('--format', $('board-format').value, 'pdf'),
        ...headerWords('board'),
        ...langWords(),
      ];
    },
  };
}

function buildRulesForm() {
  const form = $('rules-form');
  form.replaceChildren();
  const game = select(gameChoices([['all', 'All four games in one book']]), 'el');
  const blocks = gameOptionBlocks('rules', 'rules', catalog.games);
  game.addEventListener('change', () => showBlocks(blocks, game.value));
  form.append(
    fieldset(
      'Rulebook',
      field('rules-game', 'Game', game),
      field('rules-booklet', 'Booklet: half-size pages, two to a sheet, to fold and staple', checkbox(false)),
    ),
    ...Object.values(blocks),
    fieldset(
      'Printing',
      field('rules-paper', 'Paper', select(PAPERS, 'a4')),
      field('rules-format', 'File', select([['pdf', 'PDF'], ['html', 'One web page (HTML)'], ['svg', 'SVG, one file per page']], 'pdf')),
      field('rules-author', 'Author', flagged(textInput('', 'optional', LINE_MOST), '--author'), 'Written into the PDF as its author; not printed.'),
    ),
    submitButton('Make rulebook', buildRulesForm),
  );
  showBlocks(blocks, game.value);
  forms.rules = {
    form,
    words() {
      const shown = game.value === 'all' ? Object.values(blocks) : [blocks[game.value]];
      return [
        'rules', game.value,
        ...($('rules-booklet').checked ? ['--booklet'] : []),
        ...unlessDefault('--paper', $('rules-paper').value, 'a4'),
        ...unlessDefault('--format', $('rules-format').value, 'pdf'),
        ...option('--author', $('rules-author').value.trim()),
        ...shown.flatMap(gameOptionWords),
        ...langWords(),
      ];
    },
  };
}

/**
 * A book's language is a key of its spec: the language switch writes it there
 * (`lang = "de"` above the first [[section]]), where the user can see and keep it.
 */
function setBookLang(lang) {
  const spec = $('book-spec');
  if (!spec) return;
  const line = `lang = "${lang}"`;
  const text = spec.value;
  const first = text.search(/^\[\[section\]\]/m);
  const head = first < 0 ? text : text.slice(0, first);
  const existing = /^lang\s*=.*$/m;
  if (existing.test(head)) {
    spec.value = head.replace(existing, line) + text.slice(head.length);
  } else if (lang !== 'en') {
    spec.value = first < 0 ? `${line}\n${text}` : `${head}${line}\n\n${text.slice(first)}`;
  }
  if (spec.renumber) spec.renumber();
}

/**
 * A text editor for the book's spec: the lines numbered in a gutter beside it (the
 * spec's messages name lines: "book.toml:12: …"), the gutter scrolled with the text.
 */
function specEditor(spec) {
  const gutter = element('pre', { class: 'gutter', 'aria-hidden': 'true' });
  const number = () => {
    const lines = spec.value.split('\n').length;
    if (gutter.dataset.lines !== String(lines)) {
      gutter.textContent = Array.from({ length: lines }, (_, i) => i + 1).join('\n') + '\n ';
      gutter.dataset.lines = String(lines);
    }
    gutter.scrollTop = spec.scrollTop;
  };
  spec.addEventListener('input', number);
  spec.addEventListener('scroll', () => (gutter.scrollTop = spec.scrollTop));
  spec.renumber = number;
  return element('div', { class: 'editor' }, gutter, spec);
}

/** Selects line `n` (1 = the first) of a text box and scrolls it into view. */
function selectLine(box, n) {
  const lines = box.value.split('\n');
  const line = Math.min(Math.max(n, 1), lines.length);
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  box.focus({ preventScroll: true });
  box.setSelectionRange(start, start + lines[line - 1].length);
  const height = parseFloat(getComputedStyle(box).lineHeight) || 20;
  box.scrollTop = Math.max(0, (line - 3) * height);
  box.dispatchEvent(new Event('scroll'));
}

/** Offers text as a file to save (the browser's own download). */
function offerFile(name, text) {
  const a = element('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function buildBookForm() {
  const form = $('book-form');
  form.replaceChildren();
  const name = textInput('book.toml');
  const spec = element('textarea', { rows: 16, spellcheck: 'false', wrap: 'off', autocapitalize: 'off' });
  spec.value = catalog.sampleBook;
  spec.dataset.label = 'Spec';
  const load = element('input', { type: 'file', accept: '.toml,text/plain' });
  load.addEventListener('change', async () => {
    const file = load.files[0];
    if (!file) return;
    name.value = file.name;
    spec.value = await file.text();
    spec.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const save = element('button', { type: 'button', class: 'small', text: 'Download spec' });
  save.addEventListener('click', () => offerFile(name.value.trim() || 'book.toml', spec.value));
  const sample = element('button', { type: 'button', class: 'small', text: 'Start again from the sample' });
  sample.addEventListener('click', () => {
    spec.value = catalog.sampleBook;
    setBookLang($('lang').value);
    spec.dispatchEvent(new Event('input', { bubbles: true }));
    spec.focus();
  });
  const specRow = field('book-spec', 'Spec (TOML: title, trim size, seed, lang and [[section]]s of puzzles; the language switch sets lang)', spec,
    'Kept in this browser as you type. Download it to keep it as a file, or to make the book on the command line.');
  // The text box goes into the editor, beside its line numbers, where field() put it.
  specRow.insertBefore(specEditor(spec), specRow.querySelector('.help'));
  specRow.append(element('div', { class: 'row-buttons' }, save, sample));
  form.append(
    fieldset(
      'Book',
      field('book-name', 'Spec file name', name, 'The book prints "recreate with: boardpress book" and this name: keep the spec under it.'),
      specRow,
      field('book-load', 'Or load a spec file', load),
      field('book-cover', 'Also make the wrap-around cover', checkbox(false)),
    ),
    submitButton('Make book', buildBookForm),
  );
  setBookLang($('lang').value);
  spec.renumber();
  forms.book = {
    form,
    words() {
      const n = name.value.trim();
      if (n === '') throw { message: 'Spec file name: the box is empty; give the spec a name such as book.toml', control: name };
      const stem = n.replace(/\.[^.]*$/, '');
      return ['book', n, ...($('book-cover').checked ? ['--cover', `${stem}-cover.pdf`] : [])];
    },
    files() {
      return { [name.value.trim()]: spec.value };
    },
  };
}

function buildCheckForm() {
  const form = $('check-form');
  form.replaceChildren();
  const file = element('input', { type: 'file', accept: '.jsonl,.json,application/jsonl,text/plain' });
  const chosen = element('p', { class: 'help', id: 'check-chosen', text: 'No file chosen yet.' });
  const drop = element('div', { class: 'drop', id: 'check-drop' }, element('p', { text: 'Drop a JSON Lines file of puzzles here (made with "JSON Lines records"), or choose it:' }));
  const take = async (f) => {
    if (!f) return;
    files[f.name] = await f.text();
    form.dataset.file = f.name;
    chosen.textContent = `${f.name}: ${files[f.name].split('\n').filter((l) => l.trim()).length} lines`;
    form.dispatchEvent(new Event('input'));
  };
  file.addEventListener('change', () => take(file.files[0]));
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    take(e.dataTransfer.files[0]);
  });
  const action = select([['render', 'Typeset a sheet with its key (every record re-verified first)'], ['verify', 'Verify every record (the verdict per line)']], 'render');
  drop.append(field('check-file', 'JSON Lines file', file), chosen);
  form.append(
    fieldset('File', drop, field('check-action', 'What to do', action)),
    fieldset(
      'Printing (for a sheet)',
      field('check-paper', 'Paper', select(PAPERS, 'a4')),
      field('check-per-page', 'Puzzles per page', ranged('render-per-page', ''), 'Empty: as the puzzles command would.'),
      field('check-format', 'File', select([['pdf', 'PDF'], ['svg', 'SVG, one file per page']], 'pdf')),
    ),
    headerFields('check'),
    submitButton('Check the file', buildCheckForm),
  );
  $('check-per-page').dataset.flag = '--per-page';
  forms.check = {
    form,
    words() {
      const name = form.dataset.file;
      if (!name) throw { message: 'JSON Lines file: choose one first (or drop it on the box)', control: file };
      if (action.value === 'verify') return ['verify', name];
      return [
        'render', name,
        ...unlessDefault('--paper', $('check-paper').value, 'a4'),
        ...option('--per-page', $('check-per-page').value.trim()),
        ...unlessDefault('--format', $('check-format').value, 'pdf'),
        ...headerWords('check'),
        ...langWords(),
      ];
    },
    files() {
      return form.dataset.file ? { [form.dataset.file]: files[form.dataset.file] } : {};
    },
  };
}

/* ---------- tabs ---------- */

function activeTab() {
  return document.querySelector('[role=tab][aria-selected=true]').id.replace('tab-', '');
}

/** Opens a tab: its form, and its own last result (each tab keeps its own). */
function selectTab(tab, focus) {
  const before = activeTab();
  for (const t of document.querySelectorAll('[role=tab]')) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !on;
  }
  const now = activeTab();
  if (now !== before) {
    stashResult();
    restoreResult(now);
    saveForms();
  }
  if (focus) tab.focus();
  showCommand();
}

function setUpTabs() {
  const tabs = Array.from(document.querySelectorAll('[role=tab]'));
  for (const tab of tabs) {
    tab.addEventListener('click', () => selectTab(tab, false));
    tab.addEventListener('keydown', (e) => {
      const i = tabs.indexOf(tab);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      selectTab(tabs[(to + tabs.length) % tabs.length], true);
    });
  }
}
