//! The commands behind the CLI: each turns parsed arguments into files or text.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use rayon::prelude::*;
use serde_json::Value;

use crate::cli::{
    BoardArgs, Cli, Command, DemoArgs, ElVariantArgs, Format, PuzzlesArgs, RenderArgs, RulesArgs, RulesFormat,
    ShapeArg, SolveArgs, Task, VerifyArgs,
};
use crate::error::{Error, Result};
use crate::games::el::draw;
use crate::games::el::notation::{board_text, parse_position_id};
use crate::games::el::params::{PLAYER_LETTERS, PLAYER_NAMES};
use crate::games::el::verify::check_win_in_one;
use crate::games::el::{ElParams, ElPosition, Shape, Status};
use crate::games::Game;
use crate::layout::sheet::layout;
use crate::layout::{Footer, Paper};
use crate::mine::{default_jobs, mine, Budget, MineOptions, Mined, Search};
use crate::output::{check_destination, write_all, OutFile, StreamFile};
use crate::puzzle::{
    el_record, el_two_record, ElPuzzle, ElPuzzleRequest, ElTwoPuzzle, GosforthPuzzle, Grade, KamonPuzzle,
    KamonTwoPuzzle, SixPuzzle, SixTwoPuzzle,
};
use crate::render;
use crate::scene::Scene;
use crate::sheet::{Section as SheetSpec, Tile};

/// Runs one command; what it prints goes to `out`.
pub fn run(command: Command, out: &mut dyn Write) -> Result<()> {
    match command {
        Command::Puzzles(a) => puzzles(&a, out),
        Command::Board(a) => board(&a, out),
        Command::Solve(a) => solve(&a, out),
        Command::Verify(a) => verify(&a, out),
        Command::Rules(a) => rules(&a, out).map(|_| ()),
        Command::Render(a) => render_jsonl(&a, out),
        Command::Demo(a) => demo(&a, out),
        Command::Completions(a) => crate::manual::completions(&a, out),
        Command::Man(a) => crate::manual::man(&a, out),
    }
}

/// Quotes a word for a POSIX shell when it needs it.
pub fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,:/@+=%".contains(c));
    if safe {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// File-name-safe form of a seed or params ID.
fn slug(text: &str) -> String {
    let s: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' { c } else { '-' })
        .collect();
    if s.is_empty() {
        "seed".into()
    } else {
        s
    }
}

impl ElVariantArgs {
    /// The validated variant.
    pub fn params(&self) -> Result<ElParams> {
        let p = ElParams {
            size: self.size,
            numbers: self.numbers,
            length: self.length.unwrap_or(ElParams::default_length(self.numbers, self.consecutive)),
            players: self.players,
            consecutive: self.consecutive,
            shape: match self.shape {
                ShapeArg::El => Shape::LineOrL,
                ShapeArg::Any => Shape::Any,
                ShapeArg::Snake => Shape::Snake,
            },
            full_board_p2: self.full_board_p2,
            balance: self.balance,
        };
        p.validate().map_err(Error::input)?;
        Ok(p)
    }

    /// The options that differ from the defaults, as command-line words.
    fn command_words(&self) -> String {
        let mut s = String::new();
        if self.size != 6 {
            s += &format!(" --size {}", self.size);
        }
        if self.numbers != 6 {
            s += &format!(" --numbers {}", self.numbers);
        }
        if let Some(l) = self.length {
            s += &format!(" --length {l}");
        }
        if self.players != 2 {
            s += &format!(" --players {}", self.players);
        }
        if self.consecutive {
            s += " --consecutive";
        }
        if self.shape != ShapeArg::El {
            s += &format!(" --shape {}", if self.shape == ShapeArg::Any { "any" } else { "snake" });
        }
        if self.full_board_p2 {
            s += " --full-board-p2";
        }
        if self.balance {
            s += " --balance";
        }
        s
    }
}

/// Where a command's single output goes.
enum Dest {
    Stdout,
    File(PathBuf),
}

fn destination(out: &Option<PathBuf>, default: PathBuf) -> Result<Dest> {
    match out {
        Some(p) if p.as_os_str() == "-" => Ok(Dest::Stdout),
        Some(p) => {
            check_destination(p, false)?;
            Ok(Dest::File(p.clone()))
        }
        None => {
            check_destination(&default, true)?;
            Ok(Dest::File(default))
        }
    }
}

/// Renders pages in the requested format and writes them (PDF: one file; SVG: one per
/// page or per extra scene list).
fn emit_pages(
    format: Format,
    dest: Dest,
    pages: &[Scene],
    svg_scenes: Option<Vec<(String, Scene)>>,
    info: &render::pdf::DocInfo,
    out: &mut dyn Write,
) -> Result<Vec<PathBuf>> {
    match format {
        Format::Pdf => {
            let bytes = render::pdf::render(pages, info)?;
            write_single(dest, bytes, out)
        }
        Format::Svg => {
            let Dest::File(path) = dest else {
                return Err(Error::input("--format svg writes several files; give --out a file name, not '-'"));
            };
            let stem = path.with_extension("");
            let scenes: Vec<(String, Scene)> = match svg_scenes {
                Some(list) => list,
                None => pages.iter().enumerate().map(|(i, p)| (format!("page{}", i + 1), p.clone())).collect(),
            };
            let files: Vec<OutFile> = scenes
                .iter()
                .map(|(suffix, scene)| OutFile {
                    path: PathBuf::from(format!("{}-{suffix}.svg", stem.display())),
                    bytes: render::svg::render(scene).into_bytes(),
                })
                .collect();
            write_all(&files)?;
            Ok(files.into_iter().map(|f| f.path).collect())
        }
        Format::Jsonl => Err(Error::input("--format jsonl is for puzzles; boards are pdf or svg")),
    }
}

fn report_written(paths: &[PathBuf], out: &mut dyn Write) -> Result<()> {
    for p in paths {
        writeln!(out, "wrote {}", p.display()).map_err(|e| Error::io(e.to_string()))?;
    }
    Ok(())
}

fn grade_stars(grade: Grade) -> String {
    grade.star_text()
}

fn mark_legend(players: u8) -> String {
    let marks = ["plain", "circled", "boxed", "underlined"];
    (0..players as usize).map(|p| format!("{} numbers {}", PLAYER_NAMES[p], marks[p])).collect::<Vec<_>>().join(" · ")
}

/// `boardpress puzzles`.
fn puzzles(a: &PuzzlesArgs, out: &mut dyn Write) -> Result<()> {
    if a.diagrams && a.format != Format::Svg {
        return Err(Error::input("--diagrams goes with --format svg"));
    }
    if a.game != Game::Six && (a.task == Some(crate::cli::Task::Block) || a.round.is_some()) {
        return Err(Error::input("--task block and --round are for six puzzles"));
    }
    if a.game == Game::Gosforth && a.task == Some(Task::WinInTwo) {
        return Err(Error::input("win-in-two puzzles are for el, kamon and six"));
    }
    if a.game != Game::Gosforth && (a.task == Some(crate::cli::Task::BestMove) || a.target.is_some()) {
        return Err(Error::input("--task best-move and --target are for gosforth puzzles"));
    }
    match a.game {
        Game::El => puzzles_el(a, out),
        Game::Kamon => puzzles_kamon(a, out),
        Game::Six => puzzles_six(a, out),
        Game::Gosforth => puzzles_gosforth(a, out),
    }
}

/// The file-name part, the command words and the extension shared by every game's
/// puzzle command.
fn puzzle_naming(a: &PuzzlesArgs, variant_slug: &str, default_per_page: u8) -> (String, String, &'static str) {
    let mut kind = String::from(if a.task == Some(Task::WinInTwo) { "win-in-two" } else { "win-in-one" });
    kind += variant_slug;
    if let Some(d) = a.difficulty {
        kind += &format!("-{}", d.word());
    }
    if a.any_wins {
        kind += "-any";
    }
    let ext = match a.format {
        Format::Pdf => "pdf",
        Format::Svg => "svg",
        Format::Jsonl => "jsonl",
    };
    let mut words = String::new();
    if a.first != 1 {
        words += &format!(" --first {}", a.first);
        kind += &format!("-from{}", a.first);
    }
    if a.any_wins {
        words += " --any-wins";
    }
    if let Some(d) = a.difficulty {
        words += &format!(" --difficulty {}", d.word());
    }
    if a.paper != Paper::A4 {
        words += &format!(" --paper {}", a.paper.word());
    }
    if let Some(n) = a.per_page.filter(|&n| n != default_per_page) {
        words += &format!(" --per-page {n}");
    }
    if a.task == Some(Task::WinInTwo) {
        words += " --task win-in-two";
    }
    if a.format == Format::Svg {
        words += " --format svg";
        if a.diagrams {
            words += " --diagrams";
        }
    }
    (kind, words, ext)
}

/// How this run's puzzles are mined, from the command line.
fn mine_options(a: &PuzzlesArgs) -> MineOptions {
    MineOptions {
        first: a.first,
        count: a.count,
        jobs: a.jobs.map_or_else(default_jobs, |j| j as usize),
        time_limit: a.time_limit,
        progress: !a.quiet,
    }
}

/// Generates a run's puzzles in number order. With `--format jsonl` the records stream to
/// the destination as they are found (bounded memory) and `None` is returned; otherwise
/// the puzzles come back for the sheet, with what the run achieved (the caller reports
/// a time-limit shortfall once the sheet is written).
fn run_puzzles<P: Send>(
    a: &PuzzlesArgs,
    dest: &Dest,
    search: impl Fn(u32, &Budget) -> Search<P> + Sync,
    record: impl Fn(&P) -> Value,
    out: &mut dyn Write,
) -> Result<Option<(Vec<P>, Mined)>> {
    let options = mine_options(a);
    if a.format != Format::Jsonl {
        let mut puzzles = Vec::new();
        let mined = mine(&options, search, |p| {
            puzzles.push(p);
            Ok(())
        })?;
        if puzzles.is_empty() {
            return Err(mined.shortfall(a.time_limit).expect_err("none found is a shortfall"));
        }
        return Ok(Some((puzzles, mined)));
    }
    let line = |p: &P| {
        let mut text = record(p).to_string();
        text.push('\n');
        text
    };
    let mined = match dest {
        Dest::Stdout => mine(&options, search, |p| {
            out.write_all(line(&p).as_bytes()).map_err(|e| Error::io(format!("cannot write to standard output: {e}")))
        })?,
        Dest::File(path) => {
            let mut file = StreamFile::create(path)?;
            let mined = mine(&options, search, |p| file.write(line(&p).as_bytes()))?;
            if mined.found == 0 {
                return Err(mined.shortfall(a.time_limit).expect_err("none found is a shortfall"));
            }
            file.commit()?;
            report_written(std::slice::from_ref(path), out)?;
            mined
        }
    };
    mined.shortfall(a.time_limit)?;
    Ok(None)
}

/// SVG scenes for `--diagrams`: every puzzle diagram, then every answer diagram.
fn diagram_scenes(numbers: &[u32], tiles: &[Tile], key_tiles: &[Tile]) -> Vec<(String, Scene)> {
    let mut list: Vec<(String, Scene)> = Vec::new();
    for (n, t) in numbers.iter().zip(tiles) {
        list.push((format!("puzzle{n}"), t.diagram.clone()));
    }
    for (n, t) in numbers.iter().zip(key_tiles) {
        list.push((format!("answer{n}"), t.diagram.clone()));
    }
    list
}

/// A numbered tile: the diagram, "n." as its label, the caption and the small print.
fn numbered_tile(number: u32, diagram: Scene, caption: String, small: String) -> Tile {
    Tile { diagram, label: format!("{number}."), caption, small }
}

/// A puzzle sheet ready to print: the puzzles section and its answer key.
struct PuzzleSheet {
    /// Heading of the puzzle pages.
    title: String,
    /// The document title (PDF metadata, SVG `<title>`).
    doc_title: String,
    /// Lines under the heading.
    intro: Vec<String>,
    /// One tile per puzzle.
    tiles: Vec<Tile>,
    /// Puzzles per page.
    per_page: usize,
    /// The line under the "Answers" heading.
    key_intro: String,
    /// One answer tile per puzzle.
    key_tiles: Vec<Tile>,
    /// Answer tiles per page.
    key_per_page: usize,
    /// The puzzles' numbers (for `--diagrams` file names).
    numbers: Vec<u32>,
}

/// Lays out a puzzle sheet with its key and writes it in the requested format.
fn emit_puzzle_sheet(
    a: &PuzzlesArgs,
    sheet: PuzzleSheet,
    command: String,
    dest: Dest,
    out: &mut dyn Write,
) -> Result<()> {
    let svg_scenes = a.diagrams.then(|| diagram_scenes(&sheet.numbers, &sheet.tiles, &sheet.key_tiles));
    let sections = vec![
        SheetSpec { title: sheet.title, intro: sheet.intro, tiles: sheet.tiles, per_page: sheet.per_page },
        SheetSpec {
            title: "Answers".into(),
            intro: vec![sheet.key_intro],
            tiles: sheet.key_tiles,
            per_page: sheet.key_per_page,
        },
    ];
    let footer = Footer { seed: Some(a.seed.clone()), command: command.clone() };
    let pages = layout(a.paper, &sections, &footer, &sheet.doc_title);
    let info = render::pdf::DocInfo { title: sheet.doc_title, subject: command, ..Default::default() };
    let written = emit_pages(a.format, dest, &pages, svg_scenes, &info, out)?;
    report_written(&written, out)
}

/// `boardpress puzzles kamon`.
fn puzzles_kamon(a: &PuzzlesArgs, out: &mut dyn Write) -> Result<()> {
    use crate::puzzle::{kamon_record, kamon_two_record, KamonPuzzleRequest, KamonTwoPuzzle};
    if !a.variant.command_words().is_empty() {
        return Err(Error::input("the EL variant options (--size, --numbers, ...) do not apply to kamon"));
    }
    let (kind, words, ext) = puzzle_naming(a, "", 4);
    let default = PathBuf::from(format!("output/kamon-{kind}-{}.{ext}", slug(&a.seed)));
    let dest = destination(&a.out, default)?;
    let request = KamonPuzzleRequest { seed: a.seed.clone(), any_wins: a.any_wins, difficulty: a.difficulty };
    let command = format!("boardpress puzzles kamon --count {} --seed {}{words}", a.count, shell_quote(&a.seed));
    let (sheet, mined) = if a.task == Some(Task::WinInTwo) {
        let record = |p: &KamonTwoPuzzle| kamon_two_record(p, &request);
        let Some((puzzles, mined)) = run_puzzles(a, &dest, |n, b| request.search_two(n, b), record, out)? else {
            return Ok(());
        };
        (kamon_two_sheet(a, &puzzles), mined)
    } else {
        let record = |p: &KamonPuzzle| kamon_record(p, &request);
        let Some((puzzles, mined)) = run_puzzles(a, &dest, |n, b| request.search(n, b), record, out)? else {
            return Ok(());
        };
        (kamon_sheet(a, &puzzles), mined)
    };
    emit_puzzle_sheet(a, sheet, command, dest, out)?;
    mined.shortfall(a.time_limit)
}

/// A Kamon tile caption: who is to play, the goal, the constraint and the stars.
fn kamon_caption(pos: &crate::games::kamon::KamonPosition, grade: Grade, goal: &str) -> String {
    use crate::games::kamon::position::{PLAYER_NAMES as NAMES, SYMBOL_NAMES};
    let who = NAMES[pos.to_move() as usize];
    match pos.constraint() {
        Some(t) => format!(
            "{who} {goal}: must cover a {} or a {}  {}",
            SYMBOL_NAMES[t.symbol as usize],
            t.count,
            grade_stars(grade)
        ),
        None => format!("{who} {goal} (first move)  {}", grade_stars(grade)),
    }
}

/// The Kamon win-in-two sheet and key.
fn kamon_two_sheet(a: &PuzzlesArgs, puzzles: &[KamonTwoPuzzle]) -> PuzzleSheet {
    use crate::games::kamon::draw::puzzle_diagram;
    use crate::games::kamon::notation::{cell_name, position_id};
    let size = 8.0;
    let promise = if a.any_wins {
        "Some puzzles have several such cells; the key lists every one."
    } else {
        "Each puzzle has exactly one such cell, checked by trying every cell, every reply and every answer."
    };
    let intro = vec![
        "You cannot win at once. Find the cell after which you win next turn whatever your opponent plays: join two opposite sides, close a ring, or leave your opponent no legal cell.".to_string(),
        format!("{promise} Remember that your move decides which tokens your opponent may cover, and his reply decides yours."),
        format!("Tokens show their symbol and count · Black pawns filled, White pawns ringed · {}", Grade::LEGEND),
    ];
    let tiles = puzzles
        .iter()
        .map(|p| {
            numbered_tile(
                p.number,
                puzzle_diagram(&p.position, size, &[]),
                kamon_caption(&p.position, p.grade, "to play, win in two"),
                position_id(&p.position),
            )
        })
        .collect();
    let key_tiles = puzzles
        .iter()
        .map(|p| {
            let answers: Vec<String> =
                p.facts.answers.iter().map(|(r, c, _)| format!("{}→{}", cell_name(*r), cell_name(*c))).collect();
            numbered_tile(
                p.number,
                puzzle_diagram(&p.position, size, &p.facts.solutions),
                format!(
                    "{}; replies→wins: {}",
                    p.facts.solutions.iter().map(|&b| cell_name(b)).collect::<Vec<_>>().join(", "),
                    answers.join(" ")
                ),
                String::new(),
            )
        })
        .collect();
    PuzzleSheet {
        title: "Kamon — win in two".into(),
        doc_title: format!("Kamon win-in-two puzzles — seed {}", a.seed),
        intro,
        tiles,
        per_page: a.per_page.unwrap_or(4) as usize,
        key_intro: "The key cell is outlined and shaded; then each reply with a winning answer.".into(),
        key_tiles,
        key_per_page: 12,
        numbers: puzzles.iter().map(|p| p.number).collect(),
    }
}

/// The Kamon win-in-one sheet and key.
fn kamon_sheet(a: &PuzzlesArgs, puzzles: &[KamonPuzzle]) -> PuzzleSheet {
    use crate::games::kamon::draw::puzzle_diagram;
    use crate::games::kamon::notation::{cell_name, position_id};
    let size = 8.0;
    let promise = if a.any_wins {
        "Some puzzles have several winning cells; the key lists every one."
    } else {
        "Each puzzle has exactly one winning cell."
    };
    let intro = vec![
        "Find the cell that wins at once: join two opposite sides marked alike (corners count for both sides), close a ring around a cell you do not hold, or leave your opponent no legal cell.".to_string(),
        format!("{promise} The hex in the corner is the last token taken: cover a token with the same symbol or the same count."),
        format!("Tokens show their symbol and count · Black pawns filled, White pawns ringed · {}", Grade::LEGEND),
    ];
    let tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| {
            numbered_tile(
                p.number,
                puzzle_diagram(&p.position, size, &[]),
                kamon_caption(&p.position, p.grade, "to play"),
                position_id(&p.position),
            )
        })
        .collect();
    let key_tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| {
            let cells: Vec<u32> = p.facts.solutions.iter().map(|s| s.0).collect();
            let answer: Vec<String> =
                p.facts.solutions.iter().map(|(b, how)| format!("{} ({})", cell_name(*b), how.word())).collect();
            numbered_tile(p.number, puzzle_diagram(&p.position, size, &cells), answer.join(", "), String::new())
        })
        .collect();
    PuzzleSheet {
        title: "Kamon — win in one".into(),
        doc_title: format!("Kamon win-in-one puzzles — seed {}", a.seed),
        intro,
        tiles,
        per_page: a.per_page.unwrap_or(4) as usize,
        key_intro: "The winning cell is outlined and shaded; how it wins is in brackets.".into(),
        key_tiles,
        key_per_page: 12,
        numbers: puzzles.iter().map(|p| p.number).collect(),
    }
}

