//! How hard a puzzle is: four grades, each task setting its own cuts.

use serde_json::Value;

use crate::error::Result;
use crate::lang::Lang;

/// How hard a puzzle is, from measured figures (each task sets its own cuts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// The first of four grades.
    Easy,
    /// The second.
    Medium,
    /// The third.
    Hard,
    /// The top of the scale.
    Expert,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert];

    /// The word used on the command line and in records.
    pub fn word(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }

    /// Parses a grade word (any case).
    pub fn parse(text: &str) -> Result<Grade> {
        crate::names::one_of(&Grade::ALL, Grade::word, "difficulty", text)
    }

    /// Stars printed on the sheet (1 to 4).
    pub fn stars(self) -> usize {
        self as usize + 1
    }

    /// The stars as printed: filled for the grade, hollow up to four (★★☆☆ = medium).
    pub fn star_text(self) -> String {
        "★".repeat(self.stars()) + &"☆".repeat(4 - self.stars())
    }

    /// The legend printed on every sheet, in `lang`.
    pub fn legend(lang: Lang) -> &'static str {
        lang.t("grade.legend")
    }

    /// The grade of a figure cut at `[easy below, medium below, hard below]`.
    pub fn from_cuts(value: u64, cuts: [u64; 3]) -> Grade {
        match value {
            n if n < cuts[0] => Grade::Easy,
            n if n < cuts[1] => Grade::Medium,
            n if n < cuts[2] => Grade::Hard,
            _ => Grade::Expert,
        }
    }
}

/// The figures of a win-in-two proof, as every game's win-in-two records give them.
pub fn search_figures(
    legal_moves: u32,
    decoys: u32,
    replies: u32,
    defensive_replies: u32,
    solver_nodes: u64,
) -> Vec<(&'static str, Value)> {
    vec![
        ("legal_moves", legal_moves.into()),
        ("decoys", decoys.into()),
        ("replies", replies.into()),
        ("defensive_replies", defensive_replies.into()),
        ("solver_nodes", solver_nodes.into()),
    ]
}
