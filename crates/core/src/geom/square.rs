//! Square grids: cell indices, chess-style names (`a1` bottom-left), neighbours.
//!
//! A cell index is `row * size + col` with row 0 at the **bottom** and col 0 at the left,
//! so `a1` is index 0. Text notations list ranks top first; that is the notation's
//! business, not the index's.

/// The largest side the square-board engines support (121 cells fit a `u128`).
pub const MAX_ENGINE_SIZE: u8 = 11;
/// The largest side a printed blank board supports (one letter per column).
pub const MAX_PRINT_SIZE: u8 = 26;

/// Column letter for a column index (0 = `a`).
pub fn column_letter(col: u8) -> char {
    (b'a' + col) as char
}

/// The name of a cell, e.g. `c4`.
pub fn cell_name(size: u8, index: usize) -> String {
    let (col, row) = (index % size as usize, index / size as usize);
    format!("{}{}", column_letter(col as u8), row + 1)
}

/// A cell name that names no cell of the board: what is wrong with it, and the name as
/// written. Its words say so ("cell 'k3': column 'k' is off a 6x6 board").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// Nothing was written.
    #[error("empty cell name")]
    Empty,
    /// It does not start with a column letter; `last` is the board's last column.
    #[error("cell '{text}' must start with a column letter a-{last}")]
    NoColumn { text: String, last: char },
    /// Its column letter lies off the board.
    #[error("cell '{text}': column '{column}' is off a {size}x{size} board")]
    ColumnOff { text: String, column: char, size: u8 },
    /// No row number follows the column letter.
    #[error("cell '{text}' must be a column letter followed by a row number")]
    NoRow { text: String },
    /// Its row lies off the board.
    #[error("cell '{text}': row {row} is off a {size}x{size} board")]
    RowOff { text: String, row: usize, size: u8 },
}

/// Parses a cell name such as `c4` on a board of the given side.
pub fn parse_cell(size: u8, text: &str) -> Result<usize, CellError> {
    let mut chars = text.chars();
    let letter = chars.next().ok_or(CellError::Empty)?;
    if !letter.is_ascii_lowercase() {
        return Err(CellError::NoColumn { text: text.into(), last: column_letter(size - 1) });
    }
    let col = letter as u8 - b'a';
    if col >= size {
        return Err(CellError::ColumnOff { text: text.into(), column: letter, size });
    }
    let row: usize = chars.as_str().parse().map_err(|_| CellError::NoRow { text: text.into() })?;
    if row == 0 || row > size as usize {
        return Err(CellError::RowOff { text: text.into(), row, size });
    }
    Ok((row - 1) * size as usize + col as usize)
}

/// The orthogonal neighbours of a cell.
pub fn orthogonal_neighbours(size: u8, index: usize) -> impl Iterator<Item = usize> {
    let n = size as usize;
    let (col, row) = (index % n, index / n);
    let mut out = [usize::MAX; 4];
    if col > 0 {
        out[0] = index - 1;
    }
    if col + 1 < n {
        out[1] = index + 1;
    }
    if row > 0 {
        out[2] = index - n;
    }
    if row + 1 < n {
        out[3] = index + n;
    }
    out.into_iter().filter(|&i| i != usize::MAX)
}

/// The cell names (`c4`) written in a text, for a board of the given side: a column
/// letter and a row number standing as a word of their own (`a1–a4` names two).
pub fn cells_in_text(size: u8, text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !chars[i - 1].is_alphanumeric();
        if starts_word && chars[i].is_ascii_lowercase() {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let ends_word = j == chars.len() || !chars[j].is_alphanumeric();
            if j > i + 1 && ends_word {
                let word: String = chars[i..j].iter().collect();
                if parse_cell(size, &word).is_ok() {
                    out.push(word);
                }
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for size in [2u8, 6, 8, 11] {
            for i in 0..(size as usize * size as usize) {
                assert_eq!(parse_cell(size, &cell_name(size, i)).unwrap(), i);
            }
        }
        assert_eq!(cell_name(6, 0), "a1");
        assert_eq!(cell_name(6, 35), "f6");
    }

    #[test]
    fn bad_names_are_rejected_with_reasons() {
        let off = parse_cell(6, "g1").unwrap_err();
        assert_eq!(off, CellError::ColumnOff { text: "g1".into(), column: 'g', size: 6 });
        assert_eq!(off.to_string(), "cell 'g1': column 'g' is off a 6x6 board");
        assert_eq!(parse_cell(6, "a7").unwrap_err(), CellError::RowOff { text: "a7".into(), row: 7, size: 6 });
        assert!(parse_cell(6, "a7").unwrap_err().to_string().contains("row 7"));
        assert!(matches!(parse_cell(6, "a0"), Err(CellError::RowOff { row: 0, .. })));
        assert_eq!(parse_cell(6, "A1").unwrap_err().to_string(), "cell 'A1' must start with a column letter a-f");
        assert!(matches!(parse_cell(6, "ax"), Err(CellError::NoRow { .. })));
        assert_eq!(parse_cell(6, ""), Err(CellError::Empty));
        assert!(parse_cell(6, "ab").is_err());
    }

    #[test]
    fn neighbours() {
        let mut n: Vec<_> = orthogonal_neighbours(6, 0).collect();
        n.sort();
        assert_eq!(n, vec![1, 6]);
        assert_eq!(orthogonal_neighbours(6, 14).count(), 4);
    }

    #[test]
    fn cell_names_are_found_in_text_as_words() {
        use super::cells_in_text;
        assert_eq!(cells_in_text(6, "the L a1–a4–c4, then f6 (and b7, h2, a10)"), ["a1", "a4", "c4", "f6"]);
        assert_eq!(cells_in_text(6, "x1a1 a1b 2a1"), Vec::<String>::new());
    }
}