/// `boardpress puzzles six`.
fn puzzles_six(a: &PuzzlesArgs, out: &mut dyn Write) -> Result<()> {
    use crate::games::six::verify::OneMoveTask;
    use crate::puzzle::{six_record, SixPuzzleRequest};
    if !a.variant.command_words().is_empty() {
        return Err(Error::input("the EL variant options (--size, --numbers, ...) do not apply to six"));
    }
    let task = if a.task == Some(crate::cli::Task::Block) { OneMoveTask::Block } else { OneMoveTask::WinInOne };
    let round = a.round.unwrap_or(1);
    if task == OneMoveTask::Block && round == 2 {
        return Err(Error::input("block puzzles are round-one puzzles (drop --round 2)"));
    }
    if a.task == Some(Task::WinInTwo) {
        if round == 2 {
            return Err(Error::input("win-in-two puzzles are round-one puzzles (drop --round 2)"));
        }
        return puzzles_six_two(a, out);
    }
    let request =
        SixPuzzleRequest { seed: a.seed.clone(), task, round, any_wins: a.any_wins, difficulty: a.difficulty };
    let task_slug = format!(
        "-{}{}",
        if task == OneMoveTask::Block { "block" } else { "win" },
        if round == 2 { "-round2" } else { "" }
    );
    let (kind, words, ext) = puzzle_naming(a, &task_slug, 6);
    let kind = kind.replacen("win-in-one-", "", 1);
    let default = PathBuf::from(format!("output/six-{kind}-{}.{ext}", slug(&a.seed)));
    let dest = destination(&a.out, default)?;
    let Some((puzzles, mined)) = run_puzzles(a, &dest, |n, b| request.search(n, b), |p| six_record(p, &request), out)?
    else {
        return Ok(());
    };
    let mut command = format!("boardpress puzzles six --count {} --seed {}", a.count, shell_quote(&a.seed));
    if task == OneMoveTask::Block {
        command += " --task block";
    }
    if round == 2 {
        command += " --round 2";
    }
    command += &words;
    let sheet = six_sheet(a, task, round, &puzzles);
    emit_puzzle_sheet(a, sheet, command, dest, out)?;
    mined.shortfall(a.time_limit)
}

