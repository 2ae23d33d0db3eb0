//! Kamon positions (RULES.md §1): tokens on a 37-cell hex board, pawns as bitboards,
//! the constraint, legal moves and the end checks in the rules' order — connection,
//! ring, draw on a full board, blockade.

use crate::game::IllegalMove;
use crate::geom::hex::radius3::{self, flood, VALID};
use crate::lang::Lang;

/// A token: one of six symbols shown `count` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token {
    /// 0..6: leaf, snake, sun, moon, wave, mountain (letters a..f).
    pub symbol: u8,
    /// 1..=6.
    pub count: u8,
}

/// Symbol names, indexed by symbol.
pub const SYMBOL_NAMES: [&str; 6] = ["leaf", "snake", "sun", "moon", "wave", "mountain"];
/// Symbol plurals for captions.
pub const SYMBOL_PLURALS: [&str; 6] = ["leaves", "snakes", "suns", "moons", "waves", "mountains"];

/// Symbol `i`'s name in `lang` (leaf, snake, sun, moon, wave, mountain).
pub fn symbol_name(i: u8, lang: Lang) -> &'static str {
    lang.t([
        "kamon.symbol.leaf",
        "kamon.symbol.snake",
        "kamon.symbol.sun",
        "kamon.symbol.moon",
        "kamon.symbol.wave",
        "kamon.symbol.mountain",
    ][i as usize])
}

/// Symbol `i` as what a move covers, in `lang`: "a sun", "einen Mond", "une lune".
pub fn symbol_object(i: u8, lang: Lang) -> &'static str {
    lang.t(["kamon.a.leaf", "kamon.a.snake", "kamon.a.sun", "kamon.a.moon", "kamon.a.wave", "kamon.a.mountain"]
        [i as usize])
}

/// Player `p`'s name in `lang` (Black, White).
pub fn player_name(p: usize, lang: Lang) -> &'static str {
    lang.t(["kamon.player.black", "kamon.player.white"][p])
}

/// A way of winning in `lang` (connection, ring, blockade).
pub fn win_word(kind: WinKind, lang: Lang) -> &'static str {
    lang.t(match kind {
        WinKind::Connection => "kamon.win.connection",
        WinKind::Ring => "kamon.win.ring",
        WinKind::Blockade => "kamon.win.blockade",
    })
}
/// Player names: Black moves first.
pub const PLAYER_NAMES: [&str; 2] = ["Black", "White"];
/// Player letters in IDs.
pub const PLAYER_LETTERS: [char; 2] = ['B', 'W'];

impl Token {
    /// The notation, e.g. `c5`.
    pub fn code(self) -> String {
        format!("{}{}", (b'a' + self.symbol) as char, self.count)
    }

    /// Whether a token may be covered under this constraint.
    pub fn matches(self, constraint: Token) -> bool {
        self.symbol == constraint.symbol || self.count == constraint.count
    }

    /// "five suns", "a leaf" style words.
    pub fn words(self) -> String {
        let n = ["", "one", "two", "three", "four", "five", "six"][self.count as usize];
        let noun =
            if self.count == 1 { SYMBOL_NAMES[self.symbol as usize] } else { SYMBOL_PLURALS[self.symbol as usize] };
        format!("{n} {noun}")
    }

    /// "five suns", "ein Blatt", "trois lunes": the token in words in `lang`.
    pub fn words_in(self, lang: Lang) -> String {
        let s = self.symbol as usize;
        if self.count == 1 {
            return lang
                .t([
                    "kamon.one.leaf",
                    "kamon.one.snake",
                    "kamon.one.sun",
                    "kamon.one.moon",
                    "kamon.one.wave",
                    "kamon.one.mountain",
                ][s])
                .into();
        }
        let count = lang.t(["kamon.count.2", "kamon.count.3", "kamon.count.4", "kamon.count.5", "kamon.count.6"]
            [self.count as usize - 2]);
        let plural = lang.t([
            "kamon.plural.leaf",
            "kamon.plural.snake",
            "kamon.plural.sun",
            "kamon.plural.moon",
            "kamon.plural.wave",
            "kamon.plural.mountain",
        ][s]);
        format!("{count} {plural}")
    }

    /// All 36 tokens.
    pub fn all() -> impl Iterator<Item = Token> {
        (0..6).flat_map(|symbol| (1..=6).map(move |count| Token { symbol, count }))
    }
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// A chain joining two opposite sides.
    Connection,
    /// A closed chain around cells the winner does not hold.
    Ring,
    /// The opponent has no legal cell.
    Blockade,
}

impl WinKind {
    /// Lower-case word.
    pub fn word(self) -> &'static str {
        match self {
            WinKind::Connection => "connection",
            WinKind::Ring => "ring",
            WinKind::Blockade => "blockade",
        }
    }
}

