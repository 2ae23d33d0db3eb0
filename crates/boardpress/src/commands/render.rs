//! `boardpress render`: a puzzle sheet typeset from JSON Lines records — mined once,
//! curated by hand, printed later. Every record is re-verified first; the records must
//! be of one game, task, variant and promise.

use crate::error::{Error, RecordError, Result};
use crate::game::records::{parse_records, Record};
use crate::game::{PuzzleSpec, PuzzleTask};
use crate::games;
use crate::names::slug;
use crate::request::{Format, Made, RenderRequest, Run};

use super::puzzles::typeset_sheet;

/// What a record is, for keeping one kind per sheet: game, task, variant, promise.
fn kind(task: &dyn PuzzleTask, r: &Record) -> (String, String, String, bool) {
    let unique = r.fields.get("unique").and_then(|v| v.as_bool()).unwrap_or(true);
    (task.game().to_string(), task.word().to_string(), task.variant(), unique)
}

/// Describes a kind in a message: "an el win-in-one puzzle (8x8,n8)", or in the plural.
fn describe(k: &(String, String, String, bool), plural: bool) -> String {
    let variant = if k.2.is_empty() { String::new() } else { format!(" ({})", k.2) };
    let several = if k.3 { "" } else { ", several answers allowed" };
    if plural {
        format!("{} {} puzzles{variant}{several}", k.0, k.1)
    } else {
        let article = if k.0.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
        format!("{article} {} {} puzzle{variant}{several}", k.0, k.1)
    }
}

/// The command that typesets these records, checked (but not the records: they are
/// verified as the sheet is made).
pub fn command(req: &RenderRequest) -> Result<String> {
    if req.look.format == Format::Jsonl {
        return Err(Error::input("render writes pdf or svg"));
    }
    super::puzzles::check_sheet_look(req.look.format, req.look.diagrams, req.look.key.as_deref())?;
    if let Some(n) = req.look.per_page {
        crate::flags::RENDER_PER_PAGE.checked(n.into())?;
    }
    req.look.header.check()?;
    Ok(super::recreate::line("render", super::recreate::RENDER, req))
}

/// Makes the sheet.
pub fn make(req: &RenderRequest, run: &Run) -> Result<Made> {
    let command = command(req)?;
    let records = parse_records(&req.name, req.text.as_bytes())?;
    let mut tasks: Vec<Box<dyn PuzzleTask>> = Vec::with_capacity(records.len());
    for r in &records {
        let at = |problem| RecordError { at: r.at.clone(), problem };
        let game = r.text("game").map_err(at)?;
        let game = games::find(game).map_err(|e| at(crate::error::RecordProblem::Malformed(e.message())))?;
        let task = game.record_task(r.text("task").map_err(at)?, r.text("id").map_err(at)?).map_err(at)?;
        tasks.push(task);
    }
    let first = kind(tasks[0].as_ref(), &records[0]);
    for (task, r) in tasks.iter().zip(&records) {
        let k = kind(task.as_ref(), r);
        if k != first {
            return Err(Error::input(format!(
                "{}: {} among {}; render one game, task and variant per sheet",
                r.at,
                describe(&k, false),
                describe(&first, true)
            )));
        }
    }
    let seeds: std::collections::BTreeSet<&str> =
        records.iter().map(|r| r.fields.get("seed").and_then(|v| v.as_str()).unwrap_or("")).collect();
    let seed =
        if seeds.len() == 1 { seeds.into_iter().next().unwrap_or_default().to_string() } else { "several".into() };
    let spec = PuzzleSpec { seed: seed.clone(), several: !first.3, difficulty: None, lang: req.look.lang };
    // Every record is re-verified as the sheet is made; one that fails stops the run.
    let sheet = tasks[0].sheet_from_records(&spec, &records).map_err(|e| e.followed_by("; nothing was printed"))?;
    // The records and their tasks are done with: typesetting holds only the sheet.
    drop((records, tasks));

    let stem_text = std::path::Path::new(&req.name).file_stem().map(|s| s.to_string_lossy().into_owned());
    let stem = slug(&stem_text.unwrap_or_else(|| "puzzles".into())) + &req.look.lang.file_suffix();
    let (documents, first_page) = typeset_sheet(sheet, &req.look, &seed, &command, &stem, run.threads())?;
    Ok(Made { stem, documents, command, first_page, lang: req.look.lang, shortfall: None, notes: Vec::new() })
}