/// The SIX win-in-one, block and round-two sheets and keys.
fn six_sheet(
    a: &PuzzlesArgs,
    task: crate::games::six::verify::OneMoveTask,
    round: u8,
    puzzles: &[SixPuzzle],
) -> PuzzleSheet {
    use crate::games::six::draw::diagram;
    use crate::games::six::position::{move_text, PLAYER_NAMES as NAMES};
    use crate::games::six::verify::OneMoveTask;
    use crate::games::six::{position_id, Move as SixMove};
    let (title, goal) = match (task, round) {
        (OneMoveTask::Block, _) => ("SIX — stop the threat", "The opponent is about to complete a formation. Find the one cell that stops every threat without letting him win elsewhere next turn."),
        (_, 1) => ("SIX — win in one (round one)", "Place one token next to the group to complete a line, a triangle or a circle of six of your colour."),
        _ => ("SIX — win in one (round two)", "Lift one of your tokens (only the largest part of the group stays) and place it elsewhere next to the group: complete a formation, or leave your opponent five tokens or fewer."),
    };
    let promise = if a.any_wins && task == OneMoveTask::WinInOne {
        "Some puzzles have several solutions; the key lists every one."
    } else {
        "Each puzzle has exactly one solution, checked by trying every legal move."
    };
    let intro = vec![
        goal.to_string(),
        format!("{promise} Red tokens solid, Black tokens ringed with a dot · {}", Grade::LEGEND),
    ];
    let caption = |p: &SixPuzzle| {
        let pos = &p.position;
        let verb = if task == OneMoveTask::Block {
            "to play and stop Black".replace("Black", NAMES[1 - pos.to_move() as usize])
        } else {
            "to play and win".to_string()
        };
        let hand =
            if round == 1 { format!(" · in hand {}", pos.hands()[pos.to_move() as usize]) } else { String::new() };
        format!("Round {round} · {} {verb}{hand}  {}", NAMES[pos.to_move() as usize], grade_stars(p.grade))
    };
    let size = 5.0;
    let tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| numbered_tile(p.number, diagram(&p.position, size, &[], None), caption(p), position_id(&p.position)))
        .collect();
    let key_tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| {
            let marks: Vec<crate::geom::hex::Axial> = p
                .facts
                .solutions
                .iter()
                .map(|m| match *m {
                    SixMove::Place(c) => c,
                    SixMove::Relocate { to, .. } => to,
                })
                .collect();
            let lifted = p.facts.solutions.iter().find_map(|m| match *m {
                SixMove::Relocate { from, .. } => Some(from),
                SixMove::Place(_) => None,
            });
            let answer: Vec<String> = p.facts.solutions.iter().map(|m| move_text(*m)).collect();
            numbered_tile(p.number, diagram(&p.position, size, &marks, lifted), answer.join(", "), String::new())
        })
        .collect();
    let key_intro = if round == 2 {
        "The cell to play is outlined and shaded; the token to lift has a dashed outline. Cells are (q,r): q along the rows, r down-right."
    } else {
        "The cell to play is outlined and shaded. Cells are (q,r): q along the rows, r down-right."
    };
    PuzzleSheet {
        title: title.into(),
        doc_title: format!("{title} — seed {}", a.seed),
        intro,
        tiles,
        per_page: a.per_page.unwrap_or(6) as usize,
        key_intro: key_intro.into(),
        key_tiles,
        key_per_page: 12,
        numbers: puzzles.iter().map(|p| p.number).collect(),
    }
}

/// `boardpress puzzles six --task win-in-two`: round one, one placement that makes two
/// winning cells while the opponent has no win of his own.
fn puzzles_six_two(a: &PuzzlesArgs, out: &mut dyn Write) -> Result<()> {
    use crate::games::six::verify::OneMoveTask;

    use crate::puzzle::{six_two_record, SixPuzzleRequest, SixTwoPuzzle};
    let request = SixPuzzleRequest {
        seed: a.seed.clone(),
        task: OneMoveTask::WinInOne,
        round: 1,
        any_wins: a.any_wins,
        difficulty: a.difficulty,
    };
    let (kind, words, ext) = puzzle_naming(a, "", 6);
    let default = PathBuf::from(format!("output/six-{kind}-{}.{ext}", slug(&a.seed)));
    let dest = destination(&a.out, default)?;
    let record = |p: &SixTwoPuzzle| six_two_record(p, &request);
    let Some((puzzles, mined)) = run_puzzles(a, &dest, |n, b| request.search_two(n, b), record, out)? else {
        return Ok(());
    };
    let command = format!("boardpress puzzles six --count {} --seed {}{words}", a.count, shell_quote(&a.seed));
    let sheet = six_two_sheet(a, &puzzles);
    emit_puzzle_sheet(a, sheet, command, dest, out)?;
    mined.shortfall(a.time_limit)
}

/// The SIX win-in-two sheet and key.
fn six_two_sheet(a: &PuzzlesArgs, puzzles: &[SixTwoPuzzle]) -> PuzzleSheet {
    use crate::games::six::draw::diagram;
    use crate::games::six::position::{cell_name, move_text, PLAYER_NAMES as NAMES};
    use crate::games::six::position_id;
    use crate::games::six::Move as SixMove;
    let promise = if a.any_wins {
        "Some puzzles have several such placements; the key lists every one."
    } else {
        "Each puzzle has exactly one such placement, checked by trying every placement, every reply and every answer."
    };
    let intro = vec![
        "Round one. You cannot win at once. Place one token so that you have two cells that would each complete a line, a triangle or a circle: your opponent can stop only one.".to_string(),
        format!("{promise} Red tokens solid, Black tokens ringed with a dot · {}", Grade::LEGEND),
    ];
    let size = 5.0;
    let place = |m: &SixMove| match *m {
        SixMove::Place(c) => c,
        SixMove::Relocate { to, .. } => to,
    };
    let tiles = puzzles
        .iter()
        .map(|p| {
            let pos = &p.position;
            let who = NAMES[pos.to_move() as usize];
            numbered_tile(
                p.number,
                diagram(pos, size, &[], None),
                format!(
                    "{who} to play, win in two · in hand {}  {}",
                    pos.hands()[pos.to_move() as usize],
                    grade_stars(p.grade)
                ),
                position_id(pos),
            )
        })
        .collect();
    let key_tiles = puzzles
        .iter()
        .map(|p| {
            let marks: Vec<crate::geom::hex::Axial> = p.facts.solutions.iter().map(place).collect();
            let moves: Vec<String> = p.facts.solutions.iter().map(|m| move_text(*m)).collect();
            let threats: Vec<String> = p.facts.threat_cells.iter().map(|&c| cell_name(c)).collect();
            numbered_tile(
                p.number,
                diagram(&p.position, size, &marks, None),
                format!("{}, then wins on {}", moves.join(" or "), threats.join(" or ")),
                String::new(),
            )
        })
        .collect();
    PuzzleSheet {
        title: "SIX — win in two (round one)".into(),
        doc_title: format!("SIX win-in-two puzzles — seed {}", a.seed),
        intro,
        tiles,
        per_page: a.per_page.unwrap_or(6) as usize,
        key_intro: "The cell to play is outlined and shaded; then the two cells it threatens. Cells are (q,r): q along the rows, r down-right.".into(),
        key_tiles,
        key_per_page: 12,
        numbers: puzzles.iter().map(|p| p.number).collect(),
    }
}

/// `boardpress puzzles gosforth`: best-move ("score now") puzzles, labelled "reach the
/// target now" when the best move wins; `--task win-in-one` keeps only those.
fn puzzles_gosforth(a: &PuzzlesArgs, out: &mut dyn Write) -> Result<()> {
    use crate::puzzle::{gosforth_record, GosforthPuzzleRequest};
    if !a.variant.command_words().is_empty() || a.any_wins {
        return Err(Error::input("the EL variant options and --any-wins do not apply to gosforth"));
    }
    let reach_only = a.task == Some(crate::cli::Task::WinInOne);
    let target = a.target.unwrap_or(12);
    let request = GosforthPuzzleRequest { seed: a.seed.clone(), reach_only, target, difficulty: a.difficulty };
    let slug_task = if reach_only { "-reach" } else { "" };
    let (kind, words, ext) = puzzle_naming(a, slug_task, 6);
    let kind = kind.replacen("win-in-one", "puzzles", 1);
    let default = PathBuf::from(format!("output/gosforth-{kind}-{}.{ext}", slug(&a.seed)));
    let dest = destination(&a.out, default)?;
    let Some((puzzles, mined)) =
        run_puzzles(a, &dest, |n, b| request.search(n, b), |p| gosforth_record(p, &request), out)?
    else {
        return Ok(());
    };
    let mut command = format!("boardpress puzzles gosforth --count {} --seed {}", a.count, shell_quote(&a.seed));
    if reach_only {
        command += " --task win-in-one";
    }
    if target != 12 {
        command += &format!(" --target {target}");
    }
    command += &words;
    let sheet = gosforth_sheet(a, target, &puzzles);
    emit_puzzle_sheet(a, sheet, command, dest, out)?;
    mined.shortfall(a.time_limit)
}

/// The Gosforth best-move sheet and key.
fn gosforth_sheet(a: &PuzzlesArgs, target: u8, puzzles: &[GosforthPuzzle]) -> PuzzleSheet {
    use crate::games::gosforth::draw::diagram;
    use crate::games::gosforth::notation::position_id;
    use crate::games::gosforth::position::{cell_name, PLAYER_NAMES as NAMES};
    use crate::games::gosforth::Move as GMove;
    let caption = |p: &GosforthPuzzle| {
        let pos = &p.position;
        let who = NAMES[pos.to_move() as usize];
        let sc = pos.scores();
        let goal = if p.facts.reaches_target { format!("reach {target} now") } else { "score the most now".into() };
        format!("{who} to move: {goal} · X {} O {}  {}", sc[0], sc[1], grade_stars(p.grade))
    };
    let answer_text = |p: &GosforthPuzzle| -> String {
        let pos = &p.position;
        let mv = p.facts.solutions[0];
        let what = match mv {
            GMove::Slide(c) => {
                let piece = if pos.cell(c as usize) == 1 { "X" } else { "O" };
                format!("slide {piece} {}→{}", cell_name(c), pos.gap().map(cell_name).unwrap_or_default())
            }
            GMove::Claim => "claim and pass".into(),
            GMove::Place(c) => cell_name(c),
        };
        format!("{what} (+{})", p.facts.best_net)
    };
    let tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| numbered_tile(p.number, diagram(&p.position, 10.0, &[], None), caption(p), position_id(&p.position)))
        .collect();
    let key_tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| {
            let gap = p.position.gap().unwrap_or(0);
            let (marks, arrow) = match p.facts.solutions[0] {
                GMove::Slide(c) => (vec![gap], Some((c, gap))),
                _ => (vec![gap], None),
            };
            numbered_tile(p.number, diagram(&p.position, 10.0, &marks, arrow), answer_text(p), String::new())
        })
        .collect();
    let intro = vec![
        "Slide a piece next to the gap into it (not the piece your opponent just slid). Four in a row scores 1, five 1 more, filling XX.XX or XXX.X scores 2; sliding your opponent's piece into line scores for your opponent.".to_string(),
        format!("Each puzzle has exactly one best move: the most points for you, less any points it hands over — checked by trying every move. A dashed square marks the piece just slid (it may not slide back). Target {target} · {}", Grade::LEGEND),
    ];
    PuzzleSheet {
        title: "Gosforth — score now".into(),
        doc_title: format!("Gosforth puzzles — seed {}", a.seed),
        intro,
        tiles,
        per_page: a.per_page.unwrap_or(6) as usize,
        key_intro: "The arrow shows the slide into the shaded gap.".into(),
        key_tiles,
        key_per_page: 12,
        numbers: puzzles.iter().map(|p| p.number).collect(),
    }
}

/// `boardpress puzzles el`.
fn puzzles_el(a: &PuzzlesArgs, out: &mut dyn Write) -> Result<()> {
    let params = a.variant.params()?;
    let variant_slug =
        if params != ElParams::default() { format!("-{}", slug(&params.to_id())) } else { String::new() };
    let (kind, words, ext) = puzzle_naming(a, &variant_slug, 6);
    let default = PathBuf::from(format!("output/el-{kind}-{}.{ext}", slug(&a.seed)));
    let dest = destination(&a.out, default)?;
    let request = ElPuzzleRequest {
        params: params.clone(),
        seed: a.seed.clone(),
        any_wins: a.any_wins,
        difficulty: a.difficulty,
    };
    let command = format!(
        "boardpress puzzles el --count {} --seed {}{}{words}",
        a.count,
        shell_quote(&a.seed),
        a.variant.command_words()
    );
    let per_page = a.per_page.unwrap_or(6) as usize;
    if a.task == Some(Task::WinInTwo) {
        if params.players != 2 {
            return Err(Error::input("win-in-two puzzles are for two players (drop --players)"));
        }
        let record = |p: &ElTwoPuzzle| el_two_record(p, &a.seed, !a.any_wins);
        let Some((puzzles, mined)) = run_puzzles(a, &dest, |n, b| request.search_two(n, b), record, out)? else {
            return Ok(());
        };
        let sheet = el_two_sheet(&puzzles, &params, a.any_wins, per_page, &a.seed);
        emit_puzzle_sheet(a, sheet, command, dest, out)?;
        return mined.shortfall(a.time_limit);
    }
    let Some((puzzles, mined)) = run_puzzles(a, &dest, |n, b| request.search(n, b), |p| el_record(p, &request), out)?
    else {
        return Ok(());
    };
    let sheet = el_puzzle_sheet(&puzzles, &params, a.any_wins, per_page, &a.seed);
    emit_puzzle_sheet(a, sheet, command, dest, out)?;
    mined.shortfall(a.time_limit)
}

