//! The exhaustive checker for EL defend puzzles: every legal move of the side to move,
//! then every move of the opponent's that might force a win and every answer to it,
//! read through running tallies of each line and L ([`super::prospect`]) so that most
//! moves are settled without playing them.

use super::position::{distinct_cells, ElPosition, Move, Status};
use super::prospect::{CellProspect, Tally};
use super::shapes::{cells_of, CellMask};
use super::verify::winning_move;
use crate::game::NotAPuzzle;

/// The verified facts about an EL defend position (two players): the side to move
/// cannot win at once, the opponent has no winning move now but has a move that would
/// force a win, and the saving moves leave him neither. The answer first, then the
/// figures a record's `difficulty` reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefendFacts {
    /// Every saving move (cell and number), sorted.
    pub solutions: Vec<Move>,
    /// The cells of the saving moves, sorted and distinct: what "unique" counts (any
    /// number that saves on the saving cell is right).
    pub saving_cells: Vec<u8>,
    /// The opponent's forcing moves if it were his turn now (each leaves him a win
    /// whatever the reply), sorted.
    pub forcing_moves: Vec<Move>,
    /// After the (first) saving move, the opponent's best try — the move leaving him
    /// threats on the most cells — and a reply that answers it (none when his best try
    /// leaves him no threat).
    pub best_try: Option<(Move, Option<Move>)>,
    /// Legal moves of the side to move.
    pub legal_moves: u32,
    /// Cells where the opponent's forcing moves are written on which no number saves:
    /// the obvious defences that do not hold.
    pub decoys: u32,
    /// Cells that look at least as threatening to a defender as the saving cell (see
    /// [`super::grading::defend_rivals`]): what the grade is cut on.
    pub rivals: u32,
    /// Positions the search visited to prove the answer.
    pub solver_nodes: u64,
}

/// A position with the [`Tally`] of an earlier one and the moves played since (at most
/// two: the defender's and the attacker's), from which the prospects of its cells are
/// read.
#[derive(Clone)]
struct Tallied<'t> {
    pos: ElPosition,
    tally: &'t Tally,
    since: [(Move, u8); 2],
    moves_since: usize,
}

impl<'t> Tallied<'t> {
    fn new(pos: ElPosition, tally: &'t Tally) -> Self {
        let none = (Move { cell: 0, number: 0 }, 0);
        Tallied { pos, tally, since: [none; 2], moves_since: 0 }
    }

    /// The position after its legal move `mv`, whose outcome is known.
    fn played(&self, mv: Move, outcome: Status) -> Tallied<'t> {
        let mut next = self.clone();
        next.pos.play_known(mv, outcome);
        next.since[self.moves_since] = (mv, self.pos.to_move());
        next.moves_since += 1;
        next
    }

    /// The prospect of the empty `cell`.
    fn prospect(&self, cell: usize) -> CellProspect<'_> {
        CellProspect::new(&self.pos, self.tally, &self.since[..self.moves_since], cell)
    }
}

/// The prospects of the empty cells of one position, each worked out the first time it
/// is asked for (most searches ask about a few cells only).
struct Prospects<'a> {
    board: &'a Tallied<'a>,
    cells: Vec<CellProspect<'a>>,
}

impl<'a> Prospects<'a> {
    fn new(board: &'a Tallied<'a>) -> Self {
        Prospects { board, cells: Vec::new() }
    }

    fn of(&mut self, cell: u8) -> &CellProspect<'a> {
        let at = match self.cells.iter().position(|p| p.cell() == cell) {
            Some(at) => at,
            None => {
                self.cells.push(self.board.prospect(cell as usize));
                self.cells.len() - 1
            }
        };
        &self.cells[at]
    }
}