/// The state of play: the side to move moves; or over, won by a player (0 Black,
/// 1 White) and how; or drawn, all 36 pawns placed without a win.
pub type Status = crate::game::engine::Standing<WinKind>;

/// Precomputed masks of the board.
#[derive(Debug, Clone, Copy)]
pub struct Geometry {
    /// Side i (q=+3, r=-3, s=+3, q=-3, r=+3, s=-3); side i is opposite side i+3.
    pub sides: [u64; 6],
    /// The 18 perimeter cells.
    pub perimeter: u64,
    /// The 6 corners.
    pub corners: u64,
}

/// The board's masks, computed once.
pub fn geometry() -> &'static Geometry {
    static G: std::sync::OnceLock<Geometry> = std::sync::OnceLock::new();
    G.get_or_init(|| Geometry { sides: radius3::sides(), perimeter: radius3::perimeter(), corners: radius3::corners() })
}

/// A Kamon position. `Copy`: trying a move is copying and playing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KamonPosition {
    /// Token code per bit (`symbol * 8 + count`), 0 where no token lies (forbidden or covered).
    tokens: [u8; 56],
    /// Cells with a token and no pawn.
    available: u64,
    /// The forbidden cell.
    forbidden: u64,
    /// Pawns of Black (0) and White (1).
    pawns: [u64; 2],
    /// Available cells by symbol and by count.
    by_symbol: [u64; 6],
    by_count: [u64; 7],
    constraint: Option<Token>,
    to_move: u8,
    status: Status,
}

fn code_of(t: Token) -> u8 {
    t.symbol * 8 + t.count
}

fn token_of(code: u8) -> Option<Token> {
    (code != 0).then_some(Token { symbol: code / 8, count: code % 8 })
}

/// What stands on a cell, for building and reading positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellContent {
    /// An uncovered token.
    Token(Token),
    /// The forbidden cell.
    Forbidden,
    /// A pawn (0 Black, 1 White); its token is on the pile.
    Pawn(u8),
}

impl KamonPosition {
    /// A fresh board: `layout[i]` is the content of cell i in reading order (A1..G4); one
    /// cell is forbidden, the rest hold the 36 tokens. Black to move, no constraint.
    pub fn from_cells(cells: &[CellContent; 37], constraint: Option<Token>, to_move: u8) -> Self {
        let order = radius3::cells_in_reading_order();
        let mut pos = KamonPosition {
            tokens: [0; 56],
            available: 0,
            forbidden: 0,
            pawns: [0; 2],
            by_symbol: [0; 6],
            by_count: [0; 7],
            constraint,
            to_move,
            status: Status::Ongoing,
        };
        for (a, content) in order.iter().zip(cells) {
            let bit = 1u64 << radius3::bit_of(*a);
            match *content {
                CellContent::Token(t) => {
                    pos.tokens[radius3::bit_of(*a) as usize] = code_of(t);
                    pos.available |= bit;
                    pos.by_symbol[t.symbol as usize] |= bit;
                    pos.by_count[t.count as usize] |= bit;
                }
                CellContent::Forbidden => pos.forbidden |= bit,
                CellContent::Pawn(p) => pos.pawns[p as usize] |= bit,
            }
        }
        pos.status = pos.compute_status();
        pos
    }

    /// The content of every cell in reading order.
    pub fn cells(&self) -> [CellContent; 37] {
        let order = radius3::cells_in_reading_order();
        let mut out = [CellContent::Forbidden; 37];
        for (i, a) in order.iter().enumerate() {
            out[i] = self.content(radius3::bit_of(*a));
        }
        out
    }

    /// The content of the cell at a bit.
    pub fn content(&self, bit: u32) -> CellContent {
        let m = 1u64 << bit;
        if self.pawns[0] & m != 0 {
            CellContent::Pawn(0)
        } else if self.pawns[1] & m != 0 {
            CellContent::Pawn(1)
        } else if let Some(t) = token_of(self.tokens[bit as usize]) {
            CellContent::Token(t)
        } else {
            CellContent::Forbidden
        }
    }

    /// The token on an available cell.
    pub fn token_at(&self, bit: u32) -> Option<Token> {
        if self.available >> bit & 1 == 1 {
            token_of(self.tokens[bit as usize])
        } else {
            None
        }
    }

    /// Side to move: 0 Black, 1 White.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The token on top of the pile, `None` before the first move.
    pub fn constraint(&self) -> Option<Token> {
        self.constraint
    }

    /// Game state.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Pawns of a player.
    pub fn pawns(&self, player: u8) -> u64 {
        self.pawns[player as usize]
    }

    /// Cells with a token and no pawn.
    pub fn available(&self) -> u64 {
        self.available
    }

    /// The forbidden cell as a one-bit mask.
    pub fn forbidden(&self) -> u64 {
        self.forbidden
    }