/// The puzzles and the answer key of an EL sheet.
fn el_puzzle_sheet(
    puzzles: &[ElPuzzle],
    params: &ElParams,
    any_wins: bool,
    per_page: usize,
    seed: &str,
) -> PuzzleSheet {
    let cell = 10.0;
    let promise = if any_wins {
        "Some puzzles have several winning moves; the key lists every one."
    } else {
        "Each puzzle has exactly one winning move: a cell and the number to write there."
    };
    let intro = vec![
        format!("Find the move that completes a line or L of {} cells holding the numbers {}, with your colour on most of its cells.", params.length, if params.consecutive { format!("{} in a row", params.length) } else { format!("1–{}", params.length) }),
        promise.to_string(),
        format!("{} · {} · {}", params.describe(), mark_legend(params.players), Grade::LEGEND),
    ];
    let tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| {
            numbered_tile(
                p.number,
                draw::diagram(&p.position, cell, &[]),
                format!("{} to play and win  {}", PLAYER_NAMES[p.position.to_move() as usize], grade_stars(p.grade)),
                crate::games::el::position_id(&p.position),
            )
        })
        .collect();
    let key_tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| {
            let answer: Vec<String> = p
                .facts
                .solutions
                .iter()
                .map(|m| format!("{} on {}", m.number, crate::geom::square::cell_name(params.size, m.cell as usize)))
                .collect();
            numbered_tile(
                p.number,
                draw::diagram(&p.position, cell, &p.facts.solutions),
                answer.join(", "),
                String::new(),
            )
        })
        .collect();
    PuzzleSheet {
        title: "EL — win in one".into(),
        doc_title: format!("EL win-in-one puzzles — seed {seed}"),
        intro,
        tiles,
        per_page,
        key_intro: "The winning cell is outlined and shaded, with the number to write.".into(),
        key_tiles,
        key_per_page: 20,
        numbers: puzzles.iter().map(|p| p.number).collect(),
    }
}

/// The puzzles and the answer key of an EL win-in-two sheet.
fn el_two_sheet(
    puzzles: &[ElTwoPuzzle],
    params: &ElParams,
    any_wins: bool,
    per_page: usize,
    seed: &str,
) -> PuzzleSheet {
    let cell = 10.0;
    let name = |c: u8| crate::geom::square::cell_name(params.size, c as usize);
    let promise = if any_wins {
        "Some puzzles have several such moves; the key lists every one."
    } else {
        "Each puzzle has exactly one such move (a cell and a number), checked by trying every move and every reply."
    };
    let intro = vec![
        format!("You cannot win at once. Find the move after which you win next turn whatever your opponent writes: usually one number that makes two threats (lines or Ls of {} cells you would complete), which cannot both be stopped.", params.length),
        format!("{promise} A block that writes your missing number completes your EL for you."),
        format!("{} · {} · {}", params.describe(), mark_legend(params.players), Grade::LEGEND),
    ];
    let tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| {
            numbered_tile(
                p.number,
                draw::diagram(&p.position, cell, &[]),
                format!(
                    "{} to play, win in two  {}",
                    PLAYER_NAMES[p.position.to_move() as usize],
                    grade_stars(p.grade)
                ),
                crate::games::el::position_id(&p.position),
            )
        })
        .collect();
    let key_tiles: Vec<Tile> = puzzles
        .iter()
        .map(|p| {
            let moves: Vec<String> =
                p.facts.solutions.iter().map(|m| format!("{} on {}", m.number, name(m.cell))).collect();
            let threats: Vec<String> = p.facts.threat_cells.iter().map(|&c| name(c)).collect();
            numbered_tile(
                p.number,
                draw::diagram(&p.position, cell, &p.facts.solutions),
                format!("{}, then wins on {}", moves.join(" or "), threats.join(" or ")),
                String::new(),
            )
        })
        .collect();
    PuzzleSheet {
        title: "EL — win in two".into(),
        doc_title: format!("EL win-in-two puzzles — seed {seed}"),
        intro,
        tiles,
        per_page,
        key_intro: "The key move is outlined and shaded, with the number to write; then the threats it makes.".into(),
        key_tiles,
        key_per_page: 20,
        numbers: puzzles.iter().map(|p| p.number).collect(),
    }
}

/// `boardpress board`.
fn board(a: &BoardArgs, out: &mut dyn Write) -> Result<()> {
    match a.game {
        Game::El => {
            if a.seed.is_some() || a.count.is_some() || a.blank || a.tokens || a.target.is_some() {
                return Err(Error::input(
                    "--seed, --count, --blank and --tokens are for kamon boards; EL boards are always blank",
                ));
            }
            board_el(a, out)
        }
        Game::Kamon => board_kamon(a, out),
        Game::Six => board_six(a, out),
        Game::Gosforth => board_gosforth(a, out),
    }
}

/// Adds the footer to every page: seed, version, page n/N and the recreating command.
fn with_footers(mut pages: Vec<Scene>, footer: &Footer) -> Vec<Scene> {
    let total = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        crate::layout::sheet::add_footer(page, footer, i + 1, total);
    }
    pages
}

/// `boardpress board gosforth`: the board sheet with score tracks and pieces, or
/// (`--seed`) seeded practice positions: random ends of the placing stage.
fn board_gosforth(a: &BoardArgs, out: &mut dyn Write) -> Result<()> {
    use crate::games::gosforth::draw::diagram;
    use crate::games::gosforth::notation::position_id;
    use crate::games::gosforth::pages;
    use crate::games::gosforth::{GosforthPosition, Stage, Status};
    if a.format == Format::Jsonl {
        return Err(Error::input("--format jsonl is for puzzles; boards are pdf or svg"));
    }
    if a.blank || a.tokens || a.per_page != 1 || !a.variant.command_words().is_empty() {
        return Err(Error::input("board gosforth takes --seed, --count, --target, --paper, --format and --out"));
    }
    if a.count.is_some() && a.seed.is_none() {
        return Err(Error::input("--count goes with --seed (practice positions)"));
    }
    let target = a.target.unwrap_or(12);
    let ext = if a.format == Format::Svg { "svg" } else { "pdf" };
    let name = match &a.seed {
        Some(seed) => format!("gosforth-practice-{}", slug(seed)),
        None => "gosforth-board".to_string(),
    };
    let dest = destination(&a.out, PathBuf::from(format!("output/{name}.{ext}")))?;
    let mut command = String::from("boardpress board gosforth");
    if let Some(seed) = &a.seed {
        command += &format!(" --seed {}", shell_quote(seed));
    }
    if let Some(n) = a.count {
        command += &format!(" --count {n}");
    }
    if target != 12 {
        command += &format!(" --target {target}");
    }
    if a.paper != Paper::A4 {
        command += &format!(" --paper {}", a.paper.word());
    }
    if a.format == Format::Svg {
        command += " --format svg";
    }
    let footer = Footer { seed: a.seed.clone(), command: command.clone() };
    let page_list = match &a.seed {
        None => with_footers(pages::board_pages(a.paper.size(), target), &footer),
        Some(seed) => {
            let source = crate::seed::SeedSource::new("gosforth/practice", seed);
            let mut tiles = Vec::new();
            for i in 1..=a.count.unwrap_or(6) {
                let mut rng = source.stream(i as u64);
                // Random placing stages until one ends without anyone at the target.
                let pos = loop {
                    let mut pos = GosforthPosition::new(target);
                    while pos.stage() == Stage::Placing && pos.status() == Status::Ongoing {
                        let moves = pos.legal_moves();
                        pos.play(moves[crate::seed::below(&mut rng, moves.len() as u32) as usize])
                            .map_err(Error::failed)?;
                    }
                    if pos.status() == Status::Ongoing {
                        break pos;
                    }
                };
                let sc = pos.scores();
                let claim =
                    if pos.claim_available() { format!(", may claim +{}", pos.claim_points()) } else { String::new() };
                tiles.push(Tile {
                    diagram: diagram(&pos, 10.0, &[], None),
                    label: format!("{i}."),
                    caption: format!("X {} · O {} · O to act{claim}", sc[0], sc[1]),
                    small: position_id(&pos),
                });
            }
            let section = SheetSpec {
                title: "Gosforth — practice positions for the sliding stage".into(),
                intro: vec![
                    format!("Each board is a random end of the placing stage with the points it scored; play on from it to {target} with the sliding rules."),
                    "X pieces dark, O pieces white and ringed. O acts first; if an O piece in the gap would score, O may take those points and pass.".into(),
                ],
                tiles,
                per_page: 6,
            };
            layout(a.paper, &[section], &footer, "Gosforth practice positions")
        }
    };
    let info = render::pdf::DocInfo { title: "Gosforth".into(), subject: command, ..Default::default() };
    let written = emit_pages(a.format, dest, &page_list, None, &info, out)?;
    report_written(&written, out)
}

/// `boardpress board six`: hex paper and the formations, or (`--tokens`) the token sheet.
fn board_six(a: &BoardArgs, out: &mut dyn Write) -> Result<()> {
    use crate::games::six::pages;
    if a.format == Format::Jsonl {
        return Err(Error::input("--format jsonl is for puzzles; boards are pdf or svg"));
    }
    if a.seed.is_some()
        || a.count.is_some()
        || a.blank
        || a.per_page != 1
        || a.target.is_some()
        || !a.variant.command_words().is_empty()
    {
        return Err(Error::input("board six takes only --tokens, --paper, --format and --out"));
    }
    let ext = if a.format == Format::Svg { "svg" } else { "pdf" };
    let name = if a.tokens { "six-tokens" } else { "six-paper" };
    let dest = destination(&a.out, PathBuf::from(format!("output/{name}.{ext}")))?;
    let mut command = String::from("boardpress board six");
    if a.tokens {
        command += " --tokens";
    }
    if a.paper != Paper::A4 {
        command += &format!(" --paper {}", a.paper.word());
    }
    if a.format == Format::Svg {
        command += " --format svg";
    }
    let footer = Footer { seed: None, command: command.clone() };
    let page_list = with_footers(
        if a.tokens { vec![pages::token_sheet(a.paper.size())] } else { pages::paper_pages(a.paper.size()) },
        &footer,
    );
    let info = render::pdf::DocInfo { title: "SIX".into(), subject: command, ..Default::default() };
    let written = emit_pages(a.format, dest, &page_list, None, &info, out)?;
    report_written(&written, out)
}