/// What the move `mv` of `pos` (the side to move) does, read from the prospect of its
/// cell: the outcome, and the cells where the mover and the other player (two players)
/// threaten to win after it — all their threats, for a `pos` in which neither had one.
fn look(pos: &ElPosition, prospect: &CellProspect, mv: Move) -> (Status, CellMask, CellMask) {
    let mover = pos.to_move();
    let other = 1 - mover;
    let status = prospect.outcome(mv.number, pos);
    let own = prospect.threat_cells(mv.number, mover, pos.allowed_numbers_after(mv, mover));
    let others = prospect.threat_cells(mv.number, other, pos.allowed_numbers_after(mv, other));
    #[cfg(debug_assertions)]
    {
        let mut after = pos.clone();
        assert_eq!(after.play(mv), Ok(status), "the prospect's outcome");
        if status == Status::Ongoing {
            let cells = |threats: Vec<Move>| threats.iter().fold(0, |m, t| m | 1u128 << t.cell);
            assert_eq!(own, cells(after.threats(mover)), "the prospect's threats of the mover");
            assert_eq!(others, cells(after.threats(other)), "the prospect's threats of the other player");
        }
    }
    (status, own, others)
}

/// Whether writing `first` in `board` forces a win for the side to move next turn: the
/// game goes on, and every reply leaves him a winning move. Neither side has a threat
/// in `board` (both callers make sure), so threats after `first` go through its cell.
fn forces_win(board: &Tallied, first: Move, prospect: &CellProspect, nodes: &mut u64) -> bool {
    *nodes += 1;
    let pos = &board.pos;
    debug_assert!(pos.threats(0).is_empty() && pos.threats(1).is_empty(), "a threat before the forcing move");
    let (status, threat_cells, defender_threat_cells) = look(pos, prospect, first);
    if status != Status::Ongoing {
        return false;
    }
    let defender_threatens = defender_threat_cells != 0;
    // Threats on two cells, and no winning move for the defender: a reply fills one
    // cell and writing elsewhere never spoils an EL, so the other threat stands.
    if threat_cells.count_ones() >= 2 && !defender_threatens {
        return true;
    }
    if defender_threatens {
        // His own immediate win refutes everything ([`refute`] counts one node).
        *nodes += 1;
        return false;
    }
    !refute_fresh(&board.played(first, status), threat_cells, nodes)
}

/// [`refute`] after a forcing try that left the defender no threat, where the cells of
/// the attacker's threats (`threat_cells`, all of them) are known: a reply on cell c
/// leaves the attacker his threats elsewhere and those it makes through c, which are
/// all he has (a threat has one empty cell). The same replies in the same order as
/// [`refute`], the same nodes counted; each reply is judged from the prospect of its
/// cell, without playing it.
fn refute_fresh(after: &Tallied, threat_cells: CellMask, nodes: &mut u64) -> bool {
    let pos = &after.pos;
    let attacker = 1 - pos.to_move();
    let allowed = pos.allowed_numbers(pos.to_move());
    let blocks = cells_of(threat_cells);
    let elsewhere = cells_of(pos.empty() & !threat_cells);
    for cell in blocks.chain(elsewhere) {
        let prospect = after.prospect(cell);
        // His threats that a reply on this cell leaves standing.
        let standing = threat_cells & !(1u128 << cell) != 0;
        for number in (1..=pos.params().numbers).filter(|&n| allowed >> n & 1 == 1) {
            *nodes += 1;
            let status = prospect.outcome(number, pos);
            match status {
                // Writing the missing number into the attacker's EL completes it for him.
                Status::Won(w) if w == attacker => continue,
                Status::Won(_) | Status::Drawn => return true,
                Status::Ongoing => {}
            }
            if !standing {
                let reply = Move { cell: cell as u8, number };
                let his_threats = prospect.threat_cells(number, attacker, pos.allowed_numbers_after(reply, attacker));
                #[cfg(debug_assertions)]
                {
                    let mut next = pos.clone();
                    next.play_known(reply, status);
                    assert_eq!(his_threats == 0, winning_move(&next).is_none(), "the prospect's threats");
                }
                if his_threats == 0 {
                    return true;
                }
            }
            *nodes += 1;
        }
    }
    false
}