    /// Pawns placed so far.
    pub fn plies(&self) -> u32 {
        (self.pawns[0] | self.pawns[1]).count_ones()
    }

    /// Cells the side to move may take under `constraint` (ignores whether the game is over).
    fn cells_allowed(&self, constraint: Option<Token>) -> u64 {
        match constraint {
            None => self.available & geometry().perimeter & !geometry().corners,
            Some(c) => self.available & (self.by_symbol[c.symbol as usize] | self.by_count[c.count as usize]),
        }
    }

    /// The legal cells of the side to move, as a mask (0 when the game is over).
    pub fn legal(&self) -> u64 {
        if self.status != Status::Ongoing {
            return 0;
        }
        self.cells_allowed(self.constraint)
    }

    /// Whether `player`'s pawns join two opposite sides.
    pub fn connects(&self, player: u8) -> bool {
        connects_with(self.pawns[player as usize])
    }

    /// Whether `player` encloses at least one cell he does not hold: some region of
    /// non-own cells that cannot reach the rim.
    pub fn rings(&self, player: u8) -> bool {
        rings_with(self.pawns[player as usize])
    }

    /// Plays the pawn of the side to move on `bit` (which must be legal) and returns the
    /// new status.
    pub fn play(&mut self, bit: u32) -> Result<Status, IllegalMove> {
        let m = 1u64 << bit;
        if self.legal() & m == 0 {
            return Err(IllegalMove::from(format!(
                "{} is not a legal cell now",
                radius3::name(radius3::axial_of_bit(bit))
            )));
        }
        let token = token_of(self.tokens[bit as usize]).expect("legal cells hold tokens");
        let mover = self.to_move;
        self.pawns[mover as usize] |= m;
        self.available &= !m;
        self.by_symbol[token.symbol as usize] &= !m;
        self.by_count[token.count as usize] &= !m;
        self.tokens[bit as usize] = 0;
        self.constraint = Some(token);
        self.to_move = 1 - mover;
        self.status = self.after_move(mover);
        Ok(self.status)
    }

    /// The position after a legal move (a copy).
    pub fn after(&self, bit: u32) -> KamonPosition {
        let mut next = *self;
        next.play(bit).expect("the move is legal");
        next
    }

    /// The end checks after `mover` has placed, in RULES.md §1.5 order.
    fn after_move(&self, mover: u8) -> Status {
        if self.connects(mover) {
            return Status::Won(mover, WinKind::Connection);
        }
        if self.rings(mover) {
            return Status::Won(mover, WinKind::Ring);
        }
        if self.plies() == 36 {
            return Status::Drawn;
        }
        if self.cells_allowed(self.constraint) == 0 {
            return Status::Won(mover, WinKind::Blockade);
        }
        Status::Ongoing
    }

    fn compute_status(&self) -> Status {
        if self.plies() == 0 {
            return Status::Ongoing;
        }
        self.after_move(1 - self.to_move)
    }

    /// Every legal cell as a bit index, ascending.
    pub fn legal_cells(&self) -> Vec<u32> {
        bits(self.legal()).collect()
    }

    /// The cells where the side to move wins at once, with how.
    pub fn winning_moves(&self) -> Vec<(u32, WinKind)> {
        bits(self.legal())
            .filter_map(|b| match self.after(b).status {
                Status::Won(w, how) if w == self.to_move => Some((b, how)),
                _ => None,
            })
            .collect()
    }
}

/// Whether pawns on the cells of `own` join two opposite sides.
pub fn connects_with(own: u64) -> bool {
    let sides = &geometry().sides;
    (0..3).any(|i| {
        let from = own & sides[i];
        from != 0 && own & sides[i + 3] != 0 && flood(from, own) & sides[i + 3] != 0
    })
}

/// The pair of opposite sides (0, 1, 2: drawn I, II, III) that pawns on `own` join, with
/// the pawns of the chains that touch both sides.
pub fn connection_of(own: u64) -> Option<(usize, u64)> {
    let sides = &geometry().sides;
    (0..3).find_map(|i| {
        let (a, b) = (own & sides[i], own & sides[i + 3]);
        if a == 0 || b == 0 {
            return None;
        }
        let chain = flood(a, own) & flood(b, own);
        (chain != 0).then_some((i, chain))
    })
}

/// The cells that pawns on `own` enclose: every other cell that cannot reach the rim.
pub fn enclosed_by(own: u64) -> u64 {
    let others = VALID & !own;
    others & !flood(others & geometry().perimeter, others)
}

/// Whether pawns on the cells of `own` enclose a cell they do not cover: some region of
/// the other cells that cannot reach the rim.
pub fn rings_with(own: u64) -> bool {
    let others = VALID & !own;
    let open = flood(others & geometry().perimeter, others);
    others & !open != 0
}

/// The bit indices of a mask, ascending.
pub fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}