/// `boardpress board kamon`: seeded (or blank) boards, one per page, and the tokens.
fn board_kamon(a: &BoardArgs, out: &mut dyn Write) -> Result<()> {
    use crate::games::kamon::{pages, position_id, seeded_setup};
    if a.format == Format::Jsonl {
        return Err(Error::input("--format jsonl is for puzzles; boards are pdf or svg"));
    }
    if a.per_page != 1 {
        return Err(Error::input("Kamon boards take a whole page each; --per-page is for EL boards"));
    }
    let seed = a.seed.clone().unwrap_or_else(|| "1".into());
    let count = a.count.unwrap_or(1);
    let ext = if a.format == Format::Svg { "svg" } else { "pdf" };
    let name = if a.blank { "blank".to_string() } else { slug(&seed) };
    let default = PathBuf::from(format!("output/kamon-board-{name}{}.{ext}", if a.tokens { "-tokens" } else { "" }));
    let dest = destination(&a.out, default)?;
    let mut command = String::from("boardpress board kamon");
    if a.blank {
        command += " --blank";
    } else {
        command += &format!(" --seed {}", shell_quote(&seed));
    }
    if count != 1 {
        command += &format!(" --count {count}");
    }
    if a.tokens {
        command += " --tokens";
    }
    if a.paper != Paper::A4 {
        command += &format!(" --paper {}", a.paper.word());
    }
    if a.format == Format::Svg {
        command += " --format svg";
    }
    let footer = Footer { seed: (!a.blank).then(|| seed.clone()), command: command.clone() };
    let source = crate::seed::SeedSource::new("kamon/board", &seed);
    let total = count as usize + a.tokens as usize;
    let mut page_list = Vec::new();
    for i in 1..=count {
        let pos = seeded_setup(&mut source.stream(i as u64));
        let lines = if a.blank {
            vec!["Blank board: put a token on every cell but one, or use the token sheet.".to_string()]
        } else {
            vec![
                format!("Board ID {}", position_id(&pos)),
                format!("seed {} · board {i} of {count} · recreate: {}", seed, command),
            ]
        };
        page_list.push(pages::board_page(&pos, a.paper.size(), a.blank, &lines));
    }
    if a.tokens {
        page_list.push(pages::token_sheet(a.paper.size()));
    }
    debug_assert_eq!(page_list.len(), total);
    let page_list = with_footers(page_list, &footer);
    let info = render::pdf::DocInfo { title: "Kamon board".into(), subject: command, ..Default::default() };
    let written = emit_pages(a.format, dest, &page_list, None, &info, out)?;
    report_written(&written, out)
}

/// `boardpress board el`.
fn board_el(a: &BoardArgs, out: &mut dyn Write) -> Result<()> {
    if a.format == Format::Jsonl {
        return Err(Error::input("--format jsonl is for puzzles; boards are pdf or svg"));
    }
    // Blank boards may be larger than the engine supports; only the drawing is needed.
    let mut variant = a.variant.clone();
    let print_size = variant.size;
    if !(3..=crate::geom::square::MAX_PRINT_SIZE).contains(&print_size) {
        return Err(Error::input(format!(
            "board size {print_size} is outside 3..{}",
            crate::geom::square::MAX_PRINT_SIZE
        )));
    }
    variant.size = variant.size.min(crate::geom::square::MAX_ENGINE_SIZE);
    let mut params = variant.params()?;
    params.size = print_size;
    let ext = if a.format == Format::Svg { "svg" } else { "pdf" };
    let default = PathBuf::from(format!("output/el-board-{}.{ext}", slug(&params.to_id())));
    let dest = destination(&a.out, default)?;

    let mut command = format!("boardpress board el{}", a.variant.command_words());
    if a.per_page != 1 {
        command += &format!(" --per-page {}", a.per_page);
    }
    if a.paper != Paper::A4 {
        command += &format!(" --paper {}", a.paper.word());
    }
    if a.format == Format::Svg {
        command += " --format svg";
    }
    let tiles: Vec<Tile> = (0..a.per_page)
        .map(|_| Tile {
            diagram: draw::blank(&params, 10.0),
            label: String::new(),
            caption: format!("Players: {}", mark_legend(params.players)),
            small: String::new(),
        })
        .collect();
    let rule = format!(
        "Take turns writing a number 1–{} in an empty cell. Complete a line or L of {} cells whose numbers are {} and hold most of its cells to win.",
        params.numbers,
        params.length,
        if params.consecutive { format!("{} in a row", params.length) } else { format!("1–{} once each", params.length) }
    );
    let section = SheetSpec {
        title: format!("EL — {}x{} board", params.size, params.size),
        intro: vec![params.describe(), rule],
        tiles,
        per_page: a.per_page as usize,
    };
    let footer = Footer { seed: None, command: command.clone() };
    let title = format!("EL board {}x{}", params.size, params.size);
    let pages = layout(a.paper, &[section], &footer, &title);
    let info = render::pdf::DocInfo { title, subject: command, ..Default::default() };
    let written = emit_pages(a.format, dest, &pages, None, &info, out)?;
    report_written(&written, out)
}

/// `boardpress solve`.
fn solve(a: &SolveArgs, out: &mut dyn Write) -> Result<()> {
    let text = match a.game {
        Game::El => solve_report(&parse_position_id(&a.id).map_err(|e| Error::input(format!("position ID: {e}")))?),
        Game::Kamon => {
            let pos =
                crate::games::kamon::parse_position_id(&a.id).map_err(|e| Error::input(format!("position ID: {e}")))?;
            kamon_solve_report(&pos)
        }
        Game::Six => {
            let pos =
                crate::games::six::parse_position_id(&a.id).map_err(|e| Error::input(format!("position ID: {e}")))?;
            six_solve_report(&pos)
        }
        Game::Gosforth => {
            let pos = crate::games::gosforth::parse_position_id(&a.id)
                .map_err(|e| Error::input(format!("position ID: {e}")))?;
            gosforth_solve_report(&pos)
        }
    };
    out.write_all(text.as_bytes()).map_err(|e| Error::io(e.to_string()))
}

/// The text `solve gosforth` prints: the board, scores, and every legal move with the
/// points it scores (and for whom).
pub fn gosforth_solve_report(pos: &crate::games::gosforth::GosforthPosition) -> String {
    use crate::games::gosforth::position::{move_text, PLAYER_NAMES as NAMES};
    use crate::games::gosforth::{Stage, Status};
    let mut s = crate::games::gosforth::notation::text_board(pos);
    let sc = pos.scores();
    s += &format!("scores: X {} · O {} (target {})\n", sc[0], sc[1], pos.target());
    match pos.status() {
        Status::Won(w) => s += &format!("status: game over, {} has won\n", NAMES[w as usize]),
        Status::Drawn => s += "status: game over, draw at the ply cap\n",
        Status::Ongoing => {
            let stage = if pos.stage() == Stage::Placing { "placing" } else { "movement" };
            s += &format!("status: {} to move ({stage} stage)\n", NAMES[pos.to_move() as usize]);
            for mv in pos.legal_moves() {
                let (next, who, pts) = pos.after(mv);
                let won = if matches!(next.status(), Status::Won(w) if w == who) && pts > 0 {
                    " — reaches the target"
                } else {
                    ""
                };
                let scored = if pts == 0 { "no points".to_string() } else { format!("{} +{pts}", NAMES[who as usize]) };
                s += &format!("  {:<6} {scored}{won}\n", move_text(mv));
            }
            s += "(a move 'b3>' slides the piece on b3 into the gap)\n";
        }
    }
    s
}

/// The text `solve six` prints.
pub fn six_solve_report(pos: &crate::games::six::SixPosition) -> String {
    use crate::games::six::position::{move_text, PLAYER_NAMES as NAMES};
    use crate::games::six::Status;
    let mut s = crate::games::six::notation::text_board(pos);
    match pos.status() {
        Status::Won(w, crate::games::six::WinKind::Formation(f)) => {
            s += &format!("status: game over, {} has a {}\n", NAMES[w as usize], f.word())
        }
        Status::Won(w, crate::games::six::WinKind::Outnumbered) => {
            s += &format!("status: game over, {} wins: the other has five tokens or fewer\n", NAMES[w as usize])
        }
        Status::Drawn => s += "status: game over, draw\n",
        Status::Ongoing => {
            let moves = pos.legal_moves();
            s += &format!(
                "status: {} to move, round {}, {} legal moves\n",
                NAMES[pos.to_move() as usize],
                pos.round(),
                moves.len()
            );
            let wins: Vec<String> = pos.winning_moves().into_iter().map(move_text).collect();
            s += &format!("winning moves: {}\n", if wins.is_empty() { "none".into() } else { wins.join("  ") });
            if pos.round() == 1 {
                // What the opponent would win with if it were his turn.
                let theirs =
                    crate::games::six::SixPosition::from_tokens(pos.tokens(), pos.hands(), 1 - pos.to_move(), 0);
                let threats: Vec<String> = theirs.winning_moves().into_iter().map(move_text).collect();
                let listed = if threats.is_empty() { "none".into() } else { threats.join("  ") };
                s += &format!("threats of {}: {listed}\n", NAMES[1 - pos.to_move() as usize]);
            }
        }
    }
    s
}

/// The text `solve kamon` prints.
pub fn kamon_solve_report(pos: &crate::games::kamon::KamonPosition) -> String {
    use crate::games::kamon::notation::cell_name;
    use crate::games::kamon::position::{bits, PLAYER_NAMES as NAMES};
    use crate::games::kamon::Status;
    let mut s = crate::games::kamon::notation::text_board(pos);
    let names = |mask: u64| {
        let v: Vec<String> = bits(mask).map(cell_name).collect();
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    match pos.status() {
        Status::Won(w, how) => s += &format!("status: game over, {} has won by {}\n", NAMES[w as usize], how.word()),
        Status::Drawn => s += "status: game over, draw (all 36 pawns placed)\n",
        Status::Ongoing => {
            let constraint = match pos.constraint() {
                Some(t) => format!("must cover {} ({}): same symbol or same count", t.words(), t.code()),
                None => "first move: any free non-corner edge cell".into(),
            };
            s += &format!(
                "status: {} to move, {} pawns placed; {constraint}\n",
                NAMES[pos.to_move() as usize],
                pos.plies()
            );
            s += &format!("legal cells: {}\n", names(pos.legal()));
            let wins: Vec<String> =
                pos.winning_moves().iter().map(|(b, how)| format!("{} ({})", cell_name(*b), how.word())).collect();
            s += &format!("winning cells: {}\n", if wins.is_empty() { "none".into() } else { wins.join(" ") });
        }
    }
    s
}

/// The text `solve` prints for a position.
pub fn solve_report(pos: &ElPosition) -> String {
    let p = pos.params();
    let mut s = crate::games::el::notation::text_board(pos);
    s.push('\n');
    let list = |moves: &[crate::games::el::Move]| {
        if moves.is_empty() {
            "none".to_string()
        } else {
            moves.iter().map(|m| pos.move_text(*m)).collect::<Vec<_>>().join(" ")
        }
    };
    match pos.status() {
        Status::Won(w) => s += &format!("status: game over, {} has won\n", PLAYER_NAMES[w as usize]),
        Status::Drawn => s += "status: game over, draw (full board)\n",
        Status::Ongoing => {
            let mover = pos.to_move();
            s += &format!(
                "status: {} to move; {} numbers written, {} empty cells, {} legal moves\n",
                PLAYER_NAMES[mover as usize],
                pos.moves_made(),
                pos.empty().count_ones(),
                pos.legal_moves().len()
            );
            let legal = pos.legal_moves();
            let wins: Vec<_> = legal.iter().copied().filter(|&m| pos.status_after(m) == Status::Won(mover)).collect();
            let losing: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&m| matches!(pos.status_after(m), Status::Won(w) if w != mover))
                .collect();
            s += &format!("winning moves for {}: {}\n", PLAYER_NAMES[mover as usize], list(&wins));
            s += &format!("moves that hand the win to another player: {}\n", list(&losing));
            for q in 0..p.players {
                s += &format!(
                    "threats of {} ({}): {}\n",
                    PLAYER_NAMES[q as usize],
                    PLAYER_LETTERS[q as usize],
                    list(&pos.threats(q))
                );
            }
        }
    }
    s += "(moves are NUMBER@CELL: 4@c3 means write 4 on c3)\n";
    s
}

/// `boardpress verify`.
fn verify(a: &VerifyArgs, out: &mut dyn Write) -> Result<()> {
    let name = a.file.display().to_string();
    let records = read_records(&a.file)?;
    let checked = records.len();
    let problems: Vec<String> = records
        .par_iter()
        .filter_map(|(at, record)| {
            verify_record(record).err().map(|problem| crate::error::single_line(&format!("{at}: {problem}")))
        })
        .collect();
    let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(|e| Error::io(e.to_string()));
    for p in &problems {
        w(out, p.clone())?;
    }
    if problems.is_empty() {
        w(out, format!("{checked} records in {name}: all verified by exhaustive search"))
    } else {
        Err(Error::failed(format!("{} of {checked} records in {name} failed verification", problems.len())))
    }
}