/// Whether the side to move in `board` wins within two of his moves: a winning move
/// now, or a move that forces one. `try_first` (moves that forced a win before) are tried
/// first when still legal. `board` is a position where neither side had a threat, and
/// then the defender's quiet move, which left him none; `wins_now` says whether it left
/// the side to move one (a threat of the side to move is a winning move).
fn wins_within_two(board: &Tallied, wins_now: bool, try_first: &[Move], nodes: &mut u64) -> bool {
    let pos = &board.pos;
    if pos.status() != Status::Ongoing {
        return false;
    }
    *nodes += 1;
    debug_assert_eq!(wins_now, winning_move(pos).is_some());
    if wins_now {
        return true;
    }
    // The legal moves, cells in index order then numbers ascending, the moves to try
    // first taken out and put before them.
    let allowed = pos.allowed_numbers(pos.to_move());
    let numbers = 1..=pos.params().numbers;
    let legal = cells_of(pos.empty())
        .flat_map(|cell| numbers.clone().map(move |number| Move { cell: cell as u8, number }))
        .filter(|m| allowed >> m.number & 1 == 1);
    let first = try_first.iter().copied().filter(|&m| pos.is_legal(m));
    let mut prospects = Prospects::new(board);
    first.chain(legal.filter(|m| !try_first.contains(m))).any(|m| forces_win(board, m, prospects.of(m.cell), nodes))
}

/// The same board with the opponent to move, as if the side to move passed.
fn turn_passed<'t>(board: &Tallied<'t>) -> Tallied<'t> {
    let pos = &board.pos;
    let marks: Vec<_> = (0..pos.params().cells()).map(|c| pos.mark(c)).collect();
    let his_turn = ElPosition::from_marks_unchecked(pos.rules().clone(), &marks, 1 - pos.to_move());
    // The same cells: the same tally.
    Tallied::new(his_turn, board.tally)
}

/// The opponent's forcing moves in `board` as if it were his turn (the side to move
/// passing), for a position where he has no winning move.
fn opponent_forcing_moves(board: &Tallied, nodes: &mut u64) -> Vec<Move> {
    let his_turn = turn_passed(board);
    let mut prospects = Prospects::new(&his_turn);
    his_turn.pos.legal_moves().into_iter().filter(|&m| forces_win(&his_turn, m, prospects.of(m.cell), nodes)).collect()
}

/// A quick proof that no move of the side to move in `board` saves him, for the many
/// candidates the full search rejects for that: his opponent's "strong forks" (moves
/// leaving him threats on two cells and the side to move none, found without searching
/// replies) are tried first against every move, and the search goes on as in
/// [`check_defend`] only where they fail. `false` proves nothing: the full search
/// decides (and counts the nodes).
fn no_move_saves(board: &Tallied) -> bool {
    let pos = &board.pos;
    let his_turn = turn_passed(board);
    let mut his = Prospects::new(&his_turn);
    let strong_forks: Vec<Move> = his_turn
        .pos
        .legal_moves()
        .into_iter()
        .filter(|&f| {
            let (status, threat_cells, counter) = look(&his_turn.pos, his.of(f.cell), f);
            status == Status::Ongoing && counter == 0 && threat_cells.count_ones() >= 2
        })
        .collect();
    if strong_forks.is_empty() {
        return false;
    }
    let mut nodes = 0;
    let mut prospects = Prospects::new(board);
    pos.legal_moves().into_iter().all(|m| {
        let (status, own, his_threats) = look(pos, prospects.of(m.cell), m);
        match status {
            Status::Won(_) => true,
            Status::Drawn => false,
            Status::Ongoing => {
                own != 0 || wins_within_two(&board.played(m, status), his_threats != 0, &strong_forks, &mut nodes)
            }
        }
    })
}