/// Re-checks one record: the ID parses, the board and side to move agree with it, and
/// the solutions, uniqueness and difficulty figures are what exhaustive search finds.
pub fn verify_record(r: &Value) -> std::result::Result<(), String> {
    let field = |k: &str| r.get(k).ok_or_else(|| format!("missing field '{k}'"));
    let game = field("game")?.as_str().ok_or("'game' must be a string")?;
    match game {
        "el" => {}
        "kamon" => return verify_kamon_record(r),
        "six" => return verify_six_record(r),
        "gosforth" => return verify_gosforth_record(r),
        other => {
            return Err(format!(
                "game '{other}' cannot be verified (this version verifies el, kamon, six and gosforth)"
            ))
        }
    }
    let id = field("id")?.as_str().ok_or("'id' must be a string")?;
    let pos = parse_position_id(id).map_err(|e| format!("id: {e}"))?;
    if field("board")?.as_str() != Some(board_text(&pos).as_str()) {
        return Err("'board' does not match the board in 'id'".into());
    }
    if field("to_move")?.as_str() != Some(PLAYER_LETTERS[pos.to_move() as usize].to_string().as_str()) {
        return Err("'to_move' does not match 'id'".into());
    }
    let params = field("params")?;
    let p = pos.params();
    for (k, v) in [("size", p.size), ("numbers", p.numbers), ("length", p.length), ("players", p.players)] {
        if params.get(k).and_then(Value::as_u64) != Some(v as u64) {
            return Err(format!("params.{k} does not match 'id'"));
        }
    }
    let task = field("task")?.as_str().ok_or("'task' must be a string")?;
    if task == "win-in-two" {
        return verify_el_two_record(r, &pos);
    }
    if task != "win-in-one" {
        return Err(format!("unknown task '{task}'"));
    }
    let facts = check_win_in_one(&pos)?;
    let mut claimed: Vec<(String, u64)> = field("solutions")?
        .as_array()
        .ok_or("'solutions' must be an array")?
        .iter()
        .map(|s| {
            let cell = s.get("cell").and_then(Value::as_str).ok_or("a solution lacks 'cell'")?;
            let number = s.get("number").and_then(Value::as_u64).ok_or("a solution lacks 'number'")?;
            Ok((cell.to_string(), number))
        })
        .collect::<std::result::Result<_, String>>()?;
    claimed.sort();
    let mut actual: Vec<(String, u64)> = facts
        .solutions
        .iter()
        .map(|m| (crate::geom::square::cell_name(p.size, m.cell as usize), m.number as u64))
        .collect();
    actual.sort();
    if claimed != actual {
        let show = |v: &[(String, u64)]| v.iter().map(|(c, n)| format!("{n}@{c}")).collect::<Vec<_>>().join(" ");
        return Err(format!("solutions listed: [{}], exhaustive search finds: [{}]", show(&claimed), show(&actual)));
    }
    let unique = field("unique")?.as_bool().ok_or("'unique' must be true or false")?;
    if unique && actual.len() != 1 {
        return Err(format!("marked unique but has {} winning moves", actual.len()));
    }
    let figures = [
        ("empty_cells", facts.empty_cells),
        ("legal_moves", facts.legal_moves),
        ("solver_nodes", facts.legal_moves),
        ("decoys", facts.decoys),
    ];
    check_difficulty(r, &figures, Grade::for_el(&facts))
}

/// The `solutions` of a record as sorted text, each solution's fields in key order.
fn solutions_text(r: &Value) -> std::result::Result<Vec<String>, String> {
    let list = r.get("solutions").and_then(Value::as_array).ok_or("'solutions' must be an array")?;
    let mut text: Vec<String> = list.iter().map(Value::to_string).collect();
    text.sort();
    Ok(text)
}

/// Compares a record's solutions and uniqueness with what the search found.
fn check_solutions(r: &Value, actual: Vec<Value>) -> std::result::Result<(), String> {
    let claimed = solutions_text(r)?;
    let mut found: Vec<String> = actual.iter().map(Value::to_string).collect();
    found.sort();
    if claimed != found {
        return Err(format!(
            "solutions listed: [{}], exhaustive search finds: [{}]",
            claimed.join(" "),
            found.join(" ")
        ));
    }
    let unique = r.get("unique").and_then(Value::as_bool).ok_or("'unique' must be true or false")?;
    if unique && found.len() != 1 {
        return Err(format!("marked unique but has {} solutions", found.len()));
    }
    Ok(())
}

/// Re-checks an EL win-in-two record by the full search.
fn verify_el_two_record(r: &Value, pos: &ElPosition) -> std::result::Result<(), String> {
    use crate::games::el::verify::check_win_in_two;
    let facts = check_win_in_two(pos)?;
    let size = pos.params().size;
    let name = |c: u8| crate::geom::square::cell_name(size, c as usize);
    let actual =
        facts.solutions.iter().map(|m| serde_json::json!({"cell": name(m.cell), "number": m.number})).collect();
    check_solutions(r, actual)?;
    let figures = [
        ("legal_moves", facts.legal_moves as u64),
        ("decoys", facts.decoys as u64),
        ("replies", facts.replies as u64),
        ("defensive_replies", facts.defensive_replies as u64),
        ("solver_nodes", facts.solver_nodes),
    ];
    check_figures(r, &figures, Grade::for_el_two(&facts))
}

/// Checks a record's `difficulty` object (when present) against measured figures.
fn check_figures(r: &Value, figures: &[(&str, u64)], grade: Grade) -> std::result::Result<(), String> {
    let Some(d) = r.get("difficulty") else { return Ok(()) };
    for &(k, v) in figures {
        if d.get(k).and_then(Value::as_u64) != Some(v) {
            return Err(format!("difficulty.{k} is not the measured {v}"));
        }
    }
    if d.get("grade").and_then(Value::as_str) != Some(grade.word()) {
        return Err(format!("difficulty.grade is not the measured '{}'", grade.word()));
    }
    Ok(())
}

/// [`check_figures`] for counts held as `u32`.
fn check_difficulty(r: &Value, figures: &[(&str, u32)], grade: Grade) -> std::result::Result<(), String> {
    let wide: Vec<(&str, u64)> = figures.iter().map(|&(k, v)| (k, v as u64)).collect();
    check_figures(r, &wide, grade)
}

/// Re-checks a Gosforth record: ID, board, side to move, and the best move and figures
/// found by scoring every legal move.
fn verify_gosforth_record(r: &Value) -> std::result::Result<(), String> {
    use crate::games::gosforth::notation::board_text;
    use crate::games::gosforth::verify::check_best_move;
    use crate::puzzle::gosforth_move_json;
    let field = |k: &str| r.get(k).ok_or_else(|| format!("missing field '{k}'"));
    let id = field("id")?.as_str().ok_or("'id' must be a string")?;
    let pos = crate::games::gosforth::parse_position_id(id).map_err(|e| format!("id: {e}"))?;
    if field("board")?.as_str() != Some(board_text(&pos).as_str()) {
        return Err("'board' does not match the board in 'id'".into());
    }
    let facts = check_best_move(&pos)?;
    if facts.solutions.len() != 1 {
        return Err(format!("{} moves share the best score; a puzzle needs one", facts.solutions.len()));
    }
    let task = field("task")?.as_str();
    if task == Some("win-in-one") && !facts.reaches_target {
        return Err("task win-in-one, but the best move does not reach the target".into());
    }
    let claimed: Vec<String> =
        field("solutions")?.as_array().ok_or("'solutions' must be an array")?.iter().map(|v| v.to_string()).collect();
    let actual: Vec<String> = facts.solutions.iter().map(|&m| gosforth_move_json(&pos, m).to_string()).collect();
    if claimed != actual {
        return Err(format!(
            "solutions listed: [{}], exhaustive search finds: [{}]",
            claimed.join(" "),
            actual.join(" ")
        ));
    }
    check_difficulty(
        r,
        &[("legal_moves", facts.legal_moves), ("solver_nodes", facts.legal_moves), ("decoys", facts.decoys)],
        Grade::for_gosforth(&facts),
    )
}

/// Re-checks a SIX record: ID, board, side to move, task, and the solutions and
/// figures found by trying every legal move.
fn verify_six_record(r: &Value) -> std::result::Result<(), String> {
    use crate::games::six::verify::{check_one_move as check, OneMoveTask};
    use crate::puzzle::six_move_json;
    let field = |k: &str| r.get(k).ok_or_else(|| format!("missing field '{k}'"));
    let id = field("id")?.as_str().ok_or("'id' must be a string")?;
    let pos = crate::games::six::parse_position_id(id).map_err(|e| format!("id: {e}"))?;
    let mut board: Vec<String> = pos
        .tokens()
        .iter()
        .map(|&(a, c)| {
            serde_json::json!([a.q, a.r, crate::games::six::position::PLAYER_LETTERS[c as usize].to_string()])
                .to_string()
        })
        .collect();
    board.sort();
    let mut listed: Vec<String> =
        field("board")?.as_array().ok_or("'board' must be an array")?.iter().map(|v| v.to_string()).collect();
    listed.sort();
    if board != listed {
        return Err("'board' does not match the tokens in 'id'".into());
    }
    let task = match field("task")?.as_str() {
        Some("win-in-one") => OneMoveTask::WinInOne,
        Some("block") => OneMoveTask::Block,
        Some("win-in-two") => {
            let facts = crate::games::six::verify::check_win_in_two(&pos)?;
            check_solutions(r, facts.solutions.iter().map(|m| six_move_json(*m)).collect())?;
            let figures = [
                ("legal_moves", facts.legal_moves as u64),
                ("decoys", facts.decoys as u64),
                ("replies", facts.replies as u64),
                ("defensive_replies", facts.defensive_replies as u64),
                ("solver_nodes", facts.solver_nodes),
            ];
            return check_figures(r, &figures, Grade::from_nodes(facts.solver_nodes, crate::puzzle::SIX_TWO_CUTS));
        }
        other => return Err(format!("unknown task {other:?}")),
    };
    let facts = check(&pos, task)?;
    let mut claimed: Vec<String> =
        field("solutions")?.as_array().ok_or("'solutions' must be an array")?.iter().map(|v| v.to_string()).collect();
    claimed.sort();
    let mut actual: Vec<String> = facts.solutions.iter().map(|m| six_move_json(*m).to_string()).collect();
    actual.sort();
    if claimed != actual {
        return Err(format!(
            "solutions listed: [{}], exhaustive search finds: [{}]",
            claimed.join(" "),
            actual.join(" ")
        ));
    }
    if field("unique")?.as_bool() == Some(true) && actual.len() != 1 {
        return Err(format!("marked unique but has {} solutions", actual.len()));
    }
    check_difficulty(
        r,
        &[("legal_moves", facts.legal_moves), ("solver_nodes", facts.legal_moves), ("decoys", facts.decoys)],
        Grade::for_six(&facts, pos.round()),
    )
}