/// Checks a two-player position as a defend puzzle by full search: the side to move
/// cannot win now; the opponent has no winning move now but one that would force a win
/// next turn; and exactly one cell (or several, for `any`) holds a saving move — a quiet
/// move (no threat of the mover's own: a counter-threat only postpones his forks) after
/// which he has neither a winning move nor a forcing one. Errors say why the
/// position is not such a puzzle.
pub fn check_defend(pos: &ElPosition) -> Result<DefendFacts, NotAPuzzle> {
    super::verify::two_players_still_playing(pos, "defend")?;
    let mover = pos.to_move();
    let opponent = 1 - mover;
    if winning_move(pos).is_some() {
        return Err(NotAPuzzle::from("the side to move can win at once"));
    }
    if !pos.threats(opponent).is_empty() {
        return Err(NotAPuzzle::from("the opponent threatens to win at once (a block, not a defence)"));
    }
    let mut nodes = 0u64;
    let tally = Tally::of(pos);
    let board = Tallied::new(pos.clone(), &tally);
    if no_move_saves(&board) {
        return Err(NotAPuzzle::from("no move stops every threat"));
    }
    let forcing_moves = opponent_forcing_moves(&board, &mut nodes);
    if forcing_moves.is_empty() {
        return Err(NotAPuzzle::from("the opponent threatens no forced win"));
    }
    let key_cells = distinct_cells(&forcing_moves);
    let legal = pos.legal_moves();
    let mut solutions = Vec::new();
    let mut prospects = Prospects::new(&board);
    for &m in &legal {
        nodes += 1;
        let (status, own, his) = look(pos, prospects.of(m.cell), m);
        match status {
            Status::Won(_) => continue,
            Status::Drawn => {
                solutions.push(m);
                continue;
            }
            Status::Ongoing => {}
        }
        // A counter-threat only postpones his forks (he blocks, and they are back): the
        // puzzle asks for a quiet move that removes them. (Neither side had a threat
        // before it.)
        if own != 0 {
            continue;
        }
        if !wins_within_two(&board.played(m, status), his != 0, &forcing_moves, &mut nodes) {
            solutions.push(m);
        }
    }
    let saving_cells = distinct_cells(&solutions);
    if solutions.is_empty() {
        return Err(NotAPuzzle::from("no move stops every threat"));
    }
    if saving_cells.len() == cells_of(pos.empty()).count() {
        return Err(NotAPuzzle::from("every cell holds a saving move"));
    }
    let decoys = key_cells.iter().filter(|c| !saving_cells.contains(c)).count() as u32;
    let best_try = best_try(pos, solutions[0], &mut nodes);
    let rivals = super::grading::defend_rivals(pos, &saving_cells);

    Ok(DefendFacts {
        solutions,
        saving_cells,
        legal_moves: legal.len() as u32,
        decoys,
        forcing_moves,
        best_try,
        rivals,
        solver_nodes: nodes,
    })
}

/// After the saving move `saving`, the opponent's move leaving him threats on the most
/// cells (the first such in move order), and the first reply after which he has no
/// winning move; `None` when the game ends with the saving move.
fn best_try(pos: &ElPosition, saving: Move, nodes: &mut u64) -> Option<(Move, Option<Move>)> {
    let mut after = pos.clone();
    if after.play(saving).ok()? != Status::Ongoing {
        return None;
    }
    let opponent = after.to_move();
    let mut best: Option<(usize, Move, ElPosition)> = None;
    for m in after.legal_moves() {
        *nodes += 1;
        let mut next = after.clone();
        if next.play(m) != Ok(Status::Ongoing) {
            continue;
        }
        let threats = distinct_cells(&next.threats(opponent)).len();
        if best.as_ref().is_none_or(|b| threats > b.0) {
            best = Some((threats, m, next));
        }
    }
    let (threats, attempt, next) = best?;
    if threats == 0 {
        return Some((attempt, None));
    }
    let defender = next.to_move();
    let answer = next.legal_moves().into_iter().find(|&r| {
        *nodes += 1;
        match next.status_after(r) {
            Status::Won(w) => w == defender,
            Status::Drawn => false,
            Status::Ongoing => {
                let mut then = next.clone();
                then.play(r).is_ok() && winning_move(&then).is_none()
            }
        }
    });
    Some((attempt, answer))
}

boardpress_game::facts_in_fields!(Move: DefendFacts {
    fn solution_moves(&self) -> Vec<Move> {
        self.solutions.clone()
    }
    /// A defend puzzle promises one saving cell (whatever numbers may go there).
    fn solution_count(&self) -> usize {
        self.saving_cells.len()
    }
});