/// Re-checks a Kamon record like [`verify_record`] does for EL.
fn verify_kamon_record(r: &Value) -> std::result::Result<(), String> {
    use crate::games::kamon::notation::{board_text, cell_name};
    use crate::games::kamon::position::PLAYER_LETTERS as LETTERS;
    use crate::games::kamon::verify::check_win_in_one as check;
    let field = |k: &str| r.get(k).ok_or_else(|| format!("missing field '{k}'"));
    let id = field("id")?.as_str().ok_or("'id' must be a string")?;
    let pos = crate::games::kamon::parse_position_id(id).map_err(|e| format!("id: {e}"))?;
    if field("board")?.as_str() != Some(board_text(&pos).as_str()) {
        return Err("'board' does not match the board in 'id'".into());
    }
    if field("to_move")?.as_str() != Some(LETTERS[pos.to_move() as usize].to_string().as_str()) {
        return Err("'to_move' does not match 'id'".into());
    }
    let constraint = pos.constraint().map(|t| t.code());
    if field("constraint")?.as_str().map(str::to_string) != constraint {
        return Err("'constraint' does not match 'id'".into());
    }
    match field("task")?.as_str() {
        Some("win-in-one") => {}
        Some("win-in-two") => {
            use crate::games::kamon::verify::check_win_in_two;
            let facts = check_win_in_two(&pos)?;
            check_solutions(r, facts.solutions.iter().map(|&b| serde_json::json!({"cell": cell_name(b)})).collect())?;
            let figures = [
                ("legal_moves", facts.legal_moves as u64),
                ("decoys", facts.decoys as u64),
                ("replies", facts.replies as u64),
                ("solver_nodes", facts.solver_nodes),
            ];
            let grade = Grade::from_nodes(facts.solver_nodes, crate::puzzle::KAMON_TWO_CUTS);
            return check_figures(r, &figures, grade);
        }
        _ => return Err("unknown task".into()),
    }
    let facts = check(&pos)?;
    let mut claimed: Vec<String> = field("solutions")?
        .as_array()
        .ok_or("'solutions' must be an array")?
        .iter()
        .map(|s| s.get("cell").and_then(Value::as_str).map(str::to_string).ok_or("a solution lacks 'cell'"))
        .collect::<std::result::Result<_, _>>()?;
    claimed.sort();
    let mut actual: Vec<String> = facts.solutions.iter().map(|(b, _)| cell_name(*b)).collect();
    actual.sort();
    if claimed != actual {
        return Err(format!(
            "solutions listed: [{}], exhaustive search finds: [{}]",
            claimed.join(" "),
            actual.join(" ")
        ));
    }
    let unique = field("unique")?.as_bool().ok_or("'unique' must be true or false")?;
    if unique && actual.len() != 1 {
        return Err(format!("marked unique but has {} winning cells", actual.len()));
    }
    check_difficulty(
        r,
        &[("legal_moves", facts.legal_moves), ("solver_nodes", facts.legal_moves), ("decoys", facts.decoys)],
        Grade::for_kamon(&facts),
    )
}

/// Reads the records of a JSON Lines file (or standard input), each with its `file:line`.
fn read_records(file: &std::path::Path) -> Result<Vec<(String, Value)>> {
    let name = file.display().to_string();
    let reader: Box<dyn BufRead> = if file.as_os_str() == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        if file.is_dir() {
            return Err(Error::io(format!("{name} is a directory, not a JSON Lines file")));
        }
        let f = std::fs::File::open(file).map_err(|e| Error::io(format!("cannot read {name}: {e}")))?;
        Box::new(std::io::BufReader::new(f))
    };
    parse_records(&name, reader)
}

/// Reads JSON Lines records (blank lines skipped), each labelled `name:line` for messages.
/// Fails on the first line that is not a JSON object, or when there is no record at all.
pub fn parse_records(name: &str, reader: impl BufRead) -> Result<Vec<(String, Value)>> {
    let mut records = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| Error::io(format!("cannot read {name}: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{name}:{}", i + 1);
        let record: Value =
            serde_json::from_str(&line).map_err(|e| Error::input(format!("{at}: not a JSON object: {e}")))?;
        if !record.is_object() {
            return Err(Error::input(format!("{at}: not a JSON object (a record is {{\"game\": …, \"id\": …}})")));
        }
        records.push((at, record));
    }
    if records.is_empty() {
        return Err(Error::input(format!("{name} holds no records")));
    }
    Ok(records)
}

/// `boardpress render`: re-verifies every record of a JSON Lines file, rebuilds the
/// puzzles from their IDs and typesets them exactly as `puzzles` would.
fn render_jsonl(a: &RenderArgs, out: &mut dyn Write) -> Result<()> {
    if a.format == Format::Jsonl {
        return Err(Error::input("render writes pdf or svg"));
    }
    let records = read_records(&a.file)?;
    let text = |r: &Value, k: &str| r.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let kind = |r: &Value| {
        let variant = r.get("params").map(Value::to_string).unwrap_or_default();
        let variant = if text(r, "game") == "six" { text(r, "task") } else { variant };
        (text(r, "game"), text(r, "task"), variant, r.get("unique").and_then(Value::as_bool).unwrap_or(true))
    };
    let first = &records[0].1;
    for (at, r) in &records {
        verify_record(r).map_err(|problem| Error::input(format!("{at}: {problem}; nothing was printed")))?;
        if kind(r) != kind(first) {
            return Err(Error::input(format!(
                "{at}: a {} {} puzzle among {} {} puzzles; render one game, task and variant per sheet",
                text(r, "game"),
                text(r, "task"),
                text(first, "game"),
                text(first, "task")
            )));
        }
    }
    let (game, task, _, unique) = kind(first);
    let seeds: std::collections::BTreeSet<String> = records.iter().map(|(_, r)| text(r, "seed")).collect();
    let seed = if seeds.len() == 1 { seeds.into_iter().next().unwrap_or_default() } else { "several".into() };
    let mut words = vec!["boardpress".to_string(), "puzzles".into(), game.clone(), "--seed".into(), seed.clone()];
    words.extend(["--paper".into(), a.paper.word().to_string()]);
    if let Some(n) = a.per_page {
        words.extend(["--per-page".into(), n.to_string()]);
    }
    if a.format == Format::Svg {
        words.extend(["--format".into(), "svg".into()]);
    }
    if !unique {
        words.push("--any-wins".into());
    }
    let Ok(Cli { command: Command::Puzzles(mut args) }) = <Cli as clap::Parser>::try_parse_from(&words) else {
        return Err(Error::input(format!("cannot typeset {game} {task} puzzles")));
    };
    args.out = a.out.clone();
    let stem = a.file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "puzzles".into());
    let ext = if a.format == Format::Svg { "svg" } else { "pdf" };
    let dest = destination(&a.out, PathBuf::from(format!("output/{}.{ext}", slug(&stem))))?;
    let mut command = format!("boardpress render {}", shell_quote(&a.file.display().to_string()));
    if a.paper != Paper::A4 {
        command += &format!(" --paper {}", a.paper.word());
    }
    if let Some(n) = a.per_page {
        command += &format!(" --per-page {n}");
    }
    let number = |r: &Value| r.get("number").and_then(Value::as_u64).unwrap_or(0) as u32;
    let id = |r: &Value| text(r, "id");
    let fail = |at: &str, e: String| Error::input(format!("{at}: {e}"));
    let sheet = match (game.as_str(), task.as_str()) {
        ("el", "win-in-one") => {
            let mut puzzles = Vec::new();
            for (at, r) in &records {
                let position = parse_position_id(&id(r)).map_err(|e| fail(at, e))?;
                let facts = check_win_in_one(&position).map_err(|e| fail(at, e))?;
                let grade = Grade::for_el(&facts);
                puzzles.push(ElPuzzle { number: number(r), position, facts, grade });
            }
            let params = puzzles[0].position.params().clone();
            el_puzzle_sheet(&puzzles, &params, !unique, args.per_page.unwrap_or(6) as usize, &seed)
        }
        ("el", "win-in-two") => {
            use crate::games::el::verify::check_win_in_two;
            let mut puzzles = Vec::new();
            for (at, r) in &records {
                let position = parse_position_id(&id(r)).map_err(|e| fail(at, e))?;
                let facts = check_win_in_two(&position).map_err(|e| fail(at, e))?;
                let grade = Grade::for_el_two(&facts);
                puzzles.push(ElTwoPuzzle { number: number(r), position, facts, grade });
            }
            let params = puzzles[0].position.params().clone();
            el_two_sheet(&puzzles, &params, !unique, args.per_page.unwrap_or(6) as usize, &seed)
        }
        ("kamon", _) => {
            use crate::games::kamon::parse_position_id as parse;
            use crate::games::kamon::verify::{check_win_in_one as one, check_win_in_two as two};
            let mut ones = Vec::new();
            let mut twos = Vec::new();
            for (at, r) in &records {
                let position = parse(&id(r)).map_err(|e| fail(at, e))?;
                if task == "win-in-two" {
                    let facts = two(&position).map_err(|e| fail(at, e))?;
                    let grade = Grade::from_nodes(facts.solver_nodes, crate::puzzle::KAMON_TWO_CUTS);
                    twos.push(KamonTwoPuzzle { number: number(r), position, facts, grade });
                } else {
                    let facts = one(&position).map_err(|e| fail(at, e))?;
                    let grade = Grade::for_kamon(&facts);
                    ones.push(KamonPuzzle { number: number(r), position, facts, grade });
                }
            }
            if task == "win-in-two" {
                kamon_two_sheet(&args, &twos)
            } else {
                kamon_sheet(&args, &ones)
            }
        }
        ("six", _) => {
            use crate::games::six::parse_position_id as parse;
            use crate::games::six::verify::{check_one_move as check, check_win_in_two, OneMoveTask};
            let mut ones = Vec::new();
            let mut twos = Vec::new();
            let six_task = if task == "block" { OneMoveTask::Block } else { OneMoveTask::WinInOne };
            for (at, r) in &records {
                let position = parse(&id(r)).map_err(|e| fail(at, e))?;
                if task == "win-in-two" {
                    let facts = check_win_in_two(&position).map_err(|e| fail(at, e))?;
                    let grade = Grade::from_nodes(facts.solver_nodes, crate::puzzle::SIX_TWO_CUTS);
                    twos.push(SixTwoPuzzle { number: number(r), position, facts, grade });
                } else {
                    let facts = check(&position, six_task).map_err(|e| fail(at, e))?;
                    let grade = Grade::for_six(&facts, position.round());
                    ones.push(SixPuzzle { number: number(r), position, facts, grade });
                }
            }
            if task == "win-in-two" {
                six_two_sheet(&args, &twos)
            } else {
                let round = ones[0].position.round();
                if ones.iter().any(|p| p.position.round() != round) {
                    return Err(Error::input(
                        "the file mixes round-one and round-two puzzles; render one round per sheet",
                    ));
                }
                six_sheet(&args, six_task, round, &ones)
            }
        }
        ("gosforth", _) => {
            use crate::games::gosforth::notation::parse_position_id as parse;
            use crate::games::gosforth::verify::check_best_move;
            let mut puzzles = Vec::new();
            for (at, r) in &records {
                let position = parse(&id(r)).map_err(|e| fail(at, e))?;
                let facts = check_best_move(&position).map_err(|e| fail(at, e))?;
                let grade = Grade::for_gosforth(&facts);
                puzzles.push(GosforthPuzzle { number: number(r), position, facts, grade });
            }
            let target = puzzles[0].position.target();
            gosforth_sheet(&args, target, &puzzles)
        }
        _ => return Err(Error::input(format!("cannot typeset {game} {task} puzzles"))),
    };
    emit_puzzle_sheet(&args, sheet, command, dest, out)
}

/// `boardpress demo`: a sample pack — each entry is an ordinary command with its file.
fn demo(a: &DemoArgs, out: &mut dyn Write) -> Result<()> {
    use clap::Parser;
    let dir = &a.out_dir;
    if dir.exists() && !dir.is_dir() {
        return Err(Error::io(format!("{} is not a folder", dir.display())));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(format!("cannot create folder {}: {e}", dir.display())))?;
    let pack: [(&[&str], &str); 19] = [
        (&["puzzles", "el", "--count", "12", "--seed", "demo"], "el-win-in-one-demo.pdf"),
        (&["puzzles", "el", "--task", "win-in-two", "--count", "12", "--seed", "demo"], "el-win-in-two-demo.pdf"),
        (&["puzzles", "kamon", "--task", "win-in-two", "--count", "8", "--seed", "demo"], "kamon-win-in-two-demo.pdf"),
        (&["puzzles", "six", "--task", "win-in-two", "--count", "6", "--seed", "demo"], "six-win-in-two-demo.pdf"),
        (&["puzzles", "el", "--count", "12", "--seed", "demo", "--format", "jsonl"], "el-win-in-one-demo.jsonl"),
        (&["board", "el"], "el-board-6x6.pdf"),
        (&["board", "el", "--size", "8", "--numbers", "8", "--per-page", "2"], "el-board-8x8-n8-2up.pdf"),
        (&["board", "kamon", "--seed", "demo", "--tokens"], "kamon-board-demo-tokens.pdf"),
        (&["puzzles", "kamon", "--count", "8", "--seed", "demo"], "kamon-win-in-one-demo.pdf"),
        (&["puzzles", "kamon", "--count", "8", "--seed", "demo", "--format", "jsonl"], "kamon-win-in-one-demo.jsonl"),
        (&["board", "six"], "six-paper.pdf"),
        (&["puzzles", "six", "--count", "6", "--seed", "demo"], "six-win-demo.pdf"),
        (&["board", "gosforth"], "gosforth-board.pdf"),
        (&["puzzles", "gosforth", "--count", "12", "--seed", "demo"], "gosforth-puzzles-demo.pdf"),
        (&["rules", "el"], "el-rules.pdf"),
        (&["rules", "kamon", "--booklet"], "kamon-rules-booklet.pdf"),
        (&["rules", "six"], "six-rules.pdf"),
        (&["rules", "gosforth"], "gosforth-rules.pdf"),
        (&["rules", "gosforth", "--format", "html"], "gosforth-rules.html"),
    ];
    for (args, file) in pack {
        let mut argv = vec!["boardpress"];
        argv.extend_from_slice(args);
        let target = dir.join(file).display().to_string();
        argv.extend_from_slice(&["--out", &target]);
        if args[0] == "puzzles" {
            argv.push("--quiet");
        }
        let cli = crate::cli::Cli::try_parse_from(&argv).map_err(|e| Error::failed(format!("demo arguments: {e}")))?;
        run(cli.command, out)?;
    }
    Ok(())
}

/// What `boardpress rules` typesets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RulesWhich {
    One(Game),
    All,
}

/// The tera variables every rulebook source can use (`command` is quoted in the colophon).
pub fn rules_context(params: &ElParams, target: u8, command: &str) -> tera::Context {
    let mut ctx = tera::Context::new();
    let files: Vec<String> = (0..params.size).map(|c| crate::geom::square::column_letter(c).to_string()).collect();
    ctx.insert("version", crate::VERSION);
    ctx.insert("command", command);
    ctx.insert("size", &params.size);
    ctx.insert("numbers", &params.numbers);
    ctx.insert("length", &params.length);
    ctx.insert("players", &params.players);
    ctx.insert("consecutive", &params.consecutive);
    ctx.insert("shape", params.shape.word());
    ctx.insert("full_board_p2", &params.full_board_p2);
    ctx.insert("balance", &params.balance);
    ctx.insert("params_id", &params.to_id());
    ctx.insert("variant", &params.describe());
    ctx.insert("files", &files);
    ctx.insert("last_file", files.last().map(String::as_str).unwrap_or("a"));
    ctx.insert("cells", &(params.size as u32 * params.size as u32));
    // Cells a player must hold to own an EL: a strict majority, or with 3+ players more
    // than anyone else.
    ctx.insert("majority", &(params.length / 2 + 1));
    ctx.insert("names", &PLAYER_NAMES[..params.players as usize]);
    ctx.insert("target", &target);
    ctx
}

/// A picture for a game's title page.
fn rules_cover(game: Game, params: &ElParams, target: u8) -> Scene {
    match game {
        Game::El => draw::blank(params, 10.0),
        Game::Kamon => {
            let mut rng = crate::seed::SeedSource::new("kamon-cover", "cover").stream(0);
            let pos = crate::games::kamon::seeded_setup(&mut rng);
            let style = crate::games::kamon::draw::BoardStyle { tokens: true, names: false, compact: false };
            crate::games::kamon::draw::board(&pos, 10.0, style, &[])
        }
        Game::Six => {
            // A mid-game cluster: the round-two example of the rulebook.
            let id = "six:r=0,0;2,0;4,0;6,0;1,1;3,1;5,1;-1,0;-4,0:b=1,0;3,0;5,0;0,1;2,1;4,1;6,1;-2,0;-3,0:hand=0,0:r";
            let pos = crate::games::six::parse_position_id(id).expect("the cover position is valid");
            crate::games::six::draw::diagram(&pos, 8.0, &[], None)
        }
        Game::Gosforth => crate::games::gosforth::draw::diagram(
            &crate::games::gosforth::GosforthPosition::new(target),
            10.0,
            &[],
            None,
        ),
    }
}

/// `boardpress rules`: returns the files written.
pub fn rules(a: &RulesArgs, out: &mut dyn Write) -> Result<Vec<PathBuf>> {
    let which = match (&a.game, &a.template) {
        (Some(g), _) if g.eq_ignore_ascii_case("all") => RulesWhich::All,
        (Some(g), _) => RulesWhich::One(Game::parse(g).map_err(Error::input)?),
        (None, Some(_)) => RulesWhich::One(Game::El),
        (None, None) => {
            return Err(Error::input("say which rulebook: a game (el, kamon, six, gosforth), all, or --template FILE"))
        }
    };
    if which == RulesWhich::All && a.template.is_some() {
        return Err(Error::input("--template typesets one file; leave out 'all'"));
    }
    let params = a.variant.params()?;
    let mut command = String::from("boardpress rules");
    if let Some(g) = &a.game {
        command += &format!(" {}", g.to_ascii_lowercase());
    }
    if let Some(t) = &a.template {
        command += &format!(" --template {}", shell_quote(&t.display().to_string()));
    }
    if a.booklet {
        command += " --booklet";
    }
    if a.paper != Paper::A4 {
        command += &format!(" --paper {}", a.paper.word());
    }
    match a.format {
        RulesFormat::Pdf => {}
        RulesFormat::Svg => command += " --format svg",
        RulesFormat::Html => command += " --format html",
    }
    command += &a.variant.command_words();
    if a.target != 12 {
        command += &format!(" --target {}", a.target);
    }

    // Name the output after what is in it.
    let ext = match a.format {
        RulesFormat::Pdf => "pdf",
        RulesFormat::Svg => "svg",
        RulesFormat::Html => "html",
    };
    let mut stem = match (&a.template, which) {
        (Some(t), _) => slug(&t.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()),
        (None, RulesWhich::All) => "rules-compendium".to_string(),
        (None, RulesWhich::One(g)) => format!("{}-rules", g.word()),
    };
    if a.variant.command_words() != "" && matches!(which, RulesWhich::One(Game::El) | RulesWhich::All) {
        stem += &format!("-{}", slug(&params.to_id()));
    }
    if a.target != 12 && matches!(which, RulesWhich::One(Game::Gosforth) | RulesWhich::All) {
        stem += &format!("-target{}", a.target);
    }
    if a.booklet {
        stem += "-booklet";
    }
    if a.paper != Paper::A4 {
        stem += &format!("-{}", a.paper.word());
    }
    let dest = destination(&a.out, PathBuf::from(format!("output/{stem}.{ext}")))?;

    let ctx = rules_context(&params, a.target, &command);
    // The balancing rule only constrains the opening, so mid-game diagrams ignore it.
    let defaults =
        crate::rulebook::diagrams::DiagramDefaults { el_params: ElParams { balance: false, ..params.clone() } };
    let sources: Vec<(Option<Game>, crate::rulebook::Source)> = match (&a.template, which) {
        (Some(path), RulesWhich::One(g)) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::input(format!("cannot read template {}: {e}", path.display())))?;
            vec![(a.game.as_ref().map(|_| g), crate::rulebook::Source { name: path.display().to_string(), text })]
        }
        (_, RulesWhich::One(g)) => vec![(Some(g), crate::rulebook::builtin(g))],
        (_, RulesWhich::All) => Game::ALL.iter().map(|&g| (Some(g), crate::rulebook::builtin(g))).collect(),
    };
    let colophon = vec![
        format!(
            "Printed with boardpress {}. The rules text is our own wording; the games belong to their designers.",
            crate::VERSION
        ),
        format!("recreate with: {command}"),
    ];
    let mut built = Vec::new();
    for (game, src) in &sources {
        let mut b = crate::rulebook::build(src, &ctx, &defaults)?;
        if let Some(g) = game {
            b.chapter.title.cover = Some(rules_cover(*g, &params, a.target));
        }
        b.chapter.title.colophon = colophon.clone();
        built.push(b);
    }
    let book_title = match which {
        RulesWhich::All => "Four games for paper and pen".to_string(),
        RulesWhich::One(_) => built[0].chapter.title.title.clone(),
    };

    let written = if a.format == RulesFormat::Html {
        let html = crate::render::html::page(&book_title, &built, &colophon)?;
        write_single(dest, html.into_bytes(), out)?
    } else {
        typeset_rules(a, which, &book_title, &built, &colophon, command, dest, out)?
    };
    for p in &written {
        writeln!(out, "wrote {}", p.display()).map_err(|e| Error::io(e.to_string()))?;
    }
    Ok(written)
}

/// Lays out the rulebook pages (1-up or imposed) and writes PDF or SVG.
#[allow(clippy::too_many_arguments)]
fn typeset_rules(
    a: &RulesArgs,
    which: RulesWhich,
    book_title: &str,
    built: &[crate::rulebook::Built],
    colophon: &[String],
    command: String,
    dest: Dest,
    out: &mut dyn Write,
) -> Result<Vec<PathBuf>> {
    let (paper_w, paper_h) = a.paper.size();
    let style = if a.booklet {
        crate::rulebook::typeset::PageStyle::booklet(paper_h / 2.0, paper_w)
    } else {
        crate::rulebook::typeset::PageStyle::full(paper_w, paper_h)
    };
    let book = crate::rulebook::typeset::TitleBlock {
        title: book_title.to_string(),
        subtitle: "EL · Kamon · SIX · Gosforth — rules with checked diagrams".into(),
        credit: "EL by Larry Levy · Kamon by Bruno Cathala · SIX by Steffen Mühlhäuser · Gosforth by Lloyd".into(),
        cover: None,
        colophon: colophon.to_vec(),
    };
    let chapters: Vec<_> = built.iter().map(|b| b.chapter.clone()).collect();
    let footer_title = format!("{} — rules", book_title);
    let laid = crate::rulebook::typeset::typeset(&style, &book, &chapters, which == RulesWhich::All, &footer_title);
    let (pages, outline) = if a.booklet {
        let (sheets, where_is) = crate::layout::booklet::impose(&laid.pages, paper_h, paper_w);
        let outline = laid
            .outline
            .iter()
            .map(|e| render::pdf::Bookmark { level: e.level, title: e.title.clone(), page: where_is[e.page].0, y: e.y })
            .collect();
        (sheets, outline)
    } else {
        let outline = laid
            .outline
            .iter()
            .map(|e| render::pdf::Bookmark { level: e.level, title: e.title.clone(), page: e.page, y: e.y })
            .collect();
        (laid.pages, outline)
    };
    let info = render::pdf::DocInfo { title: format!("{book_title} — rules"), subject: command, outline };
    let format = if a.format == RulesFormat::Svg { Format::Svg } else { Format::Pdf };
    emit_pages(format, dest, &pages, None, &info, out)
}

/// Writes one file atomically (or the bytes to standard output); returns the file written.
fn write_single(dest: Dest, bytes: Vec<u8>, out: &mut dyn Write) -> Result<Vec<PathBuf>> {
    match dest {
        Dest::Stdout => {
            out.write_all(&bytes).map_err(|e| Error::io(format!("cannot write to standard output: {e}")))?;
            Ok(vec![])
        }
        Dest::File(path) => {
            write_all(&[OutFile { path: path.clone(), bytes }])?;
            Ok(vec![path])
        }
    }
}
